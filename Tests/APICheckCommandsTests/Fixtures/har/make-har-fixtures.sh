#!/usr/bin/env bash
# Regenerates the HAR fixtures with a tool apicheck did not write: mitmproxy (mitmdump) in
# reverse-proxy mode in front of the deterministic sandbox, driven by curl. Everything stays on
# 127.0.0.1. Needs: python3 with pip (PyPI), curl. Run from anywhere:
#   bash Tests/APICheckCommandsTests/Fixtures/har/make-har-fixtures.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
venv=${MITM_VENV:-/tmp/apicheck-mitmproxy}
sandbox_port=18080
proxy_port=18081

if [ ! -x "$venv/bin/mitmdump" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "mitmproxy<12"   # mitmproxy 12 needs Python 3.12
fi
"$venv/bin/mitmdump" --version | head -1

(cd "$root" && swift build --product apicheck >/dev/null)
"$root/.build/debug/apicheck" sandbox --api todos --port "$sandbox_port" --deterministic 2>/dev/null &
sandbox=$!
"$venv/bin/mitmdump" --quiet --mode "reverse:http://127.0.0.1:$sandbox_port" --listen-host 127.0.0.1 \
  --listen-port "$proxy_port" --set hardump="$here/mitmproxy-todos.har" &
proxy=$!
trap 'kill $proxy $sandbox 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$proxy_port/api/v2/todos" && break; sleep 0.2; done

base="http://127.0.0.1:$proxy_port"
json=(-H 'Accept: application/json')
curl -s "${json[@]}" "$base/api/v2/todos?page=1&per_page=2" >/dev/null
curl -s "${json[@]}" "$base/api/v2/todos/4698" >/dev/null
curl -s "${json[@]}" -H 'Authorization: Bearer fake-har-token-0001' -H 'X-CSRF-TOKEN: fake-har-csrf-0002' \
  -X PUT -H 'Content-Type: application/x-www-form-urlencoded' \
  --data 'title=Don%27t%20open%20a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC&is_done=true' "$base/api/v2/todos/4698" >/dev/null
curl -s "${json[@]}" -H 'Content-Type: application/json' --data '{"title":"from curl","is_done":"false"}' "$base/api/v2/todos-json" >/dev/null
curl -s "${json[@]}" -F 'title=multipart 할 일' -F 'is_done=true' "$base/api/v2/todos" >/dev/null
curl -s "${json[@]}" "$base/api/v2/todos/1" >/dev/null
curl -s "${json[@]}" "$base/api/v2/todos/search" >/dev/null

# mitmdump writes the HAR when it exits.
kill -INT $proxy
wait $proxy 2>/dev/null || true
echo "wrote $here/mitmproxy-todos.har"
