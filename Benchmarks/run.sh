#!/usr/bin/env bash
# Stave benchmark: compile speed and memory at 30k / 300k / 3M notes, and a
# side-by-side with abc2midi on the largest piece abc2midi accepts.
# See Benchmarks/README.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: Benchmarks/run.sh [options]
  --no-build        do not run `swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product stave`
  --stave PATH      stave binary to measure (default: .build/release/stave)
  --quick           sizes 30000 and 300000 only (skip the 3,000,000-note song)
  --sizes "N ..."   note counts for the scaling table (default "30000 300000 3000000")
  --runs N          timed runs per case, after one warm-up (default 5; 3 above 1M notes)
  --seed S          generator seed (default 1)
  --probe           re-measure the largest piece abc2midi accepts instead of
                    using the recorded value (needed after changing --seed)
  --no-compare      skip the abc2midi comparison
Also runs save.py (save and print beside compile) on the 300,000-note song.
  -h, --help        this text
Generated songs and outputs go to Benchmarks/work/ (git-ignored) and are reused
while they are newer than generate.py.
EOF
}

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
WORK="$HERE/work"
PY="${PYTHON:-python3}"

BUILD=1
STAVE=""
SIZES="30000 300000 3000000"
RUNS=5
SEED=1
PROBE=0
COMPARE=1
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) BUILD=0 ;;
    --stave) STAVE="$2"; shift ;;
    --quick) SIZES="30000 300000" ;;
    --sizes) SIZES="$2"; shift ;;
    --runs) RUNS="$2"; shift ;;
    --seed) SEED="$2"; shift ;;
    --probe) PROBE=1 ;;
    --no-compare) COMPARE=0 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

say() { printf '==> %s\n' "$*" >&2; }

command -v "$PY" >/dev/null || { echo "run.sh: python3 is required" >&2; exit 2; }

# ---------------------------------------------------------------- build ---
if [ "$BUILD" = 1 ]; then
  if ! command -v swift >/dev/null; then
    echo "run.sh: 'swift' not found; install a Swift toolchain, or pass --no-build --stave PATH" >&2
    exit 2
  fi
  say "swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product stave"
  if ! (cd "$ROOT" && swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product stave); then
    echo "run.sh: the release build of 'stave' failed (see above); nothing was measured." >&2
    echo "        Use --no-build to measure abc2midi alone." >&2
    exit 2
  fi
  [ -n "$STAVE" ] || STAVE="$(cd "$ROOT" && swift build -c release --show-bin-path)/stave"
fi
[ -n "$STAVE" ] || STAVE="$ROOT/.build/release/stave"
case "$STAVE" in /*) ;; *) STAVE="$PWD/$STAVE" ;; esac
if [ ! -x "$STAVE" ]; then
  echo "run.sh: WARNING: no stave binary at $STAVE — build it with" >&2
  echo "        'swift build -c release --product stave' (or drop --no-build)." >&2
  echo "        Continuing: only the abc2midi side will be measured." >&2
fi

# ------------------------------------------------------------- abc2midi ---
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
  else return 1
  fi
}
if [ "$COMPARE" = 1 ] && ! command -v abc2midi >/dev/null; then
  say "abc2midi missing: apt-get install abcmidi"
  if ! { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq abcmidi; } >&2; then
    echo "run.sh: could not install abc2midi (needs root or passwordless sudo, Debian/Ubuntu)." >&2
    echo "        Install the 'abcmidi' package yourself; the comparison is skipped." >&2
    COMPARE=0
  fi
fi

if [ ! -x /usr/bin/time ]; then
  say "GNU time missing (peak RSS): apt-get install time"
  { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; } >&2 \
    || echo "run.sh: could not install GNU time; peak RSS falls back to a Python helper (+~9 MB)." >&2
fi

# ------------------------------------------------------------- generate ---
mkdir -p "$WORK"
fresh() {  # fresh FILE: exists, non-empty and newer than the generator
  [ -s "$1" ] && [ "$1" -nt "$HERE/generate.py" ]
}
for n in $SIZES; do
  song="$WORK/stave-$n-s$SEED.stave"
  if ! fresh "$song"; then
    say "generating $song"
    "$PY" "$HERE/generate.py" --total "$n" --notes 1000 --seed "$SEED" --stave "$song" --verify >&2
  fi
done

CMP_ARGS=()
if [ "$COMPARE" = 1 ]; then
  if [ "$PROBE" = 1 ]; then
    say "probing the largest piece abc2midi accepts (seed $SEED)"
    LIMIT="$("$PY" "$HERE/generate.py" --probe-abc2midi --seed "$SEED" | tee /dev/stderr \
             | sed -n 's/^largest piece.*: \([0-9]*\) notes.*/\1/p')"
  else
    LIMIT="$("$PY" -c 'import sys; sys.path.insert(0, sys.argv[1]); import generate; print(generate.ABC_LIMIT_NOTES)' "$HERE")"
  fi
  base="$WORK/compare-$LIMIT-s$SEED"
  if ! fresh "$base.stave" || ! fresh "$base.abc"; then
    say "generating $base.stave / .abc"
    "$PY" "$HERE/generate.py" --total "$LIMIT" --notes 1000 --seed "$SEED" \
      --stave "$base.stave" --abc "$base.abc" --verify >&2
  fi
  CMP_ARGS=(--compare "$LIMIT")
fi

# -------------------------------------------------------------- measure ---
say "measuring"
# shellcheck disable=SC2086
status=0
"$PY" -u "$HERE/bench.py" --stave "$STAVE" --work "$WORK" --seed "$SEED" \
  --runs "$RUNS" --sizes $SIZES ${CMP_ARGS[@]+"${CMP_ARGS[@]}"} --json "$WORK/results.json" || status=$?

# --------------------------------------------------------------- memory ---
if [ -x "$STAVE" ]; then
  say "memory per note (check, MIDI, save)"
  songs=()
  for n in $SIZES; do [ "$n" -ge 300000 ] && songs+=("$n:$WORK/stave-$n-s$SEED.stave"); done
  if [ ${#songs[@]} -gt 0 ]; then
    "$PY" "$HERE/memory.py" --stave "$STAVE" "${songs[@]}" || status=1
  fi
  # ------------------------------------------------------ save and print ---
  for n in $SIZES; do
    [ "$n" = 300000 ] || continue
    say "save and print beside compile ($n notes)"
    "$PY" "$HERE/save.py" --stave "$STAVE" --song "$WORK/stave-$n-s$SEED.stave" --runs "$RUNS" || status=1
  done
fi
exit $status
