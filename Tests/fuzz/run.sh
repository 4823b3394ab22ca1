#!/usr/bin/env bash
# libFuzzer targets for Stave (see Tests/fuzz/README.md).
#
# Usage (from anywhere):
#   bash Tests/fuzz/run.sh TARGET [SECONDS]   fuzz TARGET for SECONDS (default $STAVE_FUZZ_SECONDS, else 60)
#   bash Tests/fuzz/run.sh --replay TARGET    run TARGET once over its regression inputs and seeds
#   bash Tests/fuzz/run.sh --build TARGET     only build
# TARGET is frontend, save, midi, lsp, import, musicxml, fmt or all. The library sources are compiled with swiftc
# (-sanitize=fuzzer,address, -O with assertions on) into .build/fuzz/ (STAVE_FUZZ_BUILD), one
# module per source folder, rebuilt when its sources change; no SwiftPM involved. The seeds
# (examples, fixtures, regression inputs) are gathered into a temporary directory each run and
# fuzzing starts from them in a fresh working corpus. A crash, a
# timeout (10 s per input) or running out of memory fails the run; the input is kept in
# .build/fuzz/artifacts/TARGET/ and belongs in Tests/Fixtures/fuzz/TARGET/ once fixed.
# STAVE_FUZZ_CORPUS=DIR keeps the working corpus in DIR/TARGET between runs (long runs).
# Prints one line per target and ends with "N passed, M failed" (one check per fuzz run and
# one per replayed input); exits non-zero when anything failed.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="${STAVE_FUZZ_BUILD:-$ROOT/.build/fuzz}"
SWIFTC="${SWIFTC:-swiftc}"
TARGETS=(frontend save midi lsp import musicxml fmt)
FLAGS=(-O -assert-config Debug -sanitize=fuzzer,address -parse-as-library -I "$BUILD")

usage() { sed -n '4,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
mode=fuzz
case "${1:-}" in
  --replay) mode=replay; shift ;;
  --build) mode=build; shift ;;
  -h|--help|"") usage ;;
esac
[ $# -ge 1 ] || usage
case "$1" in
  all) chosen=("${TARGETS[@]}") ;;
  frontend|save|midi|lsp|import|musicxml|fmt) chosen=("$1") ;;
  *) echo "fuzz: unknown target '$1' (expected frontend, save, midi, lsp, import, musicxml, fmt or all)" >&2; exit 2 ;;
esac
SECONDS_EACH="${2:-${STAVE_FUZZ_SECONDS:-60}}"
[ "$mode" = fuzz ] || SECONDS_EACH=1   # only fuzzing takes a time
# libFuzzer's random seed: fixed by default, so a run that finds a crash can be repeated here
# with the same binary (STAVE_FUZZ_SEED=0 draws a new seed each run, for long explorations).
SEED="${STAVE_FUZZ_SEED:-20261207}"
case "$SECONDS_EACH" in ''|*[!0-9]*|0|0*) echo "fuzz: SECONDS must be a whole number of at least 1, not '$SECONDS_EACH'" >&2; exit 2 ;; esac

# The library modules in dependency order, and the ones each target links.
MODULES=(StaveJSON StaveSyntax StaveComposition StaveMIDI StaveDomain StaveFormatter StavePrinter StaveLanguageServer StaveMIDIImport
         StaveMusicXML StaveMusicXMLImport)
# libFuzzer dictionaries: the words of the language, the names of the save format.
target_dictionary() { case "$1" in frontend|midi|fmt) echo "$HERE/stave.dict" ;; save) echo "$HERE/save.dict" ;; lsp) echo "$HERE/lsp.dict" ;; import) echo "$HERE/midi.dict" ;; musicxml) echo "$HERE/musicxml.dict" ;; esac; }
target_file() { case "$1" in frontend) echo FuzzFrontend.swift ;; save) echo FuzzSave.swift ;; midi) echo FuzzMIDI.swift ;;
                              lsp) echo FuzzLSP.swift ;; import) echo FuzzImport.swift ;; musicxml) echo FuzzMusicXML.swift ;;
                              fmt) echo FuzzFormat.swift ;; esac; }

