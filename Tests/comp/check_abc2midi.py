"""A referee that is not ours for `comp`: abc2midi's own guitar-chord accompaniment.

Generates 30 tunes (a fixed seed): a melody with chord symbols of every quality both programs
know (spelled both ways where Stave has lead-sheet spellings), slash chords, and changes on the
beats of a bar. Each tune is written twice from the same song:
- as Stave, whose lead track has `symbols off` and whose `bass` and `chords` tracks `comp` it in
  the user style `abc`, abc2midi's default 4/4 accompaniment written out (`fzczfzcz`: the
  fundamental on beats 1 and 3, the chord on beats 2 and 4, each an eighth);
- as ABC with guitar chords and `%%MIDI gchord fzczfzcz`, compiled by abc2midi (Debian `abcmidi`).
Both MIDI files are read with mido, and for every eighth of every bar the pitch classes sounding
(at the eighth's midpoint) in the fundamental channel and in the chord channel must agree.

  python3 Tests/comp/check_abc2midi.py --stave .build/debug/stave [--abc2midi abc2midi] [--count 30] [--seed 28]

One documented difference (Tests/comp/README.md): abc2midi's chord sounds every tone of a five-
or six-tone chord (`9`, `m9`, `maj9`, `11`), while Stave's `chord` keeps at most four
(LANGUAGE.md "Accompaniment (v3)": the fifth is dropped first, then the root). For those chords
only, the chord channel is compared with abc2midi's tones less exactly the tones that rule drops.
Ends with "N passed, M failed" (one check per tune).
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

import mido

# (Stave spelling, ABC spelling, intervals as abc2midi's chord table in store.c lists them).
QUALITIES = [
    ("", "", [0, 4, 7]), ("m", "m", [0, 3, 7]), ("-", "m", [0, 3, 7]),
    ("7", "7", [0, 4, 7, 10]), ("m7", "m7", [0, 3, 7, 10]), ("-7", "m7", [0, 3, 7, 10]),
    ("m7b5", "m7b5", [0, 3, 6, 10]), ("ø", "m7b5", [0, 3, 6, 10]),
    ("maj7", "maj7", [0, 4, 7, 11]), ("maj7", "M7", [0, 4, 7, 11]), ("Δ7", "maj7", [0, 4, 7, 11]),
    ("6", "6", [0, 4, 7, 9]), ("m6", "m6", [0, 3, 7, 9]),
    ("aug", "aug", [0, 4, 8]), ("+", "+", [0, 4, 8]), ("7#5", "aug7", [0, 4, 8, 10]),
    ("dim", "dim", [0, 3, 6]), ("dim7", "dim7", [0, 3, 6, 9]), ("°7", "dim7", [0, 3, 6, 9]),
    ("9", "9", [0, 4, 7, 10, 14]), ("m9", "m9", [0, 3, 7, 10, 14]), ("maj9", "maj9", [0, 4, 7, 11, 14]),
    ("11", "11", [0, 4, 7, 10, 14, 17]),
    ("sus4", "sus4", [0, 5, 7]), ("sus4", "sus", [0, 5, 7]), ("sus2", "sus2", [0, 2, 7]),
    ("7sus4", "7sus4", [0, 5, 7, 10]), ("5", "5", [0, 7]),
]
# Roots as both programs spell them (a sharp or a flat; abc2midi reads the same names).
ROOTS = ["C", "C#", "Db", "D", "Eb", "E", "F", "F#", "Gb", "G", "Ab", "A", "Bb", "B"]
CLASS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
# A bar's chords, as lengths in quarters: every change falls on a beat (beats 2, 3 and 4 too).
SPLITS = [[4], [2, 2], [3, 1], [1, 3], [1, 1, 2], [2, 1, 1], [1, 2, 1], [1, 1, 1, 1]]
# The melody: C major from middle C up (Stave octave 4 = ABC's upper-case octave).
MELODY = ["c", "d", "e", "f", "g", "a", "b"]
STYLE = """style abc {
  part bass 4/4 { bass8 r4. bass8 r4. }
  part chords 4/4 { r4 chord8 r r4 chord8 r }
}
"""
# abc2midi before 2024-12-16 (Debian's 20230208 among them) lists `sus4` as 0 4 7, a major triad
# (`sus`, its synonym, is 0 5 7); each tune defines it as upstream now does, with abc2midi's own
# `%%MIDI chordname` (Tests/comp/README.md).
SUS4 = "%%MIDI chordname sus4 0 5 7\n"
PPQ = 480
EIGHTH = PPQ // 2


def pitch_class(name):
    return (CLASS[name[0]] + (1 if name[1:2] == "#" else -1 if name[1:2] == "b" else 0)) % 12


def dropped(root, intervals):
    """The pitch classes Stave's `chord` leaves out of a chord of more than four tones: the fifth
    (6, 7 or 8), then the root, then the lowest tone above the seventh (LANGUAGE.md)."""
    tones = list(intervals)
    out = []
    for test in (lambda i: i in (6, 7, 8), lambda i: i == 0, lambda i: i > 11):
        if len(tones) <= 4:
            break
        found = [i for i in tones if test(i)]
        if found:
            tones.remove(min(found))
            out.append(min(found))
    return {(root + i) % 12 for i in out}


def tune(rng, index):
    """One song as (Stave text, ABC text, harmony: (tick, end, root class, tones, bass class, dropped))."""
    bars = rng.randint(3, 8)
    stave_bars, abc_bars, harmony, tick = [], [], [], 0
    for _ in range(bars):
        stave_bar, abc_bar = [], []
        for length in rng.choice(SPLITS):
            root = rng.choice(ROOTS)
            stave_quality, abc_quality, intervals = rng.choice(QUALITIES)
            bass = rng.choice(ROOTS) if rng.random() < 0.25 else None
            slash = "/" + bass if bass else ""
            stave_symbol = root + stave_quality + slash
            abc_symbol = root + abc_quality + slash
            r = pitch_class(root)
            tones = {(r + i) % 12 for i in intervals}
            harmony.append((tick, tick + length * PPQ, r, tones, pitch_class(bass) if bass else r, dropped(r, intervals)))
            tick += length * PPQ
            # The melody under the chord: quarters, or a pair of eighths, one pitch each.
            notes = []
            for _ in range(length):
                if rng.random() < 0.3:
                    notes += [(rng.choice(MELODY), 8), (rng.choice(MELODY), 8)]
                else:
                    notes.append((rng.choice(MELODY), 4))
            first, value = notes[0]
            stave_bar.append("[%s %s]%d" % (stave_symbol, first, value))
            abc_bar.append('"%s"%s%d' % (abc_symbol, first.upper(), 8 // value))
            for pitch, value in notes[1:]:
                stave_bar.append("%s%d" % (pitch, value))
                abc_bar.append("%s%d" % (pitch.upper(), 8 // value))
        stave_bars.append(" ".join(stave_bar) + " |")
        abc_bars.append(" ".join(abc_bar) + " |")
    stave = ('title "abc2midi %d"\nmeter 4/4\ntempo 120\n' % index + STYLE
             + "track lead { octave 4  symbols off  phrase tune {\n  " + "\n  ".join(stave_bars) + "\n} }\n"
             + "track bass { octave 2  comp lead abc.bass }\n"
             + "track chords { octave 3  comp lead abc.chords }\n")
    abc = ("X:%d\nT:abc2midi %d\nM:4/4\nL:1/8\nQ:1/4=120\nK:C\n%%%%MIDI gchord fzczfzcz\n" % (index, index) + SUS4
           + "\n".join(abc_bars) + "\n")
    return stave, abc, harmony


def notes(messages, keep):
    """(start, stop, pitch) of the notes among `messages` (absolute ticks) that `keep` accepts."""
    out, on = [], {}
    for now, message in messages:
        if not keep(message):
            continue
        key = (getattr(message, "channel", 0), message.note)
        if message.type == "note_on" and message.velocity > 0:
            on[key] = now
        elif key in on:
            out.append((on.pop(key), now, message.note))
    return out


def absolute(track, scale):
    now, out = 0, []
    for message in track:
        now += message.time
        if message.type in ("note_on", "note_off"):
            out.append((now * scale, message))
    return out


def sounding(notes_, slots):
    """For every eighth slot, the pitch classes sounding at its midpoint."""
    return [frozenset(p % 12 for start, stop, p in notes_ if start <= slot * EIGHTH + EIGHTH // 2 < stop)
            for slot in range(slots)]


def stave_layers(path):
    midi = mido.MidiFile(path)
    scale = PPQ / midi.ticks_per_beat
    tracks = {t.name: absolute(t, scale) for t in midi.tracks}
    everything = lambda message: True
    return notes(tracks.get("bass", []), everything), notes(tracks.get("chords", []), everything)


def abc_layers(path):
    """abc2midi writes the melody, then the fundamental and the chord on channels of their own
    (one track: the fundamental's channel plays first in a bar); the channels are told apart by
    which one sounds at the first beat, where `f` plays."""
    midi = mido.MidiFile(path)
    scale = PPQ / midi.ticks_per_beat
    merged = []
    for track in midi.tracks[2:] if len(midi.tracks) > 2 else []:
        merged += absolute(track, scale)
    merged.sort(key=lambda pair: pair[0])
    first_on = [m for _, m in merged if m.type == "note_on" and m.velocity > 0]
    if not first_on:
        return [], []
    bass_channel = first_on[0].channel
    return (notes(merged, lambda m: m.channel == bass_channel), notes(merged, lambda m: m.channel != bass_channel))


def compare(stave_path, abc_path, harmony):
    slots = harmony[-1][1] // EIGHTH
    stave_bass, stave_chords = (sounding(layer, slots) for layer in stave_layers(stave_path))
    abc_bass, abc_chords = (sounding(layer, slots) for layer in abc_layers(abc_path))
    problems = []
    for slot in range(slots):
        tick = slot * EIGHTH
        # Not a vacuous agreement: abc2midi sounds the fundamental on beats 1 and 3 only, the
        # chord on beats 2 and 4 only.
        if bool(abc_bass[slot]) != (slot % 4 == 0) or bool(abc_chords[slot]) != (slot % 4 == 2):
            problems.append("eighth %d (bar %d): abc2midi's accompaniment is not fzczfzcz there" % (slot, slot // 8 + 1))
        chord = [entry for entry in harmony if entry[0] <= tick][-1]
        if stave_bass[slot] != abc_bass[slot]:
            problems.append("eighth %d (bar %d): bass %s, abc2midi %s" % (slot, slot // 8 + 1, sorted(stave_bass[slot]), sorted(abc_bass[slot])))
        expected = abc_chords[slot] - chord[5]
        if stave_chords[slot] != expected:
            problems.append("eighth %d (bar %d): chord %s, abc2midi %s%s" % (slot, slot // 8 + 1, sorted(stave_chords[slot]), sorted(abc_chords[slot]),
                                                                           " less %s" % sorted(chord[5]) if chord[5] else ""))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stave", default=".build/debug/stave")
    parser.add_argument("--abc2midi", default="abc2midi")
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--keep", help="a folder to keep the tunes in (.stave, .abc and both .mid)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    passed = failed = 0
    stats = {"eighths": 0, "chords": 0, "wide": 0}
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or scratch
        os.makedirs(folder, exist_ok=True)
        for index in range(1, args.count + 1):
            stave, abc, harmony = tune(rng, index)
            base = os.path.join(folder, "tune%02d" % index)
            with open(base + ".stave", "w") as handle:
                handle.write(stave)
            with open(base + ".abc", "w") as handle:
                handle.write(abc)
            ours = subprocess.run([args.stave, "compile", base + ".stave", "-o", base + ".stave.mid", "-q"], capture_output=True, text=True)
            theirs = subprocess.run([args.abc2midi, base + ".abc", "-o", base + ".abc.mid", "-quiet", "-silent"], capture_output=True, text=True)
            if ours.returncode != 0 or theirs.returncode != 0 or not os.path.exists(base + ".abc.mid"):
                failed += 1
                print("tune %d does not compile:\n%s%s%s\n%s" % (index, ours.stderr, theirs.stdout, theirs.stderr, stave + abc))
                continue
            problems = compare(base + ".stave.mid", base + ".abc.mid", harmony)
            stats["eighths"] += harmony[-1][1] // EIGHTH
            stats["chords"] += len(harmony)
            stats["wide"] += sum(1 for entry in harmony if entry[5])
            if problems:
                failed += 1
                print("tune %d differs from abc2midi: %s\n%s%s" % (index, "; ".join(problems[:6]), stave, abc))
            else:
                passed += 1
    print("abc2midi: %d of %d tunes play the same pitch classes eighth by eighth (%d eighths, %d chord symbols, "
          "%d of them with more than four tones)" % (passed, args.count, stats["eighths"], stats["chords"], stats["wide"]))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
