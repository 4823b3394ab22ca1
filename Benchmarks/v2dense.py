#!/usr/bin/env python3
"""Stave 2 benchmark (issue 11): a song dense with v2 marks beside the same notes without them.

Writes two songs of --phrases × --notes notes on one melody track (4/4, eighth notes and
chords, 8 lyric notes a bar):
  v2: every note or chord marked (staccato, accent, tenuto, staccato+accent in turn), a
      hairpin in every bar (`!mp !< … !f`), a grace group of two notes every other bar,
      `legato 90`, and lyrics on every note (one `lyrics` statement per phrase);
  v1: the same notes and chords, no marks (its twin, for a like-for-like comparison).
Then times `stave compile -o X.mid` on both (and on --v1 SONG, e.g. the generate.py song, when
given) side by side, interleaved, best and median of --runs, with peak RSS (GNU time), and
checks the targets: v2 at most 1.5 × the v1 song's time, at most 150 MB.

usage: Benchmarks/v2dense.py --stave PATH [--phrases 300] [--notes 1000] [--runs 5]
                             [--v1 SONG.stave] [--keep DIR]
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

MARKS = ["'", "^", "_", "'^"]
LETTERS = "cdefgab"


def song(phrases, notes, marked, seed=1):
    rng = random.Random(seed)
    out = ['title "v2 dense"', "tempo 120", "meter 4/4", "", "track lead {"]
    if marked:
        out.append("  legato 90")
    for p in range(1, phrases + 1):
        body, count, bar, syllables = [], 0, 0, []
        while count < notes:
            items = []
            if marked:
                items += ["!mp", "!<"]
            for slot in range(8):
                if marked and slot == 6:
                    items.append("!f")
                if count >= notes:
                    items.append("r8")
                    continue
                grace = marked and bar % 2 == 0 and slot == 0
                if grace:
                    items.append("(%s %s)" % (rng.choice(LETTERS), rng.choice(LETTERS)))
                mark = MARKS[count % 4] if marked else ""
                if rng.random() < 0.15 and notes - count >= 3:
                    root = rng.randrange(5)
                    chord = " ".join(LETTERS[(root + k) % 7] for k in (0, 2, 4))
                    items.append("[%s]8%s" % (chord, mark))
                    count += 3
                else:
                    items.append("%s8%s" % (rng.choice(LETTERS), mark))
                    count += 1
                syllables.append("la" if len(syllables) % 3 else "sing-ing" if len(syllables) % 2 else "oh")
            body.append(" ".join(items) + " |")
            bar += 1
        # a hyphenated word takes two lyric notes: trim to the lyric note count
        words, taken = [], 0
        lyric_notes = len(syllables)
        for word in syllables:
            need = word.count("-") + 1
            if taken + need > lyric_notes:
                break
            words.append(word)
            taken += need
        out.append("  phrase p%d {" % p)
        for i in range(0, len(body), 4):
            out.append("    o4 " + " ".join(body[i:i + 4]) if i == 0 else "    " + " ".join(body[i:i + 4]))
        out.append("  }")
        if marked:
            out.append('  lyrics p%d "%s"' % (p, " ".join(words)))
    out.append("}")
    return "\n".join(out) + "\n"


def timed(cmd):
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {result.stderr[-800:]}")
    return elapsed, int(result.stderr.strip().splitlines()[-1]) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stave", required=True)
    parser.add_argument("--phrases", type=int, default=300)
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--v1", help="another v1 song to time beside them (generate.py's)")
    parser.add_argument("--keep", help="write the songs into this folder")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    cases = []
    for name, marked in (("v1 twin", False), ("v2 dense", True)):
        path = os.path.join(work, f"v2dense-{'marked' if marked else 'plain'}-{args.phrases * args.notes}.stave")
        with open(path, "w") as handle:
            handle.write(song(args.phrases, args.notes, marked))
        cases.append((name, path))
    if args.v1:
        cases.insert(0, ("v1 song", args.v1))
    times = {name: [] for name, _ in cases}
    peaks = {name: 0.0 for name, _ in cases}
    for name, path in cases:   # warm-up
        timed([args.stave, "compile", path, "-q", "-o", os.path.join(work, "out.mid")])
    for _ in range(args.runs):
        for name, path in cases:
            elapsed, peak = timed([args.stave, "compile", path, "-q", "-o", os.path.join(work, "out.mid")])
            times[name].append(elapsed)
            peaks[name] = max(peaks[name], peak)
    print(f"{'song':<10} {'best s':>8} {'median s':>9} {'peak MB':>8}")
    for name, _ in cases:
        print(f"{name:<10} {min(times[name]):>8.3f} {statistics.median(times[name]):>9.3f} {peaks[name]:>8.1f}")
    base = "v1 song" if args.v1 else "v1 twin"
    ratio = min(times["v2 dense"]) / min(times[base])
    ok = ratio <= 1.5 and peaks["v2 dense"] <= 150
    print(f"v2 dense / {base}: {ratio:.2f}× (target ≤ 1.5×), peak {peaks['v2 dense']:.0f} MB (target ≤ 150): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
