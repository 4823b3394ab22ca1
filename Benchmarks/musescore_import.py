#!/usr/bin/env python3
"""MIDI that MuseScore wrote, imported by Stave (issue 14, "MIDI that others wrote").

For music21 corpus pieces: the score is written as MusicXML by music21, MuseScore 3 turns it
into MIDI headless (`mscore3 -o piece.mid piece.musicxml`, QT_QPA_PLATFORM=offscreen), then
`stave import piece.mid -o piece.stave` and `stave compile piece.stave -o again.mid`. A piece
passes when the notes of again.mid — (onset, duration in quarter lengths, MIDI pitch), exact —
equal the notes music21 reads from the original score (repeats written out, ties joined, grace
notes left out: MuseScore gives them time of their own). Prints a line per piece that differs,
the per-piece pass rate, and `N passed, M failed`.

    python3 -S Benchmarks/musescore_import.py --stave .build/release/stave [--composer bach] [--count 50]

Needs music21 and mido on PYTHONPATH (the corpus part's pinned installation,
~/.cache/stave-corpus/pyX.Y, and ~/.cache/stave-referee) and Debian's musescore3. Not part of
run-all.sh: MuseScore takes about a second a piece.
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import music21

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "import"))
from music21_midi import corpus_arguments, imports_note_for_note  # noqa: E402  (shared with that check)


def score_notes(score):
    """The same triples as music21 reads them from the score: repeats written out, ties joined,
    grace notes and unpitched notes left out."""
    try:
        score = score.expandRepeats()
    except Exception:  # no repeats, or repeats music21 cannot expand: take the score as written
        pass
    found = collections.Counter()
    for part in score.parts:
        for element in part.stripTies().flatten().notes:
            if element.duration.isGrace:
                continue
            pitches = element.pitches if element.isChord else [element.pitch]
            for pitch in pitches:
                found[(Fraction(element.offset).limit_denominator(10000),
                       Fraction(element.duration.quarterLength).limit_denominator(10000), pitch.midi)] += 1
    return found


def main():
    ap = corpus_arguments(__doc__.splitlines()[0], 50)
    ap.add_argument("--mscore", default=shutil.which("mscore3") or shutil.which("musescore3") or "mscore3")
    args = ap.parse_args()
    if not shutil.which(args.mscore):
        print(f"no MuseScore 3 ({args.mscore}): apt-get install -y musescore3")
        print("0 passed, 1 failed")
        return 1
    work = args.work or tempfile.mkdtemp(prefix="stave-musescore-")
    os.makedirs(work, exist_ok=True)
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    passed = failed = skipped = 0
    for path in music21.corpus.getComposer(args.composer)[:args.count]:
        name = os.path.basename(str(path)).replace(".", "_")
        xml, original, imported, again = (os.path.join(work, name + suffix)
                                          for suffix in (".musicxml", ".mid", ".stave", "-again.mid"))
        try:
            score = music21.corpus.parse(path)
            score.write("musicxml", fp=xml)
        except Exception as error:  # not ours to judge
            skipped += 1
            print(f"SKIP {name}: music21 cannot read or write it: {error!r}")
            continue
        result = subprocess.run([args.mscore, "-o", original, xml], capture_output=True, text=True, env=environment, timeout=120)
        if result.returncode != 0 or not os.path.exists(original):
            skipped += 1
            print(f"SKIP {name}: MuseScore wrote no MIDI (status {result.returncode})")
            continue
        if imports_note_for_note(args.stave, name, original, imported, again, score_notes(score)):
            passed += 1
        else:
            failed += 1
    total = passed + failed
    rate = f"{100 * passed / total:.1f} %" if total else "n/a"
    print(f"MuseScore's MIDI of {total} {args.composer} pieces ({skipped} skipped): {passed} imported note for note ({rate})")
    print(f"{passed} passed, {failed} failed")
    return 1 if passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
