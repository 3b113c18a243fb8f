#!/usr/bin/env bash
# The run half of apicheck's GitHub Action (action.yml): runs `apicheck COMMAND ARGUMENTS` in the working directory,
# with GitHub annotations and an HTML report for the commands that write them, and records the exit code instead of
# failing, so that the report is uploaded before the action fails with that code. Bash 3.2 (macOS runners).
#
# Environment: COMMAND, ARGUMENTS (one line; quotes group words, nothing is expanded), ANNOTATIONS (true/false),
# REPORT_DIR, WORKING_DIRECTORY. Writes exit-code and report (the HTML report's path, or empty) to $GITHUB_OUTPUT.
set -uo pipefail

output() { echo "$1=$2" >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"; }

case "${COMMAND:-}" in
  verify | diff | breaking | coverage | record | examples | infer | har | sandbox) ;;
  *)
    echo "::error title=apicheck action::the command input is '${COMMAND:-}'; it is one of verify, diff, breaking, coverage, record, examples, infer, har, sandbox"
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
echo "apicheck action: apicheck $COMMAND ${arguments[*]+"${arguments[*]}"} (in ${WORKING_DIRECTORY:-.})"
apicheck "$COMMAND" ${arguments[@]+"${arguments[@]}"}
status=$?
output exit-code "$status"
if [ -n "$report" ] && [ -f "$report" ]; then output report "$report"; else output report ""; fi
