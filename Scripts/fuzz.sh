#!/usr/bin/env bash
# Fuzzes every reader of outside input with libFuzzer (docs/RELIABILITY.md).
#
#   Scripts/fuzz.sh 1000000                       every target, a million inputs each
#   Scripts/fuzz.sh --time 1800 har config        HAR import and the apicheck.yml loader, 30 minutes each
#   Scripts/fuzz.sh --max-len 4096 100000 json    options: --runs N (or a bare number), --time SECONDS,
#                                                 --max-len BYTES (default 4096)
#
# It builds apicheck-fuzz once with -sanitize=fuzzer,address into .build-fuzz/ (the main build is not
# touched), seeds each target's corpus from the repository (recordings, contracts, HAR fixtures,
# apicheck.yml, Fuzz/Seeds/ and every input that ever crashed, Fuzz/Regressions/), and runs the targets
# one after another. An input that crashes, hangs (-timeout), or breaks an invariant is kept in
# .build-fuzz/crashes/<target>/; reproduce it with `swift run apicheck-fuzz TARGET FILE`, fix the bug,
# and commit the input to Fuzz/Regressions/<target>/ so that `swift test` runs it from then on.
# Exit 0 when no target crashed, 1 when one did, 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(json recording har config contract examples coverage form multipart date matcher http-request http-response)
runs=""
seconds=""
max_len=4096
targets=()
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --time) seconds=${2:?--time needs seconds}; shift 2 ;;
    --max-len) max_len=${2:?--max-len needs bytes}; shift 2 ;;
    [0-9]*) runs=$1; shift ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *)
      if [[ " ${all_targets[*]} " != *" $1 "* ]]; then
        echo "fuzz.sh: no target named $1 (targets: ${all_targets[*]})" >&2
        exit 2
      fi
      targets+=("$1"); shift ;;
  esac
done
for number in "$runs" "$seconds" "$max_len"; do
  if [ -n "$number" ] && ! [[ "$number" =~ ^[0-9]+$ ]]; then
    echo "fuzz.sh: $number is not a whole number" >&2
    exit 2
  fi
done
if [ -z "$runs" ] && [ -z "$seconds" ]; then
  echo "fuzz.sh: say how long: a number of inputs per target (Scripts/fuzz.sh 1000000) or --time SECONDS" >&2
  exit 2
fi
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

# APICHECK_FUZZ_DIR names another folder (a second campaign beside a running one); keep it under .build-*.
work=${APICHECK_FUZZ_DIR:-.build-fuzz}
echo "== building apicheck-fuzz with libFuzzer and AddressSanitizer ($work/)"
swift build -c release --product apicheck-fuzz --scratch-path "$work" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
binary=$work/release/apicheck-fuzz

seed() {
  local target=$1 corpus=$2
  case "$target" in
    json|recording|matcher) find recordings -name '*.json' -exec cp {} "$corpus/" \; ;;
    har) cp Tests/APICheckCommandsTests/Fixtures/har/*.har "$corpus/" ;;
    config) cp apicheck.yml "$corpus/" ;;
    contract | examples | coverage)
      cp contracts/*.yaml Tests/APICheckContractsTests/Fixtures/openapi30/*.json Tests/APICheckContractsTests/Fixtures/generators/* "$corpus/" ;;
  esac
  [ -d "Fuzz/Seeds/$target" ] && cp "Fuzz/Seeds/$target"/* "$corpus/" 2>/dev/null || true
  [ -d "Fuzz/Regressions/$target" ] && cp "Fuzz/Regressions/$target"/* "$corpus/" 2>/dev/null || true
}

failed=()
summary=()
for target in "${targets[@]}"; do
  corpus=$work/corpus/$target
  crashes=$work/crashes/$target
  mkdir -p "$corpus" "$crashes"
  seed "$target" "$corpus"
  limit=()
  [ -n "$runs" ] && limit+=("-runs=$runs")
  [ -n "$seconds" ] && limit+=("-max_total_time=$seconds")
  echo "== $target: ${limit[*]} -max_len=$max_len"
  log=$work/$target.log
  started=$(date +%s)
  status=0
  APICHECK_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    "$binary" "${limit[@]}" -max_len="$max_len" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1 || status=$?
  inputs=$(grep -oE "stat::number_of_executed_units: [0-9]+" "$log" | grep -oE "[0-9]+$" || echo "?")
  line="$target: $inputs inputs in $(( $(date +%s) - started )) s"
  if [ "$status" -ne 0 ]; then
    line="$line, CRASHED (exit $status; input and log: $crashes/, $log)"
    failed+=("$target")
    grep -E "Fatal error|ERROR: |SUMMARY" "$log" | head -5 || true
  fi
  echo "$line"
  summary+=("$line")
done

echo "== summary"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: crashes in: ${failed[*]}" >&2
  exit 1
fi
