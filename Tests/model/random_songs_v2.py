"""Seeded generator of random VALID Stave 2 songs: every v1 construct (through random_songs) mixed
with the v2 ones of LANGUAGE.md — articulations, `legato`, hairpins, grace groups, `pedal`, `cc`,
`bend`, body and header markers, chord symbols and lyrics with verses.

    python3 random_songs_v2.py SEED [COUNT]     # prints the songs, separated by form feeds

The v1 generator (random_songs.py) is left as it was, so the v1 run makes the same songs as before.
Songs are valid by construction:
- a hairpin stands at the top level of a body while none is open; while it is open no velocity
  command is written anywhere (not in chords, tuplets or grace groups) until the one that closes
  it, at the top level, in the hairpin's direction (at the latest at the end of the body);
- grace groups stand only before notes and chords that do not continue a tie; their main notes
  carry no inline tie (`c2~8`), and grace items are pitches, chords and commands only;
- marks go after the duration of a note or chord (never with an inline tie), after a pitch inside
  a chord or a tuplet, never on rests, whole tuplets or grace notes; `'` and `_` never together;
  a chord has either chord marks or member marks;
- chord symbols only in melody tracks, their pitches kept in range and distinct from the others
  of the chord; every quality of LANGUAGE.md, half of them in a lead sheet's spelling where it
  has one (C-7, C+, C°7, Cø, CΔ9, C6/9, "More chord symbols");
- lyrics never have more syllables than the phrase has lyric notes, and never start with `_`.
Where LANGUAGE.md is silent (see Docs/REFERENCE.md, "Decisions"), the model lists an ambiguity and the song
is made again from the next sub-seed.
"""

import re
import random
import sys

import random_songs as v1
import stave_model as model
from stave_names import CHORD_QUALITIES, DYNAMICS, SPELLINGS
from stave_syntax import parse_body

F = model.F
QUALITIES = sorted(CHORD_QUALITIES)
# Each quality's other spellings (lead sheets: C-7, C+, C°7, Cø, CΔ9, C6/9), written half the time.
SPELT = {q: sorted(t for t, spelt in SPELLINGS.items() if spelt == q) for q in QUALITIES}
LETTERS = "ABCDEFG"
SEMITONE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
LYRIC_WORDS = ["la", "Twin-kle", "twin-kle", "lit-tle", "star", "hal-le-lu-jah", "oh", "A-ve",
               "Ma-ri-a", "Flö-te", "sing", "the", "night", "a-way", "☆", "O", "do", "re", "mi",
               'say-\\"yes\\"', "it's", "to-mor-row"]
MARKER_TEXTS = ["Verse", "Chorus", "Bridge", "Intro", "Coda", "A", "B section", "Flöte ♪",
                'say \\"go\\"', "", "D.S. al Coda"]


def marks_text(r):
    """A random non-empty set of marks in a random order ('' sometimes)."""
    marks = []
    roll = r.random()
    if roll < 0.35:
        marks.append("'")
    elif roll < 0.55:
        marks.append("_")
    if r.random() < 0.4 or not marks:
        marks.append("^")
    r.shuffle(marks)
    return "".join(marks)


