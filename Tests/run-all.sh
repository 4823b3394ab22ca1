#!/usr/bin/env bash
# The whole test suite, runnable on a fresh machine from the repository root:
#
#   bash Tests/run-all.sh                  every part below, in full (what CI runs: .ci/run)
#   bash Tests/run-all.sh --quick          the quick tier for contributors (a few minutes):
#                                          STAVE_TEST_SCALE=0.05 shrinks the Swift property,
#                                          fuzz and grammar loops, the referees check about
#                                          20 songs each, and the parts that install programs
#                                          or build other binaries (editors, language server,
#                                          install, audio, engraving, preview, fuzzing) are left out
#   bash Tests/run-all.sh --only P[,P...]  only the named parts (with --quick: their quick
#                                          form); the build runs first when a part needs it
#   bash Tests/run-all.sh --list           the part names
#
#   0. the test runner's own self-test (Tests/runner/test_parts.sh, under a second);
#   1. the `stave` build (a build failure fails the run);
#   2. the Swift unit, fixture, golden, round-trip, property, grammar, command-line and fuzz
#      tests (swift test);
#   3. the independent MIDI referee (mido, pinned) over every example, and the feel check
#      (swing and humanize read back with mido, Tests/feel);
#   4. real music: about 900 music21 corpus pieces refereed note by note against music21;
#   5. the model referee: 300 seeded random songs against an independent model of LANGUAGE.md,
#      300 random Stave 2 songs, and its hand-computed Stave 2 expectations (also through stave);
#      300 random songs with a form, key changes and transpose, and hand-computed form tests;
#   6. stave fmt and the lossless tree over the examples, the corpus songs of part 4, 300
#      generated songs and 300 generated Stave 2 songs (fidelity, idempotence, same MIDI,
#      comments kept), and each one saved and printed back (same MIDI, same save file);
#   7. the MusicXML export of the examples, the corpus pieces and 300 random songs against
#      music21 and the MusicXML 3.1 XSD; then `stave import` round trips (compile → import →
#      compile) over the examples and 1,000 songs;
#   8. the editor-support tests (real Vim, two TextMate engines, the VS Code formatter in Node);
#   9. the language server with real clients: pytest-lsp, a headless Neovim, the VS Code
#      extension's client settings in Node (Tests/lsp/run.sh; installs neovim with apt-get);
#  10. the install: install.sh into a temporary prefix, the installed binary and its man page;
#  11. audio: `stave render`/`play`/`watch` with the real FluidSynth (installs fluidsynth and
#      fluid-soundfont-gm with apt-get when missing; Tests/audio/run.sh);
#  12. engraving: `stave engrave` with the real MuseScore 3 and LilyPond over every example
#      (installs musescore3, lilypond and poppler-utils with apt-get when missing;
#      Tests/engrave/run.sh; not in --quick);
#  13. preview: `stave preview` in headless Chromium (selenium through Debian's chromedriver) and
#      its security from raw sockets (installs chromium and chromium-driver; Tests/preview/run.sh);
#  14. fuzzing: the libFuzzer regression inputs replayed, then each target fuzzed for
#      STAVE_FUZZ_SECONDS (default 60) seconds (Tests/fuzz/README.md).
#  15. comp: the musical properties of accompaniment over generated songs, and 30 tunes against
#      abc2midi's own accompaniment (installs abcmidi with apt-get; Tests/comp/run.sh).
# Installs its own pinned Python referees. Every part must end with "N passed, M failed", exit
# 0, report no failure and make at least its minimum number of checks (Tests/runner/parts.sh).
# Ends with one table (part, checks, failures, time) and exits non-zero when any part failed.
# Each part's full output is kept in .build/test-logs/.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Tests/runner/parts.sh

# The parts, in the order they run: key, name.
PART_KEYS=(runner build swift referee feel corpus model model-v2 model-hand model-v3 format musicxml import musicxml-import editors lsp install audio engrave preview fuzz comp)
QUICK=""
ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1; shift ;;
    --only) [ $# -ge 2 ] || { echo "run-all: --only needs part names (--list shows them)" >&2; exit 2; }
            ONLY=",$2,"; shift 2 ;;
    --only=*) ONLY=",${1#--only=},"; shift ;;
    --list) printf '%s\n' "${PART_KEYS[@]}"; exit 0 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-all: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$ONLY" ]; then
  for key in $(echo "$ONLY" | tr ',' ' '); do
    case " ${PART_KEYS[*]} " in
      *" $key "*) ;;
      *) echo "run-all: no part '$key'; the parts are: ${PART_KEYS[*]}" >&2; exit 2 ;;
    esac
  done
