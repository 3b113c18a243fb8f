#!/usr/bin/env bash
# Builds apicheck.artifactbundle.zip: SwiftPM's artifact bundle (SE-0305) with the apicheck executable for this
# host, for a package that uses apicheck through a binaryTarget (the way SwiftLint's plugin users do) instead of
# building it from source.
#
#   Scripts/make-artifactbundle.sh [--output DIR] [--binary PATH]
#       One bundle for the host: on Linux the release build with the Swift runtime linked in
#       (--static-swift-stdlib, so that it runs without the toolchain that built it), for the host's
#       architecture; on macOS a universal binary (arm64 and x86_64).
#       --binary uses a release binary already built (it must be static on Linux) instead of building one.
#   Scripts/make-artifactbundle.sh --merge OUTPUT.zip BUNDLE.zip...
#       One bundle with every variant of the given ones (the release workflow merges Linux x86_64, Linux
#       aarch64 and macOS), so that a package names one URL and one checksum for every host.
#
# Prints the path of the zip and its SwiftPM checksum (swift package compute-checksum).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

checksum() {
  # SwiftPM's checksum of a binary target's archive is the SHA-256 of the zip.
  if command -v swift >/dev/null 2>&1; then
    swift package compute-checksum "$1"
  else
    shasum -a 256 "$1" | awk '{print $1}'
  fi
}

zip_bundle() { # zip_bundle STAGE_DIR OUTPUT_ZIP: a zip whose top level is apicheck.artifactbundle/
  local stage=$1 output=$2
  command -v zip >/dev/null 2>&1 || { echo "make-artifactbundle: needs zip (apt-get install zip)" >&2; exit 1; }
  rm -f "$output"
  (cd "$stage" && zip -q -r -X "$output" apicheck.artifactbundle)
}

if [ "${1:-}" = "--merge" ]; then
  shift
  [ $# -ge 2 ] || usage
  mkdir -p "$(dirname "$1")"
  output="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
  shift
  stage=$(mktemp -d)
  trap 'rm -rf "$stage"' EXIT
  python3 - "$stage" "$@" <<'PY'
import json, os, shutil, sys, zipfile
stage, bundles = sys.argv[1], sys.argv[2:]
root = os.path.join(stage, "apicheck.artifactbundle")
os.makedirs(root)
merged, version, triples = [], None, set()
for bundle in bundles:
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
        info = json.loads(archive.read("apicheck.artifactbundle/info.json"))
        artifact = info["artifacts"]["apicheck"]
        if version is None:
            version = artifact["version"]
        elif artifact["version"] != version:
            sys.exit(f"make-artifactbundle: {bundle} is apicheck {artifact['version']}, the others {version}")
        for variant in artifact["variants"]:
            for triple in variant["supportedTriples"]:
                if triple in triples:
                    sys.exit(f"make-artifactbundle: {triple} is in two of the bundles ({bundle} is the second)")
                triples.add(triple)
            folder = variant["path"].split("/")[0]
            for name in names:
                if name.startswith(f"apicheck.artifactbundle/{folder}/") and not name.endswith("/"):
                    target = os.path.join(stage, name)
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with archive.open(name) as source, open(target, "wb") as sink:
                        shutil.copyfileobj(source, sink)
                    mode = (archive.getinfo(name).external_attr >> 16) & 0o777
                    os.chmod(target, mode or 0o644)
            merged.append(variant)
info = {"schemaVersion": "1.0", "artifacts": {"apicheck": {"version": version, "type": "executable", "variants": merged}}}
with open(os.path.join(root, "info.json"), "w") as sink:
    json.dump(info, sink, indent=2)
    sink.write("\n")
PY
  zip_bundle "$stage" "$output"
  echo "$output"
  echo "checksum: $(checksum "$output")"
  exit 0
fi

output_dir=.build/artifactbundle
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output) output_dir=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "make-artifactbundle: unknown argument $1" >&2; usage ;;
  esac
done

case "$(uname -s)" in
  Darwin)
    if [ -z "$binary" ]; then
      swift build -c release --product apicheck --arch arm64 --arch x86_64
      binary="$(swift build -c release --product apicheck --arch arm64 --arch x86_64 --show-bin-path)/apicheck"
    fi
    variant=macos
    triples='["arm64-apple-macosx", "x86_64-apple-macosx"]'
    ;;
  Linux)
    arch=$(uname -m)
    if [ -z "$binary" ]; then
      swift build -c release --product apicheck --static-swift-stdlib
      binary="$(swift build -c release --product apicheck --static-swift-stdlib --show-bin-path)/apicheck"
    fi
    # A bundle is for machines without the toolchain that built it: the Swift runtime must be linked in.
    if command -v ldd >/dev/null 2>&1 && ldd "$binary" | grep -q "libswiftCore"; then
      echo "make-artifactbundle: $binary links the Swift runtime dynamically; build it with --static-swift-stdlib" >&2
      exit 1
    fi
    variant="linux-$arch"
    triples="[\"$arch-unknown-linux-gnu\"]"
    ;;
  *)
    echo "make-artifactbundle: no bundle for $(uname -s)" >&2
    exit 1
    ;;
esac

[ -x "$binary" ] || { echo "make-artifactbundle: no executable at $binary" >&2; exit 1; }
version=$("$binary" --version)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
folder="apicheck-$version-$variant"
mkdir -p "$stage/apicheck.artifactbundle/$folder/bin"
install -m 0755 "$binary" "$stage/apicheck.artifactbundle/$folder/bin/apicheck"
strip "$stage/apicheck.artifactbundle/$folder/bin/apicheck" 2>/dev/null || true
cp LICENSE "$stage/apicheck.artifactbundle/$folder/" 2>/dev/null || true
cat >"$stage/apicheck.artifactbundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "apicheck": {
      "version": "$version",
      "type": "executable",
      "variants": [
        { "path": "$folder/bin/apicheck", "supportedTriples": $triples }
      ]
    }
  }
}
EOF
mkdir -p "$output_dir"
output="$(cd "$output_dir" && pwd)/apicheck-$version-$variant.artifactbundle.zip"
zip_bundle "$stage" "$output"
echo "$output"
echo "checksum: $(checksum "$output")"
