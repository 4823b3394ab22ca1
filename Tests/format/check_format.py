"""stave fmt and stave tree over real files, through the command line.

For every input — the Examples, the music21 corpus songs the corpus test wrote (--corpus DIR),
--count generated songs of the model referee and --count-v2 generated Stave 2 songs — checks:
  1. tree fidelity: `stave tree --reprint` gives back the file byte for byte;
  2. `stave fmt` succeeds, and formatting its output changes nothing (idempotent);
  3. meaning: the formatted song compiles to the same MIDI bytes as the original;
  4. comments: the multiset of comment texts (read from `stave tree`) is unchanged;
  5. `stave fmt --check` agrees (exit 0 on the formatted text, 1 on a changed one);
  6. print round trip (LANGUAGE.md rule 15): the song saved (`-o X.json`) and printed back
     (`stave print`) compiles to the same MIDI bytes as the song itself;
  7. save fixed point: saving the printed song gives the saved file again, byte for byte.
Prints failures and ends with "N passed, M failed" (one check per input and property).
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "model"))
import random_songs  # noqa: E402
import random_songs_v2  # noqa: E402

COMMENT = re.compile(r'^\s*(?:leading|trailing) (?:lineComment|blockComment) \d+\.\.\d+ (".*")$')


def run(args, **kw):
    return subprocess.run(args, capture_output=True, **kw)


def comments(stave, path):
    out = run([stave, "tree", path]).stdout.decode("utf-8", "replace")
    return sorted(json.loads(m.group(1)) for m in map(COMMENT.match, out.splitlines()) if m)


def check(stave, path, scratch):
    """A list of (property, problem or None)."""
    results = []
    original = open(path, "rb").read()
    tree = run([stave, "tree", "--reprint", path])
    results.append(("fidelity", None if tree.returncode == 0 and tree.stdout == original else "tree does not print back the file"))
    fmt = run([stave, "fmt", path])
    if fmt.returncode != 0:
        first = (fmt.stderr.decode("utf-8", "replace").strip().splitlines() or ["?"])[0]
        results.append(("fmt", f"stave fmt failed with status {fmt.returncode}: {first}"))
        return results
    results.append(("fmt", None))
    # The same file name in another folder: the default title (the file name) stays the same.
    formatted_path = os.path.join(scratch, os.path.basename(path))
    with open(formatted_path, "wb") as f:
        f.write(fmt.stdout)
    again = run([stave, "fmt", formatted_path])
    results.append(("idempotent", None if again.returncode == 0 and again.stdout == fmt.stdout else "formatting the output changes it"))
    a = run([stave, "compile", path, "-o", formatted_path + ".a.mid", "-q"])
    b = run([stave, "compile", formatted_path, "-o", formatted_path + ".b.mid", "-q"])
    same = (a.returncode == 0 and b.returncode == 0 and
            open(formatted_path + ".a.mid", "rb").read() == open(formatted_path + ".b.mid", "rb").read())
    results.append(("same MIDI", None if same else "the formatted song compiles to different MIDI"))
    results.append(("comments", None if comments(stave, path) == comments(stave, formatted_path) else "comments changed"))
    checked = run([stave, "fmt", "--check", path])
    expected = 0 if fmt.stdout == original else 1
    results.append(("--check", None if checked.returncode == expected else f"--check exited {checked.returncode}, expected {expected}"))
    results += round_trip(stave, path, formatted_path + ".a.mid", scratch)
    for p in (formatted_path, formatted_path + ".a.mid", formatted_path + ".b.mid"):
        if os.path.exists(p):
            os.remove(p)
    return results


def round_trip(stave, path, midi_path, scratch):
    """Properties 6 and 7: save, print, compile again; save the printed song again."""
    base = os.path.join(scratch, "roundtrip")
    saved = run([stave, "compile", path, "-o", base + ".json", "-q"])
    printed = run([stave, "print", base + ".json", "-o", base + ".stave"]) if saved.returncode == 0 else saved
    if saved.returncode != 0 or printed.returncode != 0:
        first = ((saved.stderr if saved.returncode else printed.stderr).decode("utf-8", "replace").strip().splitlines() or ["?"])[0]
        problem = f"save or print failed: {first}"
        return [("print round trip", problem), ("save fixed point", problem)]
    again = run([stave, "compile", base + ".stave", "-o", base + ".mid", "-q"])
    resaved = run([stave, "compile", base + ".stave", "-o", base + ".again.json", "-q"])
    same_midi = (again.returncode == 0 and os.path.exists(midi_path) and
                 open(base + ".mid", "rb").read() == open(midi_path, "rb").read())
    same_save = resaved.returncode == 0 and open(base + ".again.json", "rb").read() == open(base + ".json", "rb").read()
    if again.returncode != 0:
        midi_problem = "the printed song does not compile: " + (again.stderr.decode("utf-8", "replace").strip().splitlines() or ["?"])[0]
    else:
        midi_problem = None if same_midi else "the printed song compiles to different MIDI"
    return [("print round trip", midi_problem),
            ("save fixed point", None if same_save else "saving the printed song gives another save file")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stave", default=".build/debug/stave")
    ap.add_argument("--corpus", help="a folder of .stave files the corpus test kept")
    ap.add_argument("--min-corpus", type=int, default=0, help="fail when the corpus folder holds fewer songs")
    ap.add_argument("--count", type=int, default=300, help="generated songs of the model referee")
    ap.add_argument("--count-v2", type=int, default=300, help="generated Stave 2 songs of the model referee")
    ap.add_argument("--seed", type=int, default=20251125)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    stave = os.path.abspath(args.stave)
    root = os.path.abspath(os.path.join(HERE, "..", ".."))
    work = tempfile.mkdtemp(prefix="stave-format.")
    inputs = sorted(glob.glob(os.path.join(root, "Examples", "*.stave")))
    counts = {"examples": len(inputs), "corpus": 0, "generated": 0, "generated v2": 0}
    if args.corpus:
        corpus = sorted(glob.glob(os.path.join(args.corpus, "*.stave")))
        counts["corpus"] = len(corpus)
        inputs += corpus
    generated_dir = os.path.join(work, "generated")
    os.makedirs(generated_dir)
    for i in range(args.count):
        text, _, _ = random_songs.generate_checked(args.seed * 1_000_003 + i)
        path = os.path.join(generated_dir, f"song-{i}.stave")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        inputs.append(path)
        counts["generated"] += 1
    for i in range(args.count_v2):
        text = random_songs_v2.generate_checked(args.seed * 1_000_003 + i)[0]
        path = os.path.join(generated_dir, f"song-v2-{i}.stave")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        inputs.append(path)
        counts["generated v2"] += 1
    passed = failed = 0
    by_property = {}
    scratches = []

    def job(index_path):
        index, path = index_path
        scratch = os.path.join(work, f"s{index % max(1, args.jobs * 4)}-{index}")
        os.makedirs(scratch, exist_ok=True)
        try:
            return path, check(stave, path, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for path, results in pool.map(job, enumerate(inputs)):
            for prop, problem in results:
                by_property.setdefault(prop, [0, 0])
                if problem is None:
                    passed += 1
                    by_property[prop][0] += 1
                else:
                    failed += 1
                    by_property[prop][1] += 1
                    print(f"FAIL {path}: {prop}: {problem}")
    print("inputs: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    for prop, (ok, bad) in by_property.items():
        print(f"  {prop}: {ok} passed, {bad} failed".replace(" passed, ", " ok, "))
    if counts["generated"] < args.count or counts["generated v2"] < args.count_v2:
        print("FAIL fewer generated songs than asked for"); failed += 1
    if counts["examples"] < 10:
        print("FAIL too few examples"); failed += 1
    if counts["corpus"] < args.min_corpus:
        print(f"FAIL the corpus folder holds {counts['corpus']} songs, expected at least {args.min_corpus}"); failed += 1
    if failed == 0:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"generated songs kept in {generated_dir}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
