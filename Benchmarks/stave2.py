#!/usr/bin/env python3
"""Stave 2 marks cost: the 300,000-note benchmark song beside the same song dense with v2
marks, compiled to MIDI side by side (issue 11: at most 1.5x the time, at most 150 MB).

The v2 song is the v1 song (Benchmarks/generate.py, 300 phrases of 1,000 notes) with:
  * every note marked: each note and chord, and each pitch inside a tuplet, gets one of
    `'`, `^`, `_` in turn (chords inside tuplets are left unmarked);
  * a hairpin in every bar, crescendo and diminuendo in turn: `!<` where a bar starts and `v90`
    where it ends, then `!>` and `v60` (the phrase starts with `v60`);
  * a grace group `(c e)` before the first plain note or chord of every other bar;
  * lyrics on every note: one `lyrics` statement per phrase with a syllable for each of its
    lyric notes (notes and chords at the top level and every sounding tuplet item);
  * `legato 90` on the track.
Time: the median of interleaved runs (one warm-up each); memory: peak RSS by GNU time.

usage: Benchmarks/stave2.py --stave .build/release/stave [--runs 5] [--work DIR]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MARKS = ["'", "^", "_"]
PITCH_ITEM = re.compile(r"^[a-g](##|#|bb|b|n)?$")


def split_items(text):
    """Splits body text into items, keeping `[...]` and `{...}` (with their durations) whole."""
    items, depth, current = [], 0, ""
    for ch in text:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch.isspace() and depth == 0:
            if current:
                items.append(current)
            current = ""
        else:
            current += ch
    if current:
        items.append(current)
    return items


class Marker:
    def __init__(self):
        self.turn = 0
        self.lyric_notes = 0

    def mark(self):
        self.turn += 1
        return MARKS[self.turn % len(MARKS)]

    def tuplet(self, item):
        """`{...}DUR` with every plain pitch item marked; counts its sounding items."""
        close = item.rindex("}")
        inner, duration = item[1:close], item[close + 1:]
        out = []
        for part in split_items(inner):
            if PITCH_ITEM.match(part):
                out.append(part + self.mark())
                self.lyric_notes += 1
            elif part.startswith("{"):
                out.append(self.tuplet(part))
            elif part.startswith("["):
                out.append(part)
                self.lyric_notes += 1
            else:
                out.append(part)   # r, octave and velocity commands
        return "{" + " ".join(out) + "}" + duration

    def bar(self, items, with_grace, crescendo):
        out = ["!<" if crescendo else "!>"]
        graced = not with_grace
        for item in items:
            if item.startswith("{"):
                out.append(self.tuplet(item))
            elif item[0] in "abcdefg" or item.startswith("["):
                if not graced:
                    out.append("(c e)")
                    graced = True
                out.append(item + self.mark())
                self.lyric_notes += 1
            else:
                out.append(item)
        out.append("v90" if crescendo else "v60")
        return out


def dense(text):
    """The v2 song of a generated v1 song."""
    lines, out = text.splitlines(), []
    body, phrase = [], None
    bar_number = 0
    for line in lines:
        opening = re.match(r"\s*phrase (\w+) \{", line)
        if opening:
            phrase, body = opening.group(1), []
            out.append(line)
            continue
        if phrase and line.strip() == "}":
            marker = Marker()
            words = ["v60"]
            crescendo = True
            for bar in " ".join(body).split("|"):
                items = split_items(bar)
                if not items:
                    continue
                bar_number += 1
                words += marker.bar(items, bar_number % 2 == 1, crescendo) + ["|"]
                crescendo = not crescendo
            for start in range(0, len(words), 24):
                out.append("    " + " ".join(words[start:start + 24]))
            out.append(line)
            out.append(f'  lyrics {phrase} "' + " ".join(["la"] * marker.lyric_notes) + '"')
            phrase = None
            continue
        if phrase:
            body.append(line)
        elif line.strip().startswith("instrument"):
            out.append(line)
            out.append("  legato 90")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def peak_kb(command):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr[-800:]}")
    return int(result.stderr.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stave", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(HERE, "work"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    v1 = os.path.join(args.work, "stave2-v1-300000.stave")
    v2 = os.path.join(args.work, "stave2-v2-300000.stave")
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--phrases", "300", "--notes", "1000",
                    "--stave", v1, "--abc", os.path.join(args.work, "stave2-v1-300000.abc")],
                   check=True, capture_output=True)
    with open(v1, encoding="utf-8") as f:
        text = dense(f.read())
    with open(v2, "w", encoding="utf-8") as f:
        f.write(text)
    marks = sum(text.count(m) for m in ("'", "^", "_"))
    syllables = len(re.findall(r"\bla\b", text))
    print(f"v2 song: {len(text):,} bytes, {text.count('!<') + text.count('!>'):,} hairpins, {text.count('(c e)'):,} grace groups, "
          f"{marks:,} marks, {syllables:,} syllables")
    cases = {"v1": v1, "v2": v2}
    times = {name: [] for name in cases}
    for name, path in cases.items():   # warm-up, and the output must compile
        subprocess.run([args.stave, "compile", path, "-o", os.path.join(args.work, f"stave2-{name}.mid")],
                       check=True, capture_output=True)
    for _ in range(args.runs):
        for name, path in cases.items():
            start = time.perf_counter()
            subprocess.run([args.stave, "compile", path, "-o", os.path.join(args.work, f"stave2-{name}.mid")],
                           check=True, capture_output=True)
            times[name].append(time.perf_counter() - start)
    peaks = {name: peak_kb([args.stave, "compile", path, "-o", os.path.join(args.work, f"stave2-{name}.mid")])
             for name, path in cases.items()}
    v1_time, v2_time = statistics.median(times["v1"]), statistics.median(times["v2"])
    print(f"{'song':<6} {'median s':>9} {'peak MB':>8}")
    for name in cases:
        print(f"{name:<6} {statistics.median(times[name]):>9.3f} {peaks[name] / 1024:>8.1f}")
    ratio = v2_time / v1_time
    verdict_time = "ok" if ratio <= 1.5 else "MISS (target <= 1.5x)"
    verdict_memory = "ok" if peaks["v2"] / 1024 <= 150 else "MISS (target <= 150 MB)"
    print(f"v2 / v1: {ratio:.2f}x {verdict_time}; v2 peak {peaks['v2'] / 1024:.1f} MB {verdict_memory}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
