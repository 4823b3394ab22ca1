#!/usr/bin/env bash
# Editor-support tests: Vim (syntax, ftplugin, ftdetect, :StaveFmt) with real Vim, the
# VS Code TextMate grammar with two real TextMate engines (babi and textmate-grammar-python
# on Oniguruma), the VS Code extension's package files and its formatter (in Node).
#
# Usage (from anywhere): bash Tests/editors/run.sh
# Installs what is missing: Debian's vim (apt-get, only when no Vim with +syntax is
# found) and the pinned Python packages of requirements.txt (pip --target into a
# cache directory, STAVE_EDITORS_DEPS, default ~/.cache/stave-editors/pyX.Y).
# Prints failures only (STAVE_EDITORS_VERBOSE=1 prints every check) and ends with
# "N passed, M failed"; exits non-zero when anything failed.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PY="${PYTHON:-python3}"
export DEBIAN_FRONTEND=noninteractive

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    as_root apt-get update -qq >/dev/null || return 1
    apt_updated=1
  fi
  as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# A Vim with syntax support (vim.tiny has none).
find_vim() {
  local v
  for v in ${STAVE_VIM:-} vim vim.basic vim.nox vim.gtk3; do
    if command -v "$v" >/dev/null 2>&1 && "$v" --version 2>/dev/null | grep -q '+syntax'; then
      command -v "$v"; return 0
    fi
  done
  return 1
}
if ! VIM_BIN="$(find_vim)"; then
  echo "editors: installing vim (apt-get)"
  apt_install vim || echo "editors: could not install vim"
  VIM_BIN="$(find_vim)" || VIM_BIN=""
fi
export STAVE_VIM="$VIM_BIN"

# Node runs the VS Code extension's formatter (test_vscode_format.py).
if ! command -v node >/dev/null 2>&1 && ! command -v nodejs >/dev/null 2>&1; then
  echo "editors: installing nodejs (apt-get)"
  apt_install nodejs || echo "editors: could not install nodejs"
fi
# The stave binary the formatting tests run (the build part made it).
export STAVE="${STAVE:-$(cd "$HERE/../.." && pwd)/.build/debug/stave}"

# Pinned Python packages, installed once per requirements.txt content.
if ! "$PY" -m pip --version >/dev/null 2>&1; then
  "$PY" -m ensurepip --default-pip >/dev/null 2>&1 || true
fi
if ! "$PY" -m pip --version >/dev/null 2>&1; then
  echo "editors: installing pip (apt-get)"
  apt_install python3-pip || echo "editors: could not install pip"
fi
PYVER="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
DEPS="${STAVE_EDITORS_DEPS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/stave-editors/py$PYVER}"
source "$HERE/../runner/pinned.sh"
# A failed install is shown; the tests that need the packages then fail by themselves.
install_pinned editors "$HERE/requirements.txt" "$DEPS" || true
export PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1

passed=0
failed=0
for t in test_vscode_package.py test_textmate.py test_vim.py test_vim_format.py test_vscode_format.py test_agreement.py; do
  out="$("$PY" "$HERE/$t" 2>&1)"
  rc=$?
  printf '%s\n' "$out"
  summary="$(printf '%s\n' "$out" | sed -n 's/^[a-z-]*: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' | tail -n 1)"
  if [ -z "$summary" ]; then
    echo "$t: crashed (exit $rc)"
    failed=$((failed + 1))
    continue
  fi
  set -- $summary
  passed=$((passed + $1))
  failed=$((failed + $2))
  if [ "$rc" -ne 0 ] && [ "$2" -eq 0 ]; then
    failed=$((failed + 1))
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