# Builds one module when it is missing or older than its sources or a module it imports.
build_module() {
  local module="$1" object="$BUILD/$1.o" sources earlier=() m
  # Every Swift file of the module, in subfolders too (StaveComposition/Rules), in a stable order.
  mapfile -t sources < <(find "$ROOT/Sources/$module" -name '*.swift' | LC_ALL=C sort)
  for m in "${MODULES[@]}"; do [ "$m" = "$module" ] && break; earlier+=("$BUILD/$m.swiftmodule"); done
  if [ -f "$object" ] && [ -z "$(find "${sources[@]}" ${earlier[@]+"${earlier[@]}"} -newer "$object" 2>/dev/null)" ]; then
    return 0
  fi
  echo "fuzz: compiling $module (${#sources[@]} files)"
  "$SWIFTC" "${FLAGS[@]}" -wmo -module-name "$module" -emit-module -emit-module-path "$BUILD/$module.swiftmodule.new" \
    -c "${sources[@]}" -o "$object.new" 2>&1 | grep -v 'ld.gold: warning' >&2
  [ "${PIPESTATUS[0]}" -eq 0 ] || { rm -f "$object.new" "$BUILD/$module.swiftmodule.new"; return 1; }
  mv "$BUILD/$module.swiftmodule.new" "$BUILD/$module.swiftmodule" && mv "$object.new" "$object" && touch "$object"
}

build_target() {
  local target="$1" binary="$BUILD/fuzz-$1" file
  file="$HERE/$(target_file "$1")"
  if [ -x "$binary" ] && [ -z "$(find "$file" "$BUILD"/*.o -newer "$binary" 2>/dev/null)" ]; then return 0; fi
  echo "fuzz: linking fuzz-$target"
  local objects=() module
  for module in "${MODULES[@]}"; do objects+=("$BUILD/$module.o"); done
  "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz_$target" "$file" "${objects[@]}" -o "$binary.new" 2>&1 \
    | grep -v 'ld.gold: warning' >&2
  [ "${PIPESTATUS[0]}" -eq 0 ] || { rm -f "$binary.new"; return 1; }
  mv "$binary.new" "$binary"
}

build() {
  mkdir -p "$BUILD"
  local module
  for module in "${MODULES[@]}"; do build_module "$module" || return 1; done
  for target in "$@"; do build_target "$target" || return 1; done
}

# The regression inputs of a target (each one a crash that was fixed), at least $2 of them.
regressions() { find "$ROOT/Tests/Fixtures/fuzz/$1" -maxdepth 1 -type f ! -name '*.md' 2>/dev/null | sort; }