class BodyGenV2(v1.BodyGen):
    """A phrase body with Stave 2 marks; see the module's docstring for what stays valid."""

    def __init__(self, r, track, fifths, key_pitch_range):
        super().__init__(r, track, fifths, key_pitch_range)
        self.hairpin = None   # (direction, v0, notes written since it opened)
        self.tied_symbol = None  # (text, pitches, octave) of a symbol tied with [C~]
        self.drum_track = track["kind"] == "drums"

    # --- commands -------------------------------------------------------------------------------
    def command(self, in_group=False):
        """Like v1, but no velocity command while a hairpin is open."""
        r = self.r
        if self.hairpin is None:
            return super().command(in_group)
        if self.drums:
            return ""
        choice = r.random()
        if choice < 0.4 and self.octave < 8:
            self.octave += 1
            return ">"
        if choice < 0.8 and self.octave > 1:
            self.octave -= 1
            return "<"
        self.octave = r.choice([2, 3, 4, 5, 6])
        return f"o{self.octave}"

    def control(self):
        r = self.r
        roll = r.random()
        if roll < 0.3:
            return "pedal " + r.choice(["down", "up"])
        if roll < 0.65:
            n = r.choice([c for c in range(128) if c not in (7, 10)])
            return f"cc {n} {r.choice([0, 1, 64, 90, 127, r.randint(0, 127)])}"
        return f"bend {r.choice([0, 100, -100, 200, -200, 50, -50, 1, -1, 3, -3, 199, r.randint(-200, 200)])}"

    def close_hairpin(self):
        """A velocity command in the open hairpin's direction; closes it."""
        r = self.r
        direction, v0, _ = self.hairpin
        if direction == "<":
            names = [n for n, v in DYNAMICS.items() if v > v0]
            v1_ = r.randint(v0 + 1, 127)
        else:
            names = [n for n, v in DYNAMICS.items() if v < v0]
            v1_ = r.randint(0, v0 - 1) if r.random() < 0.97 else 0
        self.hairpin = None
        if names and r.random() < 0.5:
            name = r.choice(names)
            self.velocity = DYNAMICS[name]
            return f"!{name}"
        self.velocity = v1_
        return f"v{v1_}"

    def maybe_hairpin(self, p_open, p_close):
        """Open a hairpin, or close the open one after at least one note (top level or between
        tuplet items: both are time positions)."""
        r = self.r
        if self.hairpin is not None and self.hairpin[2] > 0 and r.random() < p_close:
            self.put(self.close_hairpin(), " ")
        elif self.hairpin is None and r.random() < p_open:
            options = [d for d, ok in (("<", self.velocity < 127), (">", self.velocity > 0)) if ok]
            if options:
                d = r.choice(options)
                self.hairpin = (d, self.velocity, 0)
                self.put(f"!{d}", " ")

    def extras(self, allow_tempo):
        r = self.r
        super().extras(allow_tempo)
        self.maybe_hairpin(0.12, 0.3)
        if r.random() < 0.08:
            self.put(self.control(), " ")
        if r.random() < 0.03:
            self.put(f'marker "{r.choice(MARKER_TEXTS)}"', " ")

    def body(self, bar_length):
        pieces = super().body(bar_length)
        if self.hairpin is not None:
            self.put(" ", self.close_hairpin())
        return pieces

    # --- leaves ---------------------------------------------------------------------------------
    def grace_group(self):
        """The text of a grace group (with a trailing space or not)."""
        r = self.r
        k = r.choice([1, 1, 1, 2, 2, 3, 4]) if r.random() > 0.02 else r.choice([10, 33, 64])
        parts = ["("]
        for i in range(k):
            if r.random() < 0.1:
                c = self.command()
                if c:
                    parts += [c, " "]
            if r.random() < 0.15:
                size = r.choice([2, 3])
                chord = []
                while len(chord) < size:
                    chord.append(self.random_pitch(avoid=set(chord)))
                texts = []
                for p in chord:
                    texts.append(self.spell(p))
                    self.pitches.add(p)
                parts += ["[", " ".join(texts), "]"]
            else:
                p = self.random_pitch()
                self.pitches.add(p)
                parts.append(self.spell(p))
            if i < k - 1:
                parts.append(" ")
        parts.append(")" + (" " if r.random() < 0.3 else ""))
        return "".join(parts)

    def symbol(self, avoid):
        """(text, pitches) of a chord symbol in range, or None."""
        r = self.r
        for _ in range(10):
            letter = r.choice(LETTERS)
            acc = r.choice(["", "", "#", "b"])
            quality = r.choice(QUALITIES)
            bass = None
            if r.random() < 0.25:
                bass = (r.choice(LETTERS).lower(), r.choice(["", "", "#", "b"]))
            pitches = model.symbol_pitches(letter.lower(), acc, quality, bass, self.octave)
            if (all(self.lo <= p <= self.hi for p in pitches) and len(set(pitches)) == len(pitches)
                    and not set(pitches) & set(avoid)):
                written = quality
                if SPELT[quality] and r.random() < 0.5:
                    written = r.choice(SPELT[quality])
                text = letter + acc + written
                if bass:
                    text += "/" + bass[0].upper() + bass[1]
                return text, pitches
        return None

    def leaf(self, in_tuplet, allow_rest=True):
        """Pieces of a note, rest or chord (no duration), with v2 marks. Returns
        (pieces, kind, pitches); self.leaf_graces tells whether a grace group came first."""
        r = self.r
        self.last_ties = []
        self.leaf_graces = False
        self.leaf_member_marks = False
        need = sorted(self.pending)
        roll = r.random()
        if not need and allow_rest and roll < 0.15:
            self.pending = set()
            return ["r"], "rest", set()
        prefix = []
        if not need and r.random() < 0.12:
            prefix = [self.grace_group()]
            self.leaf_graces = True
        if need and self.tied_symbol and set(need) <= set(self.tied_symbol[1]) \
                and self.tied_symbol[2] == self.octave and r.random() < 0.6:
            # the tie goes on into the same chord symbol: [C~]2 [C]2, c~ [C]
            text, pitches, _ = self.tied_symbol
            self.tied_symbol = None
            self.pending = set()
            self.pitches |= set(pitches)
            return prefix + ["[" + text + "]"], "chord", set(pitches)
        self.tied_symbol = None
        if len(need) <= 1 and roll < 0.7:
            p = need[0] if need else self.random_pitch()
            if prefix and not self.drums:
                # nothing may stand between a grace group and its note: spell the note in the
                # current octave, without an octave command
                for _ in range(50):
                    here = [o for o in v1.spellings(self.fifths).get(p, []) if o[0] == self.octave]
                    if here:
                        break
                    p = self.random_pitch()
                if not here:
                    p = (self.octave + 1) * 12
                    here = [o for o in v1.spellings(self.fifths)[p] if o[0] == self.octave]
                octave, letter, acc = r.choice(here)
                text = letter + acc
            else:
                text = self.spell(p)
            self.pitches.add(p)
            self.pending = set()
            if in_tuplet and r.random() < 0.2:
                text += marks_text(r)
            return prefix + [text], "note", {p}
        parts = prefix + ["["]
        chord = []
        new_pending = set()
        if not need and not self.drums and r.random() < 0.4:
            if r.random() < 0.1:
                self.octave = r.choice([3, 4, 5])
                parts += [f"o{self.octave} "]
            sym = self.symbol(())
            if sym is not None:
                text, pitches = sym
                chord += pitches
                parts.append(text)
                if r.random() < 0.15:
                    parts.append(self.tie_piece())
                    new_pending |= set(pitches)
                    self.tied_symbol = (text, pitches, self.octave)
                if r.random() < 0.3:
                    p = self.random_pitch(avoid=set(chord))
                    parts += [" ", self.spell(p)]
                    chord.append(p)
                parts.append("]")
                self.pitches |= set(chord)
                self.pending = new_pending
                return parts, "chord", set(chord)
        size = max(len(need), r.choice([2, 2, 3, 3, 4]))
        chord = list(need)
        while len(chord) < size:
            chord.append(self.random_pitch(avoid=set(chord)))
        r.shuffle(chord)
        per_pitch = r.random() < 0.3
        member_marks = r.random() < 0.2
        self.leaf_member_marks = member_marks
        for i, p in enumerate(chord):
            if i and r.random() < 0.15:
                parts += [self.command(), " "]
            if i and r.random() < 0.05:
                parts += [self.control(), " "]
            parts.append(self.spell(p))
            self.pitches.add(p)
            if member_marks and r.random() < 0.5:
                parts.append(marks_text(r))
            if per_pitch and r.random() < 0.4:
                parts.append(self.tie_piece())
                new_pending.add(p)
            parts.append(" " if i < len(chord) - 1 else "")
        if r.random() < 0.08:
            parts += [" ", self.command()]
        parts.append("]")
        self.pending = new_pending
        return parts, "chord", set(chord)

    def element(self, limit, grid, depth_budget):
        """One note/rest/chord/tuplet whose length is <= limit; returns its length."""
        r = self.r
        length = self.pick_length(limit, grid)
        if length is None:
            return None
        roll = r.random()
        if roll < 0.2 and depth_budget > 0:
            return self.tuplet_top(length, depth_budget)
        parts, kind, pitches = self.leaf(False)
        if self.hairpin is not None and kind != "rest":
            self.hairpin = (self.hairpin[0], self.hairpin[1], self.hairpin[2] + 1)
        inline = []
        total = length
        if kind != "rest" and r.random() < 0.12:
            second = self.pick_length(limit - length, grid) if limit > length else None
            if second is not None:
                first_tok = self.duration_token(length)
                self.dur = second
                inline = [first_tok, "~", self.duration_token(second, allow_omit=False)]
                total = length + second
                if r.random() < 0.15 and limit > total:
                    third = self.pick_length(limit - total, grid)
                    if third is not None:
                        self.dur = third
                        inline += ["~", self.duration_token(third, allow_omit=False)]
                        total += third
        marks = []
        if not inline:
            inline = [self.duration_token(length)]
        if kind != "rest" and not self.leaf_member_marks and r.random() < 0.3:
            marks = [marks_text(r)]
        tie = self.tie_after(kind, pitches) if kind != "rest" else []
        # marks follow the (first) duration, before any '~' (an inline tie is one note)
        self.put(*parts, inline[0], *marks, *inline[1:], *tie, " ")
        if total <= F(3, 128) and r.random() < 0.1:
            self.put(v1.Piece("tempo", f"tempo {r.choice(v1.TEMPOS)}"), " ")
        return total

    def tuplet_items(self, depth_budget):
        r = self.r
        count = r.choice([2, 3, 3, 3, 4, 5, 6, 7])
        for i in range(count):
            if r.random() < 0.12:
                self.put(self.command(), " ")
            if r.random() < 0.06:
                self.put(self.control(), " ")
            self.maybe_hairpin(0.06, 0.15)
            if depth_budget > 0 and r.random() < 0.15:
                self.put("{")
                self.tuplet_items(depth_budget - 1)
                self.put("} " if i < count - 1 else "}")
                continue
            parts, kind, pitches = self.leaf(True)
            if self.hairpin is not None and kind != "rest":
                self.hairpin = (self.hairpin[0], self.hairpin[1], self.hairpin[2] + 1)
            tie = self.tie_after(kind, pitches) if kind != "rest" else []
            self.put(*parts, *tie, " " if i < count - 1 else "")
        if r.random() < 0.05:
            self.put(" ", self.control())


