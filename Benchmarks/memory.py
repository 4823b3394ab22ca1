#!/usr/bin/env python3
"""Memory per note: peak resident memory of `stave check`, `stave compile -o X.mid` and
`stave compile -o X.json` divided by the song's note count.

Peak RSS is read with GNU time (`/usr/bin/time -f %M`), one run per command (the figure does
not drift like wall time). Exits 1 when a run fails.

usage: Benchmarks/memory.py --stave PATH NOTES:SONG.stave [NOTES:SONG.stave ...]
"""
import argparse
import os
import subprocess
import sys
import tempfile

TARGET = 100  # bytes per note for check and MIDI (issue "Trustworthy by construction")


def peak_kb(command):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr[-500:]}")
    return int(result.stderr.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stave", required=True)
    parser.add_argument("songs", nargs="+", help="NOTES:PATH")
    args = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        print("memory.py: GNU time (/usr/bin/time) is needed", file=sys.stderr)
        return 2
    print(f"{'notes':>10} {'command':<10} {'peak MB':>9} {'bytes/note':>11}  target")
    with tempfile.TemporaryDirectory() as scratch:
        for entry in args.songs:
            notes, path = entry.split(":", 1)
            notes = int(notes)
            for name, extra in (("check", ["check", path]),
                                ("midi", ["compile", path, "-o", os.path.join(scratch, "out.mid")]),
                                ("save", ["compile", path, "-o", os.path.join(scratch, "out.json")])):
                kb = peak_kb([args.stave] + extra)
                per_note = kb * 1024 / notes
                verdict = "" if name == "save" else ("ok" if per_note <= TARGET else f"MISS (≤ {TARGET})")
                print(f"{notes:>10} {name:<10} {kb / 1024:>9.1f} {per_note:>11.0f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
