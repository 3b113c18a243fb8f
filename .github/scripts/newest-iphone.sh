#!/usr/bin/env bash
# Prints the xcodebuild destination of the newest available iPhone simulator, found with simctl (device names change
# with each Xcode, so none is hard-coded): platform=iOS Simulator,id=<udid>.
set -euo pipefail
xcrun simctl list devices available --json | python3 -c '
import json, sys
runtimes = json.load(sys.stdin)["devices"]
candidates = []
for runtime, devices in runtimes.items():
    if ".iOS-" not in runtime:
        continue
    version = tuple(int(part) for part in runtime.rsplit(".iOS-", 1)[1].split("-") if part.isdigit())
    for device in devices:
        if device.get("isAvailable") and device["name"].startswith("iPhone"):
            candidates.append((version, device["name"], device["udid"]))
if not candidates:
    sys.exit("no available iPhone simulator")
print("platform=iOS Simulator,id=" + max(candidates)[2])
'