fi
# SONGS: generated songs per referee; EVERY: every K-th corpus piece.
if [ -n "$QUICK" ]; then
  export STAVE_TEST_SCALE="${STAVE_TEST_SCALE:-0.05}"
  SONGS=20 EVERY=40 MXL_EVERY=40
else
  SONGS=300 EVERY=1 MXL_EVERY=4
fi
export PARTS_LOG_DIR="${PARTS_LOG_DIR:-$PWD/.build/test-logs}"
STAVE=.build/debug/stave
REFEREE_DEPS="${HOME:-/tmp}/.cache/stave-referee"

# The build, as one check: its errors are shown, never filtered away.
build_stave() {
  local log rc
  log="$(mktemp)"
  swift build --product stave >"$log" 2>&1
  rc=$?
  if [ "$rc" -eq 0 ]; then
    grep -E 'warning:' "$log" | sort -u
    tail -n 1 "$log"
    echo "1 passed, 0 failed"
  else
    cat "$log"
    echo "0 passed, 1 failed"
  fi
  rm -f "$log"
  return "$rc"
}

# swift test, with XCTest's "Executed N tests, with M failures" as "N-M passed, M failed". The
# quick tier runs the tests in parallel (--parallel prints no totals), so its counts come from
# the xUnit report that swift test writes (tests="N" failures="M" on the test suite element).
# Shows failures and the totals; the whole output is kept in .build/test-logs/swift-test-output.log.
swift_tests() {
  local log rc summary tests failures xunit
  mkdir -p "$PARTS_LOG_DIR"
  log="$PARTS_LOG_DIR/swift-test-output.log"
  xunit="$PARTS_LOG_DIR/swift-test-xunit.xml"
  rm -f "$xunit"
  if [ -n "$QUICK" ]; then
    swift test --parallel --xunit-output "$xunit" >"$log" 2>&1
  else
    swift test >"$log" 2>&1
  fi
  rc=$?
  grep -E "error:|failed \(|Fatal error|Executed [0-9]+ tests" "$log" | grep -v "^Test Suite '.*' passed" | tail -n 60
  if [ -n "$QUICK" ] && [ -f "$xunit" ]; then
    summary="$(grep -oE '<testsuite [^>]*' "$xunit" | head -n 1)"
    tests="$(echo "$summary" | sed -nE 's/.* tests="([0-9]+)".*/\1/p')"
    failures="$(echo "$summary" | sed -nE 's/.* failures="([0-9]+)".*/\1/p')"
    summary="${tests:+Executed $tests tests, with ${failures:-0} failures}"
  else
    summary="$(grep -E 'Executed [0-9]+ tests, with [0-9]+ failures' "$log" | tail -n 1)"
  fi
  if [ "$rc" -ne 0 ]; then
    echo "swift test exited with status $rc; its last lines:"
    tail -n 40 "$log"
  fi
  if [ -n "$summary" ]; then
    tests="$(echo "$summary" | sed -E 's/.*Executed ([0-9]+) tests.*/\1/')"
    failures="$(echo "$summary" | sed -E 's/.*with ([0-9]+) failures.*/\1/')"
    echo "$((tests - failures)) passed, $failures failed"
  fi
  return "$rc"
}

# Accompaniment (v3): mido as the MIDI referee installs it, then Tests/comp/run.sh (and its
# abc2midi referee, 30 tunes, which installs the Debian package abcmidi when missing).
comp_properties() {
  if ! PYTHONPATH="$REFEREE_DEPS" python3 -c "import mido" 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$REFEREE_DEPS" \
      -r Tests/referee/requirements.txt || return 1
  fi
  # The quick tier leaves out the abc2midi referee (it installs abcmidi with apt-get).
  bash Tests/comp/run.sh "$STAVE" --count "$SONGS" ${QUICK:+--no-abc2midi}
}

