#!/usr/bin/env python3
"""Accompaniment cost (issue 28): a song whose accompaniment `comp` generates from 10,000 chord
symbols, about 300,000 sounding notes in all, beside the same song written out, compiled to MIDI
side by side (target: at most 1.5x the time).

The comp song (seeded): a lead track of eighth notes with `symbols off` and 10,000 chord symbols
(every quality of LANGUAGE.md's tables and lead-sheet spellings, a fifth of them slash chords;
BARS bars, of which 10,000 - BARS change chord on beat 3), played by piano, bass and drums in the
built-in `pop` style. The written-out song has the same lead track (its symbols too) and, for
the three comp tracks, the notes `stave import --no-phrases` writes from the comp song's MIDI;
the script checks that both songs compile to the same MIDI bytes before timing them.
Time: the median of interleaved runs (one warm-up each); memory: peak RSS by GNU time.

usage: Benchmarks/comp.py --stave .build/release/stave [--runs 7] [--bars 8000] [--work DIR]
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SYMBOLS = 10_000
ROOTS = ["C", "C#", "Db", "D", "Eb", "E", "F", "F#", "Gb", "G", "Ab", "A", "Bb", "B"]
QUALITIES = ["", "m", "dim", "aug", "sus2", "sus4", "5", "6", "m6", "7", "maj7", "m7", "mmaj7", "dim7", "m7b5",
             "9", "maj9", "m9", "add9", "madd9", "11", "13", "7sus4", "7b9", "7#9", "7#11", "7b13", "7b5", "7#5",
             "alt", "m11", "69", "m69", "maj7#11", "13sus4", "9sus4", "m13", "maj13",
             "-7", "-", "+", "°7", "ø", "Δ9", "6/9", "+7"]
MELODY = ["c", "d", "e", "f", "g", "a", "b"]


def comp_song(bars, seed):
    """The comp song's text: BARS bars, SYMBOLS chord symbols (the extra ones on beat 3)."""
    rng = random.Random(seed)
    split = set(rng.sample(range(bars), SYMBOLS - bars))
    lines = []
    for bar in range(bars):
        notes = [rng.choice(MELODY) for _ in range(8)]
        starts = [0, 4] if bar in split else [0]
        words = []
        for index, pitch in enumerate(notes):
            if index in starts:
                slash = "/" + rng.choice(ROOTS) if rng.random() < 0.2 else ""
                symbol = rng.choice(ROOTS) + rng.choice(QUALITIES)
                words.append("[%s%s %s]8" % (symbol, slash if "/" not in symbol else "", pitch))
            else:
                words.append(pitch)
        lines.append("    " + " ".join(words) + " |")
    lead = "track lead {\n  octave 5\n  symbols off\n  phrase tune {\n" + "\n".join(lines) + "\n  }\n}\n"
    header = 'title "comp benchmark"\ntempo 120\n'
    comps = ("track piano {\n  comp lead pop.piano\n}\n"
             "track bass {\n  octave 2\n  comp lead pop.bass\n}\n"
             "drums beat {\n  comp lead pop.drums\n}\n")
    return header, lead, comps


def blocks(text):
    """The top-level `track`/`drums` blocks of an imported song, by name."""
    out = {}
    for match in re.finditer(r"^(track|drums) (\w+)[^\n]*\{\n.*?^\}\n", text, re.S | re.M):
        out[match.group(2)] = match.group(0)
    return out


def peak_kb(command):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr[-800:]}")
    return int(result.stderr.strip().splitlines()[-1])


def compile_(stave, path, target):
    subprocess.run([stave, "compile", path, "-o", target, "-q"], check=True, capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stave", required=True)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--bars", type=int, default=8000, help="bars of the song (5,000 to 10,000; 8,000 make about 300,000 notes)")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--work", default=os.path.join(HERE, "work"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    comp_path = os.path.join(args.work, "comp-generated.stave")
    written_path = os.path.join(args.work, "comp-written.stave")
    header, lead, comps = comp_song(args.bars, args.seed)
    with open(comp_path, "w", encoding="utf-8") as f:
        f.write(header + lead + comps)
    comp_midi = os.path.join(args.work, "comp-generated.mid")
    compile_(args.stave, comp_path, comp_midi)
    imported = os.path.join(args.work, "comp-imported.stave")
    subprocess.run([args.stave, "import", "--no-phrases", comp_midi, "-o", imported, "-q"], check=True, capture_output=True)
    with open(imported, encoding="utf-8") as f:
        tracks = blocks(f.read())
    with open(written_path, "w", encoding="utf-8") as f:
        f.write(header + lead + tracks["piano"] + tracks["bass"] + tracks["beat"])
    written_midi = os.path.join(args.work, "comp-written.mid")
    compile_(args.stave, written_path, written_midi)
    with open(comp_midi, "rb") as a, open(written_midi, "rb") as b:
        same = a.read() == b.read()
    if not same:
        print("FAIL: the written-out song does not compile to the comp song's MIDI bytes")
        return 1
    with open(comp_midi, "rb") as f:
        data = f.read()
    summary = subprocess.run([args.stave, "compile", comp_path, "-o", comp_midi], capture_output=True, text=True)
    print(f"comp song: {os.path.getsize(comp_path):,} bytes of text, {SYMBOLS:,} chord symbols, {args.bars:,} bars; "
          f"written out: {os.path.getsize(written_path):,} bytes; the same MIDI ({len(data):,} bytes)")
    print("stave compile says: " + (summary.stdout + summary.stderr).strip().splitlines()[-1])
    cases = {"written": written_path, "comp": comp_path}
    times = {name: [] for name in cases}
    for _ in range(args.runs):
        for name, path in cases.items():
            start = time.perf_counter()
            compile_(args.stave, path, os.path.join(args.work, f"comp-{name}-run.mid"))
            times[name].append(time.perf_counter() - start)
    peaks = {name: peak_kb([args.stave, "compile", path, "-o", os.path.join(args.work, f"comp-{name}-run.mid"), "-q"])
             for name, path in cases.items()}
    print(f"{'song':<8} {'median s':>9} {'fastest s':>10} {'peak MB':>8}")
    for name in cases:
        print(f"{name:<8} {statistics.median(times[name]):>9.3f} {min(times[name]):>10.3f} {peaks[name] / 1024:>8.1f}")
    ratio = statistics.median(times["comp"]) / statistics.median(times["written"])
    print(f"comp / written: {ratio:.2f}x {'ok' if ratio <= 1.5 else 'MISS (target <= 1.5x)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
