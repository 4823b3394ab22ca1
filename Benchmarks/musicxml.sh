#!/usr/bin/env bash
# MusicXML export speed and memory: the 300,000-note benchmark song (generate.py, seed 1) compiled
# to MusicXML by a release build. Prints the render phase (STAVE_TIMINGS), the whole run's wall
# time, the peak resident memory (GNU time) and the file size, with the targets of issue 15:
# export at most 0.5 s and 200 MB. Exits 1 when a target is missed.
#
# usage: Benchmarks/musicxml.sh [--no-build] [--stave PATH] [--notes N] [--runs N]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
WORK="$HERE/work"
PY="${PYTHON:-python3}"
BUILD=1 STAVE="" NOTES=300000 RUNS=5
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) BUILD=0 ;;
    --stave) STAVE="$2"; shift ;;
    --notes) NOTES="$2"; shift ;;
    --runs) RUNS="$2"; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "musicxml.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$STAVE" ]; then
  STAVE="$ROOT/.build/release/stave"
  if [ "$BUILD" = 1 ]; then
    (cd "$ROOT" && swift build -c release --product stave >&2)
  fi
fi
[ -x "$STAVE" ] || { echo "musicxml.sh: no stave binary at $STAVE" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "musicxml.sh: needs GNU time (apt-get install -y time)" >&2; exit 2; }
mkdir -p "$WORK"
SONG="$WORK/song-$NOTES.stave"
if ! { [ -s "$SONG" ] && [ "$SONG" -nt "$HERE/generate.py" ]; }; then
  "$PY" "$HERE/generate.py" --total "$NOTES" --notes 1000 --seed 1 --stave "$SONG" >&2
fi
OUT="$WORK/song-$NOTES.musicxml"

renders=() walls=()
for run in $(seq 0 "$RUNS"); do
  began=$(date +%s.%N)
  timings="$(STAVE_TIMINGS=1 "$STAVE" compile "$SONG" -o "$OUT" -q 2>&1 >/dev/null)"
  ended=$(date +%s.%N)
  [ "$run" = 0 ] && continue   # warm-up
  renders+=("$(echo "$timings" | sed -n 's/^render musicxml: \([0-9]*\) µs.*$/\1/p')")
  walls+=("$(echo "$ended - $began" | bc)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
render_s="$(echo "scale=3; $(median "${renders[@]}") / 1000000" | bc)"
wall_s="$(median "${walls[@]}")"
peak_kb="$(/usr/bin/time -f %M "$STAVE" compile "$SONG" -o "$OUT" -q 2>&1 >/dev/null | tail -n 1)"
peak_mb=$((peak_kb / 1024))
size_mb=$(( $(stat -c %s "$OUT") / 1048576 ))
echo "MusicXML export of $NOTES notes ($RUNS runs, median): render $render_s s, whole compile $(printf '%.3f' "$wall_s") s, peak memory $peak_mb MB, file $size_mb MB"
status=0
if [ "$(echo "$render_s > 0.5" | bc)" = 1 ]; then echo "render time above the 0.5 s target"; status=1; fi
if [ "$peak_mb" -gt 200 ]; then echo "peak memory above the 200 MB target"; status=1; fi
exit $status
