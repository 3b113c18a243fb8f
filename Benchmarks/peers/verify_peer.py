"""The peer of `apicheck verify` in apicheck-bench: json.loads + jsonschema-rs, as a whole process.

recordings SCHEMA FOLDER: reads every *.json recording in FOLDER (json.loads of the whole file) and
validates each interaction's response body against SCHEMA, as `apicheck verify` reads the same files.
bodies SCHEMA FILE: one compact JSON body per line, each parsed and validated.
corpus MANIFEST [API]: the shapes corpus of `apicheck-bench guard`: MANIFEST lists, per API, a JSON Schema
(the API's contract with its root referring to the operation's body) and a folder of recordings; every
response body of every recording is validated against its API's schema, formats included. With API, only
that one.
Prints the number of bodies checked and the number that failed.
"""
import json
import os
import sys

import jsonschema_rs


def main():
    mode = sys.argv[1]
    if mode == "corpus":
        checked, failed = corpus(*sys.argv[2:4])
        print(f"checked {checked} failed {failed}")
        return
    schema_path, target = sys.argv[2:4]
    with open(schema_path, "rb") as handle:
        validator = jsonschema_rs.validator_for(json.loads(handle.read()))
    checked = failed = 0
    if mode == "recordings":
        checked, failed = check_folder(validator, target)
    elif mode == "bodies":
        with open(target, "rb") as handle:
            for line in handle:
                checked += 1
                failed += not validator.is_valid(json.loads(line))
    else:
        sys.exit(f"unknown mode {mode}")
    print(f"checked {checked} failed {failed}")


def corpus(manifest_path, only=None):
    root = os.path.dirname(os.path.abspath(manifest_path))
    with open(manifest_path, "rb") as handle:
        manifest = json.loads(handle.read())
    checked = failed = 0
    for entry in manifest:
        folder = os.path.join(root, entry["recordings"])
        if only is not None and os.path.basename(folder) != only:
            continue
        with open(os.path.join(root, entry["schema"]), "rb") as handle:
            validator = jsonschema_rs.validator_for(json.loads(handle.read()), validate_formats=True)
        more_checked, more_failed = check_folder(validator, folder)
        checked += more_checked
        failed += more_failed
    return checked, failed


def check_folder(validator, folder):
    """Every response body of every recording (*.json) in FOLDER, read whole with json.loads."""
    checked = failed = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), "rb") as handle:
            recording = json.loads(handle.read())
        for interaction in recording["interactions"]:
            body = interaction["response"].get("body", {})
            if "json" in body:
                checked += 1
                failed += not validator.is_valid(body["json"])
    return checked, failed


main()
