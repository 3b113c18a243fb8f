#!/usr/bin/env bash
# Formats every Swift file of the project with the toolchain's `swift format` and the configuration in .swift-format
# (4 spaces, lines of at most 140 characters where a line can be broken; a string literal is never split).
#
#   Scripts/format.sh           formats in place
#   Scripts/format.sh --check   changes nothing; exit 1 and the files when something is not formatted (CI runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
# The examples' sources, but not what a generator wrote (Examples/GeneratedClient/Sources/TodoClient/Generated/, which
# swift-openapi-generator formats its own way and says not to modify).
mapfile -t example_sources < <(find Examples/*/Sources Examples/*/Tests -name '*.swift' -not -path '*/Generated/*' | sort)
paths=(Sources Tests Benchmarks Fuzz Plugins Package.swift "${example_sources[@]}" Examples/*/Package.swift)
if [ "${1:-}" = "--check" ]; then
  scratch=$(mktemp -d /tmp/apicheck-format.XXXXXX)
  trap 'rm -rf "$scratch"' EXIT
  tar -cf - "${paths[@]}" .swift-format | tar -xf - -C "$scratch"
  (cd "$scratch" && swift format format --configuration .swift-format --recursive --parallel --in-place "${paths[@]}")
  unformatted=""
  for path in "${paths[@]}"; do
    unformatted+=$(diff -rq "$path" "$scratch/$path" | awk '{print $2}' || true)
  done
  if [ -n "$unformatted" ]; then
    echo "format.sh: not formatted (run Scripts/format.sh):" >&2
    echo "$unformatted" >&2
    exit 1
  fi
  echo "format.sh: every Swift file is formatted"
  exit 0
fi
swift format format --configuration .swift-format --recursive --parallel --in-place "${paths[@]}"
