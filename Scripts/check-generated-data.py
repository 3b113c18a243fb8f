#!/usr/bin/env python3
"""Checks that the data apicheck carries as Swift source is exactly what its published sources hold:

- Sources/APICheckContracts/Contract/OpenAPISchemas.swift is what Scripts/openapi-schemas.py makes of the OpenAPI
  Initiative's 3.1 and 3.2 schemas as openapi-spec-validator 0.9.0 ships them;
- each meta-schema in Sources/APICheckJSONSchema/MetaSchemas.swift is, as JSON, the document of the same $id in
  jsonschema-specifications 2025.9.1 (the JSON Schema organisation's 2020-12 meta-schemas).

The two wheels are fetched with pip (PyPI) into a temporary folder, or read from --wheels DIR, and each must have the
SHA-256 pinned below: a different download fails. The data stays Swift source rather than SwiftPM resources because
a resource bundle must sit beside the executable, and the artifact bundle and `make install` ship apicheck as one
file.

    python3 Scripts/check-generated-data.py [--wheels DIR] [--python PYTHON]
"""
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WHEELS = {
    "openapi_spec_validator-0.9.0-py3-none-any.whl": "222fecffc7714f6d0a6ad62c0e4b66cc2b7dbfafb7b93acfc6c308abbdb51af8",
    "jsonschema_specifications-2025.9.1-py3-none-any.whl": "98802fee3a11ee76ecaca44429fda8a41bff98b00a0f2838151b113f210cc6fe",
}


def fetch(folder, python):
    requirements = ["openapi-spec-validator==0.9.0", "jsonschema-specifications==2025.9.1"]
    subprocess.run([python, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", folder] + requirements, check=True)


def checked(folder):
    wheels = {}
    for name, digest in WHEELS.items():
        path = os.path.join(folder, name)
        with open(path, "rb") as handle:
            found = hashlib.sha256(handle.read()).hexdigest()
        if found != digest:
            sys.exit(f"check-generated-data: {name} has SHA-256 {found}, not the pinned {digest}")
        wheels[name] = zipfile.ZipFile(path)
    return wheels


def openapi_schemas(wheel, scratch):
    spec = importlib.util.spec_from_file_location("openapi_schemas", os.path.join(ROOT, "Scripts/openapi-schemas.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    paths = []
    for version in ("v3.1", "v3.2"):
        path = os.path.join(scratch, version + ".json")
        with open(path, "wb") as handle:
            handle.write(wheel.read(f"openapi_spec_validator/resources/schemas/{version}/schema.json"))
        paths.append(path)
    # The committed file is the script's output as Scripts/format.sh leaves it (swift format indents the literals).
    made_path = os.path.join(scratch, "OpenAPISchemas.swift")
    with open(made_path, "w", encoding="utf-8") as handle:
        handle.write(module.render(*paths))
    subprocess.run(
        ["swift", "format", "format", "--configuration", os.path.join(ROOT, ".swift-format"), "--in-place", made_path], check=True)
    with open(made_path, encoding="utf-8") as handle:
        made = handle.read()
    with open(os.path.join(ROOT, module.OUTPUT), encoding="utf-8") as handle:
        committed = handle.read()
    if made != committed:
        sys.exit(f"check-generated-data: {module.OUTPUT} is not what Scripts/openapi-schemas.py makes of "
                 "openapi-spec-validator 0.9.0's schemas; run the script (its docstring says how)")
    return module.OUTPUT


def meta_schemas(wheel):
    path = "Sources/APICheckJSONSchema/MetaSchemas.swift"
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        source = handle.read()
    documents = re.findall(r'\(\s*"(https://json-schema\.org/[^"]+)",\s*#"""\n(.*?)\n\s*"""#', source, re.S)
    published = {}
    prefix = "jsonschema_specifications/schemas/draft202012/"
    for name in wheel.namelist():
        if name.startswith(prefix) and not name.endswith("/"):
            document = json.loads(wheel.read(name))
            published[document["$id"]] = document
    if len(documents) != 9 or {uri for uri, _ in documents} != set(published):
        sys.exit(f"check-generated-data: {path} holds {sorted(uri for uri, _ in documents)}; "
                 f"jsonschema-specifications 2025.9.1 has {sorted(published)}")
    for uri, text in documents:
        if json.loads(text) != published[uri]:
            sys.exit(f"check-generated-data: {path}: {uri} differs from jsonschema-specifications 2025.9.1's")
    return path, len(documents)


def main():
    arguments = sys.argv[1:]
    python = sys.executable
    folder = None
    if "--python" in arguments:
        python = arguments[arguments.index("--python") + 1]
    if "--wheels" in arguments:
        folder = arguments[arguments.index("--wheels") + 1]
    with tempfile.TemporaryDirectory() as scratch:
        if folder is None:
            folder = os.path.join(scratch, "wheels")
            fetch(folder, python)
        wheels = checked(folder)
        generated = openapi_schemas(wheels["openapi_spec_validator-0.9.0-py3-none-any.whl"], scratch)
        meta, count = meta_schemas(wheels["jsonschema_specifications-2025.9.1-py3-none-any.whl"])
    print(f"check-generated-data: {generated} is what its script makes of openapi-spec-validator 0.9.0; "
          f"{meta}'s {count} meta-schemas are jsonschema-specifications 2025.9.1's")


if __name__ == "__main__":
    main()
