#!/usr/bin/env bash
# The four contracts written as OpenAPI 3.0.3 by an outside converter (openapi-downgrade 1.0.1 from PyPI), for
# OpenAPI30ReadingTests: each must give every finding, coverage item and example its 3.1 original gives.
#   - <api>.openapi.json: the converter's JSON, non-ASCII written as \uXXXX escapes (Python's json.dump default).
#   - <api>.openapi.yaml: the same document as YAML (PyYAML), for the YAML path.
# The converter leaves contentMediaType (3.1) in place; it is rewritten to 3.0's format: binary here, as a 3.0
# document says a file. Run again after changing a contract under contracts/ (the test names the stale file).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
venv="${TMPDIR:-/tmp}/apicheck-openapi-downgrade"
[[ -x "$venv/bin/python" ]] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "openapi-downgrade==1.0.1"; }
for api in todos github kakao lslp; do
    "$venv/bin/python" - "$root/contracts/$api.openapi.yaml" "$here/$api.openapi.json" "$here/$api.openapi.yaml" <<'PY'
import json, sys, yaml
from openapi_downgrade.converter import transformer
from openapi_downgrade.converter.loader import load_spec
# Its validator fetches the 3.0 meta-schema from GitHub; the result is loaded by apicheck's own tests instead.
transformer.validate_openapi_3 = lambda spec: (True, None)
spec = transformer.convert_spec(load_spec(sys.argv[1]))
def files(value):
    if isinstance(value, dict):
        if "contentMediaType" in value:
            del value["contentMediaType"]
            value["format"] = "binary"
        for inner in value.values(): files(inner)
    elif isinstance(value, list):
        for inner in value: files(inner)
files(spec)
with open(sys.argv[2], "w") as out:
    json.dump(spec, out, indent=2)
    out.write("\n")
with open(sys.argv[3], "w") as out:
    yaml.safe_dump(spec, out, sort_keys=False, allow_unicode=True, width=120)
PY
done
rm -f warnings.txt
