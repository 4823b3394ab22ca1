#!/usr/bin/env python3
"""Performed MIDI: how much of the written music `stave import` recovers from a humanized
performance (issue 14), with `midi2abc` + `abc2midi` (Debian `abcmidi`) as the baseline.

The pieces are 300 of the music21 corpus songs the corpus test makes (Tests/corpus: every
third piece of its selection, in the "single" layout; Bach chorales and folk tunes), or with --random N the model referee's
seeded v1 songs (Tests/model/random_songs.py). Each is compiled by `stave` to MIDI: that file is
the written music. A seeded humanizer then plays it:

  - every onset and every release moves by a normally distributed amount whose standard
    deviation is the level (5%, 10% or 20% of a beat, a quarter note); a release is kept
    before the next onset of its key (a player lets go before striking again) and at least a
    tick after its onset;
  - every velocity is multiplied by a normally distributed factor (mean 1, deviation 0.1),
    kept within 1-127;
  - every tempo event is scaled by one factor per file, uniform in 0.97-1.03 (the tick grid
    stays; the performance is slightly faster or slower).

The performance goes through `stave import` and `stave compile`, and through `midi2abc -f` and
`abc2midi`. The notes that come back are compared with the written ones in quarter notes
to the nearest 1/96 of a quarter (so the baseline's own ticks per quarter and the tick by which
abc2midi delays every note do not matter; a tuplet's notes stay apart), as MV2H does for its multi-pitch
and note-value parts, but with exact written times instead of a 50 ms window:

  - onset F1: a note is found when a note of the same pitch starts at exactly its written
    onset (one to one); precision over the notes that came back, recall over the written ones;
  - note-value accuracy: of the notes found, the share that also has the written duration;
  - recovered: the share of written notes that came back with the right onset and duration
    (the issue's targets: at least 97% at 5% of a beat, 90% at 10%).

usage: Benchmarks/humanize.py --stave PATH [--pieces 300] [--random N] [--seed S] [--jobs J]
                               [--levels 0,5,10,20] [--cache DIR] [--only TEXT] [--no-baseline] [--check]
Needs mido (Tests/referee/requirements.txt) and, for the corpus, the corpus test's pinned
music21 (Tests/corpus/run.sh installs both into ~/.cache). --check exits 1 when Stave misses a
target. Prints a table: one row per level and program.
"""
import argparse
import collections
import concurrent.futures
import contextlib
import glob
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for cache in [os.path.expanduser("~/.cache/stave-referee")] + sorted(glob.glob(os.path.expanduser("~/.cache/stave-corpus/py*"))):
    if os.path.isdir(cache) and cache not in sys.path:
        sys.path.append(cache)
import mido  # noqa: E402

TARGETS = {5: 97.0, 10: 90.0}   # recovered %, at a level in % of a beat


def corpus_songs(count, cache, only=None):
    """(name, Stave text) of `count` corpus pieces, every third of the corpus test's selection
    (then the pieces after those, when the converter does not support some);
    the texts are kept in `cache` so that later runs need not parse the scores again."""
    os.makedirs(cache, exist_ok=True)
    os.environ.setdefault("TMPDIR", os.path.join(cache, "tmp"))
    os.makedirs(os.environ["TMPDIR"], exist_ok=True)
    sys.path.insert(0, os.path.join(ROOT, "Tests", "corpus"))
    with contextlib.redirect_stderr(io.StringIO()):
        import check  # noqa: E402 (the corpus test: its selection, loader and converter)
        import stave_text  # noqa: E402
        import to_stave  # noqa: E402
    songs = []
    selection = check.selection()
    for name, _, path, number in selection[::3] + selection[1::3]:   # past pieces the converter skips
        if len(songs) == count:
            break
        if only and only not in name:
            continue
        file = os.path.join(cache, name.replace("/", "_").replace("#", "_") + ".stave")
        if not os.path.exists(file):
            try:
                with contextlib.redirect_stderr(io.StringIO()):
                    text = stave_text.render(to_stave.analyse(check.load(path, number)), "single")
            except Exception as error:  # a piece the converter does not support: the next one
                print(f"skipped {name}: {error!r}"[:160], file=sys.stderr)
                continue
            with open(file, "w", encoding="utf-8") as f:
                f.write(text)
        with open(file, encoding="utf-8") as f:
            songs.append((name, f.read()))
    return songs


