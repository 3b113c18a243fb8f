#!/usr/bin/env bash
# Clean builds of an app's package whose test target replays recordings (Examples/TodoApp), side by side:
#  - replay-only: the test target depends on APICheckReplayTesting (the package as it is). It must compile
#    WireFormat, APICheckRecording, Yams, APICheckReplay, APICheckReplayTesting and the client, and nothing of the
#    contract engine (APICheckJSONSchema, APICheckContracts), the comparison (APICheckBreaking), the commands, the CLI, the sandbox or the live runner.
#  - full: the same package on APICheckTesting (a copy, with the product and the import swapped), which adds
#    ContractExample and so the contract engine. It must compile APICheckJSONSchema and APICheckContracts (if it
#    did not, the check above could not tell), and still not the comparison, the commands or the rest.
# Each: wall time of `swift test` from nothing (dependencies fetched from SwiftPM's cache) and the modules compiled.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/apicheck-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The full consumer: TodoApp, depending on APICheckTesting.
cp -R "$root/Examples/TodoApp" "$work/full"
rm -rf "$work/full/.build"
sed -i.orig -e "s|path: \"../..\"|path: \"$root\"|" -e 's|"APICheckReplayTesting"|"APICheckTesting"|' "$work/full/Package.swift"
sed -i.orig 's|^import APICheckReplayTesting$|import APICheckTesting|' "$work/full/Tests/TodoAppTests/TodoListModelTests.swift"
rm -f "$work/full/Package.swift.orig" "$work/full/Tests/TodoAppTests/TodoListModelTests.swift.orig"

# Builds package $2 into scratch folder $1; sets `compiled` (the modules with object files) and prints the time.
build() {
    local scratch=$1 package=$2 label=$3
    local start end elapsed
    start=$(date +%s%N)
    swift test --package-path "$package" --scratch-path "$scratch" 2>&1 | tail -1
    end=$(date +%s%N)
    elapsed=$(( (end - start) / 100000000 ))
    echo "clean swift test of the $label consumer: $(( elapsed / 10 )).$(( elapsed % 10 )) s"
    compiled=()
    local skipped=() folder name
    for folder in "$scratch"/debug/*.build; do
        name=$(basename "$folder" .build)
        if [ -n "$(find "$folder" -name '*.o' -print -quit)" ]; then compiled+=("$name"); else skipped+=("$name"); fi
    done
    echo "  compiled (${#compiled[@]}): ${compiled[*]}"
    echo "  planned, not compiled (${#skipped[@]}): ${skipped[*]}"
}

has() { printf '%s\n' "${compiled[@]}" | grep -qx "$1"; }

build "$work/scratch-replay" "$root/Examples/TodoApp" "replay-only (APICheckReplayTesting)"
for unwanted in APICheckJSONSchema APICheckContracts APICheckBreaking APICheckCommands APICheck APICheckTesting APICheckCLI APICheckLive Sandbox Sockets ArgumentParser \
    WireFormatOpenAPI OpenAPIRuntime HTTPTypes; do
    if has "$unwanted"; then
        echo "consumer-build: $unwanted was compiled for a test target that only replays" >&2
        exit 1
    fi
done
for wanted in APICheckRecording APICheckReplay APICheckReplayTesting TodoAPI; do
    has "$wanted" || { echo "consumer-build: $wanted was not compiled for the replay-only consumer (is the check looking at the right folder?)" >&2; exit 1; }
done

build "$work/scratch-full" "$work/full" "full (APICheckTesting)"
for wanted in APICheckJSONSchema APICheckContracts APICheckTesting; do
    has "$wanted" || { echo "consumer-build: $wanted was not compiled for the full consumer, so the replay-only check proves nothing" >&2; exit 1; }
done
# WireFormatOpenAPI and swift-openapi-runtime: only for an app whose client swift-openapi-generator wrote.
for unwanted in APICheckBreaking APICheckCommands APICheckCLI APICheckLive Sandbox Sockets ArgumentParser WireFormatOpenAPI OpenAPIRuntime HTTPTypes; do
    if has "$unwanted"; then
        echo "consumer-build: $unwanted was compiled for a test target that uses APICheckTesting" >&2
        exit 1
    fi
done
