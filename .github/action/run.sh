#!/usr/bin/env bash
# The run half of apicheck's GitHub Action (action.yml): runs `apicheck COMMAND ARGUMENTS` in the working directory,
# with GitHub annotations and an HTML report for the commands that write them, and records the exit code instead of
# failing, so that the report is uploaded before the action fails with that code. Bash 3.2 (macOS runners).
#
# Environment: COMMAND, ARGUMENTS (one line; quotes group words, nothing is expanded), ANNOTATIONS (true/false),
# REPORT_DIR, WORKING_DIRECTORY. Writes exit-code and report (the HTML report's path, or empty) to $GITHUB_OUTPUT.
#
# `serve` starts `apicheck serve ARGUMENTS` in the background for the job's later steps (a UI test, an emulator's flow)
# and returns once it listens: url and token go to $GITHUB_OUTPUT, and APICHECK_SERVE_URL and APICHECK_SERVE_TOKEN to
# $GITHUB_ENV, so that later steps launch the app with them. `serve-stop` reads the journal (journal, a JSON file),
# stops the server, prints its summary, and has its exit code (0 every request answered, 1 not). SERVE_DIR holds the
# server's log, URL, token and exit code between the two steps.
set -uo pipefail

output() { echo "$1=$2" >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"; }

case "${COMMAND:-}" in
  verify | diff | breaking | coverage | record | examples | infer | har | sandbox | serve | serve-stop) ;;
  *)
    echo "::error title=apicheck action::the command input is '${COMMAND:-}'; it is one of verify, diff, breaking, coverage, record, examples, infer, har, sandbox, serve, serve-stop"
    output exit-code 2
    output report ""
    exit 0
    ;;
esac

# The arguments as the shell would split them, without expanding anything ($HOME, $(...) and * stay as written):
# xargs splits on blanks and honours quotes and backslashes.
arguments=()
if [ -n "${ARGUMENTS:-}" ]; then
  split=$(printf '%s\n' "$ARGUMENTS" | xargs -n 1 printf '%s\n' 2>&1) || {
    echo "::error title=apicheck action::cannot split the arguments input ($split): close each quote"
    output exit-code 2
    output report ""
    exit 0
  }
  while IFS= read -r word; do arguments+=("$word"); done <<<"$split"
fi

report=""
has_format=false
for word in ${arguments[@]+"${arguments[@]}"}; do
  case "$word" in --format | --format=*) has_format=true ;; esac
done
# verify, diff and breaking write GitHub annotations and, beside them, the HTML report; a --format of the user's wins.
case "$COMMAND" in
  verify | diff | breaking)
    if [ "${ANNOTATIONS:-true}" = true ] && [ "$has_format" = false ]; then arguments+=(--format github); fi
    mkdir -p "${REPORT_DIR:?}"
    report="$REPORT_DIR/apicheck-$COMMAND.html"
    rm -f "$report"
    arguments+=(--report "html=$report")
    ;;
esac

cd "${WORKING_DIRECTORY:-.}" || {
  echo "::error title=apicheck action::no working directory ${WORKING_DIRECTORY:-.}"
  output exit-code 2
  output report ""
  exit 0
}
serve_dir=${SERVE_DIR:-${RUNNER_TEMP:-/tmp}/apicheck-serve}
case "$COMMAND" in
  serve)
    for word in ${arguments[@]+"${arguments[@]}"}; do
      case "$word" in --token | --token=*)
        echo "::error title=apicheck action::serve makes its own token (the token output); leave --token out of the arguments"
        output exit-code 2
        output report ""
        exit 0
        ;;
      esac
    done
    mkdir -p "$serve_dir"
    rm -f "$serve_dir/status" "$serve_dir/serve.log" "$serve_dir/url" "$serve_dir/token" "$serve_dir/journal.json"
    token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    echo "apicheck action: apicheck serve ${arguments[*]+"${arguments[*]}"} --token *** (in ${WORKING_DIRECTORY:-.}), in the background"
    # Detached from this step's shell, so that it answers the job's later steps; its exit code lands in status.
    (
      nohup apicheck serve ${arguments[@]+"${arguments[@]}"} --token "$token" >"$serve_dir/serve.log" 2>&1 </dev/null
      echo $? >"$serve_dir/status"
    ) &
    waited=0
    while ! grep -q "Press Ctrl-C to stop." "$serve_dir/serve.log" 2>/dev/null && [ ! -f "$serve_dir/status" ] && [ $waited -lt 600 ]; do
      sleep 0.1
      waited=$((waited + 1))
    done
    url=$(sed -n 's/^apicheck serve: .* on \(http:\/\/[^,]*\),.*/\1/p' "$serve_dir/serve.log" | head -n 1)
    if [ -z "$url" ]; then
      cat "$serve_dir/serve.log" 2>/dev/null
      echo "::error title=apicheck action::apicheck serve did not start (its output is above)"
      output exit-code "$(cat "$serve_dir/status" 2>/dev/null || echo 2)"
      output report ""
      exit 0
    fi
    echo "::add-mask::$token"
    printf '%s\n' "$url" >"$serve_dir/url"
    printf '%s\n' "$token" >"$serve_dir/token"
    head -n 1 "$serve_dir/serve.log"
    output url "$url"
    output token "$token"
    if [ -n "${GITHUB_ENV:-}" ]; then
      printf 'APICHECK_SERVE_URL=%s\nAPICHECK_SERVE_TOKEN=%s\n' "$url" "$token" >>"$GITHUB_ENV"
    fi
    output exit-code 0
    output report ""
    exit 0
    ;;
  serve-stop)
    if [ ! -f "$serve_dir/url" ]; then
      echo "::error title=apicheck action::serve-stop: no apicheck serve was started by this action in this job (command: serve)"
      output exit-code 2
      output report ""
      exit 0
    fi
    url=$(cat "$serve_dir/url")
    token=$(cat "$serve_dir/token")
    curl -fsS -H "X-APICheck-Token: $token" "$url/__apicheck/journal" -o "$serve_dir/journal.json" || echo "apicheck action: the journal could not be read"
    curl -fsS -X POST -H "X-APICheck-Token: $token" "$url/__apicheck/stop" >/dev/null || echo "apicheck action: the stop request failed"
    waited=0
    while [ ! -f "$serve_dir/status" ] && [ $waited -lt 600 ]; do
      sleep 0.1
      waited=$((waited + 1))
    done
    sed -n '/^Press Ctrl-C to stop./,$p' "$serve_dir/serve.log" | tail -n +2
    if [ -f "$serve_dir/journal.json" ]; then output journal "$serve_dir/journal.json"; else output journal ""; fi
    output exit-code "$(cat "$serve_dir/status" 2>/dev/null || echo 2)"
    output report ""
    exit 0
    ;;
esac

echo "apicheck action: apicheck $COMMAND ${arguments[*]+"${arguments[*]}"} (in ${WORKING_DIRECTORY:-.})"
apicheck "$COMMAND" ${arguments[@]+"${arguments[@]}"}
status=$?
output exit-code "$status"
if [ -n "$report" ] && [ -f "$report" ]; then output report "$report"; else output report ""; fi
