#!/usr/bin/env python3
"""apicheck on a corpus of real OpenAPI documents, as a new user would run it on each: what loads, what is refused
and why, what examples are written and verify, and the time and peak memory of each command.

    Scripts/corpus.py [--apicheck BIN] [--old BIN] [--json OUT] DOC_OR_FOLDER...

The documents stay outside the repository (their licences rarely allow more): gather them from public repositories
(the search tool's fetch brings a repository here; springdoc's test results, OpenAI's and Twilio's descriptions,
a backend's generated document) and name the files or folders (every .json, .yaml and .yml under a folder).

For each document, in a project of its own (apicheck.yml naming it as the contract of one API):
- `apicheck coverage --format json`: compiles every operation; exit 2 is a document refused (its first line kept),
  else the operations checked and refused, each refusal's reasons, and the warnings loading printed;
- `apicheck examples`: the examples written, those not written and why (exit 1 when any is not written);
- `apicheck verify` of what examples wrote: its errors (an example that does not verify is a bug).
Each command's wall time and peak memory (GNU time's maximum resident set) are kept; the largest document's are
printed. With --old, every document is run by both binaries, alternated, and the documents whose outcome differs
are listed. Exit 1 when a command crashed (a signal), ran past 900 s, or wrote an example that does not verify; else 0.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SUFFIXES = (".json", ".yaml", ".yml")


def documents(names):
    found = []
    for name in names:
        if os.path.isdir(name):
            for root, _, files in os.walk(name):
                found += [os.path.join(root, f) for f in sorted(files) if f.endswith(SUFFIXES)]
        else:
            found.append(name)
    return found


# The exit code of a command that ran past TIMEOUT seconds (below any signal's negative code).
TIMED_OUT = -1000
TIMEOUT = 900


def timed(command, cwd):
    """Runs command; returns (exit code, stdout, stderr, seconds, peak MB). A signal is a negative exit code, and a
    command that ran past TIMEOUT seconds is stopped and has TIMED_OUT."""
    start = time.monotonic()
    wrapped = ["/usr/bin/time", "-f", "apicheck-corpus-peak-kb %M"] + command if os.path.exists("/usr/bin/time") else command
    try:
        process = subprocess.run(wrapped, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return TIMED_OUT, "", "", time.monotonic() - start, None
    seconds = time.monotonic() - start
    stderr = process.stderr
    peak = None
    match = re.search(r"apicheck-corpus-peak-kb (\d+)\s*$", stderr)
    if match:
        peak = int(match.group(1)) / 1024
        stderr = stderr[: match.start()]
    code = process.returncode
    if "Command terminated by signal" in stderr:
        code = -int(re.search(r"signal (\d+)", stderr).group(1))
    return code, process.stdout, stderr, seconds, peak


def reason_kind(reason):
    """A refusal's reason without its file, line and pointer: what it is about."""
    text = re.sub(r"^.*?:\d+(:\d+)?: (error: )?", "", reason)
    text = re.sub(r"^/\S*: ", "", text)
    text = re.sub(r'"[^"]*"', '"…"', text)
    return text[:110]


def run(binary, document):
    project = tempfile.mkdtemp(prefix="apicheck-corpus-")
    try:
        extension = os.path.splitext(document)[1]
        os.makedirs(os.path.join(project, "contracts"))
        shutil.copy(document, os.path.join(project, "contracts", "api" + extension))
        with open(os.path.join(project, "apicheck.yml"), "w") as config:
            config.write(
                "version: 1\napis:\n  api:\n    contract: contracts/api%s\n    recordings: recordings/api\n"
                "    base_url: https://api.example.invalid\n" % extension)
        outcome = {"document": document}
        code, out, err, seconds, peak = timed([binary, "coverage", "--format", "json"], project)
        outcome["coverage"] = {"exit": code, "seconds": seconds, "peak_mb": peak}
        if code == 2 or code < 0:
            first = (err.strip().splitlines() or ["(nothing said)"])[0]
            outcome["refused_document"] = first.replace(os.path.join(project, "contracts", "api" + extension), os.path.basename(document))
            return outcome
        report = json.loads(out)["apis"][0]
        operations = next(m for m in report["measures"] if m["name"] == "operations")
        outcome["operations"] = operations["total"]
        outcome["operations_refused"] = operations.get("refused", 0)
        outcome["refusal_reasons"] = [r.split(": ", 1)[1] if ": " in r else r for r in report.get("refused", [])]
        outcome["warnings"] = [line for line in err.splitlines() if ": warning: " in line]
        code, out, err, seconds, peak = timed([binary, "examples", "--api", "api"], project)
        outcome["examples"] = {"exit": code, "seconds": seconds, "peak_mb": peak}
        written = re.search(r"apicheck examples: (\d+) examples", err)
        outcome["examples_written"] = int(written.group(1)) if written else 0
        outcome["examples_unwritten"] = [line.split("not written: ", 1)[1] for line in err.splitlines() if "not written: " in line]
        if outcome["examples_written"]:
            code, out, err, seconds, peak = timed([binary, "verify", "--format", "json"], project)
            report = json.loads(out) if out.strip().startswith("{") else {}
            summary = report.get("summary", {})
            # The contract's own errors (contract.invalid: a $ref to nowhere, a parameter with neither schema nor
            # content) fail a run whatever was recorded; only the other errors are examples that do not verify.
            invalid = sum(1 for f in report.get("findings", []) if f.get("rule") == "contract.invalid" and f.get("severity") == "error")
            outcome["verify"] = {
                "exit": code, "seconds": seconds, "peak_mb": peak, "errors": summary.get("errors"), "contract_invalid": invalid}
        return outcome
    finally:
        shutil.rmtree(project, ignore_errors=True)


