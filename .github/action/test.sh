#!/usr/bin/env bash
# Runs the GitHub Action's steps (install.sh and run.sh, as action.yml calls them) outside GitHub, against an artifact
# bundle built from this checkout: .ci/run calls it after Scripts/make-artifactbundle.sh; ci.yml runs action.yml itself
# with `uses: ./` on Linux and macOS.
#
#   .github/action/test.sh BUNDLE.zip
set -euo pipefail
cd "$(dirname "$0")/../.."
bundle=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
action=.github/action
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | awk '{print $1}'; else shasum -a 256 "$1" | awk '{print $1}'; fi
}
fail() {
  echo "action test: $*" >&2
  exit 1
}
# The value of KEY in a GITHUB_OUTPUT file (the last one written).
value() { sed -n "s/^$1=//p" "$2" | tail -n 1; }

checksum=$(sha256 "$bundle")
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/APICheckCommands/ToolVersion.swift)
export RUNNER_TOOL_CACHE="$scratch/tools" ACTION_PATH=$PWD GITHUB_REPOSITORY=apicheck/apicheck

echo "-- resolve: the runner's variant, the version of the action's source, a bundle-url with its checksum"
export GITHUB_OUTPUT="$scratch/resolve"
BUNDLE_URL="file://$bundle" CHECKSUM=$checksum "$action/install.sh" resolve
[ "$(value version "$GITHUB_OUTPUT")" = "$version" ] || fail "resolve gave version $(value version "$GITHUB_OUTPUT"), not $version"
[ "$(value cache "$GITHUB_OUTPUT")" = false ] || fail "a bundle-url must not be cached"
variant=$(value variant "$GITHUB_OUTPUT")
dir=$(value dir "$GITHUB_OUTPUT")
case "$bundle" in *"-$variant.artifactbundle.zip") ;; *) fail "resolve chose $variant for $bundle" ;; esac
VERSION=2.0.0 CHECKSUM="" "$action/install.sh" resolve
[ "$(value url "$GITHUB_OUTPUT")" = "https://github.com/apicheck/apicheck/releases/download/v2.0.0/apicheck-2.0.0-$variant.artifactbundle.zip" ] ||
  fail "the release URL is $(value url "$GITHUB_OUTPUT")"
[ "$(value cache-key "$GITHUB_OUTPUT")" = "apicheck-2.0.0-$variant-release-sums" ] || fail "cache key $(value cache-key "$GITHUB_OUTPUT")"
refuse() { # refuse NAME=VALUE...: resolve with that environment fails with an annotation
  if env "$@" "$action/install.sh" resolve >"$scratch/refused" 2>&1; then fail "resolve took $*"; fi
  grep -q "^::error title=apicheck action::" "$scratch/refused" || fail "resolve refused $* without an annotation"
}
refuse BUNDLE_URL="file://$bundle" CHECKSUM=
refuse CHECKSUM=abc
refuse VERSION="1.0;rm -rf ~"
refuse RUNNER_OS=Windows

echo "-- install: the bundle's SHA-256 checked, unpacked, on the PATH; from the cache the second time"
export GITHUB_PATH="$scratch/path"
install() { VERSION=$version VARIANT=$variant DIR=$dir URL=$1 CHECKSUM=$2 "$action/install.sh" install; }
if install "file://$bundle" "$(printf '0%.0s' {1..64})" >"$scratch/wrong" 2>&1; then fail "install took a bundle whose SHA-256 differs"; fi
grep -q "is not the release's bundle" "$scratch/wrong" || fail "install refused a wrong SHA-256 without saying so: $(cat "$scratch/wrong")"
install "file://$bundle" "$checksum"
[ "$(tail -n 1 "$GITHUB_PATH")" = "$dir/bin" ] || fail "install put $(tail -n 1 "$GITHUB_PATH") on the PATH"
[ "$("$dir/bin/apicheck" --version)" = "$version" ] || fail "the installed apicheck is not $version"
install "file://$bundle" "$checksum" | grep -q "from the cache" || fail "a second install did not use the cached bundle"
# The cache keeps the download; the executable is unpacked from the checked zip every time, so a changed one never runs.
printf '#!/bin/sh\necho changed\n' >"$dir/bin/apicheck"
install "file://$bundle" "$checksum" >/dev/null
[ "$("$dir/bin/apicheck" --version)" = "$version" ] || fail "install ran a cached executable that changed"
printf 'x' >>"$dir/bundle.zip"
if install "file://$bundle" "$checksum" >"$scratch/poisoned" 2>&1; then fail "install used a cached bundle that changed"; fi
grep -q "not the one that was checked" "$scratch/poisoned" || fail "a changed cache was refused without saying so"

echo "-- install from a release folder: the SHA-256 read from its SHA256SUMS"
release="$scratch/release/v$version"
mkdir -p "$release"
cp "$bundle" "$release/apicheck-$version-$variant.artifactbundle.zip"
(cd "$release" && echo "$checksum  apicheck-$version-$variant.artifactbundle.zip" >SHA256SUMS)
rm -rf "$dir"
install "file://$release/apicheck-$version-$variant.artifactbundle.zip" "" | grep -q "SHA-256 $checksum" ||
  fail "install from the release folder did not check SHA256SUMS"
echo "0000000000000000000000000000000000000000000000000000000000000000  apicheck-$version-$variant.artifactbundle.zip" >"$release/SHA256SUMS"
rm -rf "$dir"
if install "file://$release/apicheck-$version-$variant.artifactbundle.zip" "" >/dev/null 2>&1; then
  fail "install took a bundle its release's SHA256SUMS does not list"
fi
install "file://$bundle" "$checksum" >/dev/null

