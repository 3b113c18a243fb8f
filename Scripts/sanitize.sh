#!/usr/bin/env bash
# Runs the tests under a sanitizer and fails on any report it makes (docs/RELIABILITY.md, "Sanitizers").
#
#   Scripts/sanitize.sh thread                  every suite under the thread sanitizer
#   Scripts/sanitize.sh address                 every suite under the address sanitizer, leak detection on
#   Scripts/sanitize.sh thread --threads        the suites where threads meet (what .ci/run runs on each submission)
#   Scripts/sanitize.sh thread --filter REGEX   the tests `swift test --filter REGEX` selects
#
# It builds the tests with the sanitizer into .build-tsan/ or .build-asan/ (the main build is not touched) and runs
# them there. The CLI tests' children are that build's apicheck, sanitized too. Every process writes its reports to
# files of its own (the sanitizer's log_path), so a report counts even where a test reads no stderr; the files are
# printed at the end, followed by one line: tests, reports, seconds. Leaks are mended at their cause; the only
# suppressions are in Scripts/lsan-suppressions.txt, each with its reason.
# Exit 0 when every test passed and no process reported anything, 1 otherwise, 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; }

# The suites where threads meet: the lock itself; replay, and apicheck serve (its connections' threads and the journal's lock, the stop
# request beside Ctrl-C); (one protocol class per session, the slot list) and global
# scope (one URLSession.shared, serialized beside parallel session-scope tests, 1,000 parallel replays); the live
# runner, its two transports and the hostile server; the sockets and the sandbox's server; verify on parallel jobs
# (Parallel.map, and the apicheck child, sanitized, with --jobs 2 and 8) and the Ctrl-C path of a live run; a contract
# compiled where reached (one lock around its compiler, looked up from several threads; the OpenAPI schema compiled
# ahead on a thread of its own and applied to the document on a second; a 3.0 document's schemas read on a second thread;
# schemas compiled on a thread with a large stack of its own, hundreds of levels deep; a vendor's later paths compiled,
# its later operations compared and its report's later changes written on a second thread; a large JSON text read on two
# threads, and a description's $refs walked on a second thread while it compiles; work aside at a lower priority; a
# pattern's ICU program made when first needed, from any thread; examples made on a thread per core and written in order
# by the calling thread, Parallel.forEachInOrder).
threads_filter='^(LockingTests|APICheckReplayTests|APICheckLiveTests|SandboxTests|APICheckServeTests)\.|^APICheckRecordingTests\.(ParallelTests|JSONApartTests|BackgroundResultTests)|^APICheckContractsTests\.(ReachedCompilationTests|OpenAPIStructureTests|ContractMemoryTests|HostileDocumentTests|ReferencesApartTests)'
threads_filter+='|^APICheckCommandsTests\.TwoHalvesTests|^APICheckJSONSchemaTests\.PatternProgramTests'
threads_filter+='|^APICheckTestingTests\.(GlobalScopeTests|GlobalScopeSerializationTests|ParallelReplayTests|AppCodeReplayTests|ExampleReportTests)'
threads_filter+='|^APICheckCLITests\.(HostileServerCLITests|VerifyCommandTests/parallelJobs|LiveCommandTests/interrupt|ServeCommandTests|ExamplesCommandTests)'

sanitizer=""
filter=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    thread|address)
      [ -n "$sanitizer" ] && { echo "sanitize.sh: one sanitizer at a time" >&2; exit 2; }
      sanitizer=$1; shift ;;
    --threads) filter=$threads_filter; shift ;;
    --filter) filter=${2:?--filter needs a regular expression}; shift 2 ;;
    *) echo "sanitize.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$sanitizer" ]; then
  echo "sanitize.sh: say which sanitizer: thread or address" >&2
  usage >&2
  exit 2
fi

case "$sanitizer" in
  thread) scratch=.build-tsan ;;
  address) scratch=.build-asan ;;
esac
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

echo "== building the tests with the $sanitizer sanitizer ($scratch/)"
swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"

# halt_on_error=0: a run goes on after a report, so that one run shows them all. Reports go to $logs/report.<pid>.
export TSAN_OPTIONS="halt_on_error=0 log_path=$logs/report ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="detect_leaks=1 halt_on_error=0 log_path=$logs/report ${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt print_suppressions=0 ${LSAN_OPTIONS:-}"

echo "== swift test --sanitize=$sanitizer${filter:+ --filter '$filter'}"
arguments=(--skip-build --sanitize="$sanitizer" --scratch-path "$scratch")
[ -n "$filter" ] && arguments+=(--filter "$filter")
start=$(date +%s)
status=0
swift test "${arguments[@]}" 2>&1 | tee "$logs/output.txt" || status=$?
seconds=$(($(date +%s) - start))

reports=0
for file in "$logs"/report.*; do
  [ -e "$file" ] || continue
  count=$(grep -cE "^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer))" "$file" || true)
  [ "$count" -gt 0 ] || continue
  reports=$((reports + count))
  echo "== $count report(s) from process ${file##*.}:"
  cat "$file"
done
tests=$(grep -oE "Test run with [0-9]+ tests?" "$logs/output.txt" | tail -n 1 | grep -oE "[0-9]+" || echo "?")
echo "sanitize.sh: $sanitizer sanitizer: $tests tests, $reports reports, ${seconds} s (swift test exited $status)"
if [ "$status" -ne 0 ] || [ "$reports" -gt 0 ]; then
  exit 1
fi
