"""Same bytes from two builds: compiles every input with two `stave` binaries and compares the
outputs byte for byte — MIDI, the save file, MusicXML, the piano roll and the save printed back
to text (`stave print`). For a redesign or a merge that must not change what Stave writes.

Inputs: the Examples, every .stave file under Tests/ that compiles with the first binary (the
fixtures and the MusicXML referee's songs), the .stave files of --songs DIR (for example the
corpus songs `Tests/corpus/run.sh --keep DIR` writes), and --count generated songs and --count-v2
generated Stave 2 songs of the model referee (Tests/model), written once and given to both.

  python3 Tests/samebytes/compare.py --before OLD/stave --after .build/debug/stave [--count 300]

Prints each input whose outputs differ (with the kinds that differ) and the counts per kind;
ends with "N passed, M failed" (one check per input and output kind).
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "model"))
import random_songs  # noqa: E402
import random_songs_v2  # noqa: E402

KINDS = ("mid", "json", "musicxml", "txt")


def outputs(stave, song, scratch):
    """The bytes of each output kind of `song` (None where the song does not compile), and the
    save file printed back to text."""
    result = {}
    for kind in KINDS:
        out = os.path.join(scratch, "out." + kind)
        if os.path.exists(out):
            os.remove(out)
        done = subprocess.run([stave, "compile", song, "-o", out, "-q"], capture_output=True)
        result[kind] = open(out, "rb").read() if done.returncode == 0 and os.path.exists(out) else None
    printed = None
    if result["json"] is not None:
        done = subprocess.run([stave, "print", os.path.join(scratch, "out.json"), "-o", "-"], capture_output=True)
        printed = done.stdout if done.returncode == 0 else None
    result["printed"] = printed
    return result


def compare(job):
    index, song, before, after, work = job
    scratch = os.path.join(work, f"s{index}")
    os.makedirs(scratch, exist_ok=True)
    old = outputs(before, song, scratch)
    new = outputs(after, song, scratch)
    differing = [kind for kind in old if old[kind] != new[kind]]
    compiled = old["mid"] is not None or new["mid"] is not None
    return song, compiled, differing


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="the stave binary to compare against")
    ap.add_argument("--after", required=True, help="the stave binary under test")
    ap.add_argument("--songs", help="a folder of more .stave files (e.g. corpus songs)")
    ap.add_argument("--count", type=int, default=300, help="generated songs of the model referee")
    ap.add_argument("--count-v2", type=int, default=300, help="generated Stave 2 songs")
    ap.add_argument("--seed", type=int, default=20261207)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--min-inputs", type=int, default=1, help="fail when fewer inputs compiled")
    args = ap.parse_args()
    before, after = os.path.abspath(args.before), os.path.abspath(args.after)
    for binary in (before, after):
        if not os.access(binary, os.X_OK):
            print(f"samebytes: no stave binary at {binary}")
            print("0 passed, 1 failed")
            return 1
    work = tempfile.mkdtemp(prefix="stave-samebytes.")
    songs = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.stave")))
    songs += sorted(p for p in glob.glob(os.path.join(ROOT, "Tests", "**", "*.stave"), recursive=True))
    if args.songs:
        songs += sorted(glob.glob(os.path.join(args.songs, "*.stave")))
    generated = os.path.join(work, "generated")
    os.makedirs(generated)
    for i in range(args.count):
        path = os.path.join(generated, f"song-{i}.stave")
        with open(path, "w", encoding="utf-8") as f:
            f.write(random_songs.generate_checked(args.seed * 1_000_003 + i)[0])
        songs.append(path)
    for i in range(args.count_v2):
        path = os.path.join(generated, f"song-v2-{i}.stave")
        with open(path, "w", encoding="utf-8") as f:
            f.write(random_songs_v2.generate_checked(args.seed * 1_000_003 + i)[0])
        songs.append(path)
    jobs = [(i, s, before, after, work) for i, s in enumerate(songs)]
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(compare, jobs))
    passed = failed = compiled = 0
    by_kind = {kind: [0, 0] for kind in KINDS + ("printed",)}
    for song, did_compile, differing in results:
        if not did_compile:
            continue
        compiled += 1
        for kind in by_kind:
            by_kind[kind][kind in differing] += 1
        if differing:
            print(f"DIFFERS {os.path.relpath(song, ROOT) if song.startswith(ROOT) else song}: {', '.join(differing)}")
        failed += len(differing)
        passed += len(by_kind) - len(differing)
    print(f"samebytes: {compiled} songs compiled of {len(songs)} inputs; "
          + "; ".join(f"{kind} {same} same, {diff} differ" for kind, (same, diff) in by_kind.items()))
    if compiled < args.min_inputs:
        print(f"FAIL only {compiled} inputs compiled, expected at least {args.min_inputs}")
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
