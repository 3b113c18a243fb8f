#!/usr/bin/env python3
"""Two apicheck binaries side by side on the same corpora: whole `apicheck verify` processes, alternated, median with
min and max. How a change to the verify path states its cost against the commit before it.

    Benchmarks/ab-verify.py OLD_BINARY NEW_BINARY [--rounds 7] [--shapes FOLDER] [--params FOLDER] [--bodies FOLDER]
                                                  [--vendor FOLDER]

--shapes is the guard's corpus of four API shapes (apicheck-bench shapes-corpus FOLDER writes it); --params is
written here when missing: 20,000 GETs of the todo list with five query parameters each (the parameter checks);
--bodies too: 60,000 requests with bodies (form-urlencoded, JSON and multipart, the repository's own todo writes),
which the recording reader and the request body checks read;
--vendor is one capture against the GitHub-sized 3.0.3 description (Benchmarks/vendor-description.py writes it there
when missing): loading a vendor's description.
"""
import argparse, copy, json, os, statistics, subprocess, sys, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def params_corpus(folder):
    config = os.path.join(folder, "apicheck.yml")
    if os.path.exists(config):
        return config
    os.makedirs(os.path.join(folder, "contracts"))
    os.makedirs(os.path.join(folder, "recordings", "todos", "tests"))
    with open(os.path.join(root, "contracts", "todos.openapi.yaml"), encoding="utf-8") as source:
        contract = source.read()
    with open(os.path.join(folder, "contracts", "todos.openapi.yaml"), "w", encoding="utf-8") as target:
        target.write(contract)
    with open(config, "w", encoding="utf-8") as out:
        out.write("version: 1\napis:\n  todos:\n    contract: contracts/todos.openapi.yaml\n"
                  "    recordings: recordings/todos\n    base_url: https://todos.example.invalid\n")
    template = json.load(open(os.path.join(root, "recordings", "todos", "scenarios", "list-past-the-end.json")))
    interaction = template["interactions"][0]
    for number in range(200):
        items = []
        for index in range(100):
            item = copy.deepcopy(interaction)
            item["request"]["url"] = "/api/v2/todos?page=%d&per_page=%d&filter=created_at&order_by=desc&is_done=true" % (
                index + 1, index % 50 + 1)
            items.append(item)
        recording = dict(template, interactions=items, name="p%d" % number)
        with open(os.path.join(folder, "recordings", "todos", "tests", "p%03d.json" % number), "w") as out:
            json.dump(recording, out, indent=2)
    return config


def bodies_corpus(folder):
    config = os.path.join(folder, "apicheck.yml")
    if os.path.exists(config):
        return config
    os.makedirs(os.path.join(folder, "recordings", "todos", "tests"))
    with open(config, "w", encoding="utf-8") as out:
        out.write("version: 1\napis:\n  todos:\n    contract: %s\n"
                  "    recordings: recordings/todos\n    base_url: https://todos.example.invalid\n"
                  % os.path.join(root, "contracts", "todos.openapi.yaml"))
    writes = []
    for name in ["tests/update-form.json", "examples/post-api-v2-todos.200.json", "examples/post-api-v2-todos-json.200.json",
                 "examples/put-api-v2-todos-id.200.json"]:
        recording = json.load(open(os.path.join(root, "recordings", "todos", name), encoding="utf-8"))
        writes += [item for item in recording["interactions"] if "body" in item["request"]]
    template = json.load(open(os.path.join(root, "recordings", "todos", "tests", "update-form.json"), encoding="utf-8"))
    for number in range(1200):
        recording = dict(template, interactions=[writes[(number + index) % len(writes)] for index in range(50)],
                         name="b%d" % number)
        with open(os.path.join(folder, "recordings", "todos", "tests", "b%04d.json" % number), "w", encoding="utf-8") as out:
            json.dump(recording, out, indent=2, ensure_ascii=False)
    return config


def vendor_corpus(folder):
    config = os.path.join(folder, "apicheck.yml")
    if not os.path.exists(config):
        subprocess.run([sys.executable, os.path.join(root, "Benchmarks", "vendor-description.py"), folder], check=True,
                       stdout=subprocess.DEVNULL)
    return config


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--shapes")
    parser.add_argument("--params", default="/tmp/apicheck-ab-params")
    parser.add_argument("--bodies", default="/tmp/apicheck-ab-bodies")
    parser.add_argument("--vendor")
    options = parser.parse_args()
    corpora = {"params (20,000 GETs, 5 query parameters)": params_corpus(options.params),
               "bodies (60,000 form, JSON and multipart request bodies)": bodies_corpus(options.bodies)}
    if options.shapes:
        corpora["shapes (the guard's 4 API shapes)"] = os.path.join(options.shapes, "apicheck.yml")
    if options.vendor:
        corpora["vendor (one capture, GitHub-sized 3.0.3 description)"] = vendor_corpus(options.vendor)
    for name, config in corpora.items():
        times = {"old": [], "new": []}
        for round in range(options.rounds):
            for side in (["old", "new"] if round % 2 == 0 else ["new", "old"]):
                start = time.perf_counter()
                process = subprocess.run([getattr(options, side), "verify", "--config", config],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times[side].append(time.perf_counter() - start)
                if process.returncode not in (0, 1):
                    sys.exit("%s verify exited %d" % (side, process.returncode))
        old, new = statistics.median(times["old"]), statistics.median(times["new"])
        print("%s: old %.3f s (%.3f-%.3f), new %.3f s (%.3f-%.3f), new/old %.3fx" % (
            name, old, min(times["old"]), max(times["old"]), new, min(times["new"]), max(times["new"]), new / old))


main()
