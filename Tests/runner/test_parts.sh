#!/usr/bin/env bash
# Self-test of Tests/runner/parts.sh: the runner must fail on parts that fail in every way a
# part can fail (and pass on good ones), and its table must say what happened. Takes well under
# a second; run-all runs it as its first part. Ends with "N passed, M failed".
#
# Usage (from anywhere): bash Tests/runner/test_parts.sh
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=parts.sh
source "$HERE/parts.sh"
unset PARTS_LOG_DIR   # the fake parts below must not leave logs beside the real ones

passed=0
failed=0
check() { # check DESCRIPTION CONDITION...
  local what="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $what"
  fi
}
contains() { case "$1" in *"$2"*) return 0 ;; *) return 1 ;; esac; }
# Runs one part quietly in a fresh table; sets RC (run_part's status), TABLE and STATUS
# (parts_summary's output and status).
one_part() {
  parts_begin
  run_part "$@" >/dev/null 2>&1
  RC=$?
  TABLE="$(parts_summary)"
  STATUS=$?
}

# Fake parts, one per way of passing or failing.
good() { echo "checking"; echo "3 passed, 0 failed"; }
exits_zero_with_a_failure() { echo "1 passed, 1 failed"; }
exits_non_zero() { echo "2 passed, 0 failed"; return 3; }
no_checks() { echo "0 passed, 0 failed"; }
no_summary() { echo "all fine, trust me"; }
too_few() { echo "2 passed, 0 failed"; }
late_failure() { echo "5 passed, 0 failed"; echo "1 passed, 1 failed"; }
prefixed_only() { echo "sub: 4 passed, 0 failed"; }
stderr_summary() { echo "6 passed, 0 failed" >&2; }
dies() { echo "1 passed, 0 failed"; kill -9 $BASHPID; }

one_part good 1 good
check "a good part passes" [ "$RC" -eq 0 ]
check "a run of good parts passes" [ "$STATUS" -eq 0 ]
check "the table counts its checks" contains "$TABLE" "3         0"
check "the table says ALL PASSED" contains "$TABLE" "ALL PASSED"

one_part bad 1 exits_zero_with_a_failure
check "exit 0 with '1 passed, 1 failed' fails the part" [ "$RC" -ne 0 ]
check "... and the run" [ "$STATUS" -ne 0 ]
check "... and the table shows 1 failure" contains "$TABLE" "FAILED: 1 failed"

one_part bad 1 exits_non_zero
check "a non-zero exit fails the part" [ "$RC" -ne 0 ]
check "... and the run" [ "$STATUS" -ne 0 ]
check "... and the table says why" contains "$TABLE" "FAILED: exit status 3"

one_part bad 1 no_checks
check "a part with 0 checks fails" [ "$RC" -ne 0 ]
check "... and the run" [ "$STATUS" -ne 0 ]

one_part bad 1 no_summary
check "a part without a summary line fails" [ "$RC" -ne 0 ]
check "... and the run" [ "$STATUS" -ne 0 ]

one_part bad 3 too_few
check "a part below its minimum count fails" [ "$RC" -ne 0 ]
check "... and the table says why" contains "$TABLE" "2 checks, expected at least 3"

one_part bad 1 late_failure
check "the last summary line counts" [ "$RC" -ne 0 ]

one_part bad 1 prefixed_only
check "only an unprefixed summary line counts" [ "$RC" -ne 0 ]

one_part good 1 stderr_summary
check "a summary on standard error counts" [ "$RC" -eq 0 ]

one_part bad 1 dies
check "a part killed by a signal fails" [ "$RC" -ne 0 ]

one_part bad 1 false
check "a command that does not exist or fails silently fails" [ "$RC" -ne 0 ]

# Several parts: one failure among good ones fails the run, and the totals add up.
parts_begin
{ run_part first 1 good; run_part second 1 exits_zero_with_a_failure; run_part third 1 good; } >/dev/null 2>&1
TABLE="$(parts_summary)"
STATUS=$?
check "one failing part among good ones fails the run" [ "$STATUS" -ne 0 ]
check "the table has a row per part and a total" [ "$(printf '%s\n' "$TABLE" | grep -cE '^(first|second|third|total) ')" -eq 4 ]
check "the total adds up the checks and failures" contains "$(printf '%s\n' "$TABLE" | grep '^total')" "8         1"
check "the total names the failed parts" contains "$TABLE" "FAILED: 1 of 3 parts"

parts_begin
TABLE="$(parts_summary)"
STATUS=$?
check "a run of no parts fails" [ "$STATUS" -ne 0 ]

# The part's output is shown, and kept when PARTS_LOG_DIR is set.
LOGS="$(mktemp -d "${TMPDIR:-/tmp}/stave-parts-test.XXXXXX")"
parts_begin
SHOWN="$(PARTS_LOG_DIR="$LOGS" run_part "good part" 1 good 2>&1)"
check "the part's output is shown" contains "$SHOWN" "checking"
check "the part's log is kept" grep -q checking "$LOGS/good-part.log"
rm -rf "$LOGS"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
