#!/usr/bin/env bash
# The install half of apicheck's GitHub Action (action.yml): finds the release's artifact bundle for this runner,
# checks its SHA-256, unpacks it and puts apicheck on the PATH. Bash 3.2 (macOS runners), no jq, no python.
#
#   install.sh resolve   writes version, variant, dir, url, cache and cache-key to $GITHUB_OUTPUT
#   install.sh install   downloads (or takes the cached) bundle into $DIR, checks it, adds $DIR/bin to $GITHUB_PATH
#
# Environment: VERSION (empty: the version of the action's own source), CHECKSUM (the SHA-256 of the bundle; empty: the
# release's SHA256SUMS), BUNDLE_URL (empty: the GitHub release), ACTION_PATH, ACTION_REPOSITORY (empty: this
# repository, as `uses: ./` has it), GITHUB_REPOSITORY, RUNNER_OS, RUNNER_ARCH, RUNNER_TOOL_CACHE, and for install
# the outputs of resolve (VARIANT, DIR, URL).
set -euo pipefail

fail() {
  echo "::error title=apicheck action::$*"
  echo "apicheck action: $*" >&2
  exit 1
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | awk '{print $1}'; else shasum -a 256 "$1" | awk '{print $1}'; fi
}

output() { echo "$1=$2" >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"; }

resolve() {
  local version=${VERSION:-} variant repository checksum=${CHECKSUM:-} url=${BUNDLE_URL:-}
  if [ -z "$version" ]; then
    version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "${ACTION_PATH:?}/Sources/APICheckCommands/ToolVersion.swift")
    [ -n "$version" ] || fail "cannot read the action's version from Sources/APICheckCommands/ToolVersion.swift; set the version input"
  fi
  version=${version#v}
  case "$version" in
    *[!0-9A-Za-z.+-]* | "") fail "version '$version' is not a release version such as 0.2.0" ;;
  esac
  case "${RUNNER_OS:-$(uname -s)}/${RUNNER_ARCH:-$(uname -m)}" in
    Linux/X64 | Linux/x86_64) variant=linux-x86_64 ;;
    Linux/ARM64 | Linux/aarch64) variant=linux-aarch64 ;;
    macOS/* | Darwin/*) variant=macos ;;
    *) fail "no apicheck release for ${RUNNER_OS:-$(uname -s)} on ${RUNNER_ARCH:-$(uname -m)} (Linux x86_64 and aarch64, macOS)" ;;
  esac
  case "$checksum" in
    "" | [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*) ;;
    *) fail "checksum '$checksum' is not a SHA-256 in lowercase hex" ;;
  esac
  if [ -n "$checksum" ] && [ ${#checksum} -ne 64 ]; then fail "checksum '$checksum' is not 64 hex digits"; fi
  repository=${ACTION_REPOSITORY:-${GITHUB_REPOSITORY:-}}
  local cache=true
  if [ -n "$url" ]; then
    # A bundle from elsewhere (a mirror, a file the job built) has no release to read SHA256SUMS from.
    [ -n "$checksum" ] || fail "bundle-url needs the checksum input (the bundle's SHA-256)"
    cache=false
  else
    [ -n "$repository" ] || fail "cannot tell which repository's releases to download from"
    url="https://github.com/$repository/releases/download/v$version/apicheck-$version-$variant.artifactbundle.zip"
  fi
  output version "$version"
  output variant "$variant"
  output dir "${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/apicheck/$version-$variant"
  output url "$url"
  output cache "$cache"
  output cache-key "apicheck-$version-$variant-${checksum:-release-sums}"
}

install() {
  local dir=${DIR:?} url=${URL:?} variant=${VARIANT:?} version=${VERSION:?} expected=${CHECKSUM:-}
  local zip="$dir/bundle.zip"
  if [ -f "$zip" ] && [ -f "$dir/bundle.sha256" ]; then
    # From the cache, which holds the download only: the zip must still be the one checked when it was downloaded
    # (and the pinned checksum, when there is one); the executable is unpacked from it again below.
    local cached
    cached=$(sha256 "$zip")
    [ "$cached" = "$(cat "$dir/bundle.sha256")" ] || fail "the cached bundle in $dir is not the one that was checked; delete the cache"
    [ -z "$expected" ] || [ "$cached" = "$expected" ] || fail "the cached bundle's SHA-256 is $cached, not the checksum input $expected"
    echo "apicheck action: apicheck $version ($variant) from the cache, SHA-256 $cached"
  else
    rm -rf "$dir"
    mkdir -p "$dir"
    curl --fail --location --silent --show-error --retry 3 --output "$zip" "$url" || fail "cannot download $url"
    if [ -z "$expected" ]; then
      local sums="${url%/*}/SHA256SUMS"
      expected=$(curl --fail --location --silent --show-error --retry 3 "$sums" | awk -v name="${url##*/}" '$2 == name {print $1}') ||
        fail "cannot download $sums"
      [ -n "$expected" ] || fail "$sums does not list ${url##*/}"
    fi
    local found
    found=$(sha256 "$zip")
    [ "$found" = "$expected" ] || fail "the SHA-256 of $url is $found, not $expected: the download is not the release's bundle"
    echo "$found" >"$dir/bundle.sha256"
    echo "apicheck action: downloaded $url, SHA-256 $found (pin it with the checksum input)"
  fi
  local unpacked="$dir/unpacked"
  rm -rf "$unpacked" "${dir:?}/bin"
  if command -v unzip >/dev/null 2>&1; then
    unzip -q "$zip" -d "$unpacked"
  elif command -v python3 >/dev/null 2>&1; then
    python3 -m zipfile -e "$zip" "$unpacked"
  else
    fail "needs unzip (or python3) to unpack the bundle"
  fi
  # One variant per runner: the merged bundle holds every variant, a release's per-runner bundle one.
  local binary="" candidate
  for candidate in "$unpacked"/apicheck.artifactbundle/apicheck-*-"$variant"/bin/apicheck; do
    if [ -f "$candidate" ]; then
      binary=$candidate
      break
    fi
  done
  [ -n "$binary" ] || fail "the bundle from $url has no $variant variant"
  mkdir -p "$dir/bin"
  cp "$binary" "$dir/bin/apicheck"
  chmod +x "$dir/bin/apicheck"
  rm -rf "$unpacked"
  local ran
  ran=$("$dir/bin/apicheck" --version) || fail "the bundle's apicheck does not run on this runner"
  [ "$ran" = "$version" ] || fail "the bundle's apicheck says it is $ran, not $version"
  echo "$dir/bin" >>"${GITHUB_PATH:?GITHUB_PATH is not set}"
}

case "${1:-}" in
  resolve) resolve ;;
  install) install ;;
  *) fail "usage: install.sh resolve|install" ;;
esac
