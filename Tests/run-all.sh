#!/usr/bin/env bash
# The whole test suite, runnable on a fresh machine from the repository root:
#   1. the Swift unit, fixture, golden, round-trip, property, grammar, command-line and fuzz
#      tests (swift test);
#   2. the independent MIDI referee (mido, pinned) over every example;
#   3. real music: about 900 music21 corpus pieces refereed note by note against music21;
#   4. the model referee: 300 seeded random songs against an independent model of LANGUAGE.md;
#   5. the editor-support tests (real Vim, two TextMate engines).
# Installs its own pinned Python referees. Ends with one line "N passed, M failed" over all
# the parts and exits non-zero when any part fails.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.."
status=0
passed=0
failed=0
part() { echo; echo "=== $1"; }
count() { # count "N passed, M failed" from the last such line of a log
  local line
  line="$(grep -E '^[a-z-]*:? ?[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 | grep -oE '[0-9]+ passed, [0-9]+ failed')"
  if [ -n "$line" ]; then
    passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
    failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
  else
    failed=$((failed + 1))
  fi
}
LOG="$(mktemp)"

part "swift test"
swift test 2>&1 | tee "$LOG" | grep -E "error:|failed \(|Fatal error|Executed [0-9]+ tests" | grep -v "^Test Suite '.*' passed" | tail -n 60
rc=${PIPESTATUS[0]}
summary="$(grep -E 'Executed [0-9]+ tests, with [0-9]+ failures' "$LOG" | tail -n 1)"
tests="$(echo "$summary" | grep -oE 'Executed [0-9]+' | grep -oE '[0-9]+')"
failures="$(echo "$summary" | grep -oE 'with [0-9]+ failures' | grep -oE '[0-9]+')"
passed=$((passed + ${tests:-0} - ${failures:-0}))
failed=$((failed + ${failures:-0}))
if [ "$rc" -ne 0 ] || [ -z "$summary" ]; then
  echo "swift test FAILED (exit $rc)"; tail -n 40 "$LOG"; status=1
  [ "${failures:-0}" -gt 0 ] || failed=$((failed + 1))
fi

part "MIDI referee (mido)"
swift build --product stave 2>&1 | grep -E "error" ; true
REFEREE_DEPS="${HOME:-/tmp}/.cache/stave-referee"
if ! PYTHONPATH="$REFEREE_DEPS" python3 -c "import mido" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$REFEREE_DEPS" -r Tests/referee/requirements.txt || status=1
fi
PYTHONPATH="$REFEREE_DEPS${PYTHONPATH:+:$PYTHONPATH}" bash Tests/referee/run.sh .build/debug/stave 2>&1 | tee "$LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count "$LOG"

part "real music: music21 corpus"
bash Tests/corpus/run.sh .build/debug/stave 2>&1 | tee "$LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count "$LOG"

part "model referee (random songs)"
bash Tests/model/run.sh .build/debug/stave --count 300 --seed 20240601 2>&1 | tail -n 20 | tee "$LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count "$LOG"

part "editor support"
bash Tests/editors/run.sh 2>&1 | tee "$LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count "$LOG"
rm -f "$LOG"

echo
if [ $status -eq 0 ]; then echo "ALL TESTS PASSED"; else echo "SOME TESTS FAILED"; status=1; fi
echo "$passed passed, $failed failed"
exit $status