def random_model_songs(count, seed):
    sys.path.insert(0, os.path.join(ROOT, "Tests", "model"))
    import random_songs  # noqa: E402
    return [(f"seed {seed * 1_000_003 + i}", random_songs.generate(seed * 1_000_003 + i)) for i in range(count)]


def coarse(quarters):
    """A time to the nearest 1/96 of a quarter note: abc2midi starts each note a tick late."""
    return Fraction(round(quarters * 96), 96)


def notes_of(path):
    """(ticks per quarter, [(pitch, onset, duration)] in quarter notes) of a MIDI file; notes
    paired first-on first-off per channel and key."""
    midi = mido.MidiFile(path)
    ppq = midi.ticks_per_beat
    notes = []
    for track in midi.tracks:
        tick = 0
        waiting = collections.defaultdict(collections.deque)
        for message in track:
            tick += message.time
            if message.type == "note_on" and message.velocity > 0:
                waiting[(message.channel, message.note)].append(tick)
            elif message.type in ("note_on", "note_off") and waiting[(message.channel, message.note)]:
                start = waiting[(message.channel, message.note)].popleft()
                onset, end = coarse(Fraction(start, ppq)), coarse(Fraction(tick, ppq))
                notes.append((message.note, onset, end - onset))
    return ppq, notes


def humanize(source, target, level, rng):
    """Writes a performance of the MIDI file `source` to `target` (see the module comment)."""
    midi = mido.MidiFile(source)
    ppq = midi.ticks_per_beat
    sigma = level / 100 * ppq
    tempo_factor = rng.uniform(0.97, 1.03)
    out = mido.MidiFile(type=midi.type, ticks_per_beat=ppq)
    for track in midi.tracks:
        tick = 0
        others, notes = [], []
        waiting = collections.defaultdict(collections.deque)
        for message in track:
            tick += message.time
            if message.type == "note_on" and message.velocity > 0:
                waiting[(message.channel, message.note)].append((tick, message.velocity))
            elif message.type in ("note_on", "note_off"):
                if waiting[(message.channel, message.note)]:
                    start, velocity = waiting[(message.channel, message.note)].popleft()
                    notes.append([message.channel, message.note, start, tick, velocity])
            elif message.type == "set_tempo":
                others.append((tick, message.copy(tempo=max(1, min(16777215, round(message.tempo * tempo_factor))))))
            elif message.type != "end_of_track":
                others.append((tick, message))
        end_of_track = tick
        for note in notes:
            note[2] = max(0, round(note[2] + rng.gauss(0, sigma)))
            note[3] = max(0, round(note[3] + rng.gauss(0, sigma)))
            note[4] = max(1, min(127, round(note[4] * rng.gauss(1, 0.1))))
        # A key is let go before it is struck again, and held at least a tick.
        by_key = collections.defaultdict(list)
        for note in notes:
            by_key[(note[0], note[1])].append(note)
        for group in by_key.values():
            group.sort(key=lambda n: n[2])
            for this, following in zip(group, group[1:] + [None]):
                if following is not None and this[3] > following[2]:
                    this[3] = following[2]
                if this[3] <= this[2]:
                    this[3] = this[2] + 1
                    if following is not None and following[2] < this[3]:
                        following[2] = this[3]
        events = [(t, 1, m) for t, m in others]
        for channel, key, start, end, velocity in notes:
            events.append((start, 2, mido.Message("note_on", channel=channel, note=key, velocity=velocity)))
            events.append((end, 0, mido.Message("note_off", channel=channel, note=key, velocity=0)))
        events.sort(key=lambda e: (e[0], e[1]))
        new = mido.MidiTrack()
        last = 0
        for t, _, message in events:
            new.append(message.copy(time=t - last))
            last = t
        new.append(mido.MetaMessage("end_of_track", time=max(0, max(end_of_track, last) - last)))
        out.tracks.append(new)
    out.save(target)


def run(command):
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def through_stave(stave, performance, work):
    imported, midi = os.path.join(work, "imported.stave"), os.path.join(work, "imported.mid")
    if run([stave, "import", performance, "-o", imported, "-q"]).returncode != 0:
        return None
    if run([stave, "compile", imported, "-o", midi, "-q"]).returncode != 0:
        return None
    return notes_of(midi)[1]


def through_abc(performance, work):
    abc, midi = os.path.join(work, "performance.abc"), os.path.join(work, "abc.mid")
    if run(["midi2abc", "-f", performance, "-o", abc]).returncode != 0 or not os.path.exists(abc):
        return None
    run(["abc2midi", abc, "-o", midi])
    if not os.path.exists(midi):
        return None
    return notes_of(midi)[1]


