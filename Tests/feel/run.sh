#!/bin/sh
# The feel check: swing and humanize read back from `stave compile`'s MIDI with mido
# (Tests/feel/check_feel.py). Usage (from the repository root): Tests/feel/run.sh [path/to/stave]
# Needs mido (Tests/referee/requirements.txt; run-all installs it under ~/.cache/stave-referee).
set -u
STAVE=${1:-.build/debug/stave}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -x "$STAVE" ]; then echo "feel: no stave binary at $STAVE"; echo "0 passed, 1 failed"; exit 1; fi
exec python3 "$ROOT/Tests/feel/check_feel.py" --stave "$STAVE"