def brief(outcome):
    if "refused_document" in outcome:
        return "refused: " + outcome["refused_document"][:140]
    verify = outcome.get("verify", {})
    return "operations %d (%d refused), warnings %d, examples %d written %d not, verify exit %s errors %s" % (
        outcome["operations"], outcome["operations_refused"], len(outcome["warnings"]), outcome["examples_written"],
        len(outcome["examples_unwritten"]), verify.get("exit", "-"), verify.get("errors", "-"))


def signature(outcome):
    keys = ("refused_document", "operations", "operations_refused", "examples_written")
    return tuple(outcome.get(k) for k in keys) + (len(outcome.get("examples_unwritten", [])), outcome.get("verify", {}).get("errors"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--apicheck", default=".build/release/apicheck")
    parser.add_argument("--old", help="a second apicheck binary (a baseline), run alternately on the same documents")
    parser.add_argument("--json", help="write every outcome here")
    arguments = parser.parse_args()
    binaries = [os.path.abspath(arguments.apicheck)] + ([os.path.abspath(arguments.old)] if arguments.old else [])
    docs = documents(arguments.paths)
    if not docs:
        parser.error("no .json, .yaml or .yml document under " + " ".join(arguments.paths))
    outcomes, old_outcomes, failed = [], [], False
    for document in docs:
        outcome = run(binaries[0], document)
        outcomes.append(outcome)
        print("%-60s %s" % (os.path.basename(document)[:60], brief(outcome)), flush=True)
        if arguments.old:
            old = run(binaries[1], document)
            old_outcomes.append(old)
            if signature(old) != signature(outcome):
                print("%-60s   before: %s" % ("", brief(old)), flush=True)
        for command in ("coverage", "examples", "verify"):
            code = outcome.get(command, {}).get("exit", 0)
            if code == TIMED_OUT:
                print("  TIMED OUT: %s (past %d s)" % (command, TIMEOUT))
                failed = True
            elif code < 0:
                print("  CRASHED: %s (signal %d)" % (command, -code))
                failed = True
        verify = outcome.get("verify", {})
        if (verify.get("errors") or 0) > verify.get("contract_invalid", 0):
            print("  an example written does not verify")
            failed = True
        elif verify.get("errors"):
            print("  verify: %d error(s) of the contract's own (contract.invalid), none of an example" % verify["errors"])

    loaded = [o for o in outcomes if "refused_document" not in o]
    reasons = collections.Counter(reason_kind(r) for o in loaded for r in o["refusal_reasons"])
    warnings = collections.Counter(reason_kind(w.split(": warning: ", 1)[1]) for o in loaded for w in o["warnings"])
    unwritten = collections.Counter(reason_kind(u.split(": ", 1)[-1]) for o in loaded for u in o["examples_unwritten"])
    print("\ndocuments: %d, loaded %d, refused whole %d" % (len(outcomes), len(loaded), len(outcomes) - len(loaded)))
    for o in outcomes:
        if "refused_document" in o:
            print("  refused: %s: %s" % (os.path.basename(o["document"]), o["refused_document"][:160]))
    print("operations: %d, refused %d" % (sum(o["operations"] for o in loaded), sum(o["operations_refused"] for o in loaded)))
    for kind, count in reasons.most_common(15):
        print("  %5d  %s" % (count, kind))
    print("warnings: %d" % sum(warnings.values()))
    for kind, count in warnings.most_common(10):
        print("  %5d  %s" % (count, kind))
    print("examples written: %d; not written: %d; documents whose examples exit 1: %d" % (
        sum(o["examples_written"] for o in loaded), sum(unwritten.values()),
        sum(1 for o in loaded if o["examples"]["exit"] == 1)))
    for kind, count in unwritten.most_common(10):
        print("  %5d  %s" % (count, kind))
    if loaded:
        largest = max(loaded, key=lambda o: os.path.getsize(o["document"]))
        print("largest, %s (%.1f MB):" % (os.path.basename(largest["document"]), os.path.getsize(largest["document"]) / 1e6))
        for command in ("coverage", "examples", "verify"):
            figure = largest.get(command)
            if figure:
                print("  %-9s %.2f s, peak %s MB" % (command, figure["seconds"], "%.0f" % figure["peak_mb"] if figure["peak_mb"] else "?"))
    if arguments.old:
        differ = sum(1 for new, old in zip(outcomes, old_outcomes) if signature(new) != signature(old))
        print("documents whose outcome differs from --old: %d" % differ)
    if arguments.json:
        with open(arguments.json, "w") as out:
            json.dump({"new": outcomes, "old": old_outcomes}, out, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