def score(written, found):
    """(written notes, notes that came back, onsets found, onset and duration found)."""
    if found is None:
        return len(written), 0, 0, 0
    onsets = collections.Counter((p, o) for p, o, _ in written) & collections.Counter((p, o) for p, o, _ in found)
    whole = collections.Counter(written) & collections.Counter(found)
    return len(written), len(found), sum(onsets.values()), sum(whole.values())


def one_piece(args, index, name, text, baseline):
    """{(level, program): score} of one piece."""
    results = {}
    work = tempfile.mkdtemp(prefix="stave-humanize-")
    try:
        source, written_midi = os.path.join(work, "song.stave"), os.path.join(work, "song.mid")
        with open(source, "w", encoding="utf-8") as f:
            f.write(text)
        if run([args.stave, "compile", source, "-o", written_midi, "-q"]).returncode != 0:
            return name, None
        _, written = notes_of(written_midi)
        for level in args.levels:
            rng = random.Random(f"{args.seed}/{index}/{level}")
            performance = os.path.join(work, f"performance-{level}.mid")
            humanize(written_midi, performance, level, rng)
            results[(level, "stave")] = score(written, through_stave(args.stave, performance, work))
            if baseline:
                results[(level, "midi2abc")] = score(written, through_abc(performance, work))
        return name, results
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stave", required=True)
    ap.add_argument("--pieces", type=int, default=300)
    ap.add_argument("--random", type=int, help="use N of the model referee's random v1 songs instead of the corpus")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="0,5,10,20", help="onset and release deviations, %% of a beat")
    ap.add_argument("--cache", default=os.path.expanduser("~/.cache/stave-humanize"))
    ap.add_argument("--only", help="only corpus pieces whose name contains this (ryansMammoth, bach, ...)")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--check", action="store_true", help="exit 1 when Stave misses a target")
    ap.add_argument("--verbose", action="store_true", help="one line per piece and level")
    args = ap.parse_args()
    args.stave = os.path.abspath(args.stave)
    args.levels = [int(level) for level in args.levels.split(",")]
    baseline = not args.no_baseline and shutil.which("midi2abc") and shutil.which("abc2midi")
    if not args.no_baseline and not baseline:
        print("midi2abc/abc2midi not found (apt-get install abcmidi): no baseline", file=sys.stderr)
    songs = random_model_songs(args.random, args.seed) if args.random else corpus_songs(args.pieces, args.cache, args.only)
    if len(songs) < (args.random or args.pieces):
        sys.exit(f"only {len(songs)} pieces, expected {args.random or args.pieces}")

    totals = collections.defaultdict(lambda: [0, 0, 0, 0])
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(one_piece, args, i, name, text, baseline) for i, (name, text) in enumerate(songs)]
        for future in futures:
            name, results = future.result()
            if results is None:
                failed += 1
                print(f"{name}: the written song does not compile", file=sys.stderr)
                continue
            for key, values in results.items():
                for i, value in enumerate(values):
                    totals[key][i] += value
                if args.verbose:
                    print(f"{name} {key}: {values}")

    source = f"{len(songs) - failed} {'random model songs' if args.random else 'music21 corpus pieces'}"
    print(f"performed MIDI, {source}, seed {args.seed}")
    print(f"{'level':>6} {'program':<9} {'notes':>8} {'onset P':>8} {'onset R':>8} {'onset F1':>8} {'value acc':>9} {'recovered':>9}")
    missed = []
    for level in args.levels:
        for program in ("stave", "midi2abc"):
            if (level, program) not in totals:
                continue
            written, found, onsets, whole = totals[(level, program)]
            precision = 100 * onsets / found if found else 0
            recall = 100 * onsets / written if written else 0
            f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0
            value = 100 * whole / onsets if onsets else 0
            recovered = 100 * whole / written if written else 0
            print(f"{str(level) + '%':>6} {program:<9} {written:>8} {precision:>8.2f} {recall:>8.2f} {f1:>8.2f} {value:>9.2f} {recovered:>9.2f}")
            if program == "stave" and level in TARGETS and recovered < TARGETS[level]:
                missed.append(f"{level}%: {recovered:.2f}% recovered, target {TARGETS[level]}%")
    for line in missed:
        print("MISSED " + line)
    return 1 if args.check and (missed or failed) else 0


if __name__ == "__main__":
    sys.exit(main())
