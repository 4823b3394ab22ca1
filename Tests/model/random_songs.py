"""Seeded generator of random VALID Stave songs that cover every construct of LANGUAGE.md.

    python3 random_songs.py SEED [COUNT]     # prints the songs, separated by form feeds

`generate(seed)` returns the text of one song. The song is built from pieces; bar lines are written
wherever the generator likes (mostly at the bar ends of the first meter) and then the model
(stave_model.evaluate with lenient=True) says which of them fall off the grid at some placement
(Repeat and Sync copies included); those are dropped. The final text is checked by the model in
strict mode, so every song returned is valid as far as the model can tell.
"""

import random
import sys
from fractions import Fraction

import stave_model as model
from stave_syntax import parse_body
from stave_names import DRUMS, DYNAMICS, INSTRUMENT_ALIASES, INSTRUMENTS, KITS

F = Fraction
ALL_DURATIONS = [(den, dots) for den in (1, 2, 4, 8, 16, 32, 64) for dots in range(4)]
GRID_DURATIONS = [d for d in ALL_DURATIONS if (model.duration_value(*d) * 64).denominator == 1]
COMMON_DENS = {1: 1, 2: 4, 4: 8, 8: 6, 16: 3, 32: 1, 64: 1}
COMMON_METERS = [(4, 4), (4, 4), (3, 4), (2, 4), (6, 8), (5, 4), (7, 8), (2, 2), (3, 8), (12, 8),
                 (9, 8), (5, 8), (1, 4)]
ODD_METERS = [(1, 1), (3, 2), (7, 16), (13, 64), (1, 64), (5, 16), (64, 64), (11, 32), (1, 2),
              (17, 16), (64, 1)]
TEMPOS = ["60", "72", "90", "96", "100", "120", "132", "140", "150", "180", "200", "92.5", "60.5",
          "133.33", "307.2", "102.4", "61.44", "20.48", "512", "4", "1000", "999.9", "37"]
DRUM_NAMES = sorted(DRUMS)
WORDS = ["verse", "chorus", "intro", "outro", "fill", "groove", "theme", "bridge", "riff", "tag",
         "answer", "call", "Motif", "hook", "coda", "pickup"]
TRICKY_IDS = ["a", "b", "c", "r", "o5", "v9", "x2", "x", "kick", "ride", "major_", "_x", "A1",
              "Tempo", "n", "bb"]
TITLES = ['Random Song', 'Quote \\"this\\"', 'back\\\\slash', 'Flöte ♪ – ünïcode', '',
          'x y  z', 'tempo 90 | [c e g]']


class Piece:
    """A piece of text that can be switched off later (bar lines, tempos, ties)."""

    def __init__(self, kind, text):
        self.kind, self.text, self.on = kind, text, True


def dur_text(d):
    return f"{d[0]}{'.' * d[1]}"


_SPELLINGS = {}


def spellings(fifths):
    """{MIDI pitch: [(octave, letter, accidental text)]} of every way to write it in a key."""
    if fifths not in _SPELLINGS:
        table = {}
        for octave in range(10):
            for letter in "cdefgab":
                for acc in ("", "n", "#", "##", "b", "bb"):
                    p = model.resolve_pitch(letter, acc, octave, fifths)
                    table.setdefault(p, []).append((octave, letter, acc))
        _SPELLINGS[fifths] = table
    return _SPELLINGS[fifths]


