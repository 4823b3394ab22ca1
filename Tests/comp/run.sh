#!/bin/sh
# The musical properties of `comp` (Tests/comp/check_comp.py) over generated comp songs, from
# the MIDI with mido. Usage (from the repository root): Tests/comp/run.sh [path/to/stave] [--count N]
# Needs mido (the referee parts install it under ~/.cache/stave-referee).
set -u
STAVE=${1:-.build/debug/stave}
[ $# -gt 0 ] && shift
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEPS="${HOME:-/tmp}/.cache/stave-referee"
PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}" exec python3 "$ROOT/Tests/comp/check_comp.py" --stave "$STAVE" "$@"
