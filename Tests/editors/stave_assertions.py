"""Shared helpers for the editor tests: sample parsing and token kinds.

A sample is a valid .stave file with assertion comments in the style of Sublime
Text syntax tests:

    o4 f4 f g a |
//  ^^ octave
//     ^ pitch
//      ^ duration
  title "x"
  // <- header

Every caret marks one column of the nearest line above that is not an assertion;
"<-" marks the column where the "//" starts. The word after the carets is a token
kind (see KINDS); "-kind" asserts the opposite. Each engine maps a kind to its own
names: a Vim syntax group and a TextMate scope.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SAMPLES = os.path.join(HERE, "samples")
EDITORS = os.path.join(REPO, "Editors")

# kind -> (Vim syntax group, accepted innermost TextMate scopes)
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "comment": ("staveComment", ("comment.line.double-slash.stave", "comment.block.stave")),
    "string": ("staveString", ("string.quoted.double.stave",)),
    "escape": ("staveEscape", ("constant.character.escape.stave",)),
    "header": ("staveHeader", ("keyword.other.header.stave",)),
    "keyword": ("staveKeyword", ("keyword.control.stave",)),
    "count": ("staveKeyword", ("keyword.control.count.stave",)),
    "setting": ("staveSetting", ("keyword.other.setting.stave",)),
    "instrument": ("staveInstrument", ("support.constant.instrument.stave",)),
    "kit": ("staveKit", ("support.constant.kit.stave",)),
    "track-name": ("staveTrackName", ("entity.name.type.track.stave",)),
    "phrase-name": ("stavePhraseName", ("entity.name.function.phrase.stave",)),
    "track-ref": ("staveTrackRef", ("variable.other.track.stave",)),
    "phrase-ref": ("stavePhraseRef", ("variable.other.phrase.stave",)),
    "operator": ("staveOperator", ("punctuation.separator.meter.stave", "punctuation.accessor.stave")),
    "number": ("staveNumber", ("constant.numeric.integer.stave", "constant.numeric.decimal.stave")),
    "pitch": ("stavePitch", ("entity.name.tag.pitch.stave",)),
    "duration": ("staveDuration", ("constant.numeric.duration.stave",)),
    "rest": ("staveRest", ("constant.language.rest.stave",)),
    "octave": ("staveOctave", ("keyword.operator.octave.stave",)),
    "velocity": ("staveVelocity", ("constant.other.velocity.stave",)),
    "dynamic": ("staveDynamic", ("constant.other.dynamic.stave",)),
    "tie": ("staveTie", ("keyword.operator.tie.stave",)),
    "bar": ("staveBar", ("keyword.operator.bar.stave",)),
    "bracket": ("staveBracket", tuple(
        f"punctuation.section.{w}.{e}.stave"
        for w in ("block", "chord", "tuplet", "grace") for e in ("begin", "end"))),
    "drum": ("staveDrum", ("support.constant.drum.stave",)),
    # Stave 2
    "mark": ("staveMark", ("keyword.operator.articulation.stave",)),
    "hairpin": ("staveHairpin", ("constant.other.dynamic.hairpin.stave",)),
    "controller": ("staveController", ("keyword.other.controller.stave",)),
    "chord-symbol": ("staveChordSymbol", ("entity.name.tag.chord-symbol.stave",)),
    "lyrics": ("staveLyrics", ("string.quoted.double.lyrics.stave",)),
    "syllable": ("staveSyllable", ("punctuation.separator.syllable.stave",)),
    "error": ("staveError", ("invalid.illegal.stave",)),
    "none": ("", ()),
}

# Vim groups that only hold other items (regions without a colour of their own):
# a character there counts as "none".
VIM_CONTAINERS = frozenset("""
staveTrackBlock staveDrumsBlock staveMelodyBody staveDrumBody stavePhraseBlock
staveDrumPhraseBlock staveMelodyPhraseBody staveDrumPhraseBody staveChord staveTuplet
staveDrumChord staveDrumTuplet staveSyncStmt staveGrace staveDrumGrace
""".split())

# Vim groups that stand for another group's kind in one place only (so that the word is
# special there and nowhere else, e.g. `down` after `pedal`): a character there counts as
# the other group.
VIM_ALIASES = {
    "staveLyricsKeyword": "staveKeyword",
    "staveLyricsRef": "stavePhraseRef",
    "staveLyricsComment": "staveComment",
    "staveLyricsBar": "staveBar",
    "staveLyricsFrom": "staveKeyword",
    "staveLyricsSource": "stavePhraseRef",
    "staveLyricsSourceTrack": "staveTrackRef",
    "staveLyricsDot": "staveOperator",
    "stavePedalState": "staveController",
    "staveCcNumber": "staveNumber",
    "staveControlNumber": "staveNumber",
    "staveTupletDuration": "staveDuration",
}

ASSERTION = re.compile(r"^(\s*)//\s*(\^+|<-)\s+(-?)([a-z-]+)\s*$")


@dataclass(frozen=True)
class Assertion:
    sample: str        # file name
    line: int          # 0-based line of the tested text
    cols: tuple[int, ...]  # 0-based character columns
    kind: str
    negated: bool
    source_line: int   # 0-based line of the assertion comment

    def describe(self, text_line: str) -> str:
        a, b = self.cols[0], self.cols[-1] + 1
        neg = "not " if self.negated else ""
        return (f"{self.sample}:{self.source_line + 1}: line {self.line + 1} "
                f"cols {a + 1}-{b} {text_line[a:b]!r} should {neg}be {self.kind}")


# Loops over inputs must not pass by running zero times: fewer inputs than these is an error.
MIN_SAMPLES = 7      # Tests/editors/samples/*.stave
MIN_ASSERTIONS = 700  # caret assertions over all samples
MIN_SNIPPETS = 18    # Editors/vscode/snippets/stave.json


def at_least(items, minimum: int, what: str):
    """Returns `items` when there are at least `minimum` of them; otherwise stops the test
    script with an error (a loop over too few inputs would pass without testing)."""
    items = list(items)
    if len(items) < minimum:
        raise SystemExit(f"only {len(items)} {what}, expected at least {minimum}")
    return items


def sample_paths() -> list[str]:
    return at_least(sorted(os.path.join(SAMPLES, f) for f in os.listdir(SAMPLES) if f.endswith(".stave")),
                    MIN_SAMPLES, f"samples in {SAMPLES}")


def load_snippets(path: str) -> dict:
    """The VS Code snippets file, at least MIN_SNIPPETS of them."""
    with open(path, encoding="utf-8") as f:
        snippets = json.load(f)
    at_least(snippets, MIN_SNIPPETS, f"snippets in {path}")
    return snippets


def is_assertion(line: str) -> bool:
    return ASSERTION.match(line) is not None


def parse_assertions(path: str) -> tuple[list[str], list[Assertion]]:
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out: list[Assertion] = []
    target = None
    for i, line in enumerate(lines):
        m = ASSERTION.match(line)
        if not m:
            target = i
            continue
        indent, marks, neg, kind = m.groups()
        if kind not in KINDS:
            raise ValueError(f"{path}:{i + 1}: unknown token kind {kind!r}")
        if target is None:
            raise ValueError(f"{path}:{i + 1}: assertion before any tested line")
        if marks == "<-":
            cols = (len(indent),)
        else:
            start = line.index("^")
            cols = tuple(range(start, start + len(marks)))
        if cols[-1] >= len(lines[target]):
            raise ValueError(f"{path}:{i + 1}: caret past the end of line {target + 1}")
        out.append(Assertion(os.path.basename(path), target, cols, kind, neg == "-", i))
    return lines, out


def show(path: str) -> None:
    """Print each assertion with the text it points at (a review aid)."""
    lines, asserts = parse_assertions(path)
    for a in asserts:
        print(a.describe(lines[a.line]))


if __name__ == "__main__":
    import sys
    for p in sys.argv[1:] or sample_paths():
        show(p)


class Results:
    """Counts checks and prints failures; `finish` prints 'NAME: N passed, M failed'."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.passed = 0
        self.failed = 0
        self.verbose = os.environ.get("STAVE_EDITORS_VERBOSE") == "1"

    def check(self, ok: bool, what: str, detail: str = "") -> bool:
        if ok:
            self.passed += 1
            if self.verbose:
                print(f"  ok   {what}")
        else:
            self.failed += 1
            print(f"  FAIL {what}" + (f"\n       {detail}" if detail else ""))
        return ok

    def finish(self) -> int:
        print(f"{self.name}: {self.passed} passed, {self.failed} failed")
        return 1 if self.failed or not self.passed else 0