class BodyGen:
    """Generates one phrase body, keeping the cursors the way LANGUAGE.md defines them."""

    def __init__(self, r, track, fifths, key_pitch_range):
        self.r = r
        self.drums = track["kind"] == "drums"
        self.fifths = fifths
        self.octave = track["octave"]
        self.velocity = track["velocity"]
        self.dur = F(1, 4)
        self.pending = set()      # MIDI pitches tied to the next note or chord
        self.last_ties = []       # tie pieces of the latest leaf
        self.lo, self.hi = key_pitch_range
        self.pitches = set()      # every pitch used (for sync transposes)
        self.pieces = []
        self.lead_in_chance = 0.05

    # --- small helpers -----------------------------------------------------------------------
    def put(self, *items):
        self.pieces.extend(items)

    def duration_token(self, length, allow_omit=True):
        """Text for a written duration equal to `length`, or '' to take the current one."""
        if allow_omit and length == self.dur and self.r.random() < 0.6:
            return ""
        d = [d for d in ALL_DURATIONS if model.duration_value(*d) == length][0]
        self.dur = length
        return dur_text(d)

    def pick_length(self, limit, grid=True):
        pool = GRID_DURATIONS if grid else ALL_DURATIONS
        options = [d for d in pool if model.duration_value(*d) <= limit]
        if not options:
            return None
        weights = [COMMON_DENS[d[0]] * (4 if d[1] == 0 else 1 if d[1] == 1 else 0.3) for d in options]
        if self.r.random() < 0.3 and self.dur <= limit:
            return self.dur
        return model.duration_value(*self.r.choices(options, weights)[0])

    def command(self, in_group=False):
        """A random octave or velocity command (text), updating the cursors."""
        r = self.r
        if not self.drums and r.random() < 0.55:
            choice = r.random()
            if choice < 0.35 and self.octave < 8:
                self.octave += 1
                return ">"
            if choice < 0.7 and self.octave > 1:
                self.octave -= 1
                return "<"
            self.octave = r.choice([1, 2, 3, 4, 4, 5, 5, 6, 7]) if r.random() < 0.95 else r.choice([0, 8, 9])
            return f"o{self.octave}"
        if r.random() < 0.5:
            name = r.choice(list(DYNAMICS))
            self.velocity = DYNAMICS[name]
            return f"!{name}"
        self.velocity = r.choice([1, 20, 45, 64, 90, 100, 110, 127]) if r.random() < 0.97 else 0
        return f"v{self.velocity}"

    def spell(self, pitch):
        """Text (maybe with an octave command before it) that writes MIDI `pitch`."""
        r = self.r
        if self.drums:
            return r.choice([n for n, k in DRUMS.items() if k == pitch])
        options = spellings(self.fifths).get(pitch, [])
        here = [o for o in options if o[0] == self.octave]
        if here and r.random() < 0.9:
            plain = [o for o in here if o[2] in ("", "#", "b")]
            octave, letter, acc = r.choice(plain if plain and r.random() < 0.8 else here)
            return letter + acc
        octave, letter, acc = r.choice(options)
        if octave == self.octave + 1:
            prefix = ">"
        elif octave == self.octave - 1:
            prefix = "<"
        elif octave == self.octave:
            prefix = ""
        else:
            prefix = f"o{octave}"
        self.octave = octave
        return (prefix + " " if prefix else "") + letter + acc

    def random_pitch(self, avoid=()):
        r = self.r
        if self.drums:
            while True:
                p = DRUMS[r.choice(DRUM_NAMES)]
                if p not in avoid:
                    return p
        for _ in range(20):
            letter = r.choice("cdefgab")
            acc = r.choice(["", "", "", "#", "b", "n", "##", "bb"])
            p = model.resolve_pitch(letter, acc, self.octave, self.fifths)
            if self.lo <= p <= self.hi and p not in avoid:
                return p
        while True:
            p = r.randint(self.lo, self.hi)
            if p not in avoid:
                return p

    # --- leaves --------------------------------------------------------------------------------
    def tie_piece(self):
        t = Piece("tie", "~")
        self.last_ties.append(t)
        return t

    def leaf(self, in_tuplet, allow_rest=True):
        """Pieces of a note, rest or chord (no duration). Returns (pieces, kind, pitches)."""
        r = self.r
        self.last_ties = []
        need = sorted(self.pending)
        roll = r.random()
        if not need and allow_rest and roll < 0.15:
            self.pending = set()
            return ["r"], "rest", set()
        if len(need) <= 1 and roll < 0.7:
            p = need[0] if need else self.random_pitch()
            text = self.spell(p)
            self.pitches.add(p)
            self.pending = set()
            return [text], "note", {p}
        # A chord holding every pending pitch.
        size = max(len(need), r.choice([2, 2, 3, 3, 4]))
        chord = list(need)
        while len(chord) < size:
            chord.append(self.random_pitch(avoid=set(chord)))
        r.shuffle(chord)
        parts = ["["]
        per_pitch = r.random() < 0.3
        new_pending = set()
        for i, p in enumerate(chord):
            if i and r.random() < 0.15:
                parts += [self.command(), " "]
            if i and r.random() < 0.01:
                parts.append("/* inside a chord */ ")
            parts.append(self.spell(p))
            self.pitches.add(p)
            if per_pitch and r.random() < 0.4:
                parts.append(self.tie_piece())
                new_pending.add(p)
            parts.append(" " if i < len(chord) - 1 else "")
        if r.random() < 0.08:
            parts += [" ", self.command()]
        parts.append("]")
        self.pending = new_pending
        return parts, "chord", set(chord)

    def tie_after(self, kind, pitches_of_leaf):
        """Maybe a '~' after a note or chord that ties every pitch to the next leaf."""
        if self.r.random() < 0.14 and kind in ("note", "chord") and not self.pending:
            self.pending = set(pitches_of_leaf)
            return [self.tie_piece()]
        return []

    # --- top level -----------------------------------------------------------------------------
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
        inline = []
        total = length
        if kind != "rest" and r.random() < 0.12:
            # inline tie: the written lengths add up to `length` or a bit more
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
        if not inline:
            inline = [self.duration_token(length)]
        tie = self.tie_after(kind, pitches) if kind != "rest" else []
        self.put(*parts, *inline, *tie, " ")
        if total <= F(3, 128) and r.random() < 0.1:
            # a tempo just after a tiny note: at odd ppq it shares a tick with others nearby
            self.put(Piece("tempo", f"tempo {r.choice(TEMPOS)}"), " ")
        return total

    def tuplet_top(self, length, depth_budget):
        tok = self.duration_token(length)
        self.put("{")
        self.tuplet_items(depth_budget - 1)
        self.put("}", tok, " ")
        # a tie on a whole tuplet is an error: the last item's tie (if any) passes on instead
        return length

    def tuplet_items(self, depth_budget):
        r = self.r
        count = r.choice([2, 3, 3, 3, 4, 5, 6, 7])
        for i in range(count):
            if r.random() < 0.12:
                self.put(self.command(), " ")
            if r.random() < 0.01:
                self.put("/* inside a tuplet */\n")
            if depth_budget > 0 and r.random() < 0.15:
                self.put("{")
                self.tuplet_items(depth_budget - 1)
                self.put("} " if i < count - 1 else "}")
                continue
            parts, kind, pitches = self.leaf(True)
            tie = self.tie_after(kind, pitches) if kind != "rest" else []
            self.put(*parts, *tie, " " if i < count - 1 else "")

    def extras(self, allow_tempo):
        r = self.r
        if r.random() < 0.02:
            self.put(r.choice(["\t", "\n\t", "\r\n  "]))
        if r.random() < 0.12:
            self.put(self.command(), " ")
        if allow_tempo and r.random() < 0.03:
            self.put(Piece("tempo", f"tempo {r.choice(TEMPOS)}"), " ")
        if r.random() < 0.02:
            self.put(r.choice(["/* a comment */ ", "// to the end of the line\n"]))

    def body(self, bar_length):
        r = self.r
        grid = r.random() < 0.85 and (bar_length * 64).denominator == 1
        depth = 2 if r.random() < 0.9 else r.randint(3, 7) if r.random() < 0.9 else r.randint(12, 20)
        if r.random() < 0.04:
            self.put(Piece("tempo", f"tempo {r.choice(TEMPOS)}"), " ")
        if r.random() < 0.03:
            self.put(Piece("bar", "|"), " ")
        lead_in = F(0)
        if r.random() < self.lead_in_chance and bar_length >= F(1, 16):
            # A tiny rest and a tempo: tracks doing this at one bar put tempos a fraction of a
            # tick apart at ppq 24 or 25 (1/64 and 3/128 both round to 2 ticks), where file order
            # must decide. Two dotted 64ths keep the rest of the phrase on the 1/64 grid.
            tempo = Piece("tempo", f"tempo {r.choice(TEMPOS)}")
            if r.random() < 0.5:
                lead_in = F(1, 64)
                self.put("r64 ", tempo, " ")
            else:
                lead_in = F(3, 64)
                self.put("r64. ", tempo, " r ")
            self.dur = F(3, 128) if lead_in == F(3, 64) else F(1, 64)
        if grid:
            bars = max(1, min(12, int(r.uniform(0.5, 3.0) / bar_length)))
            for b in range(bars):
                remaining = bar_length - (lead_in if b == 0 else 0)
                while remaining > 0:
                    self.extras(True)
                    used = self.element(remaining, True, depth)
                    if used is None:
                        break
                    remaining -= used
                if b < bars - 1 or r.random() < 0.6:
                    self.put(Piece("bar", "|"), " ")
        else:
            for _ in range(r.randint(1, 12)):
                self.extras(True)
                self.element(F(1, 1), False, depth)
                if r.random() < 0.2:
                    self.put(Piece("bar", "|"), " ")
        if r.random() < 0.03:
            self.put(Piece("tempo", f"tempo {r.choice(TEMPOS)}"), " ")
        for t in self.last_ties:
            t.on = False
        return self.pieces


