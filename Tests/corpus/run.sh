#!/usr/bin/env bash
# Real music from the music21 corpus (Bach chorales, folk tunes, a few others) through Stave,
# refereed note by note against music21 itself. See Tests/corpus/README.md.
#
# Usage (from anywhere): bash Tests/corpus/run.sh [path/to/stave] [check.py options]
# The default binary is .build/debug/stave of this repository. Installs the pinned Python
# packages of requirements.txt once (pip --no-deps --target into a cache directory,
# STAVE_CORPUS_DEPS, default ~/.cache/stave-corpus/pyX.Y); music21 keeps its parsed-score
# cache in a tmp/ folder there. Prints failures and skips only (STAVE_CORPUS_VERBOSE=1 prints
# every piece) and ends with "N passed, M failed"; exits non-zero when anything failed.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PY="${PYTHON:-python3}"

STAVE="${1:-$ROOT/.build/debug/stave}"
[ $# -gt 0 ] && shift
if [ ! -x "$STAVE" ]; then
  echo "corpus: no stave binary at $STAVE (build it: swift build --product stave)"
  echo "0 passed, 1 failed"; exit 1
fi

if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "corpus: music21 10.5 needs Python 3.11 or newer; found $("$PY" --version 2>&1)"
  echo "0 passed, 1 failed"; exit 1
fi
if ! "$PY" -m pip --version >/dev/null 2>&1; then
  "$PY" -m ensurepip --default-pip >/dev/null 2>&1 || true
fi

# Pinned Python packages, installed once per requirements.txt content.
PYVER="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
DEPS="${STAVE_CORPUS_DEPS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/stave-corpus/py$PYVER}"
source "$HERE/../runner/pinned.sh"
install_pinned corpus "$HERE/requirements.txt" "$DEPS" || { echo "0 passed, 1 failed"; exit 1; }

export PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
mkdir -p "$DEPS/tmp"
export TMPDIR="$DEPS/tmp"      # music21's parsed-score cache and the test's scratch files
VERBOSE=()
[ "${STAVE_CORPUS_VERBOSE:-0}" = 1 ] && VERBOSE=(--verbose)
# -S: only the pinned packages (and the standard library), never site-packages.
# First the converter's own unit tests, then the corpus; one summary line over both.
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
"$PY" -S "$HERE/test_stave_text.py" >"$LOG" 2>&1
unit_rc=$?
grep -v '^stave-text: [0-9]* passed' "$LOG"
unit="$(sed -n 's/^stave-text: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$LOG")"
[ -n "$unit" ] || unit="0 1"
[ "$unit_rc" -eq 0 ] || [ "${unit#* }" != 0 ] || unit="${unit% *} 1"
echo "corpus: converter unit tests: ${unit% *} passed, ${unit#* } failed"
"$PY" -S "$HERE/check.py" --stave "$STAVE" ${VERBOSE[@]+"${VERBOSE[@]}"} "$@" 2>&1 | tee "$LOG" \
  | grep -v -E '^[0-9]+ passed, [0-9]+ failed$'
corpus_rc=${PIPESTATUS[0]}
corpus="$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$LOG" | tail -n 1)"
[ -n "$corpus" ] || corpus="0 1"
[ "$corpus_rc" -eq 0 ] || [ "${corpus#* }" != 0 ] || corpus="${corpus% *} 1"
passed=$(( ${unit% *} + ${corpus% *} ))
failed=$(( ${unit#* } + ${corpus#* } ))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
