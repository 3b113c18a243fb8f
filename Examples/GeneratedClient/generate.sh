#!/usr/bin/env bash
# Regenerates Sources/TodoClient/Generated/ from openapi.yaml with swift-openapi-generator 1.14.3, the way the
# generator's build plugin would, and writes the document's SHA-256 beside it. The sources are committed so that
# the package (and CI) builds without the generator, which needs swift-syntax; .ci/run checks that the hash still
# matches openapi.yaml, so a document changed without regenerating fails there.
#
#   Examples/GeneratedClient/generate.sh            # builds the generator in .build-generator/ once, then generates
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scratch="$here/.build-generator"
mkdir -p "$scratch/package"
cat >"$scratch/package/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "generator",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")],
    targets: []
)
SWIFT
swift build --package-path "$scratch/package" --scratch-path "$scratch/build" --product swift-openapi-generator
generator="$scratch/build/debug/swift-openapi-generator"
output="$here/Sources/TodoClient/Generated"
rm -rf "$output"
mkdir -p "$output"
"$generator" generate --config "$here/openapi-generator-config.yaml" --output-directory "$output" "$here/openapi.yaml"
(cd "$here" && sha256sum openapi.yaml) >"$output/openapi.yaml.sha256"
echo "generate.sh: wrote $output from openapi.yaml"
