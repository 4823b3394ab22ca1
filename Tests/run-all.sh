#!/usr/bin/env bash
# The whole test suite, runnable on a fresh machine from the repository root:
#   0. the test runner's own self-test (Tests/runner/test_parts.sh, under a second);
#   1. the `stave` build (a build failure fails the run);
#   2. the Swift unit, fixture, golden, round-trip, property, grammar, command-line and fuzz
#      tests (swift test);
#   3. the independent MIDI referee (mido, pinned) over every example;
#   4. real music: about 900 music21 corpus pieces refereed note by note against music21;
#   5. the model referee: 300 seeded random songs against an independent model of LANGUAGE.md,
#      300 random Stave 2 songs, and its hand-computed Stave 2 expectations (also through stave);
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
#  12. fuzzing: the libFuzzer regression inputs replayed, then each target fuzzed for
#      STAVE_FUZZ_SECONDS (default 60) seconds (Tests/fuzz/README.md).
# Installs its own pinned Python referees. Every part must end with "N passed, M failed", exit
# 0, report no failure and make at least its minimum number of checks (Tests/runner/parts.sh).
# Ends with one table (part, checks, failures, time) and exits non-zero when any part failed.
# Each part's full output is kept in .build/test-logs/.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Tests/runner/parts.sh
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

# swift test, with XCTest's "Executed N tests, with M failures" as "N-M passed, M failed".
# Shows failures and the totals; the whole output is kept in .build/test-logs/swift-test-output.log.
swift_tests() {
  local log rc summary tests failures
  mkdir -p "$PARTS_LOG_DIR"
  log="$PARTS_LOG_DIR/swift-test-output.log"
  swift test >"$log" 2>&1
  rc=$?
  grep -E "error:|failed \(|Fatal error|Executed [0-9]+ tests" "$log" | grep -v "^Test Suite '.*' passed" | tail -n 60
  summary="$(grep -E 'Executed [0-9]+ tests, with [0-9]+ failures' "$log" | tail -n 1)"
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

midi_referee() {
  if ! PYTHONPATH="$REFEREE_DEPS" python3 -c "import mido" 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$REFEREE_DEPS" \
      -r Tests/referee/requirements.txt || return 1
  fi
  PYTHONPATH="$REFEREE_DEPS${PYTHONPATH:+:$PYTHONPATH}" bash Tests/referee/run.sh "$STAVE"
}

model_referee() {
  local log rc
  log="$(mktemp)"
  bash Tests/model/run.sh "$STAVE" --count 300 --seed 20240601 >"$log" 2>&1
  rc=$?
  tail -n 20 "$log"
  rm -f "$log"
  return "$rc"
}

model_referee_v2() {
  local log rc
  log="$(mktemp)"
  bash Tests/model/run.sh "$STAVE" --v2 --count 300 --seed 20240601 >"$log" 2>&1
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

parts_begin
# The second argument is each part's minimum number of checks (today's counts, rounded down):
# a part that checks less than that has lost inputs, and fails.
run_part "runner self-test" 25 bash Tests/runner/test_parts.sh
run_part "build" 1 build_stave
run_part "swift test" 220 swift_tests
run_part "MIDI referee (mido)" 10 midi_referee
# The corpus part keeps the songs it wrote, for the formatter part.
CORPUS_SONGS="$PARTS_LOG_DIR/corpus-songs"
rm -rf "$CORPUS_SONGS" && mkdir -p "$CORPUS_SONGS"
run_part "real music: music21 corpus" 800 bash Tests/corpus/run.sh "$STAVE" --keep "$CORPUS_SONGS"
run_part "model referee (random songs)" 300 model_referee
run_part "model referee (random Stave 2 songs)" 300 model_referee_v2
run_part "model referee (hand-computed Stave 2)" 55 model_hand_v2
run_part "stave fmt and the lossless tree" 10000 bash Tests/format/run.sh "$STAVE" --corpus "$CORPUS_SONGS" --min-corpus 1600 --count 300
run_part "MusicXML (music21, XSD)" 1100 bash Tests/musicxml/run.sh "$STAVE"
run_part "MIDI import round trip" 1000 bash Tests/import/run.sh "$STAVE"
run_part "editor support" 2400 bash Tests/editors/run.sh
run_part "language server (pytest-lsp, Neovim)" 160 bash Tests/lsp/run.sh "$STAVE"
run_part "install and man page" 70 bash Tests/install/run.sh
run_part "audio: render, play, watch (FluidSynth)" 130 bash Tests/audio/run.sh "$STAVE"
run_part "fuzzing (libFuzzer)" 150 fuzzing
parts_summary
