#!/usr/bin/env python3
"""A vendor-sized OpenAPI 3.0.3 JSON description and a project that verifies one capture against it.

    Benchmarks/vendor-description.py FOLDER [--operations 874]

GitHub's published description of its REST API is 3.0.3 JSON, about 874 operations. This writes one of that size
from the GitHub contract's 3.0 form (Tests/APICheckContractsTests/Fixtures/openapi30/github.openapi.json): its paths and
schemas copied under /v1, /v2, ... with their references renamed, until there are as many operations, written as a
standard JSON writer writes it (indented, non-ASCII as \\uXXXX). Beside it: apicheck.yml and one recorded capture, so
that `apicheck verify` in FOLDER loads the description and checks one interaction, and the peer is
`python3 -c "import json; json.load(open('FOLDER/github-vendor.json'))"`, the same bytes.
"""
import argparse, copy, json, os, re, shutil

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def count(paths):
    return sum(1 for item in paths.values() for method in item if method in METHODS)


def renamed(value, suffix):
    text = json.dumps(value)
    text = re.sub(r'"#/components/schemas/([A-Za-z0-9_.-]+)"', lambda m: '"#/components/schemas/%s%s"' % (m.group(1), suffix), text)
    return json.loads(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--operations", type=int, default=874)
    arguments = parser.parse_args()
    source = json.load(open(os.path.join(root, "Tests/APICheckContractsTests/Fixtures/openapi30/github.openapi.json"), encoding="utf-8"))
    document = copy.deepcopy(source)
    schemas, paths = source["components"]["schemas"], source["paths"]
    copies = 0
    while count(document["paths"]) < arguments.operations:
        copies += 1
        suffix = "-v%d" % copies
        for name, schema in schemas.items():
            document["components"]["schemas"][name + suffix] = renamed(schema, suffix)
        for path, item in paths.items():
            document["paths"]["/v%d%s" % (copies, path)] = renamed(item, suffix)
    os.makedirs(os.path.join(arguments.folder, "recordings"), exist_ok=True)
    target = os.path.join(arguments.folder, "github-vendor.json")
    with open(target, "w", encoding="utf-8") as out:
        json.dump(document, out, indent=2)
    capture = os.path.join(root, "recordings/github/tests/events-first-page.json")
    shutil.copy(capture, os.path.join(arguments.folder, "recordings"))
    with open(os.path.join(arguments.folder, "apicheck.yml"), "w", encoding="utf-8") as out:
        out.write("version: 1\napis:\n  github:\n    contract: github-vendor.json\n    recordings: recordings\n"
                  "    base_url: https://api.github.com\n")
    print("%s: %d bytes, %d operations, %d schemas; apicheck verify --config %s"
          % (target, os.path.getsize(target), count(document["paths"]), len(document["components"]["schemas"]),
             os.path.join(arguments.folder, "apicheck.yml")))


if __name__ == "__main__":
    main()