def lyric_text(r, n):
    """A lyrics string of at most n syllables."""
    out, used, prev = [], 0, None
    target = r.randint(0, n)
    while used < target:
        roll = r.random()
        if roll < 0.1 and prev not in (None, "*", "_"):
            out.append("_")
            used += 1
            prev = "_"
            continue
        if roll < 0.18:
            out.append("*")
            used += 1
            prev = "*"
            continue
        word = r.choice(LYRIC_WORDS)
        k = word.count("-") + 1
        if used + k > target:
            word, k = "la", 1
        out.append(word)
        used += k
        prev = word
    return " ".join(out)


class SongGenV2(v1.SongGen):
    """One random Stave 2 song."""

    def header(self):
        stmts, trailing = super().header()
        r = self.r
        for _ in range(r.choice([0, 0, 1, 2])):
            line = f'marker "{r.choice(MARKER_TEXTS)}" at {r.randint(1, 12)}'
            if r.random() < 0.2:
                trailing.append(line)   # after the tracks
            else:
                stmts.insert(r.randint(0, len(stmts)), line)
        return stmts, trailing

    def tracks(self):
        tracks = super().tracks()
        for t in tracks:
            if self.r.random() < 0.5:
                t["legato"] = self.r.choice([100, 90, 85, 75, 50, 33, 1, 99, self.r.randint(1, 100)])
                t["settings"].append(f"legato {t['legato']}")
        return tracks

    def bodies(self, t):
        r = self.r
        lo, hi = (0, 127) if t["kind"] == "drums" else (max(10, -t["transpose"]), min(127, 127 - t["transpose"]))
        t["bodies"] = []
        for _ in range(r.choice([1, 1, 2, 2, 3])):
            g = BodyGenV2(r, t, self.fifths, (lo, hi))
            g.lead_in_chance = 0.3 if self.ppq in (24, 25) else 0.05
            pieces = g.body(self.bar_length)
            pid = self.fresh_id(v1.WORDS) if r.random() < 0.85 else None
            drums = t["kind"] == "drums"
            res = model.evaluate_body(parse_body(v1.render(pieces)[0], drums), t["octave"],
                                      t["velocity"], self.fifths, drums)
            t["bodies"].append({"id": pid, "pieces": pieces, "pitches": g.pitches,
                                "length": res.length, "track": t,
                                "lyric_notes": len(res.lyric_starts)})

    def plan(self, t, tracks):
        r = self.r
        lines = super().plan(t, tracks)
        out = []
        for kind, text, b in lines:
            # the options of repeat and sync in the other order now and then
            # (`repeat ID xN at BAR` only: an ID may itself start with x)
            repeat = re.fullmatch(r"(repeat \S+) (x\d+) at (\S+)", text) if kind == "repeat" else None
            if repeat and r.random() < 0.4:
                text = f"{repeat.group(1)} at {repeat.group(3)} {repeat.group(2)}"
            elif kind == "sync" and " at " in text and " transpose " in text and r.random() < 0.4:
                head, at = text.split(" at ")
                base, tr = head.split(" transpose ")
                text = f"{base} at {at} transpose {tr}"
            out.append((kind, text, b))
        if t["kind"] == "track":
            for b in t["bodies"]:
                if b["id"] and b["lyric_notes"] and r.random() < 0.6:
                    verses = [lyric_text(r, b["lyric_notes"]) for _ in range(r.choice([1, 1, 2, 3]))]
                    line = f"lyrics {b['id']} " + " ".join(f'"{v}"' for v in verses)
                    out.insert(r.randint(0, len(out)), ("lyrics", line, None))
        return out


def generate_checked(seed):
    """(text, model result, off_grid) of one random valid Stave 2 song; songs the model finds
    ambiguous (LANGUAGE.md silent) are made again from the next sub-seed."""
    for attempt in range(50):
        sub = seed * 64 + attempt
        text, result, off_grid = v1.generate_checked(sub, SongGenV2)
        if not result["ambiguities"]:
            return text, result, off_grid
    raise model.ModelError(f"no unambiguous song for seed {seed}")


def generate(seed):
    return generate_checked(seed)[0]


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for i in range(count):
        sys.stdout.write(generate(seed * 1_000_003 + i) + ("\f\n" if i < count - 1 else ""))
