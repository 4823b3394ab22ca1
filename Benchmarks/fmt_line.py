#!/usr/bin/env python3
"""stave fmt on one long line: the time must grow linearly with the line's length.

For each size N (default 2,000, 4,000, 8,000, 16,000, 32,000 notes) writes a song whose one
phrase holds N notes in N/4 bars on a single line, then
- runs `stave fmt SONG` RUNS times after a warm-up (STAVE_TIMINGS set): the wall time and the
  time of its "format" phase (laying out and breaking the line);
- opens the song in `stave lsp` and sends RUNS `textDocument/formatting` requests after a
  warm-up: the time from writing the request to reading its answer, which must be the text
  `stave fmt` wrote.
Each figure is the fastest of the RUNS (other load on a shared machine only ever adds time, and
a median of a few milliseconds swings by 3x there); the median wall time is shown beside it.
Prints a table with the ratio of each size's time to the previous size's. Targets (issue 31):
16,000 notes in at most 50 ms, for `stave fmt` (wall time) and for the formatting request;
time about doubling with the length (each ratio of the format phase and of the request at
most 3; a quadratic step would give 4, the cubic one the issue found 8). Exits 1 when a target
is missed or a run fails. Measure on an idle machine.

When valgrind is installed (or with --instructions) it also counts the instructions of one
`stave fmt` run per size (callgrind), which other load cannot disturb: each ratio at most 2.2.

usage: Benchmarks/fmt_line.py --stave PATH [--sizes 2000,4000,...] [--runs N] [--work DIR] [--no-instructions]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp import Server  # noqa: E402

FORMAT_PHASE = re.compile(r"^format: (\d+) µs")
# Bars of four notes each, cycled: plain notes, a chord, a tuplet, marks and a dynamic.
BARS = ["c4 d e f |", "g8 a b >c d4 <b |", "[c e g]2 a4 g |", "{c d e}4 f2. |", "!mf e4' d^ c_ d |"]
BAR_NOTES = [4, 6, 6, 4, 4]


def song(notes):
    """A song of about `notes` notes (whole bars), all on one line of one phrase."""
    bars, count, index = [], 0, 0
    while count < notes:
        bars.append(BARS[index % len(BARS)])
        count += BAR_NOTES[index % len(BARS)]
        index += 1
    return 'title "One line"\n\ntrack lead {\n  phrase {\n    ' + " ".join(bars) + "\n  }\n}\n"


def run_fmt(stave, path):
    env = dict(os.environ, STAVE_TIMINGS="1")
    start = time.perf_counter()
    result = subprocess.run([stave, "fmt", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"stave fmt {path} failed: {result.stderr.decode(errors='replace')[-500:]}")
    phase = [int(m.group(1)) / 1e6 for m in map(FORMAT_PHASE.match, result.stderr.decode().splitlines()) if m]
    return seconds, phase[0], result.stdout


def instructions(stave, path):
    """The instructions one `stave fmt` run executes (callgrind's total)."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", stave, "fmt", path],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    total = re.search(r"refs:\s+([\d,]+)", result.stderr.decode(errors="replace"))
    if result.returncode != 0 or not total:
        raise RuntimeError(f"valgrind stave fmt {path} failed")
    return int(total.group(1).replace(",", ""))


def lsp_formatting(stave, path, runs, expected):
    text = open(path, encoding="utf-8").read()
    server = Server(stave)
    server.request("initialize", {"capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file://" + os.path.abspath(path)
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "stave", "version": 1, "text": text}}})
    while server.receive().get("method") != "textDocument/publishDiagnostics":
        pass
    params = {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}}
    times = []
    for run in range(runs + 1):
        start = time.perf_counter()
        reply = server.request("textDocument/formatting", params)
        if run > 0:
            times.append(time.perf_counter() - start)
        edits = reply.get("result") or []
        if len(edits) != 1 or edits[0]["newText"].encode() != expected:
            raise RuntimeError(f"the formatting request on {path} did not answer with the text stave fmt wrote")
    server.close()
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stave", required=True)
    ap.add_argument("--sizes", default="2000,4000,8000,16000,32000")
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--work", help="where to write the songs (default: a temporary directory)")
    ap.add_argument("--no-instructions", action="store_true", help="do not count instructions with valgrind")
    args = ap.parse_args()
    count = not args.no_instructions and shutil.which("valgrind") is not None
    sizes = [int(size) for size in args.sizes.split(",")]
    work = args.work or tempfile.mkdtemp(prefix="stave-fmt-line.")
    os.makedirs(work, exist_ok=True)
    print(f"{'notes':>7} {'KB':>6} {'fmt wall':>9} {'ratio':>6} {'(median)':>9} {'format phase':>13} {'ratio':>6}"
          f" {'lsp formatting':>15} {'ratio':>6}" + (f" {'instructions':>13} {'ratio':>6}" if count else "")
          + f"   (fastest of {args.runs})")
    missed = []
    previous = None
    for notes in sizes:
        path = os.path.join(work, f"line-{notes}.stave")
        with open(path, "w", encoding="utf-8") as out:
            out.write(song(notes))
        _, _, expected = run_fmt(args.stave, path)  # warm-up
        runs = [run_fmt(args.stave, path) for _ in range(args.runs)]
        wall = min(r[0] for r in runs)
        median_wall = statistics.median(r[0] for r in runs)
        phase = min(r[1] for r in runs)
        request = lsp_formatting(args.stave, path, args.runs, expected)
        executed = instructions(args.stave, path) if count else 0
        ratios = ["", "", "", ""]
        if previous:
            ratios = [f"{wall / previous[0]:.2f}", f"{phase / previous[1]:.2f}", f"{request / previous[2]:.2f}",
                      f"{executed / previous[4]:.2f}" if count else ""]
            if count and executed / previous[4] > 2.2:
                missed.append(f"instructions x{executed / previous[4]:.2f} from {previous[3]} to {notes} notes")
            if phase / previous[1] > 3:
                missed.append(f"format phase x{phase / previous[1]:.2f} from {previous[3]} to {notes} notes")
            if request / previous[2] > 3:
                missed.append(f"formatting request x{request / previous[2]:.2f} from {previous[3]} to {notes} notes")
        if notes == 16000:
            if wall > 0.05:
                missed.append(f"stave fmt took {wall * 1000:.1f} ms on 16,000 notes")
            if request > 0.05:
                missed.append(f"the formatting request took {request * 1000:.1f} ms on 16,000 notes")
        print(f"{notes:7d} {os.path.getsize(path) / 1e3:6.0f} {wall * 1000:7.1f}ms {ratios[0]:>6} {median_wall * 1000:7.1f}ms"
              f" {phase * 1000:11.2f}ms {ratios[1]:>6}"
              f" {request * 1000:13.1f}ms {ratios[2]:>6}" + (f" {executed / 1e6:11.1f} M {ratios[3]:>6}" if count else ""))
        previous = (wall, phase, request, notes, executed)
    for miss in missed:
        print(f"MISS: {miss}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