# Fills directory $2 with the seeds of target $1; prints how many.
gather_seeds() {
  local target="$1" dir="$2" f n=0
  local patterns
  case "$target" in
    frontend|midi|fmt) patterns=("$ROOT"/Examples/*.stave "$ROOT"/Tests/Fixtures/errors/*.stave
                             "$ROOT"/Tests/Fixtures/grammar/*.stave "$ROOT"/Tests/Fixtures/roll/*.stave
                             "$ROOT"/Tests/editors/samples/*.stave) ;;
    save) patterns=("$ROOT"/Tests/Fixtures/saves/*/*.json "$ROOT"/Tests/Fixtures/saves/versions/*/*.json
                    "$HERE"/seeds/save/*.json) ;;
    lsp) patterns=("$HERE"/seeds/lsp/*) ;;
    import) patterns=("$HERE"/seeds/import/*.mid) ;;
    musicxml) patterns=("$HERE"/seeds/musicxml/* "$ROOT"/Tests/Fixtures/musicxml-import/*.musicxml "$ROOT"/Tests/Fixtures/musicxml-import/*.mxl
                        "$ROOT"/Tests/Fixtures/musicxml-import/bad/*.musicxml "$ROOT"/Tests/Fixtures/musicxml-import/bad/*.mxl) ;;
  esac
  for f in "${patterns[@]}" $(regressions "$target"); do
    [ -f "$f" ] || continue
    n=$((n + 1))
    cp "$f" "$dir/$n-$(basename "$f")"
  done
  echo "$n"
}
MIN_SEEDS_frontend=60   # 11 examples, 41 error fixtures, 9 grammar fixtures, ...
MIN_SEEDS_midi=60
MIN_SEEDS_save=30       # 25 malformed saves, 2 versions, 11 examples saved
MIN_SEEDS_lsp=12        # seeds/lsp: sessions, malformed headers, bad ids and params
MIN_SEEDS_fmt=60
MIN_SEEDS_import=19     # 15 examples compiled, 3 hand-made files, 1 regression input
MIN_SEEDS_musicxml=20   # 5 examples exported, 6 hand-written scores, 12 bad scores

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"
# A trap goes straight to libFuzzer's crash handling (Swift's own backtracer, run inside the
# sanitized process, would only add a spurious AddressSanitizer report).
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
passed=0
failed=0
build "${chosen[@]}" || { echo "fuzz: build FAILED"; echo "0 passed, 1 failed"; exit 1; }
[ "$mode" = build ] && exit 0

SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/stave-fuzz.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
for target in "${chosen[@]}"; do
  binary="$BUILD/fuzz-$target"
  seeds="$SCRATCH/seeds-$target"
  mkdir -p "$seeds"
  count="$(gather_seeds "$target" "$seeds")"
  min="MIN_SEEDS_$target"
  if [ "$count" -lt "${!min}" ]; then
    echo "fuzz $target: only $count seed inputs, expected at least ${!min}"
    failed=$((failed + 1))
    continue
  fi
  log="$SCRATCH/$target.log"
  if [ "$mode" = replay ]; then
    # Each input once, in one process: a crash stops it with a non-zero status.
    inputs=("$seeds"/*)
    if "$binary" -runs=1 "${inputs[@]}" >"$log" 2>&1; then
      echo "fuzz $target: replayed ${#inputs[@]} inputs ($(regressions "$target" | wc -l) regression inputs), no crash"
      passed=$((passed + ${#inputs[@]}))
    else
      echo "fuzz $target: replay FAILED"
      grep -E '^Running: ' "$log" | tail -n 1
      grep -E 'Fatal error|ERROR|SUMMARY' "$log" | head -n 10
      failed=$((failed + 1))
    fi
    continue
  fi
  # A fresh corpus each run (every run does the same work), unless STAVE_FUZZ_CORPUS keeps one.
  corpus="${STAVE_FUZZ_CORPUS:-$SCRATCH/corpus}/$target"
  artifacts="$BUILD/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  began=$SECONDS
  "$binary" -seed="$SEED" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=3072 -max_len=16384 \
    -dict="$(target_dictionary "$target")" -print_final_stats=1 -artifact_prefix="$artifacts" \
    ${STAVE_FUZZ_OPTIONS:-} "$corpus" "$seeds" >"$log" 2>&1
  rc=$?
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
  units="$(find "$corpus" -type f | wc -l)"
  cov="$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1)"
  if [ "$rc" -eq 0 ] && [ "${runs:-0}" -gt 0 ]; then
    echo "fuzz $target: ${runs} executions in $((SECONDS - began)) s, ${cov:-cov: ?}, corpus $units inputs, no crash"
    passed=$((passed + 1))
  else
    echo "fuzz $target: FAILED (exit $rc) after ${runs:-0} executions in $((SECONDS - began)) s"
    grep -E '^==[0-9]+==|ERROR|Fatal error|SUMMARY|Test unit written|^artifact_prefix' "$log" | head -n 20
    grep -B2 -A25 -m1 'Fatal error\|ERROR: libFuzzer\|ERROR: AddressSanitizer' "$log" | head -n 40
    echo "fuzz $target: full log kept in $artifacts/last.log"
    cp "$log" "$artifacts/last.log"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
