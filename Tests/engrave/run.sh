#!/usr/bin/env bash
# `stave engrave` with the real engravers: every example engraved to PDF and to SVG with
# MuseScore 3 and with LilyPond (both from Debian), page counts > 0 and every SVG page parsed;
# the grand-staff and SATB examples read by music21 as one part of two PartStaffs; no scratch
# file left in TMPDIR; and the engraving time of the twelve-bar blues with MuseScore.
#
#   bash Tests/engrave/run.sh [path/to/stave]     (default .build/debug/stave)
#
# Installs what it needs when missing, as CI on a clean machine must: the Debian packages
# musescore3, lilypond and poppler-utils (pdfinfo; apt-get, as root or with sudo), and the
# corpus test's pinned music21 (Tests/corpus/requirements.txt, into its shared cache).
# Ends with one "N passed, M failed". Takes about ten minutes on an idle machine (LilyPond is
# slow: the twelve-bar blues to SVG alone takes 2 to 20 minutes, by the load).
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PY="${PYTHON:-python3}"
STAVE="$(cd "$(dirname "${1:-$ROOT/.build/debug/stave}")" && pwd)/$(basename "${1:-$ROOT/.build/debug/stave}")"
[ $# -gt 0 ] && shift
if [ ! -x "$STAVE" ]; then
  echo "engrave: no stave binary at $STAVE (build it: swift build --product stave)"
  echo "0 passed, 1 failed"; exit 1
fi

missing=()
command -v mscore3 >/dev/null 2>&1 || command -v musescore3 >/dev/null 2>&1 || missing+=(musescore3)
{ command -v lilypond >/dev/null 2>&1 && command -v musicxml2ly >/dev/null 2>&1; } || missing+=(lilypond)
command -v pdfinfo >/dev/null 2>&1 || missing+=(poppler-utils)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing ${missing[*]} with apt-get"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"; } >/dev/null; then
    echo "cannot install ${missing[*]}"
    echo "0 passed, 1 failed"
    exit 1
  fi
fi

PYVER="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
CACHE="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}"
CORPUS_DEPS="${STAVE_CORPUS_DEPS:-$CACHE/stave-corpus/py$PYVER}"
source "$ROOT/Tests/runner/pinned.sh"
install_pinned engrave "$ROOT/Tests/corpus/requirements.txt" "$CORPUS_DEPS" || { echo "0 passed, 1 failed"; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/stave-engrave-test.XXXXXX")" || exit 2
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/tmp" "$WORK/music21"
export PYTHONDONTWRITEBYTECODE=1
# music21's own temporary files go elsewhere than the TMPDIR whose emptiness is checked.
TMPDIR="$WORK/music21" PYTHONPATH="$CORPUS_DEPS${PYTHONPATH:+:$PYTHONPATH}" \
  "$PY" -S "$HERE/check_engrave.py" --stave "$STAVE" --root "$ROOT" --work "$WORK" --scratch "$WORK/tmp" "$@"
