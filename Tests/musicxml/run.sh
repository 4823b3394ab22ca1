#!/usr/bin/env bash
# The MusicXML export refereed by music21 and the MusicXML 3.1 XSD: every example, the music21
# corpus pieces the corpus test converts, and seeded random songs of the model referee.
# See Tests/musicxml/README.md.
#
# Usage (from anywhere): bash Tests/musicxml/run.sh [path/to/stave] [referee.py options]
# The default binary is .build/debug/stave of this repository. Installs, once per requirements
# file: the corpus test's pinned music21 (Tests/corpus/requirements.txt, into the corpus test's
# own cache, shared), xmlschema and elementpath (requirements.txt), and the MusicXML 3.1 XSD
# taken from the pinned partitura wheel (schema.txt) -- all into ~/.cache (STAVE_CORPUS_DEPS,
# STAVE_MUSICXML_DEPS). Ends with "N passed, M failed"; exits non-zero when anything failed.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PY="${PYTHON:-python3}"

STAVE="${1:-$ROOT/.build/debug/stave}"
[ $# -gt 0 ] && shift
if [ ! -x "$STAVE" ]; then
  echo "musicxml: no stave binary at $STAVE (build it: swift build --product stave)"
  echo "0 passed, 1 failed"; exit 1
fi
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "musicxml: music21 10.5 needs Python 3.11 or newer; found $("$PY" --version 2>&1)"
  echo "0 passed, 1 failed"; exit 1
fi
if ! "$PY" -m pip --version >/dev/null 2>&1; then
  "$PY" -m ensurepip --default-pip >/dev/null 2>&1 || true
fi

PYVER="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
CACHE="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}"
CORPUS_DEPS="${STAVE_CORPUS_DEPS:-$CACHE/stave-corpus/py$PYVER}"
DEPS="${STAVE_MUSICXML_DEPS:-$CACHE/stave-musicxml/py$PYVER}"

source "$ROOT/Tests/runner/pinned.sh"
install_pinned musicxml "$ROOT/Tests/corpus/requirements.txt" "$CORPUS_DEPS" || { echo "0 passed, 1 failed"; exit 1; }
install_pinned musicxml "$HERE/requirements.txt" "$DEPS" || { echo "0 passed, 1 failed"; exit 1; }

# The XSD: only partitura/assets/musicxml.xsd of the pinned wheel.
XSD="$DEPS/musicxml-3.1.xsd"
if ! cmp -s "$HERE/schema.txt" "$DEPS/.schema.txt" || [ ! -s "$XSD" ]; then
  WHEELS="$(mktemp -d)"
  if "$PY" -m pip download --quiet --disable-pip-version-check --no-input --no-deps \
       -d "$WHEELS" -r "$HERE/schema.txt" >"$DEPS/schema.log" 2>&1 \
     && "$PY" - "$WHEELS" "$XSD" <<'PYEOF'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + '/partitura-*.whl')[0]
with zipfile.ZipFile(wheel) as z, open(sys.argv[2], 'wb') as out:
    out.write(z.read('partitura/assets/musicxml.xsd'))
PYEOF
  then
    cp "$HERE/schema.txt" "$DEPS/.schema.txt"
  else
    echo "musicxml: could not get the MusicXML XSD from the partitura wheel:"; tail -n 20 "$DEPS/schema.log"
    rm -rf "$WHEELS"
    echo "0 passed, 1 failed"; exit 1
  fi
  rm -rf "$WHEELS"
fi

export PYTHONPATH="$CORPUS_DEPS:$DEPS${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
mkdir -p "$CORPUS_DEPS/tmp"
export TMPDIR="$CORPUS_DEPS/tmp"   # music21's parsed-corpus cache, shared with the corpus test
# -S: only the pinned packages (and the standard library), never site-packages.
exec "$PY" -S "$HERE/referee.py" --stave "$STAVE" --xsd "$XSD" "$@"
