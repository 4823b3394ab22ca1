#!/bin/sh
# Compiles every Examples/*.stave with a built `stave` and runs the MIDI referee.
# Usage (from the repository root): Tests/referee/run.sh [path/to/stave]
# The default binary is .build/debug/stave. Needs: pip install -r Tests/referee/requirements.txt
set -u
STAVE=${1:-.build/debug/stave}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$(mktemp -d "${TMPDIR:-/tmp}/stave-referee.XXXXXX") || exit 2
trap 'rm -rf "$OUT"' EXIT INT TERM

MIN_EXAMPLES=10   # a loop over fewer examples than this tests too little (there are 11)
status=0
compiled=0
for song in "$ROOT"/Examples/*.stave; do
    [ -f "$song" ] || continue
    compiled=$((compiled + 1))
    name=$(basename "$song" .stave)
    if ! "$STAVE" compile "$song" -o "$OUT/$name.mid"; then
        echo "stave compile failed for Examples/$name.stave (exit status $?)" >&2
        status=1
    fi
done
if [ "$compiled" -lt "$MIN_EXAMPLES" ]; then
    echo "only $compiled examples in $ROOT/Examples, expected at least $MIN_EXAMPLES" >&2
    status=1
fi
python3 "$ROOT/Tests/referee/check_midi.py" "$OUT" --examples "$ROOT/Examples" --min-examples "$MIN_EXAMPLES" || status=1
exit $status
