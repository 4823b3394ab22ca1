"""MIDI that others wrote: music21 corpus pieces written to MIDI by music21's own MIDI writer,
imported with `stave import`, compiled again; the notes (onset and duration in quarter lengths,
pitch) must equal those of music21's MIDI file, read with mido.

    python3 -S music21_midi.py --stave PATH [--composer bach] [--count N] [--work DIR]

Needs music21 and mido on PYTHONPATH: the corpus test's pinned installation
(~/.cache/stave-corpus/pyX.Y, see Tests/corpus/run.sh) and ~/.cache/stave-referee. Not part of
run-all.sh. Prints one line per piece that differs and ends with `N passed, M failed`.
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

import mido
import music21


def notes(path):
    """(onset, duration in quarter notes, pitch) of every note, first on first off."""
    midi = mido.MidiFile(path)
    found = collections.Counter()
    for track in midi.tracks:
        tick = 0
        waiting = collections.defaultdict(list)
        for message in track:
            tick += message.time
            if message.type == "note_on" and message.velocity > 0:
                waiting[(message.channel, message.note)].append(tick)
            elif message.type in ("note_on", "note_off") and waiting[(message.channel, message.note)]:
                start = waiting[(message.channel, message.note)].pop(0)
                found[(Fraction(start, midi.ticks_per_beat), Fraction(tick - start, midi.ticks_per_beat), message.note)] += 1
    return found


def corpus_arguments(description, count):
    """The options both MIDI-from-others checks take: --stave, --composer, --count, --work."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--stave", required=True)
    ap.add_argument("--composer", default="bach")
    ap.add_argument("--count", type=int, default=count)
    ap.add_argument("--work")
    return ap


def imports_note_for_note(stave, name, midi, imported, again, want):
    """`stave import` a MIDI file, compile the text to MIDI again and compare its notes with
    `want` (a Counter of notes()); True when they agree, else a FAIL line is printed."""
    for command, output, what in (("import", imported, "stave import"), ("compile", again, "stave compile of the imported text")):
        source = midi if command == "import" else imported
        result = subprocess.run([stave, command, source, "-o", output, "-q"], capture_output=True, text=True)
        if result.returncode != 0:
            print(f"FAIL {name}: {what}: exit status {result.returncode}: {result.stderr.strip()[:200]}")
            return False
    got = notes(again)
    if want != got:
        lost, added = want - got, got - want
        print(f"FAIL {name}: {sum(lost.values())} of {sum(want.values())} notes differ; "
              f"lost {sorted(lost.elements())[:3]}, added {sorted(added.elements())[:3]}")
    return want == got


def main():
    args = corpus_arguments(__doc__.splitlines()[0], 100).parse_args()
    work = args.work or tempfile.mkdtemp(prefix="stave-m21-midi-")
    passed = failed = 0
    for path in music21.corpus.getComposer(args.composer)[:args.count]:
        name = os.path.basename(str(path)).replace(".", "_")
        original, imported, again = (os.path.join(work, name + suffix) for suffix in (".mid", ".stave", "-again.mid"))
        try:
            music21.corpus.parse(path).write("midi", fp=original)
        except Exception as error:  # music21 cannot write it: not ours to judge
            print(f"SKIP {name}: music21 cannot write it as MIDI: {error!r}")
            continue
        if imports_note_for_note(args.stave, name, original, imported, again, notes(original)):
            passed += 1
        else:
            failed += 1
    print(f"music21's MIDI of {passed + failed} {args.composer} pieces: {passed} imported note for note")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