echo "-- run: verify with annotations and the HTML report; findings exit 1; a bad command or unclosed quote exits 2"
PATH="$dir/bin:$PATH"
run() { GITHUB_OUTPUT="$scratch/run" COMMAND=$1 ARGUMENTS=$2 ANNOTATIONS=true REPORT_DIR="$scratch/report" WORKING_DIRECTORY=$3 "$action/run.sh"; }
: >"$scratch/run"
run verify "--api 'todos'" . >"$scratch/verify.out" 2>&1
[ "$(value exit-code "$scratch/run")" = 0 ] || fail "verify exited $(value exit-code "$scratch/run"): $(cat "$scratch/verify.out")"
grep -q "apicheck verify --api todos --format github --report html=" "$scratch/verify.out" || fail "run did not add --format github: $(head -n 3 "$scratch/verify.out")"
report=$(value report "$scratch/run")
grep -q "<!DOCTYPE html>" "$report" || fail "no HTML report at '$report'"
drifted="$scratch/drifted"
mkdir -p "$drifted"
cp -R Examples/SeedTodo/recordings "$drifted/"
printf 'version: 1\napis:\n  todos:\n    contract: %s\n    base_url: https://phplaravel-574671-2962113.cloudwaysapps.com\n' \
  "$PWD/contracts/todos.openapi.yaml" >"$drifted/apicheck.yml"
file=$(find "$drifted/recordings/todos/tests" -name "*.json" | sort | head -n 1)
sed -i.bak 's/"is_done": false/"is_done": 0/' "$file" && rm -f "$file.bak"
grep -q '"is_done": 0' "$file" || fail "the drift did not apply to $file"
run verify "" "$drifted" >"$scratch/drift.out" 2>&1
[ "$(value exit-code "$scratch/run")" = 1 ] || fail "a drifted recording exited $(value exit-code "$scratch/run"): $(tail -n 5 "$scratch/drift.out")"
grep -q "^::error file=" "$scratch/drift.out" || fail "no annotation for the drift: $(head -n 5 "$scratch/drift.out")"
run coverage "--api todos" . >/dev/null 2>&1
if [ "$(value exit-code "$scratch/run")" != 0 ] || [ -n "$(value report "$scratch/run")" ]; then fail "coverage failed or wrote a report"; fi
# Nothing in the arguments is expanded: a command substitution is a word, and apicheck refuses the unknown API.
run verify "--api \$(touch $scratch/expanded)" . >"$scratch/expand.out" 2>&1
[ ! -e "$scratch/expanded" ] || fail "run expanded a command substitution in the arguments"
grep -q 'touch' "$scratch/expand.out" || fail "the literal argument did not reach apicheck: $(cat "$scratch/expand.out")"
for bad in "lint|" "verify|--api 'todos" "verify|--format"; do
  run "${bad%%|*}" "${bad#*|}" . >"$scratch/bad.out" 2>&1
  [ "$(value exit-code "$scratch/run")" = 2 ] || fail "'${bad}' exited $(value exit-code "$scratch/run"): $(cat "$scratch/bad.out")"
done

echo "-- serve: in the background for the job's later steps; serve-stop reads the journal and has its exit code"
export SERVE_DIR="$scratch/serve" GITHUB_ENV="$scratch/env"
: >"$GITHUB_ENV"
run serve "--api todos --recording tests/list-first-page" . >"$scratch/serve.out" 2>&1
[ "$(value exit-code "$scratch/run")" = 0 ] || fail "serve did not start: $(cat "$scratch/serve.out")"
url=$(value url "$scratch/run")
token=$(value token "$scratch/run")
grep -qx "APICHECK_SERVE_URL=$url" "$GITHUB_ENV" || fail "serve did not export APICHECK_SERVE_URL=$url: $(cat "$GITHUB_ENV")"
grep -qx "APICHECK_SERVE_TOKEN=$token" "$GITHUB_ENV" || fail "serve did not export its token"
grep -q "::add-mask::$token" "$scratch/serve.out" || fail "serve did not mask its token"
production=https://phplaravel-574671-2962113.cloudwaysapps.com
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "X-APICheck-URL: $production/api/v2/todos" "$url/")" = 200 ] ||
  fail "serve did not answer a recorded request"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/api/v2/todos/424242")" = 502 ] || fail "serve answered a request the recording lacks"
run serve-stop "" . >"$scratch/stop.out" 2>&1
[ "$(value exit-code "$scratch/run")" = 1 ] || fail "serve-stop exited $(value exit-code "$scratch/run") with one request unanswered: $(cat "$scratch/stop.out")"
grep -q "2 requests, 1 answered from recordings, 1 not" "$scratch/stop.out" || fail "serve-stop did not print the summary: $(cat "$scratch/stop.out")"
journal=$(value journal "$scratch/run")
if ! grep -q '"format" *: *"apicheck-serve-journal/1"' "$journal" || ! grep -q '"unmatched" *: *1' "$journal"; then
  fail "the journal at '$journal' is not the server's: $(head -c 300 "$journal")"
fi
curl -s -o /dev/null "$url/" && fail "the server still answers after serve-stop"
for bad in "serve|--api todos --token mine" "serve|--api nope"; do
  run "${bad%%|*}" "${bad#*|}" . >"$scratch/bad.out" 2>&1
  [ "$(value exit-code "$scratch/run")" = 2 ] || fail "'${bad}' exited $(value exit-code "$scratch/run"): $(cat "$scratch/bad.out")"
done
rm -rf "$SERVE_DIR"
run serve-stop "" . >"$scratch/bad.out" 2>&1
[ "$(value exit-code "$scratch/run")" = 2 ] || fail "serve-stop with no server exited $(value exit-code "$scratch/run")"
echo "action test: install and run behave as action.yml needs"
