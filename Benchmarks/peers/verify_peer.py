"""The peer of `apicheck verify` in apicheck-bench: json.loads + jsonschema-rs, as a whole process.

recordings SCHEMA FOLDER: reads every *.json recording in FOLDER (json.loads of the whole file) and
validates each interaction's response body against SCHEMA, as `apicheck verify` reads the same files.
bodies SCHEMA FILE: one compact JSON body per line, each parsed and validated.
Prints the number of bodies checked and the number that failed.
"""
import json
import os
import sys

import jsonschema_rs


def main():
    mode, schema_path, target = sys.argv[1:4]
    with open(schema_path, "rb") as handle:
        validator = jsonschema_rs.validator_for(json.loads(handle.read()))
    checked = failed = 0
    if mode == "recordings":
        for name in sorted(os.listdir(target)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(target, name), "rb") as handle:
                recording = json.loads(handle.read())
            for interaction in recording["interactions"]:
                body = interaction["response"].get("body", {})
                if "json" in body:
                    checked += 1
                    failed += not validator.is_valid(body["json"])
    elif mode == "bodies":
        with open(target, "rb") as handle:
            for line in handle:
                checked += 1
                failed += not validator.is_valid(json.loads(line))
    else:
        sys.exit(f"unknown mode {mode}")
    print(f"checked {checked} failed {failed}")


main()
