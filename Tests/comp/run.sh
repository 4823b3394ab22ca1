#!/bin/sh
# The musical properties of `comp` (Tests/comp/check_comp.py) over generated comp songs, from
# the MIDI with mido; then the referee that is not ours (Tests/comp/check_abc2midi.py): 30 tunes
# whose `comp` in abc2midi's default 4/4 accompaniment plays what abc2midi plays.
# Usage (from the repository root):
#   Tests/comp/run.sh [path/to/stave] [--count N] [--no-abc2midi]
# --count sets the number of generated comp songs (the abc2midi tunes are always 30);
# --no-abc2midi leaves the abc2midi referee out (the quick tier: it installs a program).
# Needs mido (the referee parts install it under ~/.cache/stave-referee) and abc2midi (Debian
# package abcmidi, installed with apt-get, as root or with sudo, when missing).
# Ends with one "N passed, M failed" over both.
set -u
STAVE=${1:-.build/debug/stave}
[ $# -gt 0 ] && shift
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEPS="${HOME:-/tmp}/.cache/stave-referee"
export PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}"
ABC2MIDI=1
for arg in "$@"; do
  [ "$arg" = "--no-abc2midi" ] && ABC2MIDI=""
done
PROPERTIES=""
for arg in "$@"; do
  [ "$arg" = "--no-abc2midi" ] || PROPERTIES="$PROPERTIES $arg"
done

LOG=$(mktemp "${TMPDIR:-/tmp}/stave-comp.XXXXXX") || exit 2
trap 'rm -f "$LOG"' EXIT
passed=0 failed=0 status=0
# summarise LOG: print it less its summary line and add that line to the totals.
summarise() {
  grep -vE '^[0-9]+ passed, [0-9]+ failed$' "$LOG"
  line=$(sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' "$LOG" | tail -n 1)
  if [ -n "$line" ]; then
    passed=$((passed + ${line% *}))
    failed=$((failed + ${line#* }))
  else
    echo "$1 ended without its summary line"
    failed=$((failed + 1))
  fi
}

# shellcheck disable=SC2086
python3 "$ROOT/Tests/comp/check_comp.py" --stave "$STAVE" $PROPERTIES >"$LOG" 2>&1 || status=1
summarise check_comp.py

if [ -n "$ABC2MIDI" ]; then
  if ! command -v abc2midi >/dev/null 2>&1; then
    echo "installing abcmidi with apt-get"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq abcmidi; } >/dev/null; then
      echo "cannot install abcmidi"
      failed=$((failed + 1))
      ABC2MIDI=""
    fi
  fi
fi
if [ -n "$ABC2MIDI" ]; then
  python3 "$ROOT/Tests/comp/check_abc2midi.py" --stave "$STAVE" --count 30 >"$LOG" 2>&1 || status=1
  summarise check_abc2midi.py
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && exit "$status"
exit 1
