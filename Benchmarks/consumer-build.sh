#!/usr/bin/env bash
# A clean build of Examples/TodoApp, an app's package whose test target uses apicheck's `.replaying` trait:
# wall time of `swift test` from nothing (dependencies fetched from SwiftPM's cache), and the modules compiled.
# The test-support path should compile WireFormat, APICheck, Yams, OpenAPIKit, APICheckReplay,
# APICheckTesting and the client, and nothing of the CLI, the sandbox or the live runner.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d /tmp/apicheck-consumer.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
start=$(date +%s%N)
swift test --package-path "$root/Examples/TodoApp" --scratch-path "$scratch" 2>&1 | tail -1
end=$(date +%s%N)
elapsed=$(( (end - start) / 100000000 ))
echo "clean swift test of Examples/TodoApp: $(( elapsed / 10 )).$(( elapsed % 10 )) s"
compiled=()
skipped=()
for folder in "$scratch"/debug/*.build; do
    name=$(basename "$folder" .build)
    if [ -n "$(find "$folder" -name '*.o' -print -quit)" ]; then compiled+=("$name"); else skipped+=("$name"); fi
done
echo "compiled (${#compiled[@]}): ${compiled[*]}"
echo "planned, not compiled (${#skipped[@]}): ${skipped[*]}"
for unwanted in APICheckCLI APICheckLive Sandbox Sockets ArgumentParser; do
    if printf '%s\n' "${compiled[@]}" | grep -qx "$unwanted"; then
        echo "consumer-build: $unwanted was compiled for a package that only replays" >&2
        exit 1
    fi
done
