#!/usr/bin/env python3
"""Swing and humanize cost (issue 27): the 300,000-note benchmark song (generate.py, seed 1)
compiled to MIDI as written and with `swing 8` and `humanize 10 8` in its header, in turns, side
by side in one run; prints the median of --runs runs of each (after one warm-up each) and the
ratio. The issue's target: the feel adds at most 10% (--check exits 1 above --limit).

usage: Benchmarks/feel.py --stave PATH [--runs 7] [--limit 1.10] [--check]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(stave, path):
    start = time.perf_counter()
    done = subprocess.run([stave, 'compile', path, '-o', path + '.mid', '-q'], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f'stave compile {path} failed: {done.stderr.strip()[:300]}')
    return elapsed


def with_feel(text):
    """The same song with the feel in its header, right after the title line."""
    lines = text.split('\n')
    title = next(i for i, line in enumerate(lines) if line.startswith('title'))
    return '\n'.join(lines[:title + 1] + ['swing 8', 'humanize 10 8'] + lines[title + 1:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--stave', default=os.path.join(HERE, '..', '.build', 'release', 'stave'))
    parser.add_argument('--runs', type=int, default=7)
    parser.add_argument('--limit', type=float, default=1.10)
    parser.add_argument('--check', action='store_true')
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix='stave-feel-bench.')
    straight = os.path.join(work, 'straight.stave')
    subprocess.run([sys.executable, os.path.join(HERE, 'generate.py'), '--phrases', '300', '--notes', '1000',
                    '--stave', straight], check=True, capture_output=True)
    felt = os.path.join(work, 'felt.stave')
    with open(straight, encoding='utf-8') as f:
        text = f.read()
    with open(felt, 'w', encoding='utf-8') as f:
        f.write(with_feel(text))
    times = {straight: [], felt: []}
    for path in times:
        timed(args.stave, path)
    for _ in range(args.runs):
        for path in times:
            times[path].append(timed(args.stave, path))
    plain, swung = statistics.median(times[straight]), statistics.median(times[felt])
    print(f'as written:            {plain * 1000:8.1f} ms (median of {args.runs})')
    print(f'swing 8 + humanize 10 8: {swung * 1000:6.1f} ms')
    ratio = swung / plain
    print(f'ratio: {ratio:.2f}x (target at most {args.limit:.2f}x)')
    if args.check and ratio > args.limit:
        print('FAIL: the feel costs more than the target')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
