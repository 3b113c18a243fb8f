#!/usr/bin/env bash
# Writes docs/man/apicheck.1, the CLI's man page, from the CLI's own --help text with swift-argument-parser's
# generate-manual plugin (on the debug build, which `swift build` already made), and `make install` installs it.
#
#   Scripts/generate-manual.sh            regenerate docs/man/apicheck.1 (dated today)
#   Scripts/generate-manual.sh --check    exit 1 when the committed page is not what the CLI's help says now
#                                         (the date line aside); .ci/run runs this
set -euo pipefail
cd "$(dirname "$0")/.."
page=docs/man/apicheck.1
swift package plugin generate-manual --configuration debug --date "$(date -u +%Y-%m-%d)" \
  --authors "the apicheck authors" >/dev/null
generated=.build/plugins/GenerateManual/outputs/APICheckCLI/apicheck.1
[ -f "$generated" ] || { echo "generate-manual.sh: the plugin wrote no $generated" >&2; exit 1; }
if [ "${1:-}" = "--check" ]; then
  if ! diff <(grep -v '^\.Dd ' "$page") <(grep -v '^\.Dd ' "$generated"); then
    echo "generate-manual.sh: $page is not what the CLI's help says now (above); run Scripts/generate-manual.sh" >&2
    exit 1
  fi
  echo "generate-manual.sh: $page is up to date"
else
  mkdir -p "$(dirname "$page")"
  cp "$generated" "$page"
  echo "wrote $page"
fi