def expand_snippet(body: list[str] | str) -> str:
    """The text a snippet inserts when every placeholder keeps its default."""
    text = "\n".join(body) if isinstance(body, list) else body
    # ${1:default} (defaults may hold further placeholders), ${1|a,b|}, ${1}, $1
    prev = None
    while prev != text:
        prev = text
        text = re.sub(r"\$\{\d+:([^{}$]*)\}", r"\1", text)
        text = re.sub(r"\$\{\d+\|([^,|]*)[^|]*\|\}", r"\1", text)
        text = re.sub(r"\$\{\d+\}|\$\d+", "", text)
    return text.replace("\t", "  ")


DRUM_TABLE_SAMPLE = os.path.join(SAMPLES, "drum_names.stave")


def drum_names_from_sample() -> list[str]:
    """The drum names that the drum_names sample asserts to be drums."""
    lines, asserts = parse_assertions(DRUM_TABLE_SAMPLE)
    return [lines[a.line][a.cols[0]:a.cols[-1] + 1] for a in asserts if a.kind == "drum"]


def drum_names_from_spec() -> list[str] | None:
    """The drum names of LANGUAGE.md's table, when shared/LANGUAGE.md is beside the repo."""
    for path in (os.path.join(os.path.dirname(REPO), "shared", "LANGUAGE.md"),
                 os.path.join(REPO, "shared", "LANGUAGE.md")):
        if os.path.exists(path):
            break
    else:
        return None
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            # | 36 | bass-drum / kick | 52 | chinese-cymbal / china | ...
            for cell in re.findall(r"\|\s*\d{2}\s*\|([^|]+)", line):
                names += [n.strip() for n in cell.split("/") if n.strip()]
    return names


TOP_WORDS = {"title", "composer", "tempo", "meter", "key", "ppq", "track", "drums"}
TRACK_WORDS = {"phrase", "repeat", "sync", "instrument", "kit", "channel", "volume", "pan",
               "velocity", "octave", "transpose", "legato", "lyrics"}


def wrap_snippet(text: str) -> str:
    """Put an expanded snippet where it belongs: top level (also `marker "…" at BAR`), a track
    body or a phrase body."""
    first = re.match(r"\s*([A-Za-z]*)", text).group(1)
    if first in TOP_WORDS or re.match(r'\s*marker\s+"[^"]*"\s+at\s', text):
        return text
    if first in TRACK_WORDS:
        return "track t {\n" + text + "\n}"
    return "track t {\n  phrase {\n" + text + "\n  }\n}"
