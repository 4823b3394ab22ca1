#!/usr/bin/env bash
# The audio part: `stave render`, `stave play` and `stave watch` with the real FluidSynth.
#   Tests/audio/run.sh [path/to/stave]        (from the repository root; default .build/debug/stave)
# Installs what it needs when missing, as CI on a clean machine must: the Debian packages
# fluidsynth and fluid-soundfont-gm (apt-get, as root or with sudo), and mido (pinned in
# Tests/audio/requirements.txt) into ~/.cache/stave-audio. Then runs check_audio.py (render and
# play: lengths, loudness, cuts, errors, atomic output, Ctrl-C) and check_watch.py (saves in
# place and by rename, errors and fixes, idle CPU), and ends with one "N passed, M failed".
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
STAVE="$(cd "$(dirname "${1:-.build/debug/stave}")" && pwd)/$(basename "${1:-.build/debug/stave}")"
DEPS="${HOME:-/tmp}/.cache/stave-audio"

missing=()
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
if ! PYTHONPATH="$DEPS" python3 -c "import mido" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$DEPS" -r Tests/audio/requirements.txt || {
    echo "cannot install Tests/audio/requirements.txt"
    echo "0 passed, 1 failed"
    exit 1
  }
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/stave-audio.XXXXXX")" || exit 2
trap 'rm -rf "$WORK"' EXIT
passed=0 failed=0 status=0
for script in check_audio.py check_watch.py; do
  log="$WORK/$script.log"
  mkdir -p "$WORK/$script.d"
  PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}" python3 "Tests/audio/$script" "$STAVE" Examples "$WORK/$script.d" >"$log" 2>&1 || status=1
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && exit "$status"
exit 1
