# Runs the parts of a test suite honestly and prints one summary table. Sourced by
# Tests/run-all.sh and by its self-test (Tests/runner/test_parts.sh); bash only.
#
#   source Tests/runner/parts.sh
#   parts_begin                                   # resets the table
#   run_part NAME MIN_CHECKS COMMAND [ARGS...]    # runs one part
#   parts_summary                                 # prints the table; status 1 if any part failed
#
# A part is a command whose output (shown as it runs) ends with a line exactly
# "N passed, M failed". It passes only when all of these hold:
#   - the command exits with status 0;
#   - its last such line says M = 0 (a part that prints "1 passed, 1 failed" and exits 0 fails);
#   - that line exists at all (a part that dies before its summary fails);
#   - it made at least MIN_CHECKS checks, N + M (a loop that ran zero times fails).
# The table has one row per part: checks (N + M), failures (M, at least 1 when the part failed
# for another reason), time in seconds, and why it failed. PARTS_LOG_DIR, when set, keeps each
# part's full output as NAME.log there.

PARTS_NAMES=()
PARTS_CHECKS=()
PARTS_FAILURES=()
PARTS_TIMES=()
PARTS_RESULTS=()

parts_begin() {
  PARTS_NAMES=() PARTS_CHECKS=() PARTS_FAILURES=() PARTS_TIMES=() PARTS_RESULTS=()
}

# Milliseconds since the epoch.
parts_now_ms() { local ns; ns="$(date +%s%N)"; echo $((ns / 1000000)); }

# parts_summary_line FILE: "N M" from the last line "N passed, M failed" of FILE, or nothing.
parts_summary_line() {
  sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' "$1" | tail -n 1
}

run_part() {
  local name="$1" minimum="$2"
  shift 2
  local log began rc summary passed failed checks failures result=ok
  log="$(mktemp "${TMPDIR:-/tmp}/stave-part.XXXXXX")"
  echo
  echo "=== $name"
  began="$(parts_now_ms)"
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  local elapsed=$(( $(parts_now_ms) - began ))
  summary="$(parts_summary_line "$log")"
  if [ -n "$summary" ]; then
    passed="${summary% *}"
    failed="${summary#* }"
  else
    passed=0
    failed=0
  fi
  checks=$((passed + failed))
  failures=$failed
  if [ "$rc" -ne 0 ]; then
    result="FAILED: exit status $rc"
  elif [ -z "$summary" ]; then
    result="FAILED: no 'N passed, M failed' line"
  elif [ "$failed" -gt 0 ]; then
    result="FAILED: $failed failed"
  elif [ "$checks" -lt "$minimum" ]; then
    result="FAILED: $checks checks, expected at least $minimum"
  fi
  if [ "$result" != ok ] && [ "$failures" -eq 0 ]; then failures=1; fi
  if [ -n "${PARTS_LOG_DIR:-}" ]; then
    mkdir -p "$PARTS_LOG_DIR" && cp "$log" "$PARTS_LOG_DIR/$(echo "$name" | tr -c 'A-Za-z0-9.-' '-' | sed 's/-*$//').log"
  fi
  rm -f "$log"
  [ "$result" = ok ] || echo "=== $name: $result"
  PARTS_NAMES+=("$name")
  PARTS_CHECKS+=("$checks")
  PARTS_FAILURES+=("$failures")
  PARTS_TIMES+=("$(printf '%d.%d' $((elapsed / 1000)) $((elapsed % 1000 / 100)))")
  PARTS_RESULTS+=("$result")
  [ "$result" = ok ]
}

# Prints the table; returns 1 when any part failed or no part ran.
parts_summary() {
  local i total_checks=0 total_failures=0 total_ms=0 failed_parts=0 width=4 seconds tenths
  for i in "${!PARTS_NAMES[@]}"; do
    [ "${#PARTS_NAMES[$i]}" -gt "$width" ] && width=${#PARTS_NAMES[$i]}
  done
  echo
  printf "%-${width}s  %8s  %8s  %8s  %s\n" part checks failures "time (s)" result
  for i in "${!PARTS_NAMES[@]}"; do
    printf "%-${width}s  %8d  %8d  %8s  %s\n" "${PARTS_NAMES[$i]}" "${PARTS_CHECKS[$i]}" \
      "${PARTS_FAILURES[$i]}" "${PARTS_TIMES[$i]}" "${PARTS_RESULTS[$i]}"
    total_checks=$((total_checks + PARTS_CHECKS[i]))
    total_failures=$((total_failures + PARTS_FAILURES[i]))
    seconds="${PARTS_TIMES[$i]%.*}" tenths="${PARTS_TIMES[$i]#*.}"
    total_ms=$((total_ms + seconds * 1000 + tenths * 100))
    [ "${PARTS_RESULTS[$i]}" = ok ] || failed_parts=$((failed_parts + 1))
  done
  local verdict="ALL PASSED"
  if [ "${#PARTS_NAMES[@]}" -eq 0 ]; then
    verdict="FAILED: no parts ran"
  elif [ "$failed_parts" -gt 0 ]; then
    verdict="FAILED: $failed_parts of ${#PARTS_NAMES[@]} parts"
  fi
  printf "%-${width}s  %8d  %8d  %8s  %s\n" total "$total_checks" "$total_failures" \
    "$((total_ms / 1000)).$((total_ms % 1000 / 100))" "$verdict"
  [ "$verdict" = "ALL PASSED" ]
}
