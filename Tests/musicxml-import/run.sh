#!/usr/bin/env bash
# MusicXML import (`stave import SCORE.musicxml|.mxl`), checked two ways:
#   1. our own exports come back: every example exported, imported and compiled gives the
#      example's MIDI bytes (examples.sh says what MusicXML cannot carry and how it is allowed);
#   2. scores written by others: music21 corpus MusicXML and .mxl files imported, compiled back
#      to MusicXML, and read by music21 on both sides (corpus.py: notes, spelling, lyrics by
#      verse and pass, chord symbols; repeats unfolded with expandRepeats() on each side that has them), counted as exact,
#      declared-loss or failed.
# Usage (from anywhere): bash Tests/musicxml-import/run.sh [path/to/stave] [--every K]
# --every K checks every K-th corpus file (the quick tier). Installs the corpus test's pinned
# music21 (Tests/corpus/requirements.txt) into its cache, as Tests/musicxml/run.sh does.
# Ends with "N passed, M failed"; exits non-zero when anything failed.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PY="${PYTHON:-python3}"
STAVE="${1:-$ROOT/.build/debug/stave}"
[ $# -gt 0 ] && shift
EVERY=1
while [ $# -gt 0 ]; do
  case "$1" in
    --every) EVERY="$2"; shift 2 ;;
    *) echo "musicxml-import: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ ! -x "$STAVE" ]; then
  echo "musicxml-import: no stave binary at $STAVE (build it: swift build --product stave)"
  echo "0 passed, 1 failed"; exit 1
fi
passed=0 failed=0
add() { # the "N passed, M failed" line of a log
  local line
  line="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -n 1)"
  if [ -n "$line" ]; then
    passed=$((passed + ${line%% *}))
    line="${line#*, }"
    failed=$((failed + ${line%% *}))
  else
    failed=$((failed + 1))
  fi
}
LOG="$(mktemp -d)"
trap 'rm -rf "$LOG"' EXIT

bash "$HERE/examples.sh" "$STAVE" >"$LOG/examples" 2>&1
grep -vE '^[0-9]+ passed, [0-9]+ failed$' "$LOG/examples"
add "$LOG/examples"

PYVER="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
CACHE="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}"
CORPUS_DEPS="${STAVE_CORPUS_DEPS:-$CACHE/stave-corpus/py$PYVER}"
source "$ROOT/Tests/runner/pinned.sh"
if install_pinned musicxml-import "$ROOT/Tests/corpus/requirements.txt" "$CORPUS_DEPS"; then
  mkdir -p "$CORPUS_DEPS/tmp"
  # Every K-th corpus file (music21's own corpus folder, found by the pinned music21).
  PYTHONPATH="$CORPUS_DEPS" "$PY" -S - "$EVERY" >"$LOG/files" <<'PYEOF'
import os, sys
import music21
root = os.path.dirname(music21.corpus.__file__)
paths = sorted(os.path.join(d, f) for d, _, files in os.walk(root) for f in files
               if f.endswith((".mxl", ".musicxml", ".xml")) and "_metadataCache" not in d)
print("\n".join(paths[::int(sys.argv[1])]))
PYEOF
  PYTHONPATH="$CORPUS_DEPS" TMPDIR="$CORPUS_DEPS/tmp" PYTHONDONTWRITEBYTECODE=1 \
    "$PY" -S "$HERE/corpus.py" --stave "$STAVE" --files "$LOG/files" >"$LOG/corpus" 2>&1
  grep -E '^(FAIL|DIFF|SKIP)|exact, |^corpus: ' "$LOG/corpus"
  add "$LOG/corpus"
else
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
