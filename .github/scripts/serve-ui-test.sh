#!/usr/bin/env bash
# Runs the UI tests of Examples/ServeUITest (a minimal app answered by apicheck serve from its UI tests' own process)
# on the newest iPhone simulator or on this Mac, after generating its Xcode project with XcodeGen:
#   .github/scripts/serve-ui-test.sh iOS|macOS
set -euo pipefail
platform=$1
scripts=$(cd "$(dirname "$0")" && pwd)
case "$platform" in
  iOS) destination=$("$scripts/newest-iphone.sh") ;;
  macOS) destination="platform=macOS" ;;
  *)
    echo "serve-ui-test: the platform is iOS or macOS, not '$platform'" >&2
    exit 2
    ;;
esac
command -v xcodegen >/dev/null 2>&1 || brew install xcodegen
cd "$scripts/../../Examples/ServeUITest"
xcodegen generate --quiet
echo "xcodebuild test: Examples/ServeUITest, scheme ServeDemo_$platform, $destination"
xcodebuild test -project ServeDemo.xcodeproj -scheme "ServeDemo_$platform" -destination "$destination" \
  -skipPackagePluginValidation -derivedDataPath "$scripts/../../.build-examples/serve-ui-$platform" -quiet
