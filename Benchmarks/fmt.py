#!/usr/bin/env python3
"""stave fmt on a large song: time and peak memory, and what the lossless tree costs.

Runs, alternating, `stave compile SONG -o /dev/null` and `stave fmt SONG` (STAVE_TIMINGS set,
output to /dev/null) RUNS times after one warm-up of each, and prints medians:
- fmt's wall time and peak resident memory (targets: 0.25 s and 100 MB on the 300,000-note
  song; peak RSS read with GNU time, /usr/bin/time -f %M);
- the parse as the compiler does it (compile's "parse" phase) against the lossless parse
  (fmt's "parse" — the same parser keeping its tokens — plus "lossless tree"), measured in the
  same run; target: at most 1.3 times;
- each phase of fmt (read, parse, lossless tree, lower and check, format, verify, write).
Exits 1 when a run fails. Measure on an idle machine.

usage: Benchmarks/fmt.py --stave PATH SONG.stave [--runs N]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

PHASE = re.compile(r"^([a-z ]+): (\d+) µs(?:, peak \d+ MB)?$")


def run(command):
    env = dict(os.environ, STAVE_TIMINGS="1")
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    seconds = time.perf_counter() - start
    err = result.stderr.decode("utf-8", "replace").splitlines()
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {err[-5:]}")
    phases = {m.group(1): int(m.group(2)) / 1e6 for m in map(PHASE.match, err) if m}
    return seconds, int(err[-1]) / 1024, phases


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stave", required=True)
    ap.add_argument("song")
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        print("fmt.py: GNU time (/usr/bin/time) is needed", file=sys.stderr)
        return 2
    compile_cmd = [args.stave, "compile", args.song, "-o", "/dev/null", "-q"]
    fmt_cmd = [args.stave, "fmt", args.song]
    run(compile_cmd), run(fmt_cmd)  # warm-up
    compiles, fmts = [], []
    for _ in range(args.runs):
        compiles.append(run(compile_cmd))
        fmts.append(run(fmt_cmd))
    median = statistics.median
    fmt_wall = median(r[0] for r in fmts)
    fmt_rss = median(r[1] for r in fmts)
    plain_parse = median(r[2]["parse"] for r in compiles)
    lossless_parse = median(r[2]["parse"] + r[2]["lossless tree"] for r in fmts)
    print(f"song: {args.song} ({os.path.getsize(args.song) / 1e6:.2f} MB), median of {args.runs} runs")
    print(f"stave fmt:       {fmt_wall:.3f} s   {fmt_rss:.1f} MB peak   (targets 0.25 s, 100 MB)")
    print(f"plain parse:     {plain_parse * 1000:.1f} ms   (stave compile's parse phase)")
    print(f"lossless parse:  {lossless_parse * 1000:.1f} ms   (parse keeping tokens + lossless tree)"
          f"   {lossless_parse / plain_parse:.2f}x   (target at most 1.3x)")
    for phase in fmts[0][2]:
        print(f"  fmt {phase:<16} {median(r[2][phase] for r in fmts) * 1000:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
