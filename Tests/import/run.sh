#!/usr/bin/env bash
# The `stave import` round trip: every example, 1,000 seeded songs of the model referee's
# generator and 200 of its Stave 2 generator (at least 200 must run) go compile → import →
# compile, and the two MIDI files must agree note for note (track, channel, start tick,
# duration, pitch, velocity), in programs, tempo map and meters, and in controllers, bends,
# lyrics and markers (Tests/import/roundtrip.py, read with mido, pinned in
# Tests/referee/requirements.txt).
# Usage (from anywhere): Tests/import/run.sh [STAVE_BINARY] [--count N] [--count-v2 N] [--seed S] [--jobs J]
# Ends with exactly "N passed, M failed"; exit status 1 if any song failed.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
STAVE="$ROOT/.build/debug/stave"
ARGS=()
COUNT_V2=200
while [ $# -gt 0 ]; do
  case "$1" in
    --count|--seed|--jobs) [ $# -ge 2 ] || { echo "usage: $0 [STAVE] [--count N] [--count-v2 N] [--seed S] [--jobs J]" >&2; exit 2; }
                           ARGS+=("$1" "$2"); shift 2 ;;
    --count-v2) [ $# -ge 2 ] || { echo "usage: $0 [STAVE] [--count N] [--count-v2 N] [--seed S] [--jobs J]" >&2; exit 2; }
                COUNT_V2="$2"; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) STAVE="$1"; shift ;;
  esac
done
DEPS="${HOME:-/tmp}/.cache/stave-referee"
export PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}"
if ! python3 -c "import mido" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$DEPS" \
    -r "$ROOT/Tests/referee/requirements.txt" || { echo "cannot install mido" >&2; exit 2; }
fi
exec python3 "$HERE/roundtrip.py" --stave "$STAVE" --examples "$ROOT/Examples" --min-examples 10 --count 1000 \
  --count-v2 "$COUNT_V2" --min-v2 "$COUNT_V2" "${ARGS[@]}"
