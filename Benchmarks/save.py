#!/usr/bin/env python3
"""Save and print beside compile: how long `stave compile SONG -o X.json` (the save format,
compact and --pretty) and `stave print X.json` take, how much memory they use and how large
the save file is, next to `stave compile SONG -o X.mid` on the same song.

For each command: one warm-up run under GNU time (`/usr/bin/time -f %M`) for the peak
resident memory, then --runs timed runs: the median wall time, the fastest, and the median
CPU time (user + system, from wait4's rusage). CPU time is the steadier figure on a shared
machine: wall time also counts the time the process waited for a core. `stave print` must
give the same text from the compact and the pretty file, and that text must compile to the
same MIDI as the song (checked once).

Targets (issue 17, 300,000 notes): save at most 0.25 s and 100 MB with a file of at most
8 MB; print at most 0.25 s and 100 MB. A missed target shows as MISS; the exit status is 1
only when a run fails or a check does not hold.

usage: Benchmarks/save.py --stave PATH [--song SONG.stave | --notes N] [--runs N]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET_SECONDS = 0.25
TARGET_MB = 100.0
TARGET_FILE_MB = 8.0


def peak_mb(command):
    """Peak resident memory of one run, in MB (GNU time), or None without GNU time."""
    if not os.path.exists("/usr/bin/time"):
        return None
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr[-500:]}")
    return int(result.stderr.strip().splitlines()[-1]) / 1024


def timed(command):
    """(wall seconds, CPU seconds) of one run; raises when it fails."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {stderr[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(name, command, runs, output=None):
    memory = peak_mb(command)
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = timed(command)
        walls.append(wall)
        cpus.append(cpu)
        if output is not None and (not os.path.exists(output) or os.path.getsize(output) == 0):
            raise RuntimeError(f"{name}: no output at {output}")
    return {"name": name, "wall": statistics.median(walls), "fastest": min(walls),
            "cpu": statistics.median(cpus), "mb": memory}


def verdict(row, targets):
    if not targets:
        return ""
    misses = []
    if row["wall"] > TARGET_SECONDS:
        misses.append(f"wall > {TARGET_SECONDS} s")
    if row["mb"] is not None and row["mb"] > TARGET_MB:
        misses.append(f"memory > {TARGET_MB:.0f} MB")
    if row.get("file_mb") is not None and row["file_mb"] > TARGET_FILE_MB:
        misses.append(f"file > {TARGET_FILE_MB:.0f} MB")
    return "ok" if not misses else "MISS (" + ", ".join(misses) + ")"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stave", required=True)
    parser.add_argument("--song", help="a .stave song (default: generate --notes notes, seed 1)")
    parser.add_argument("--notes", type=int, default=300000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    stave = os.path.abspath(args.stave)
    with tempfile.TemporaryDirectory() as scratch:
        song = args.song
        if song is None:
            song = os.path.join(scratch, f"song-{args.notes}.stave")
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--total", str(args.notes),
                            "--notes", "1000", "--seed", "1", "--stave", song], check=True, stdout=subprocess.DEVNULL)
        mid, compact, pretty = (os.path.join(scratch, name) for name in ("out.mid", "out.json", "pretty.json"))
        printed, printed_pretty, again = (os.path.join(scratch, name) for name in ("printed.stave", "printed-pretty.stave", "again.mid"))
        rows = [
            measure("compile -o X.mid", [stave, "compile", song, "-o", mid, "-q"], args.runs, mid),
            measure("save (compact)", [stave, "compile", song, "-o", compact, "-q"], args.runs, compact),
            measure("save --pretty", [stave, "compile", song, "-o", pretty, "--pretty", "-q"], args.runs, pretty),
            measure("print (compact)", [stave, "print", compact, "-o", printed], args.runs, printed),
            measure("print (pretty)", [stave, "print", pretty, "-o", printed_pretty], args.runs, printed_pretty),
        ]
        rows[1]["file_mb"] = os.path.getsize(compact) / 1e6
        rows[2]["file_mb"] = os.path.getsize(pretty) / 1e6
        # Checks: both layouts print the same text, and it compiles to the song's MIDI.
        failures = []
        if open(printed, "rb").read() != open(printed_pretty, "rb").read():
            failures.append("print of the compact and the pretty file differ")
        subprocess.run([stave, "compile", printed, "-o", again, "-q"], check=True)
        if open(again, "rb").read() != open(mid, "rb").read():
            failures.append("the printed song does not compile to the song's MIDI")
    print(f"song: {args.song or f'{args.notes} generated notes (seed 1)'}; {args.runs} runs each; CPU = user + system")
    print(f"{'command':<18} {'wall s (median, fastest)':>25} {'CPU s':>7} {'peak MB':>8} {'file MB':>8}  target")
    for index, row in enumerate(rows):
        targets = index in (1, 3)  # the default save and print carry the targets
        memory = f"{row['mb']:.0f}" if row["mb"] is not None else "?"
        size = f"{row['file_mb']:.1f}" if row.get("file_mb") is not None else ""
        timing = f"{row['wall']:.3f} ({row['fastest']:.3f})"
        print(f"{row['name']:<18} {timing:>25} {row['cpu']:>7.3f} {memory:>8} {size:>8}  {verdict(row, targets)}")
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as error:
        print(f"save.py: {error}", file=sys.stderr)
        sys.exit(1)
