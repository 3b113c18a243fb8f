#!/usr/bin/env bash
# Runs an example package's tests on an iOS simulator with xcodebuild (the macOS runner's default Xcode):
#   .github/scripts/ios-simulator-test.sh Examples/TodoApp
# The destination is the newest available iPhone simulator, found with simctl (device names change with each
# Xcode, so none is hard-coded). The scheme is the one named after the package's folder (each example has one
# library product of that name, whose scheme Xcode makes and which runs its tests), else "<name>-Package".
set -euo pipefail
package_dir=$1
scripts=$(cd "$(dirname "$0")" && pwd)
cd "$package_dir"

destination=$("$scripts/newest-iphone.sh")
schemes=$(xcodebuild -list -json | python3 -c '
import json, sys
listing = json.load(sys.stdin)
print("\n".join((listing.get("workspace") or listing.get("project") or {}).get("schemes", [])))
')
name=$(basename "$package_dir")
if printf '%s\n' "$schemes" | grep -qx -- "$name"; then
  scheme=$name
elif printf '%s\n' "$schemes" | grep -qx -- "$name-Package"; then
  scheme="$name-Package"
else
  echo "ios-simulator-test: no scheme $name or $name-Package in $package_dir; xcodebuild lists:" >&2
  printf '%s\n' "$schemes" >&2
  exit 1
fi
echo "xcodebuild test: $package_dir, scheme $scheme, $destination"
xcodebuild test -scheme "$scheme" -destination "$destination" -skipPackagePluginValidation -quiet
