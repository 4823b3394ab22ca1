"""Musical properties of `comp` (LANGUAGE.md "Accompaniment (v3)"), checked from the MIDI with
mido over generated comp songs: random harmony (every quality, slash chords, changes in mid-bar,
a 3/4 section for the styles that have one), played by piano, bass and drums in every built-in
style and a user style.

  python3 Tests/comp/check_comp.py --stave .build/debug/stave [--count 300] [--seed 1]

Checks, per song:
- every comp note's pitch class belongs to the chord in force at its onset (its tones and slash
  bass), `approach` notes aside (they must be a semitone below the root of the chord at their end);
- every chord change that falls inside a bass pattern note sounds in the bass at its own onset
  (no bass note sounds across a change, and a note cut there starts again there);
- every voiced piano chord lies in its octave band (lowest pitch in C4..B4, within one octave).
Reports the average movement per voice between consecutive piano chords. Ends with
"N passed, M failed".
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

import mido

QUALITIES = {
    "": [0, 4, 7], "m": [0, 3, 7], "dim": [0, 3, 6], "aug": [0, 4, 8], "sus2": [0, 2, 7], "sus4": [0, 5, 7],
    "5": [0, 7], "6": [0, 4, 7, 9], "m6": [0, 3, 7, 9], "7": [0, 4, 7, 10], "maj7": [0, 4, 7, 11],
    "m7": [0, 3, 7, 10], "mmaj7": [0, 3, 7, 11], "dim7": [0, 3, 6, 9], "m7b5": [0, 3, 6, 10],
    "9": [0, 4, 7, 10, 14], "maj9": [0, 4, 7, 11, 14], "m9": [0, 3, 7, 10, 14], "add9": [0, 4, 7, 14],
    "madd9": [0, 3, 7, 14], "11": [0, 4, 7, 10, 14, 17], "13": [0, 4, 7, 10, 14, 21], "7sus4": [0, 5, 7, 10],
    "7b9": [0, 4, 7, 10, 13], "7#9": [0, 4, 7, 10, 15], "7#11": [0, 4, 7, 10, 18], "7b13": [0, 4, 7, 10, 20],
    "7b5": [0, 4, 6, 10], "7#5": [0, 4, 8, 10], "alt": [0, 4, 10, 13, 15, 20], "m11": [0, 3, 7, 10, 14, 17],
    "69": [0, 4, 7, 9, 14], "m69": [0, 3, 7, 9, 14], "maj7#11": [0, 4, 7, 11, 18], "13sus4": [0, 5, 7, 10, 14, 21],
    "9sus4": [0, 5, 7, 10, 14], "m13": [0, 3, 7, 10, 14, 21], "maj13": [0, 4, 7, 11, 14, 21],
}
# Lead-sheet spellings of some of them (the same chords).
SPELLINGS = {"-7": "m7", "-": "m", "+": "aug", "°7": "dim7", "ø": "m7b5", "Δ9": "maj9", "6/9": "69", "+7": "7#5"}
ROOTS = ["C", "C#", "Db", "D", "Eb", "E", "F", "F#", "Gb", "G", "Ab", "A", "Bb", "B"]
CLASS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
STYLES = ["block", "pop", "rock", "ballad", "swing", "bossa", "waltz", "mine"]
THREE_FOUR = {"waltz", "ballad", "mine"}
USER_STYLE = """style mine {
  part piano 4/4 { r8 chord8 r chord {chord r chord}4 chord4 }
  part piano 3/4 { chord2 chord8 chord }
  part bass 4/4 { root4. fifth8~ fifth4 third8 bass }
  part bass 3/4 { bass2. }
  part drums 4/4 { [kick hat]8 hat [snare hat] hat [kick hat] [kick hat] [snare hat] hat }
  part drums 3/4 { kick4 hat hat }
}
"""
PPQ = 480
# Where each bass pattern's notes sound in a bar, in ticks (written lengths; rests left out),
# by style and beats per bar: a change strictly inside one must sound at its own onset.
BASS = {
    ("block", 4): [(0, 1920)],
    ("pop", 4): [(0, 720), (720, 960), (960, 1440), (1440, 1920)],
    ("rock", 4): [(i * 240, i * 240 + 240) for i in range(8)],
    ("ballad", 4): [(0, 960), (960, 1920)], ("ballad", 3): [(0, 1440)],
    ("swing", 4): [(0, 480), (480, 960), (960, 1440), (1440, 1920)],
    ("bossa", 4): [(0, 720), (720, 960), (960, 1680), (1680, 1920)],
    ("waltz", 4): [(0, 480), (960, 1440)], ("waltz", 3): [(0, 480)],
    ("mine", 4): [(0, 720), (720, 1440), (1440, 1680), (1680, 1920)], ("mine", 3): [(0, 1440)],
}


def pitch_class(name):
    return (CLASS[name[0]] + (1 if name[1:2] == "#" else -1 if name[1:2] == "b" else 0)) % 12


def song(rng, style):
    """A song's text and its harmony: (tick, root class, tone classes, bass class)."""
    bars4 = rng.randint(2, 6)
    bars3 = rng.randint(1, 3) if style in THREE_FOUR else 0
    body, harmony, tick = [], [], 0
    qualities = list(QUALITIES) + list(SPELLINGS)
    for bar in range(bars4 + bars3):
        beats = 4 if bar < bars4 else 3
        if bar == bars4:
            body.append("|")
        # A bar's chords: whole bar, two halves, or a change on a beat.
        splits = [[beats]] + ([[2, 2], [3, 1], [1, 3]] if beats == 4 else [[2, 1], [1, 2]])
        for length in rng.choice(splits):
            root = rng.choice(ROOTS)
            written = rng.choice(qualities)
            quality = SPELLINGS.get(written, written)
            slash = rng.random() < 0.25 and "/" not in written
            bass = rng.choice(ROOTS) if slash else None
            symbol = root + written + ("/" + bass if bass else "")
            value = {1: "4", 2: "2", 3: "2.", 4: "1"}[length]
            body.append("[%s]%s" % (symbol, value))
            tones = {(pitch_class(root) + i) % 12 for i in QUALITIES[quality]}
            bass_class = pitch_class(bass) if bass else pitch_class(root)
            harmony.append((tick, pitch_class(root), tones | {bass_class}, bass_class))
            tick += length * PPQ
        body.append("|")
    header = "title \"comp\"\nmeter 4/4\n" + ("meter 3/4 at %d\n" % (bars4 + 1) if bars3 else "")
    text = header + USER_STYLE + "track lead { symbols off phrase { " + " ".join(body) + " } }\n"
    text += "track piano { comp lead %s.piano }\n" % style
    text += "track bass { octave 2 comp lead %s.bass }\n" % style
    text += "drums beat { comp lead %s.drums }\n" % style
    bars = [(i * 4 * PPQ, 4) for i in range(bars4)] + [(bars4 * 4 * PPQ + i * 3 * PPQ, 3) for i in range(bars3)]
    return text, harmony, bars


