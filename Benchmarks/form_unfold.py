#!/usr/bin/env python3
"""The form's unfolding in linear time (issue 26): a song of K repeat sections, each two bars
under `repeat bars A-B` with two endings, and a D.S. al Coda over all of them, compiled to
MIDI for K = 100 and K = 1,000 (ten times the sections, ten times the bars and notes). The
time of `stave compile` should grow about tenfold; --check exits 1 when it grows more than
fifteenfold (the best of --runs runs each, so a busy machine does not decide it).

usage: Benchmarks/form_unfold.py --stave PATH [--runs 3] [--check]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def song(sections):
    """K sections of four bars each (body 2 bars, endings 1 + 1), a segno at bar 1, the D.S.
    at the end, To Coda in the last section's second ending, a one-bar coda."""
    lines = ['title "Form benchmark"', 'segno at 1']
    for k in range(sections):
        first = 4 * k + 1
        lines.append(f'repeat bars {first}-{first + 1} endings {first + 2} {first + 3}')
    last = 4 * sections
    lines += [f'ds at {last}', f'to-coda at {last - 4}', f'coda at {last + 1}']
    bar = 'c8 d e f g a b > c <'
    lines.append('track lead {')
    lines.append('  phrase verse { ' + ' | '.join([bar] * 4) + ' | }')
    lines.append(f'  repeat verse x{sections - 1}')
    lines.append('  phrase coda { c1 | }')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def best(stave, path, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([stave, 'compile', path, '-o', path + '.mid', '-q'], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f'stave compile failed: {done.stderr.strip()[:300]}')
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--stave', default=os.path.join(os.path.dirname(__file__), '..', '.build', 'debug', 'stave'))
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--check', action='store_true')
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix='stave-form-bench.')
    results = {}
    for sections in (100, 1000):
        path = os.path.join(work, f'form-{sections}.stave')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(song(sections))
        results[sections] = best(args.stave, path, args.runs)
        print(f'{sections:5d} sections ({4 * sections + 1} written bars): {results[sections] * 1000:8.1f} ms')
    ratio = results[1000] / results[100]
    print(f'ratio: {ratio:.1f}x for 10x the sections (linear: about 10x)')
    if args.check and ratio > 15:
        print('FAIL: the unfolding grows faster than linearly')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
