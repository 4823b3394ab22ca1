#!/usr/bin/env python3
"""Seeded benchmark-song generator for Stave.

Writes the SAME music twice: as a Stave song (one melody track `lead`, phrases
`p1 … pP`, each phrase a whole number of 4/4 bars) and as an ABC tune (for
abc2midi). The music mixes plain notes of several lengths (16ths, 8ths,
quarters, halves, dotted values), chords, triplets (some holding a rest or a
chord) and rests, with a bar line after every bar.

Counting: every sounding pitch is one note (a three-note chord counts 3, a
triplet of three pitches counts 3, rests count 0). Every phrase holds exactly
--notes notes (with --total the last phrase holds the remainder); the end of a
phrase's last bar is filled with rests when the note budget runs out.

Examples
  generate.py --phrases 300 --notes 1000 --stave song.stave --abc song.abc
  generate.py --preset abc-limit --stave cmp.stave --abc cmp.abc --verify
  generate.py --check song.stave song.abc       # re-verify existing files
  generate.py --probe-abc2midi                  # find abc2midi's largest piece

--verify / --check re-read the written text with small independent tokenizers
(one for Stave, one for ABC) and assert, with fractions.Fraction, that every
bar sums to exactly 4/4, every phrase ends on a bar line, the note counts match
and that both files describe the same note sequence (onset, pitch, length).
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction as Fr

BAR = Fr(1)                 # 4/4: a bar is one whole note
DEFAULT_SEED = 1
# Largest piece (in notes, at the default seed, whole 1000-note phrases) that
# abc2midi 4.84 (Debian abcmidi 20230208+ds1-1) converts: 57 phrases give a
# 492,072-byte MIDI file. abc2midi aborts once its output passes 500,000 bytes
# ("eputc: aborting because of file runaway", exit 1, truncated file), which
# at this note density happens at about 57,900 notes. Re-measure with
# --probe-abc2midi (for another seed or generator change).
ABC_LIMIT_NOTES = 57000

LETTERS = "cdefgab"
LETTER_PC = {"c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11}
SHARP_NAMES = [("c", 0), ("c", 1), ("d", 0), ("d", 1), ("e", 0), ("f", 0),
               ("f", 1), ("g", 0), ("g", 1), ("a", 0), ("a", 1), ("b", 0)]
FLAT_NAMES = [("c", 0), ("d", -1), ("d", 0), ("e", -1), ("e", 0), ("f", 0),
              ("g", -1), ("g", 0), ("a", -1), ("a", 0), ("b", -1), ("b", 0)]

# Stave duration suffixes and ABC lengths (L:1/16 -> multiples of a 16th).
STAVE_DUR = {Fr(1, 16): "16", Fr(1, 8): "8", Fr(3, 16): "8.", Fr(1, 4): "4",
             Fr(3, 8): "4.", Fr(1, 2): "2", Fr(3, 4): "2.", Fr(1, 1): "1"}

# Element menus: (value, weight).
NOTE_DURS = [(Fr(1, 16), 3.0), (Fr(1, 8), 6.0), (Fr(3, 16), 1.0),
             (Fr(1, 4), 4.0), (Fr(3, 8), 1.2), (Fr(1, 2), 1.0), (Fr(3, 4), 0.3)]
CHORD_DURS = [(Fr(1, 8), 2.0), (Fr(1, 4), 4.0), (Fr(3, 8), 1.0), (Fr(1, 2), 1.5)]
REST_DURS = [(Fr(1, 16), 1.0), (Fr(1, 8), 3.0), (Fr(1, 4), 2.0)]
TUPLET_SPANS = [(Fr(1, 8), 2.0), (Fr(1, 4), 5.0), (Fr(1, 2), 1.0)]
KINDS = [("note", 55.0), ("chord", 14.0), ("tuplet", 12.0), ("rest", 9.0)]
CHORD_SHAPES = [((0, 4, 7), 4.0), ((0, 3, 7), 3.0), ((0, 4, 7, 12), 1.0),
                ((0, 5, 9), 1.0), ((0, 3, 8), 1.0), ((0, 7), 1.0),
                ((0, 4), 1.0), ((0, 4, 7, 10), 0.7)]
LOW, HIGH = 48, 84           # melody range (C3 .. C6); chords may reach 96


def wchoice(rng, items):
    total = sum(w for _, w in items)
    x = rng.random() * total
    for v, w in items:
        x -= w
        if x < 0:
            return v
    return items[-1][0]


# ---------------------------------------------------------------- model ---
# A pitch is (letter, accidental -1/0/+1, octave) in scientific octaves
# (octave 4: c = MIDI 60). Elements of a bar:
#   ("n", dur, pitch) ("c", dur, [pitches]) ("r", dur) ("t", span, [items])
# tuplet items: ("n", pitch) ("c", [pitches]) ("r",)

def midi_of(p):
    letter, acc, octave = p
    return 12 * (octave + 1) + LETTER_PC[letter] + acc


class Composer:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.cur = 67

    def spell(self, m):
        names = SHARP_NAMES if self.rng.random() < 0.5 else FLAT_NAMES
        letter, acc = names[m % 12]
        return (letter, acc, m // 12 - 1)

    def step(self):
        rng = self.rng
        if rng.random() < 0.08:
            d = rng.choice((-12, -9, -7, -5, 5, 7, 9, 12))
        else:
            d = rng.choice((-4, -3, -2, -2, -1, -1, 0, 1, 1, 2, 2, 3, 4))
        m = self.cur + d
        if m < LOW or m > HIGH:
            m = self.cur - d
        self.cur = max(LOW, min(HIGH, m))
        return self.cur

    def pitch(self):
        return self.spell(self.step())

    def chord(self, budget):
        shapes = [(s, w) for s, w in CHORD_SHAPES if len(s) <= budget]
        shape = wchoice(self.rng, shapes)
        root = self.step()
        return [self.spell(root + i) for i in shape]

    def tuplet_items(self, budget):
        """Three items; returns (items, notes)."""
        items, notes = [], 0
        for k in range(3):
            left = budget - notes
            r = self.rng.random()
            if left >= 2 and r < 0.08:
                ch = self.chord(min(left, 2))
                items.append(("c", ch))
                notes += len(ch)
            elif left == 0 or (r > 0.93 and k != 0):
                items.append(("r",))
            else:
                items.append(("n", self.pitch()))
                notes += 1
        return items, notes

    def bar(self, budget):
        """One full 4/4 bar using at most `budget` notes: (elements, notes)."""
        rng = self.rng
        left, notes, out = BAR, 0, []
        while left > 0:
            b = budget - notes
            if b <= 0:
                # note budget spent: fill the bar with the largest rests
                for d in (Fr(1, 2), Fr(1, 4), Fr(1, 8), Fr(1, 16)):
                    while left >= d:
                        out.append(("r", d))
                        left -= d
                break
            kinds = [(k, w) for k, w in KINDS
                     if not (k == "chord" and b < 2) and not (k == "tuplet" and b < 2)]
            kind = wchoice(rng, kinds)
            if kind == "note":
                durs = [(d, w) for d, w in NOTE_DURS if d <= left]
                d = wchoice(rng, durs)
                out.append(("n", d, self.pitch()))
                notes += 1
            elif kind == "chord":
                durs = [(d, w) for d, w in CHORD_DURS if d <= left]
                if not durs:
                    continue
                d = wchoice(rng, durs)
                ch = self.chord(b)
                out.append(("c", d, ch))
                notes += len(ch)
            elif kind == "tuplet":
                spans = [(d, w) for d, w in TUPLET_SPANS if d <= left]
                if not spans:
                    continue
                d = wchoice(rng, spans)
                items, n = self.tuplet_items(b)
                out.append(("t", d, items))
                notes += n
            else:
                durs = [(d, w) for d, w in REST_DURS if d <= left]
                d = wchoice(rng, durs)
                out.append(("r", d))
            left -= d
        return out, notes

    def phrase(self, n_notes):
        bars, notes = [], 0
        while notes < n_notes:
            b, n = self.bar(n_notes - notes)
            bars.append(b)
            notes += n
        assert notes == n_notes
        return bars


# --------------------------------------------------------------- Stave ---

def stave_pitch(p, st, out):
    letter, acc, octave = p
    if octave != st["o"]:
        if octave == st["o"] + 1:
            out.append(">")
        elif octave == st["o"] - 1:
            out.append("<")
        else:
            out.append("o%d" % octave)
        st["o"] = octave
    return letter + ("#" if acc == 1 else "b" if acc == -1 else "")


def stave_dur(d, st):
    if d == st["d"]:
        return ""
    st["d"] = d
    return STAVE_DUR[d]


def stave_phrase(bars, track_octave=4):
    """Lines of a phrase body, 4 bars per line."""
    st = {"o": track_octave, "d": Fr(1, 4)}
    lines, line = [], []
    for i, bar in enumerate(bars):
        out = []
        for el in bar:
            k = el[0]
            if k == "n":
                name = stave_pitch(el[2], st, out)
                out.append(name + stave_dur(el[1], st))
            elif k == "r":
                out.append("r" + stave_dur(el[1], st))
            elif k == "c":
                inner = []
                for p in el[2]:
                    inner.append(stave_pitch(p, st, inner))
                out.append("[" + " ".join(inner) + "]" + stave_dur(el[1], st))
            else:
                inner = []
                for it in el[2]:
                    if it[0] == "n":
                        inner.append(stave_pitch(it[1], st, inner))
                    elif it[0] == "r":
                        inner.append("r")
                    else:
                        ch = []
                        for p in it[1]:
                            ch.append(stave_pitch(p, st, ch))
                        inner.append("[" + " ".join(ch) + "]")
                out.append("{" + " ".join(inner) + "}" + stave_dur(el[1], st))
        out.append("|")
        line.append(" ".join(out))
        if len(line) == 4 or i == len(bars) - 1:
            lines.append(" ".join(line))
            line = []
    return lines


# ----------------------------------------------------------------- ABC ---

def abc_len(d):
    """ABC length suffix with L:1/16."""
    k = d * 16
    assert k.denominator == 1, d
    k = int(k)
    return "" if k == 1 else str(k)


def abc_pitch(p, dirty):
    letter, acc, octave = p
    if acc == 1:
        pre = "^"
    elif acc == -1:
        pre = "_"
    else:
        # abc2midi carries an accidental to the end of the bar for the same
        # letter in every octave; restore naturals explicitly.
        pre = "=" if letter in dirty else ""
    if acc:
        dirty.add(letter)
    if octave >= 5:
        s = letter + "'" * (octave - 5)
    else:
        s = letter.upper() + "," * (4 - octave)
    return pre + s


def abc_phrase(bars):
    lines, line = [], []
    for i, bar in enumerate(bars):
        dirty, out = set(), []
        for el in bar:
            k = el[0]
            if k == "n":
                out.append(abc_pitch(el[2], dirty) + abc_len(el[1]))
            elif k == "r":
                out.append("z" + abc_len(el[1]))
            elif k == "c":
                out.append("[" + "".join(abc_pitch(p, dirty) for p in el[2]) + "]"
                           + abc_len(el[1]))
            else:
                each = abc_len(el[1] / 2)      # (3 = three in the time of two
                inner = []
                for it in el[2]:
                    if it[0] == "n":
                        inner.append(abc_pitch(it[1], dirty) + each)
                    elif it[0] == "r":
                        inner.append("z" + each)
                    else:
                        inner.append("[" + "".join(abc_pitch(p, dirty) + each
                                                   for p in it[1]) + "]")
                out.append("(3" + "".join(inner))
        line.append(" ".join(out) + " |")
        if len(line) == 4 or i == len(bars) - 1:
            lines.append(" ".join(line))
            line = []
    return lines


# ------------------------------------------------------------ generate ---

def plan(args):
    """List of per-phrase note counts."""
    n = args.notes
    if args.total is not None:
        full, rest = divmod(args.total, n)
        return [n] * full + ([rest] if rest else [])
    return [n] * args.phrases


def generate(counts, seed, stave_path, abc_path):
    comp = Composer(seed)
    total, nbars = sum(counts), 0
    desc = ("stave-bench phrases=%d notes-per-phrase=%d seed=%d notes=%d bars=%s"
            % (len(counts), max(counts) if counts else 0, seed, total, "?" * 10))
    sf = open(stave_path + ".tmp", "w") if stave_path else None
    af = open(abc_path + ".tmp", "w") if abc_path else None
    if sf:
        sf.write("// %s\n" % desc)
        sf.write("// generated by Benchmarks/generate.py; every bar is a full 4/4 bar\n")
        sf.write('title "Stave benchmark %d notes"\ntempo 120\nmeter 4/4\n\n' % total)
        sf.write('track lead "Lead" {\n  instrument piano\n')
    if af:
        af.write("%% %s\n" % desc)
        af.write("X:1\nT:Stave benchmark %d notes\nM:4/4\nL:1/16\nQ:1/4=120\nK:C\n" % total)
        af.write("%%MIDI program 0\n%%MIDI chordattack 0\n")
    for i, n in enumerate(counts, 1):
        bars = comp.phrase(n)
        nbars += len(bars)
        if sf:
            sf.write("  phrase p%d {\n" % i)
            for ln in stave_phrase(bars):
                sf.write("    " + ln + "\n")
            sf.write("  }\n")
        if af:
            af.write("%% p%d\n" % i)
            for ln in abc_phrase(bars):
                af.write(ln + "\n")
    # patch the bar count into the first line (same width, so seek and rewrite)
    final = desc.replace("?" * 10, ("%d" % nbars).ljust(10))
    if sf:
        sf.write("}\n")
        sf.seek(0)
        sf.write("// %s" % final)
        sf.close()
        os.replace(stave_path + ".tmp", stave_path)
    if af:
        af.seek(0)
        af.write("%% %s" % final)
        af.close()
        os.replace(abc_path + ".tmp", abc_path)
    return total, nbars


# -------------------------------------------------------------- checks ---

class CheckError(Exception):
    pass


STAVE_TOKEN = re.compile(r"""
   (?P<ws>\s+|//[^\n]*)
 | (?P<note>(?P<letter>[a-g])(?P<acc>\#\#|bb|\#|b|n)?(?P<ndur>(?:16|32|64|1|2|4|8)\.{0,3})?)
 | (?P<rest>r(?P<rdur>(?:16|32|64|1|2|4|8)\.{0,3})?)
 | (?P<oct>o(?P<onum>\d))
 | (?P<up>>) | (?P<down><)
 | (?P<cl>\[) | (?P<cr>\](?P<cdur>(?:16|32|64|1|2|4|8)\.{0,3})?)
 | (?P<tl>\{) | (?P<tr>\}(?P<tdur>(?:16|32|64|1|2|4|8)\.{0,3})?)
 | (?P<bar>\|)
""", re.X)
ACC = {None: 0, "n": 0, "#": 1, "##": 2, "b": -1, "bb": -2}


def parse_dur(s):
    digits = s.rstrip(".")
    dots = len(s) - len(digits)
    d = Fr(1, int(digits))
    return d * (2 - Fr(1, 2 ** dots))


class StaveBody:
    """Minimal interpreter of a phrase body (subset used by the generator,
    plus nested tuplets): returns events and checks bar lines."""

    def __init__(self, text, where, octave=4):
        self.toks = []
        pos = 0
        while pos < len(text):
            m = STAVE_TOKEN.match(text, pos)
            if not m:
                raise CheckError("%s: cannot tokenize %r" % (where, text[pos:pos + 20]))
            if not m.group("ws"):
                self.toks.append(m)
            pos = m.end()
        self.i = 0
        self.where = where
        self.o = octave
        self.d = Fr(1, 4)

    def pitch(self, m):
        return 12 * (self.o + 1) + LETTER_PC[m.group("letter")] + ACC[m.group("acc")]

    def item_list(self, closer):
        """Items of a tuplet or chord body up to `closer` token group."""
        items = []
        while True:
            if self.i >= len(self.toks):
                raise CheckError("%s: unclosed group" % self.where)
            m = self.toks[self.i]
            self.i += 1
            g = m.lastgroup
            if g in ("oct", "up", "down"):
                self.octave(m)
            elif g == closer:
                return items, m
            elif g == "note":
                if m.group("ndur"):
                    raise CheckError("%s: duration inside a group" % self.where)
                items.append(("n", [self.pitch(m)]))
            elif g == "rest" and closer == "tr":
                if m.group("rdur"):
                    raise CheckError("%s: duration inside a tuplet" % self.where)
                items.append(("r", []))
            elif g == "cl":
                ps, end = self.item_list("cr")
                if end.group("cdur"):
                    raise CheckError("%s: duration inside a group" % self.where)
                if not ps or any(k != "n" for k, _ in ps):
                    raise CheckError("%s: bad chord" % self.where)
                items.append(("n", [p for _, pl in ps for p in pl]))
            elif g == "tl" and closer == "tr":
                sub, end = self.item_list("tr")
                if end.group("tdur"):
                    raise CheckError("%s: duration inside a tuplet" % self.where)
                items.append(("t", sub))
            else:
                raise CheckError("%s: unexpected %r in a group" % (self.where, m.group(0)))

    def octave(self, m):
        g = m.lastgroup
        self.o = int(m.group("onum")) if g == "oct" else self.o + (1 if g == "up" else -1)
        if not 0 <= self.o <= 9:
            raise CheckError("%s: octave out of range" % self.where)

    def set_dur(self, s):
        if s:
            self.d = parse_dur(s)
        return self.d

    def tuplet_events(self, items, start, span, out):
        if not items:
            raise CheckError("%s: empty tuplet" % self.where)
        part = span / len(items)
        for k, (kind, val) in enumerate(items):
            t = start + k * part
            if kind == "n":
                out.extend((t, p, part) for p in val)
            elif kind == "t":
                self.tuplet_events(val, t, part, out)

    def run(self, t0=Fr(0)):
        """Returns (events, bars, notes). Events: (onset, midi, length)."""
        ev, t, pos, bars = [], t0, Fr(0), 0
        while self.i < len(self.toks):
            m = self.toks[self.i]
            self.i += 1
            g = m.lastgroup
            if g in ("oct", "up", "down"):
                self.octave(m)
                continue
            if g == "bar":
                if pos != BAR:
                    raise CheckError("%s: bar %d: bar line after %s of a whole note, "
                                     "expected 1" % (self.where, bars + 1, pos))
                pos = Fr(0)
                bars += 1
                continue
            if g == "note":
                d = self.set_dur(m.group("ndur"))
                ev.append((t, self.pitch(m), d))
            elif g == "rest":
                d = self.set_dur(m.group("rdur"))
            elif g == "cl":
                ps, end = self.item_list("cr")
                if not ps:
                    raise CheckError("%s: empty chord" % self.where)
                d = self.set_dur(end.group("cdur"))
                ev.extend((t, p, d) for _, pl in ps for p in pl)
            elif g == "tl":
                items, end = self.item_list("tr")
                d = self.set_dur(end.group("tdur"))
                self.tuplet_events(items, t, d, ev)
            else:
                raise CheckError("%s: unexpected %r" % (self.where, m.group(0)))
            t += d
            pos += d
            if pos > BAR:
                raise CheckError("%s: bar %d overflows: %s of a whole note before "
                                 "the bar line" % (self.where, bars + 1, pos))
        if pos != 0:
            raise CheckError("%s: phrase does not end on a bar line (%s into bar %d)"
                             % (self.where, pos, bars + 1))
        for _, p, _ in ev:
            if not 0 <= p <= 127:
                raise CheckError("%s: pitch %d out of range" % (self.where, p))
        return ev, bars, len(ev), t


def events_digest(h, events):
    for t, p, d in events:
        h.update(b"%d/%d %d %d/%d;" % (t.numerator, t.denominator, p,
                                       d.numerator, d.denominator))


def check_header_bars(path, header, bars):
    m = re.search(r"bars=(\d+)", header or "")
    if m and int(m.group(1)) != bars:
        raise CheckError("%s: header says %s bars, counted %d" % (path, m.group(1), bars))


def check_stave(path):
    """Returns (notes, bars, phrases, digest)."""
    h = hashlib.sha256()
    notes = bars = phrases = 0
    t = Fr(0)
    header = None
    in_phrase, body, start_line, name = False, [], 0, None
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            if ln == 1:
                header = line
            s = line.strip()
            if not in_phrase:
                m = re.match(r"phrase (\w+) \{$", s)
                if m:
                    in_phrase, body, start_line, name = True, [], ln, m.group(1)
                    if name != "p%d" % (phrases + 1):
                        raise CheckError("%s:%d: phrase %s out of order" % (path, ln, name))
                continue
            if s == "}":
                where = "%s:%d (phrase %s)" % (path, start_line, name)
                ev, b, n, t = StaveBody("\n".join(body), where).run(t)
                events_digest(h, ev)
                notes += n
                bars += b
                phrases += 1
                in_phrase = False
            else:
                body.append(line)
    if in_phrase:
        raise CheckError("%s: unterminated phrase %s" % (path, name))
    m = re.search(r"notes=(\d+)", header or "")
    if m and int(m.group(1)) != notes:
        raise CheckError("%s: header says %s notes, counted %d" % (path, m.group(1), notes))
    check_header_bars(path, header, bars)
    return notes, bars, phrases, h.hexdigest()


ABC_TOKEN = re.compile(r"""
   (?P<ws>\s+)
 | (?P<note>(?P<acc>\^|_|=)?(?P<letter>[A-Ga-g])(?P<oct>[,']*)(?P<len>\d*))
 | (?P<rest>z(?P<rlen>\d*))
 | (?P<cl>\[) | (?P<cr>\](?P<clen>\d*))
 | (?P<tup>\(3)
 | (?P<bar>\|)
""", re.X)


def check_abc(path):
    """Re-parses the tune body (the subset we write, L:1/16, K:C, pitch-wise
    accidental propagation within a bar) and returns (notes, bars, digest)."""
    h = hashlib.sha256()
    notes = bars = 0
    t, pos = Fr(0), Fr(0)
    unit = Fr(1, 16)
    in_body = False
    acc_state = {}
    tup_left, tup_factor = 0, Fr(1)
    chord = None
    header = None

    def pitch(m):
        letter = m.group("letter")
        lo = letter.lower()
        octave = 5 if letter.islower() else 4
        octave += m.group("oct").count("'") - m.group("oct").count(",")
        a = m.group("acc")
        if a:
            acc_state[lo] = {"^": 1, "_": -1, "=": 0}[a]
        return 12 * (octave + 1) + LETTER_PC[lo] + acc_state.get(lo, 0)

    def length(s):
        return unit * (int(s) if s else 1)

    with open(path) as f:
        for ln, line in enumerate(f, 1):
            if ln == 1:
                header = line
            if line.startswith("%"):
                continue
            if not in_body:
                if line.startswith("K:"):
                    in_body = True
                continue
            pos_ = 0
            events = []
            while pos_ < len(line):
                m = ABC_TOKEN.match(line, pos_)
                if not m:
                    raise CheckError("%s:%d: cannot tokenize %r" % (path, ln, line[pos_:pos_ + 20]))
                pos_ = m.end()
                g = m.lastgroup
                if g == "ws":
                    continue
                if g == "bar":
                    if pos != BAR or chord is not None or tup_left:
                        raise CheckError("%s:%d: bar %d sums to %s" % (path, ln, bars + 1, pos))
                    bars += 1
                    pos = Fr(0)
                    acc_state = {}
                elif g == "tup":
                    tup_left, tup_factor = 3, Fr(2, 3)
                elif g == "cl":
                    chord = []
                elif g == "note":
                    p = pitch(m)
                    if chord is not None:
                        chord.append((p, m.group("len")))
                    else:
                        d = length(m.group("len"))
                        if tup_left:
                            d *= tup_factor
                            tup_left -= 1
                        events.append((t, p, d))
                        t += d
                        pos += d
                elif g == "rest":
                    d = length(m.group("rlen"))
                    if tup_left:
                        d *= tup_factor
                        tup_left -= 1
                    t += d
                    pos += d
                elif g == "cr":
                    lens = {s for _, s in chord}
                    if len(lens) != 1:
                        raise CheckError("%s:%d: mixed chord lengths" % (path, ln))
                    d = length(lens.pop()) * length(m.group("clen")) / unit
                    if tup_left:
                        d *= tup_factor
                        tup_left -= 1
                    events.extend((t, p, d) for p, _ in chord)
                    t += d
                    pos += d
                    chord = None
                if pos > BAR:
                    raise CheckError("%s:%d: bar %d overflows" % (path, ln, bars + 1))
            events_digest(h, events)
            notes += len(events)
    if pos != 0:
        raise CheckError("%s: tune does not end on a bar line" % path)
    m = re.search(r"notes=(\d+)", header or "")
    if m and int(m.group(1)) != notes:
        raise CheckError("%s: header says %s notes, counted %d" % (path, m.group(1), notes))
    check_header_bars(path, header, bars)
    return notes, bars, h.hexdigest()


def check_files(stave_path, abc_path):
    res = {}
    if stave_path:
        n, b, p, dig = check_stave(stave_path)
        print("check %s: OK  %d phrases, %d bars (all exactly 4/4), %d notes"
              % (stave_path, p, b, n))
        res["stave"] = (n, b, dig)
    if abc_path:
        n, b, dig = check_abc(abc_path)
        print("check %s: OK  %d bars (all exactly 4/4), %d notes" % (abc_path, b, n))
        res["abc"] = (n, b, dig)
    if len(res) == 2:
        if res["stave"] != res["abc"]:
            raise CheckError("the Stave and ABC files describe different music")
        print("check: Stave and ABC describe the same %d notes (sha256 %s…)"
              % (res["stave"][0], res["stave"][2][:12]))
    return res


# --------------------------------------------------------- abc2midi probe ---

def abc2midi_ok(total, seed, notes_per_phrase, tmp):
    abc = os.path.join(tmp, "probe.abc")
    mid = os.path.join(tmp, "probe.mid")
    if os.path.exists(mid):
        os.remove(mid)
    generate(plan(argparse.Namespace(total=total, notes=notes_per_phrase, phrases=None)),
             seed, None, abc)
    r = subprocess.run(["abc2midi", abc, "-o", mid], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, errors="replace")
    ok = r.returncode == 0 and os.path.exists(mid) and os.path.getsize(mid) > 0
    errs = [l for l in r.stdout.splitlines() if "rror" in l]
    size = os.path.getsize(mid) if os.path.exists(mid) else 0
    return ok and not errs, size, errs[:1]


def probe(seed, notes_per_phrase, step):
    if not shutil.which("abc2midi"):
        sys.exit("abc2midi not found (apt-get install abcmidi)")
    with tempfile.TemporaryDirectory() as tmp:
        lo, hi = 0, None
        n = 16 * step
        while hi is None:        # grow until abc2midi fails
            ok, size, err = abc2midi_ok(n, seed, notes_per_phrase, tmp)
            print("  %8d notes: %s  MIDI %d bytes %s" % (n, "ok  " if ok else "FAIL", size,
                                                        err[0] if err else ""))
            if ok:
                lo, n = n, n * 2
            else:
                hi = n
        while hi - lo > step:     # bisect on multiples of `step`
            mid = (lo + hi) // 2 // step * step
            if mid in (lo, hi):
                break
            ok, size, err = abc2midi_ok(mid, seed, notes_per_phrase, tmp)
            print("  %8d notes: %s  MIDI %d bytes %s" % (mid, "ok  " if ok else "FAIL", size,
                                                        err[0] if err else ""))
            if ok:
                lo = mid
            else:
                hi = mid
        ok, size, _ = abc2midi_ok(lo, seed, notes_per_phrase, tmp)
        print("largest piece abc2midi accepts (step %d): %d notes, MIDI %d bytes"
              % (step, lo, size))
        return lo


# ---------------------------------------------------------------- main ---

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--phrases", "-P", type=int, default=300, help="number of phrases (300)")
    ap.add_argument("--notes", "-N", type=int, default=1000, help="notes per phrase (1000)")
    ap.add_argument("--total", type=int,
                    help="total notes instead of --phrases (phrases of --notes, last one shorter)")
    ap.add_argument("--preset", choices=["abc-limit"],
                    help="abc-limit: the largest piece abc2midi accepts (%d notes)" % ABC_LIMIT_NOTES)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed (1)")
    ap.add_argument("--stave", metavar="OUT.stave", help="write the Stave song here")
    ap.add_argument("--abc", metavar="OUT.abc", help="write the ABC tune here")
    ap.add_argument("--verify", action="store_true",
                    help="re-parse what was written and check bars, counts, equivalence")
    ap.add_argument("--check", nargs="+", metavar="FILE",
                    help="only verify existing .stave and/or .abc files")
    ap.add_argument("--probe-abc2midi", action="store_true",
                    help="find the largest piece abc2midi accepts (bisection)")
    ap.add_argument("--probe-step", type=int, default=1000, help="probe resolution in notes")
    a = ap.parse_args(argv)

    try:
        if a.check:
            st = [f for f in a.check if f.endswith(".stave")]
            ab = [f for f in a.check if f.endswith(".abc")]
            if len(st) > 1 or len(ab) > 1 or len(st) + len(ab) != len(a.check):
                ap.error("--check takes at most one .stave and one .abc file")
            check_files(st[0] if st else None, ab[0] if ab else None)
            return 0
        if a.probe_abc2midi:
            probe(a.seed, a.notes, a.probe_step)
            return 0
        if a.preset == "abc-limit":
            a.total = ABC_LIMIT_NOTES
        if a.notes < 1 or (a.total is None and a.phrases < 1) or (a.total is not None and a.total < 1):
            ap.error("sizes must be positive")
        if not a.stave and not a.abc:
            ap.error("nothing to write: give --stave and/or --abc")
        counts = plan(a)
        total, nbars = generate(counts, a.seed, a.stave, a.abc)
        print("generated %d notes in %d phrases, %d bars (seed %d)%s%s"
              % (total, len(counts), nbars, a.seed,
                 " -> " + a.stave if a.stave else "", " -> " + a.abc if a.abc else ""))
        if a.verify:
            res = check_files(a.stave, a.abc)
            for n, b, _ in res.values():
                if n != total or b != nbars:
                    raise CheckError("verification counted %d notes / %d bars, expected %d / %d"
                                     % (n, b, total, nbars))
    except CheckError as e:
        print("generate.py: CHECK FAILED: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