def notes(track):
    out, on, now = [], {}, 0
    for message in track:
        now += message.time
        if message.type == "note_on" and message.velocity > 0:
            on[message.note] = now
        elif message.type in ("note_on", "note_off") and message.note in on:
            out.append((on.pop(message.note), now, message.note))
    return sorted(out)


def chord_at(harmony, tick):
    current = harmony[0]
    for entry in harmony:
        if entry[0] <= tick:
            current = entry
    return current


def check(path, harmony, bars, style, stats):
    problems = []
    midi = mido.MidiFile(path)
    tracks = {t.name: notes(t) for t in midi.tracks}
    changes = [entry[0] for entry in harmony[1:]]
    for name in ("piano", "bass"):
        for start, stop, pitch in tracks[name]:
            chord = chord_at(harmony, start)
            if pitch % 12 in chord[2]:
                continue
            # `approach`: a semitone below the root of the chord at the note's written end.
            if name == "bass" and style == "swing" and (chord_at(harmony, stop)[1] - 1) % 12 == pitch % 12:
                continue
            problems.append("%s note %d at tick %d is not a tone of the chord there" % (name, pitch, start))
    bass = tracks["bass"]
    for change in changes:
        if any(start < change < stop for start, stop, _ in bass):
            problems.append("a bass note sounds across the change at tick %d" % change)
        bar_start, beats = [bar for bar in bars if bar[0] <= change][-1]
        offset = change - bar_start
        inside = any(start < offset < stop for start, stop in BASS[(style, beats)])
        if inside and not any(start == change for start, _, _ in bass):
            problems.append("the change at tick %d falls inside a bass note but the bass does not sound there" % change)
    chords = {}
    for start, _, pitch in tracks["piano"]:
        chords.setdefault(start, []).append(pitch)
    previous = None
    for start in sorted(chords):
        voiced = sorted(chords[start])
        if len(voiced) < 2:
            continue  # single tones of a pattern, not a voicing
        if not (60 <= voiced[0] <= 71 and voiced[-1] - voiced[0] <= 11):
            problems.append("piano chord %s at tick %d leaves its octave band" % (voiced, start))
        if previous:
            moves = [min(abs(p - q) for q in previous) for p in voiced]
            stats["moves"] += sum(moves)
            stats["voices"] += len(moves)
            if chord_at(harmony, start) is not chord_at(harmony, start - 1):
                stats["change moves"] += sum(moves)
                stats["change voices"] += len(moves)
        previous = voiced
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stave", default=".build/debug/stave")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    passed = failed = 0
    stats = {"moves": 0, "voices": 0, "change moves": 0, "change voices": 0}
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.count):
            style = STYLES[index % len(STYLES)]
            text, harmony, bars = song(rng, style)
            source = os.path.join(folder, "song%d.stave" % index)
            target = os.path.join(folder, "song%d.mid" % index)
            with open(source, "w") as handle:
                handle.write(text)
            result = subprocess.run([args.stave, "compile", source, "-o", target, "-q"], capture_output=True, text=True)
            if result.returncode != 0:
                failed += 1
                print("song %d (%s) does not compile:\n%s\n%s" % (index, style, result.stderr, text))
                continue
            problems = check(target, harmony, bars, style, stats)
            if problems:
                failed += 1
                print("song %d (%s): %s\n%s" % (index, style, "; ".join(problems[:5]), text))
            else:
                passed += 1
    average = stats["moves"] / stats["voices"] if stats["voices"] else 0
    changed = stats["change moves"] / stats["change voices"] if stats["change voices"] else 0
    print("voicing: %.2f semitones per voice between consecutive piano chords (%d voice moves); %.2f where the chord changed (%d)"
          % (average, stats["voices"], changed, stats["change voices"]))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
