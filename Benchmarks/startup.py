#!/usr/bin/env python3
"""Start-up time: the median wall time of `stave compile` on a one-note song, in ms.

    python3 Benchmarks/startup.py                 # the installed stave (~/.local/bin or PATH)
    python3 Benchmarks/startup.py PATH/TO/stave   # another binary
    python3 Benchmarks/startup.py --runs 200      # more runs (default 50, after 5 warm-ups)

Each run starts the binary with posix_spawn and waits for it (no shell, output to a file in a
scratch directory, summary line quieted with -q), timed with a monotonic clock; the median of
the runs is printed with the fastest and slowest. Target: a median of at most 2 ms. The exit
status is 0 when every run succeeded (a missed target only shows as MISS), 1 otherwise.
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

TARGET_MS = 2.0
SONG = 'track a { phrase { c4 r2. | } }\n'


def default_binary():
    installed = os.path.expanduser('~/.local/bin/stave')
    if os.access(installed, os.X_OK):
        return installed
    return shutil.which('stave')


def run_once(binary, argv, devnull):
    start = time.perf_counter_ns()
    pid = os.posix_spawn(binary, argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status = os.waitpid(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    return elapsed, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser(description='Median start-up time of stave compiling a one-note song.')
    parser.add_argument('stave', nargs='?', help='the binary (default: ~/.local/bin/stave, else stave on PATH)')
    parser.add_argument('--runs', type=int, default=50, help='timed runs (default 50)')
    args = parser.parse_args()
    binary = args.stave or default_binary()
    if not binary or not os.access(binary, os.X_OK):
        print('startup.py: no stave binary: install one (bash install.sh) or give its path', file=sys.stderr)
        return 1
    binary = os.path.abspath(binary)
    with tempfile.TemporaryDirectory(prefix='stave-startup-') as scratch:
        song = os.path.join(scratch, 'one.stave')
        with open(song, 'w') as f:
            f.write(SONG)
        argv = [binary, 'compile', song, '-o', os.path.join(scratch, 'one.mid'), '-q']
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            for _ in range(5):
                run_once(binary, argv, devnull)
            times, failures = [], 0
            for _ in range(args.runs):
                elapsed, code = run_once(binary, argv, devnull)
                times.append(elapsed)
                failures += code != 0
        finally:
            os.close(devnull)
        if not os.path.exists(os.path.join(scratch, 'one.mid')):
            failures += 1
    median = statistics.median(times)
    verdict = 'ok' if median <= TARGET_MS else 'MISS'
    print(f'startup: {median:.2f} ms median of {args.runs} runs (fastest {min(times):.2f}, slowest {max(times):.2f}); '
          f'target {TARGET_MS:g} ms: {verdict}  [{binary}]')
    if failures:
        print(f'startup.py: {failures} runs failed', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
