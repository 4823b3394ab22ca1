#!/usr/bin/env python3
"""`stave import` speed and memory on the benchmark song (issue 14: at most 1 s and 200 MB for
the 300,000-note MIDI file).

The song is the one Benchmarks/run.sh measures (generate.py --total N --notes 1000 --seed S),
compiled to MIDI by the same `stave`; then `stave import X.mid -o X.stave -q` runs once to warm
up and --runs times timed (the best and the median wall time are shown), and once under GNU time
for the peak resident memory. The imported text is checked with `stave check`, and its note count
compared with the original's (`stave compile` summary line).

usage: Benchmarks/import.py --stave PATH [--notes N] [--seed S] [--runs R]
Exit status 1 when a run fails or a target is missed.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET_SECONDS = 1.0
TARGET_MB = 200


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr[-800:]}")
    return result


def summary_notes(stderr):
    match = re.search(r"(\d+) notes?,", stderr)
    return int(match.group(1)) if match else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stave", required=True)
    ap.add_argument("--notes", type=int, default=300_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    stave = os.path.abspath(args.stave)
    work = os.path.join(HERE, "work")
    os.makedirs(work, exist_ok=True)
    song = os.path.join(work, f"stave-{args.notes}-s{args.seed}.stave")
    if not (os.path.exists(song) and os.path.getmtime(song) > os.path.getmtime(os.path.join(HERE, "generate.py"))):
        run([sys.executable, os.path.join(HERE, "generate.py"), "--total", str(args.notes), "--notes", "1000",
             "--seed", str(args.seed), "--stave", song])
    midi = song[:-6] + ".mid"
    imported = song[:-6] + "-imported.stave"
    original_notes = summary_notes(run([stave, "compile", song, "-o", midi]).stderr)

    run([stave, "import", midi, "-o", imported, "-q"])
    times = []
    for _ in range(args.runs):
        began = time.perf_counter()
        run([stave, "import", midi, "-o", imported, "-q"])
        times.append(time.perf_counter() - began)
    peak = run(["/usr/bin/time", "-f", "%M", stave, "import", midi, "-o", imported, "-q"])
    peak_mb = int(peak.stderr.strip().splitlines()[-1]) / 1024
    run([stave, "check", imported, "-q"])
    imported_notes = summary_notes(run([stave, "compile", imported, "-o", imported[:-6] + ".mid"]).stderr)

    size = os.path.getsize(midi)
    best, median = min(times), statistics.median(times)
    print(f"stave import of {os.path.basename(midi)} ({size:,} bytes, {original_notes:,} notes):")
    print(f"  wall time  best {best:.3f} s, median {median:.3f} s over {args.runs} runs (target ≤ {TARGET_SECONDS:.0f} s)")
    print(f"  peak RSS   {peak_mb:.0f} MB (target ≤ {TARGET_MB} MB)")
    print(f"  output     {os.path.getsize(imported):,} bytes of Stave text, {imported_notes:,} notes when compiled again")
    ok = best <= TARGET_SECONDS and peak_mb <= TARGET_MB and imported_notes == original_notes
    print("  " + ("all targets met" if ok else "TARGET MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
