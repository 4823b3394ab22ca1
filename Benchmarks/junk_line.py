#!/usr/bin/env python3
"""`stave check` on one long line of junk: time must grow linearly and the output stay bounded.

Two kinds of junk, each at sizes N, 2N, 4N, 8N (default N = 25,000):
- N characters `$` on one line (one diagnostic that counts them);
- a phrase of N stray `]` (N diagnostics, of which 100 are printed, then one line counting the rest).
Each figure is the fastest of RUNS runs (other load only ever adds time). Prints a table with the
ratio of each size's time to the previous size's. Targets: each ratio at most 3 (a quadratic step
gives 4), the largest input checked in under 2 s, stderr under 40,000 bytes, exit status 1.
Exits 1 when a target is missed. Replaces a timed unit test (DiagnosticRendererTests), which a
busy machine made flaky.

usage: Benchmarks/junk_line.py --stave PATH [--size N] [--runs N]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

KINDS = {
    "dollars": lambda n: "$" * n,
    "brackets": lambda n: "track a { phrase { " + "] " * n + "} }",
}


def fastest(stave, path, runs):
    best, err = None, b""
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run([stave, "check", path], capture_output=True)
        elapsed = time.perf_counter() - started
        if done.returncode != 1:
            sys.exit(f"{path}: exit status {done.returncode}, expected 1")
        best = elapsed if best is None else min(best, elapsed)
        err = done.stderr
    return best, err


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stave", required=True)
    parser.add_argument("--size", type=int, default=25_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    failures = []
    with tempfile.TemporaryDirectory() as work:
        for kind, make in KINDS.items():
            previous = None
            print(f"{kind:>9} {'size':>8} {'seconds':>8} {'ratio':>6} {'stderr':>7}")
            for step in range(4):
                size = args.size * 2 ** step
                path = os.path.join(work, f"{kind}-{size}.stave")
                with open(path, "w") as out:
                    out.write(make(size))
                seconds, err = fastest(args.stave, path, args.runs)
                ratio = seconds / previous if previous else None
                print(f"{'':>9} {size:>8} {seconds:>8.3f} {ratio if ratio else 0:>6.2f} {len(err):>7}")
                if ratio and ratio > 3:
                    failures.append(f"{kind} {size}: ratio {ratio:.2f} > 3")
                if len(err) >= 40_000:
                    failures.append(f"{kind} {size}: {len(err)} bytes of diagnostics")
                previous = seconds
            if previous > 2:
                failures.append(f"{kind}: the largest input took {previous:.2f} s")
    for failure in failures:
        print("FAIL", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
