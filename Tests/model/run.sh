#!/usr/bin/env bash
# The model referee: random valid songs, compiled by `stave`, compared with an independent model.
# Usage (from anywhere):  Tests/model/run.sh [STAVE_BINARY] [--v2] [--count N] [--seed S] [--jobs J]
# --v2: Stave 2 songs (marks, legato, hairpins, graces, pedal/cc/bend, markers, chord symbols, lyrics).
# --v3: those songs with a form (repeat bars, endings, D.C./D.S., Fine, Coda), key changes, transpose.
# The binary defaults to .build/debug/stave (relative to the repository root). Needs mido==1.3.3
# (Tests/referee/requirements.txt); installs it into ~/.cache/stave-referee when it is missing.
# Ends with exactly "N passed, M failed"; exit status 1 if any song failed, 2 on a usage error.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
STAVE="$ROOT/.build/debug/stave"
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --count|--seed|--jobs) [ $# -ge 2 ] || { echo "usage: $0 [STAVE] [--count N] [--seed S] [--jobs J]" >&2; exit 2; }
                           ARGS+=("$1" "$2"); shift 2 ;;
    --keep-all|--v2|--v3) ARGS+=("$1"); shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
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
exec python3 "$HERE/check_songs.py" --stave "$STAVE" "${ARGS[@]}"