def valid_keys():
    keys = []
    for letter in "cdefgab":
        for acc in ("", "#", "b"):
            for minor in (False, True):
                if model.key_fifths(letter, model.ACCIDENTALS.get(acc, 0), minor) is not None:
                    keys.append((letter, acc, minor))
    return keys


KEYS = valid_keys()
TRACK_WORDS = ["lead", "bass", "pad", "keys", "horn", "strings", "arp", "counter", "choir", "solo"]
DRUM_WORDS = ["beat", "perc", "rhythm", "toms", "backbeat"]
NAMES = ['Lead', 'Bass \\"low\\"', 'Back\\\\slash', 'Flöte ♪', 'Left hand', 'x']


class SongGen:
    """One random song; `text()` renders it after the model has pruned bar lines and tempos."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.ids = set()
        self.counter = 0

    def fresh_id(self, words):
        r = self.r
        while True:
            if r.random() < 0.03:
                ident = r.choice(TRICKY_IDS)
            else:
                self.counter += 1
                ident = r.choice(words) + (str(self.counter) if r.random() < 0.7 else "")
            if ident not in self.ids:
                self.ids.add(ident)
                return ident

    # --- header ------------------------------------------------------------------------------
    def header(self):
        r = self.r
        stmts = []
        if r.random() < 0.7:
            stmts.append(f'title "{r.choice(TITLES)}"')
        if r.random() < 0.4:
            stmts.append(f'composer "{r.choice(TITLES)}"')
        if r.random() < 0.85:
            stmts.append(f"tempo {r.choice(TEMPOS)}")
        meter = (4, 4)
        if r.random() < 0.8:
            meter = r.choice(COMMON_METERS if r.random() < 0.85 else ODD_METERS)
            stmts.append(f"meter {meter[0]}/{meter[1]}")
        self.fifths = 0
        if r.random() < 0.75:
            letter, acc, minor = r.choice(KEYS)
            self.fifths = model.key_fifths(letter, model.ACCIDENTALS.get(acc, 0), minor)
            mode = " minor" if minor else r.choice(["", " major"])
            if acc == "" and r.random() < 0.05:
                acc = "n"  # a natural sign on the tonic changes nothing
            stmts.append(f"key {letter}{acc}{mode}")
        self.ppq = 480
        if r.random() < 0.85:
            self.ppq = r.choice([24, 25, 48, 96, 120, 192, 240, 384, 480, 720, 960, 1000, 32767,
                                 r.randint(24, 2000)])
            stmts.append(f"ppq {self.ppq}")
        meters = {1: meter}
        at_forms = []
        for bar in r.sample(range(1, 13), r.choice([0, 0, 0, 1, 1, 2, 3])):
            m = r.choice(COMMON_METERS if r.random() < 0.85 else ODD_METERS)
            meters[bar] = m
            at_forms.append(f"meter {m[0]}/{m[1]} at {bar}")
        for _ in range(r.choice([0, 0, 1, 2, 3])):
            at_forms.append(f"tempo {r.choice(TEMPOS)} at {r.randint(1, 16)}")
        self.meters = model.MeterMap(meters)
        self.bar_length = F(*meter) if 1 not in meters else F(*meters[1])
        stmts += at_forms
        if r.random() < 0.3:
            r.shuffle(stmts)
        trailing = []
        if at_forms and r.random() < 0.1:
            trailing = [s for s in stmts if " at " in s and r.random() < 0.5]
            stmts = [s for s in stmts if s not in trailing]
        if r.random() < 0.1:
            stmts.insert(0, "// a random song")
        return stmts, trailing

    # --- tracks ------------------------------------------------------------------------------
    def tracks(self):
        r = self.r
        n_mel = r.choice([1, 1, 2, 2, 3, 3, 4, 5]) if r.random() > 0.04 else r.randint(12, 15)
        n_drum = r.choice([0, 0, 1, 1, 2])
        kinds = ["track"] * n_mel + ["drums"] * n_drum
        r.shuffle(kinds)
        explicit = []
        tracks = []
        for kind in kinds:
            t = {"kind": kind, "settings": [], "octave": 4, "velocity": 100, "transpose": 0}
            t["id"] = self.fresh_id(TRACK_WORDS if kind == "track" else DRUM_WORDS)
            t["name"] = r.choice(NAMES) if r.random() < 0.4 else None
            s = t["settings"]
            if kind == "track":
                if r.random() < 0.7:
                    roll = r.random()
                    ins = (r.choice(sorted(INSTRUMENTS)) if roll < 0.5 else
                           r.choice(list(INSTRUMENT_ALIASES)) if roll < 0.75 else r.randint(0, 127))
                    s.append(f"instrument {ins}")
                free = [c for c in range(1, 17) if c != 10 and c not in explicit]
                auto_left = n_mel - len(explicit)  # tracks that may still need a free channel
                if r.random() < 0.25 and free and len(free) >= auto_left:
                    c = r.choice(free)
                    if explicit and r.random() < 0.1 and len(free) > auto_left:
                        c = r.choice(explicit)  # a shared channel: a warning, still valid
                    explicit.append(c)
                    s.append(f"channel {c}")
                if r.random() < 0.5:
                    t["octave"] = r.choice([2, 3, 3, 4, 5, 5, 6]) if r.random() < 0.95 else r.choice([0, 9])
                    s.append(f"octave {t['octave']}")
                if r.random() < 0.4:
                    t["transpose"] = r.randint(-12, 12) if r.random() < 0.9 else r.choice([-48, 48, -30, 25])
                    s.append(f"transpose {t['transpose']}")
            else:
                if r.random() < 0.4:
                    s.append(f"kit {r.choice(list(KITS)) if r.random() < 0.6 else r.randint(0, 127)}")
                if r.random() < 0.2:
                    s.append("channel 10")
            if r.random() < 0.4:
                t["velocity"] = r.randint(1, 127) if r.random() < 0.97 else 0
                s.append(f"velocity {t['velocity']}")
            if r.random() < 0.3:
                s.append(f"volume {r.randint(0, 127)}")
            if r.random() < 0.3:
                s.append(f"pan {r.randint(0, 127)}")
            tracks.append(t)
        return tracks

    def bodies(self, t):
        r = self.r
        lo, hi = (0, 127) if t["kind"] == "drums" else (max(10, -t["transpose"]), min(127, 127 - t["transpose"]))
        t["bodies"] = []
        for _ in range(r.choice([1, 1, 2, 2, 3])):
            g = BodyGen(r, t, self.fifths, (lo, hi))
            g.lead_in_chance = 0.3 if self.ppq in (24, 25) else 0.05
            pieces = g.body(self.bar_length)
            pid = self.fresh_id(WORDS) if r.random() < 0.85 else None
            drums = t["kind"] == "drums"
            length = model.evaluate_body(parse_body(render(pieces)[0], drums), t["octave"],
                                         t["velocity"], self.fifths, drums).length
            t["bodies"].append({"id": pid, "pieces": pieces, "pitches": g.pitches, "length": length,
                                "track": t})

    def plan(self, t, tracks):
        """The phrase statements of a track, with placements that never overlap."""
        r = self.r
        items = [("phrase", b) for b in t["bodies"]]
        named = [b for b in t["bodies"] if b["id"]]
        for _ in range(r.choice([0, 1, 1, 2, 3])):
            if named:
                items.insert(r.randint(0, len(items)), ("repeat", r.choice(named)))
        sources = [b for u in tracks if u["kind"] == t["kind"] for b in u["bodies"] if b["id"]]
        for _ in range(r.choice([0, 0, 1, 2])):
            if sources:
                items.insert(r.randint(0, len(items)), ("sync", r.choice(sources)))
        cursor = F(0)
        taken = []   # (start, end) of the phrases placed so far
        lines = []

        def free(start, end):
            return all(end <= a or b2 <= start for a, b2 in taken)

        for kind, b in items:
            count = 1
            if kind == "repeat":
                count = r.choice([1, 1, 2, 2, 3, 4]) if r.random() > 0.03 else r.randint(20, 120)
                if r.random() < 0.01 and len(render(b["pieces"])[0]) < 40:
                    count = r.randint(1000, 10000)  # up to the limit of LANGUAGE.md rule 13
            length = count * b["length"]
            at = None
            gaps = []
            if r.random() < 0.08:
                # an `at` that goes back into a gap before the cursor
                last = self.meters.first_bar_at_or_after(cursor)
                bars = range(1, last) if last <= 41 else r.sample(range(1, last), 40)
                gaps = [bar for bar in bars
                        if free(self.meters.bar_start(bar), self.meters.bar_start(bar) + length)]
            if gaps:
                at = r.choice(gaps)
            elif r.random() < 0.01:
                # far away: ticks beyond what one MIDI delta time can hold
                at = self.meters.first_bar_at_or_after(max([cursor] + [e for _, e in taken])) + r.randint(1000, 500000)
            elif r.random() < 0.25 or not free(cursor, cursor + length):
                end = max([cursor] + [e for _, e in taken])
                at = self.meters.first_bar_at_or_after(end) + r.choice([0, 0, 0, 1, 2])
            if at is not None:
                cursor = self.meters.bar_start(at)
            taken.append((cursor, cursor + length))
            cursor += length
            at_text = f" at {at}" if at is not None else ""
            if kind == "phrase":
                head = "phrase" + (f" {b['id']}" if b["id"] else "") + at_text
                lines.append(("phrase", head, b))
            elif kind == "repeat":
                xs = f" x{count}" if count > 1 or r.random() < 0.2 else ""
                lines.append(("repeat", f"repeat {b['id']}{xs}{at_text}", None))
            else:
                src = b["track"]
                name = b["id"] if src is t and r.random() < 0.7 else f"{src['id']}.{b['id']}"
                tr = ""
                if t["kind"] == "track" and b["pitches"]:
                    lo_k = -min(b["pitches"]) - t["transpose"]
                    hi_k = 127 - max(b["pitches"]) - t["transpose"]
                    lo_k, hi_k = max(lo_k, -36), min(hi_k, 36)
                    if lo_k > hi_k:
                        continue
                    k = 0 if lo_k <= 0 <= hi_k and r.random() < 0.3 else r.randint(lo_k, hi_k)
                    if k or r.random() < 0.2:
                        tr = f" transpose {k}"
                lines.append(("sync", f"sync {name}{tr}{at_text}", None))
        # Settings anywhere, but never a `transpose` setting right after a sync (it would be read
        # as the sync's transpose).
        for setting in t["settings"]:
            pos = r.randint(0, len(lines))
            if setting.startswith("transpose") and pos > 0 and lines[pos - 1][0] == "sync":
                pos = 0
            lines.insert(pos, ("setting", setting, None))
        return lines

    def pieces(self):
        stmts, trailing = self.header()
        tracks = self.tracks()
        for t in tracks:
            self.bodies(t)
        out = [s + "\n" for s in stmts]
        for t in tracks:
            name = f' "{t["name"]}"' if t["name"] is not None else ""
            out.append(f"\n{t['kind']} {t['id']}{name} {{\n")
            for kind, text, b in self.plan(t, tracks):
                if kind == "phrase":
                    out.append(f"  {text} {{\n    ")
                    out.extend(b["pieces"])
                    out.append("\n  }\n")
                else:
                    out.append(f"  {text}\n")
            out.append("}\n")
        out += ["\n"] + [s + "\n" for s in trailing]
        return out


def render(pieces):
    """Text, and the source offset of every switchable piece that is on."""
    out, where, at = [], {}, 0
    for p in pieces:
        if isinstance(p, Piece):
            if not p.on:
                continue
            where[at] = p
            text = p.text
        else:
            text = p
        out.append(text)
        at += len(text)
    return "".join(out), where


def generate_checked(seed, song_class=None):
    """(text, model result, off_grid) of one random valid song. off_grid is the same song with one
    of the dropped bar lines put back (so it must be rejected), or None when none was dropped.
    song_class (default SongGen) makes the song; random_songs_v2 passes its Stave 2 generator."""
    pieces = (song_class or SongGen)(seed).pieces()
    text, where = render(pieces)
    result = model.evaluate(text, lenient=True)
    off_grid = None
    if result["bad_bars"]:
        for pos in result["bad_bars"]:
            where[pos].on = False
        back = where[random.Random(seed).choice(result["bad_bars"])]
        back.on = True
        off_grid = render(pieces)[0]
        back.on = False
        text, _ = render(pieces)
        result = model.evaluate(text)  # strict: raises if the generator made something invalid
    return text, result, off_grid


def generate(seed):
    """The text of one random valid song."""
    return generate_checked(seed)[0]


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for i in range(count):
        sys.stdout.write(generate(seed * 1_000_003 + i) + ("\f\n" if i < count - 1 else ""))
