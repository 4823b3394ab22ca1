"""Generate random songs, compile each with `stave`, and compare the MIDI with the model.

When the generator had to drop bar lines that fall off the grid, the song with one of them put back
is also given to `stave check`, which must reject it (exit status 1, a diagnostic about a bar).

    python3 check_songs.py [--v2|--v3] [--count N] [--seed S] [--stave PATH] [--jobs J] [--keep-all]

With --v3 they come from random_songs_v3_form (the Stave 2 songs with a form: repeat bars with
endings, D.C./D.S./Fine/Coda, key changes, header transpose, patterns) and the comparison also
covers the key signatures. With --v2 the songs come from random_songs_v2 (Stave 2: marks, legato, hairpins, graces, pedal,
cc, bend, markers, chord symbols, lyrics) and the comparison covers controllers, lyrics, markers and
the order of events at one tick too.

Prints one line per failing song (its kept .stave path and the first difference) and ends with
exactly `N passed, M failed`. Exit status 1 when anything failed, 2 on a usage error.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import midi_facts  # noqa: E402
import random_songs  # noqa: E402
import random_songs_v2  # noqa: E402
import random_songs_v3_form  # noqa: E402


def song_seed(seed, i):
    return seed * 1_000_003 + i


def check_one(stave, out_dir, seed, i, generator=random_songs):
    """(ok, message) for song number i."""
    name = {random_songs: "song", random_songs_v2: "song-v2",
            random_songs_v3_form: "song-v3"}[generator] + f"-{seed}-{i}"
    path = os.path.join(out_dir, name + ".stave")
    mid = os.path.join(out_dir, name + ".mid")
    try:
        text, expected, off_grid = generator.generate_checked(song_seed(seed, i))
    except Exception as e:  # a generator or model bug: report it like a failure
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"// generator failed for seed {song_seed(seed, i)}: {e!r}\n")
        return False, path, f"generator/model error: {e!r}"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    proc = subprocess.run([stave, "compile", path, "-o", mid], capture_output=True, text=True)
    if proc.returncode != 0:
        first = (proc.stderr.strip().splitlines() or ["(no diagnostics)"])[0]
        return False, path, f"stave exit status {proc.returncode}: {first}"
    if expected["title"] is None:
        expected["title"] = name  # LANGUAGE.md: the title defaults to the file name
    try:
        diffs = midi_facts.compare(expected, midi_facts.read_midi(mid))
    except Exception as e:
        return False, path, f"model/reader error: {e!r}"
    if diffs:
        return False, path, diffs[0]
    if off_grid is not None:
        # The same song with one off-grid bar line put back must be rejected (LANGUAGE.md: bar
        # lines are checked at every placement).
        bad = os.path.join(out_dir, name + "-off-grid.stave")
        with open(bad, "w", encoding="utf-8") as f:
            f.write(off_grid)
        proc = subprocess.run([stave, "check", bad], capture_output=True, text=True)
        if proc.returncode != 1 or "bar" not in proc.stderr:
            return False, bad, (f"an off-grid bar line was not reported (exit status "
                                f"{proc.returncode}; the model says it misses the grid)")
        os.remove(bad)
    return True, path, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--stave", default=".build/debug/stave")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep-all", action="store_true", help="keep passing songs too")
    ap.add_argument("--v2", action="store_true", help="Stave 2 songs (random_songs_v2)")
    ap.add_argument("--v3", action="store_true",
                    help="songs with a form, key changes, transposition (random_songs_v3_form)")
    args = ap.parse_args()
    if args.count < 1:
        ap.error("--count must be at least 1: a run of no songs tests nothing")
    stave = os.path.abspath(args.stave)
    if not os.access(stave, os.X_OK):
        print(f"no stave binary at {stave}", file=sys.stderr)
        return 2
    out_dir = tempfile.mkdtemp(prefix="stave-model.")
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        generator = (random_songs_v3_form if args.v3 else random_songs_v2 if args.v2
                     else random_songs)
        jobs = [pool.submit(check_one, stave, out_dir, args.seed, i, generator)
                for i in range(args.count)]
        for job in jobs:
            ok, path, message = job.result()
            if ok:
                passed += 1
                if not args.keep_all:
                    for p in (path, path[:-6] + ".mid"):
                        if os.path.exists(p):
                            os.remove(p)
            else:
                failed += 1
                print(f"FAIL {path}: {message}")
    if failed == 0 and not args.keep_all:
        os.rmdir(out_dir)
    else:
        print(f"songs kept in {out_dir}")
    if passed + failed != args.count:  # every generated song must have been checked
        print(f"FAIL checked {passed + failed} songs, expected {args.count}")
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