midi_referee() {
  if ! PYTHONPATH="$REFEREE_DEPS" python3 -c "import mido" 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$REFEREE_DEPS" \
      -r Tests/referee/requirements.txt || return 1
  fi
  PYTHONPATH="$REFEREE_DEPS${PYTHONPATH:+:$PYTHONPATH}" bash Tests/referee/run.sh "$STAVE"
}

# Stave 3 feel: swing and humanize read back with mido (installed as for the MIDI referee).
feel_check() {
  if ! PYTHONPATH="$REFEREE_DEPS" python3 -c "import mido" 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$REFEREE_DEPS" \
      -r Tests/referee/requirements.txt || return 1
  fi
  PYTHONPATH="$REFEREE_DEPS${PYTHONPATH:+:$PYTHONPATH}" bash Tests/feel/run.sh "$STAVE"
}

model_referee() {
  local log rc
  log="$(mktemp)"
  bash Tests/model/run.sh "$STAVE" --count "$SONGS" --seed 20240601 >"$log" 2>&1
  rc=$?
  tail -n 20 "$log"
  rm -f "$log"
  return "$rc"
}

model_referee_v2() {
  local log rc
  log="$(mktemp)"
  bash Tests/model/run.sh "$STAVE" --v2 --count "$SONGS" --seed 20240601 >"$log" 2>&1
  rc=$?
  tail -n 20 "$log"
  rm -f "$log"
  return "$rc"
}

# The hand-computed Stave 2 expectations: the model's own unit tests, then each of their songs
# through the compiler (mido is installed by the model referee part above).
model_hand_v2() {
  PYTHONPATH="$REFEREE_DEPS${PYTHONPATH:+:$PYTHONPATH}" python3 Tests/model/test_model_v2.py --stave "$STAVE" --strict
}

