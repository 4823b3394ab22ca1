#!/usr/bin/env bash
# stave fmt and stave tree over the Examples, the music21 corpus songs and generated songs,
# through the command line (Tests/format/check_format.py says what is checked).
# Usage: bash Tests/format/run.sh [path/to/stave] [check_format.py options, e.g. --corpus DIR]
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
STAVE="${1:-$ROOT/.build/debug/stave}"
[ $# -gt 0 ] && shift
if [ ! -x "$STAVE" ]; then
  echo "format: no stave binary at $STAVE"
  echo "0 passed, 1 failed"; exit 1
fi
exec python3 "$HERE/check_format.py" --stave "$STAVE" "$@"
