#!/usr/bin/env bash
# The preview part: `stave preview` in a real browser and under attack.
#   Tests/preview/run.sh [path/to/stave]      (from the repository root; default .build/debug/stave)
# Installs what it needs when missing, as CI on a clean machine must: the Debian packages
# chromium and chromium-driver (and fluidsynth and fluid-soundfont-gm, for Play), with apt-get as
# root or with sudo, and selenium and mido (pinned in Tests/preview/requirements.txt) into
# ~/.cache/stave-preview. selenium is given Debian's /usr/bin/chromedriver, so it never looks for
# a driver online. Then runs check_security.py (paths, Host, limits, idle and slow clients,
# loopback only, Ctrl-C) and check_preview.py (every example in headless Chromium: notes, errors
# and fixes, Play and the cursor, the update latency), and ends with one "N passed, M failed".
# The screenshots (one per example) are kept in $PARTS_LOG_DIR/preview-screenshots
# (default .build/test-logs/preview-screenshots).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
STAVE="$(cd "$(dirname "${1:-.build/debug/stave}")" && pwd)/$(basename "${1:-.build/debug/stave}")"
DEPS="${HOME:-/tmp}/.cache/stave-preview"
SHOTS="${PARTS_LOG_DIR:-$PWD/.build/test-logs}/preview-screenshots"

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
command -v fluidsynth >/dev/null 2>&1 || missing+=(fluidsynth)
[ -f /usr/share/sounds/sf2/FluidR3_GM.sf2 ] || missing+=(fluid-soundfont-gm)
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
if ! PYTHONPATH="$DEPS" python3 -c "import selenium, mido; assert selenium.__version__ == '4.25.0'" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$DEPS" -r Tests/preview/requirements.txt || {
    echo "cannot install Tests/preview/requirements.txt"
    echo "0 passed, 1 failed"
    exit 1
  }
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/stave-preview.XXXXXX")" || exit 2
trap 'rm -rf "$WORK"' EXIT
rm -rf "$SHOTS" && mkdir -p "$SHOTS"
passed=0 failed=0 status=0
for script in check_security.py check_preview.py; do
  log="$WORK/$script.log"
  mkdir -p "$WORK/$script.d"
  # selenium stays offline: no driver download, no usage statistics.
  SE_OFFLINE=true SE_AVOID_STATS=true PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}" \
    python3 "Tests/preview/$script" "$STAVE" Examples "$WORK/$script.d" "$SHOTS" >"$log" 2>&1 || status=1
  grep -vE '^[0-9]+ passed, [0-9]+ failed$' "$log"
  line="$(sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' "$log" | tail -n 1)"
  if [ -n "$line" ]; then
    passed=$((passed + ${line% *}))
    failed=$((failed + ${line#* }))
  else
    echo "$script ended without its summary line"
    failed=$((failed + 1))
  fi
done
echo "screenshots: $SHOTS"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && exit "$status"
exit 1