# Stave 3 form (issue 26): random songs with repeat bars, endings, D.C./D.S./Fine/Coda, key changes,
# transpose and patterns against the model, then the hand-computed form expectations (also through
# stave); one summary over both.
model_referee_v3() {
  local log rc=0 passed=0 failed=0 line
  log="$(mktemp)"
  bash Tests/model/run.sh "$STAVE" --v3 --count "$SONGS" --seed 20240601 >"$log" 2>&1 || rc=1
  tail -n 20 "$log" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
  line="$(parts_summary_line "$log")"
  if [ -n "$line" ]; then passed=$((passed + ${line% *})); failed=$((failed + ${line#* })); else failed=$((failed + 1)); fi
  PYTHONPATH="$REFEREE_DEPS${PYTHONPATH:+:$PYTHONPATH}" python3 Tests/model/test_model_v3_form.py --stave "$STAVE" >"$log" 2>&1 || rc=1
  grep -vE '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 20
  line="$(parts_summary_line "$log")"
  if [ -n "$line" ]; then passed=$((passed + ${line% *})); failed=$((failed + ${line#* })); else failed=$((failed + 1)); fi
  rm -f "$log"
  echo "$passed passed, $failed failed"
  return "$rc"
}

# The regression inputs replayed, then every target fuzzed; one summary over both.
fuzzing() {
  local log rc=0 passed=0 failed=0 line
  log="$(mktemp)"
  for run in "--replay all" "all ${STAVE_FUZZ_SECONDS:-60}"; do
    # shellcheck disable=SC2086
    bash Tests/fuzz/run.sh $run >"$log" 2>&1 || rc=1
    grep -vE '^[0-9]+ passed, [0-9]+ failed$' "$log"
    line="$(parts_summary_line "$log")"
    if [ -n "$line" ]; then
      passed=$((passed + ${line% *}))
      failed=$((failed + ${line#* }))
    else
      failed=$((failed + 1))
    fi
  done
  rm -f "$log"
  echo "$passed passed, $failed failed"
  return "$rc"
}

# wanted KEY: whether the part runs (--only names it; otherwise all, less the slow ones in --quick).
wanted() {
  if [ -n "$ONLY" ]; then
    case "$ONLY" in *",$1,"*) return 0 ;; *) return 1 ;; esac
  fi
  if [ -n "$QUICK" ]; then
    case "$1" in editors|lsp|install|audio|engrave|preview|fuzz) return 1 ;; esac
  fi
  return 0
}
# part KEY FULL_MINIMUM QUICK_MINIMUM NAME COMMAND...: run_part when the part is wanted, with the
# minimum number of checks of the tier (today's counts, rounded down: a part that checks less
# than that has lost inputs, and fails).
part() {
  local key="$1" full="$2" quick="$3" name="$4"
  shift 4
  wanted "$key" || return 0
  run_part "$name" "$([ -n "$QUICK" ] && echo "$quick" || echo "$full")" "$@"
}

parts_begin
part runner 25 25 "runner self-test" bash Tests/runner/test_parts.sh
# The build, whenever a part that needs the binary runs.
needs_build=""
for key in "${PART_KEYS[@]}"; do
  case "$key" in runner|editors) ;; *) wanted "$key" && needs_build=1 ;; esac
done
[ -n "$needs_build" ] && run_part "build" 1 build_stave
part swift 220 220 "swift test" swift_tests
part referee 10 10 "MIDI referee (mido)" midi_referee
part feel 27 27 "feel: swing and humanize (mido)" feel_check
# The corpus part keeps the songs it wrote, for the formatter part.
CORPUS_SONGS="$PARTS_LOG_DIR/corpus-songs"
rm -rf "$CORPUS_SONGS" && mkdir -p "$CORPUS_SONGS"
part corpus 800 20 "real music: music21 corpus" bash Tests/corpus/run.sh "$STAVE" --keep "$CORPUS_SONGS" --every "$EVERY"
part model 300 20 "model referee (random songs)" model_referee
part model-v2 300 20 "model referee (random Stave 2 songs)" model_referee_v2
part model-hand 55 55 "model referee (hand-computed Stave 2)" model_hand_v2
# 300 generated form songs (20 in --quick) and the hand-computed form tests (57 checks).
part model-v3 350 70 "model referee (form, keys, transpose: Stave 3)" model_referee_v3
# The formatter part takes the corpus songs when the corpus part ran before it.
corpus_songs=()
if wanted corpus; then
  corpus_songs=(--corpus "$CORPUS_SONGS" --min-corpus "$((1600 / EVERY))")
fi
part format 10000 300 "stave fmt and the lossless tree" bash Tests/format/run.sh "$STAVE" "${corpus_songs[@]}" --count "$SONGS" --count-v2 "$SONGS"
part musicxml 1100 60 "MusicXML (music21, XSD)" bash Tests/musicxml/run.sh "$STAVE" --count "$SONGS" --every "$EVERY"
# The import round trip checks 1,000 songs and 200 Stave 2 songs in full.
import_counts=()
# (40 Stave 2 songs in the quick tier: the first 20 seeds declare more losses than the allowance)
[ -n "$QUICK" ] && import_counts=(--count "$SONGS" --count-v2 40)
part import 1000 40 "MIDI import round trip" bash Tests/import/run.sh "$STAVE" "${import_counts[@]}"
# MusicXML import: the examples come back byte for byte; the music21 corpus as music21 reads it.
# Every 4th music21 corpus score (164 of 654) in full: the import of the whole corpus takes longer than CI allows.
part musicxml-import 180 25 "MusicXML import (examples, music21 corpus)" bash Tests/musicxml-import/run.sh "$STAVE" --every "$MXL_EVERY"
part editors 2400 2400 "editor support" bash Tests/editors/run.sh
part lsp 160 160 "language server (pytest-lsp, Neovim)" bash Tests/lsp/run.sh "$STAVE"
part install 70 70 "install and man page" bash Tests/install/run.sh
# Accompaniment (v3): comp's musical properties over generated songs (mido, from the referee part).
part comp 330 20 "comp: musical properties (mido), abc2midi" comp_properties
part audio 130 130 "audio: render, play, watch (FluidSynth)" bash Tests/audio/run.sh "$STAVE"
# Every example engraved to PDF and SVG by MuseScore 3 and LilyPond (about ten minutes).
part engrave 70 70 "engrave: MuseScore 3 and LilyPond" bash Tests/engrave/run.sh "$STAVE"
# stave preview in headless Chromium and under attack (installs chromium, chromium-driver, selenium).
part preview 330 330 "preview: browser and security (Chromium)" bash Tests/preview/run.sh "$STAVE"
part fuzz 150 150 "fuzzing (libFuzzer)" fuzzing
parts_summary
