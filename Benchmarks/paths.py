#!/usr/bin/env python3
"""One thread against all cores: does the parallel path pay?

Runs `stave compile SONG -o OUT.mid` on each song with STAVE_THREADS=1 (lexing, parsing,
lowering and MIDI on one thread) and without it (large songs use all cores), the two taking
turns for --rounds rounds so that the host's drift falls on both alike. Prints the median and
fastest wall time of each and their ratio, checks that both outputs are byte-identical, and
exits 1 when they differ or a run fails.

usage: Benchmarks/paths.py --stave PATH SONG.stave [SONG.stave ...] [--rounds N]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command, env):
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stave", required=True)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("songs", nargs="+")
    args = parser.parse_args()
    one = dict(os.environ, STAVE_THREADS="1")
    every = {k: v for k, v in os.environ.items() if k != "STAVE_THREADS"}
    print(f"{'song':<34} {'one thread s':>14} {'all cores s':>14} {'all/one':>8}")
    status = 0
    with tempfile.TemporaryDirectory() as scratch:
        for song in args.songs:
            outs = {name: os.path.join(scratch, f"{name}.mid") for name in ("one", "all")}
            times = {"one": [], "all": []}
            for _ in range(args.rounds):
                times["one"].append(timed([args.stave, "compile", song, "-o", outs["one"]], one))
                times["all"].append(timed([args.stave, "compile", song, "-o", outs["all"]], every))
            with open(outs["one"], "rb") as a, open(outs["all"], "rb") as b:
                same = a.read() == b.read()
            if not same:
                status = 1
            med = {k: statistics.median(v) for k, v in times.items()}
            print(f"{os.path.basename(song):<34} {med['one']:>8.4f} ({min(times['one']):.4f})"
                  f" {med['all']:>8.4f} ({min(times['all']):.4f}) {med['all'] / med['one']:>7.2f}x"
                  f"{'' if same else '  OUTPUTS DIFFER'}")
    print(f"({os.cpu_count()} cores; median of {args.rounds} rounds taking turns, fastest in brackets)")
    return status


if __name__ == "__main__":
    sys.exit(main())
