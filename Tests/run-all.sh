#!/usr/bin/env bash
# The whole test suite, runnable on a fresh machine from the repository root:
#   1. the Swift unit, fixture, golden, round-trip, property and fuzz tests (swift test);
#   2. the independent MIDI referee (mido, pinned) over every example;
#   3. the editor-support tests (real Vim, two TextMate engines).
# Installs its own pinned Python referees. Exits non-zero when any part fails.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.."
status=0
part() { echo; echo "=== $1"; }

part "swift test"
LOG="$(mktemp)"
swift test 2>&1 | tee "$LOG" | grep -E "error:|failed \(|Fatal error|Executed [0-9]+ tests" | grep -v "^Test Suite '.*' passed" | tail -n 60
rc=${PIPESTATUS[0]}
if [ "$rc" -ne 0 ]; then echo "swift test FAILED (exit $rc)"; tail -n 40 "$LOG"; status=1; fi
rm -f "$LOG"

part "MIDI referee (mido)"
swift build --product stave 2>&1 | grep -E "error" ; true
REFEREE_DEPS="${HOME:-/tmp}/.cache/stave-referee"
if ! PYTHONPATH="$REFEREE_DEPS" python3 -c "import mido" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$REFEREE_DEPS" -r Tests/referee/requirements.txt || status=1
fi
PYTHONPATH="$REFEREE_DEPS${PYTHONPATH:+:$PYTHONPATH}" bash Tests/referee/run.sh .build/debug/stave || status=1

part "editor support"
bash Tests/editors/run.sh || status=1

echo
if [ $status -eq 0 ]; then echo "ALL TESTS PASSED"; else echo "SOME TESTS FAILED"; fi
exit $status
