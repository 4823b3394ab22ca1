"""The form of a song (LANGUAGE.md "Form (v3)" and rule 17), written from LANGUAGE.md alone: the
header statements `repeat bars A-B [xN] [endings …]`, `segno/dc/ds/fine/to-coda/coda at BAR`,
header `transpose N`; the unfolding of the written score into the performance; the key a
signature moves to under transposition.

The performance is a list of runs of consecutive written bars. `Performance` maps a written time
to the times it sounds at (one per run that holds it) and cuts a note at the end of its run: every
run ends at a seam (the next run does not continue at the next written bar) or at the end of the
performance. `Identity` is the same interface for a song without a form.
"""

from stave_syntax import ModelError

FORM_KINDS = ("repeat_bars", "segno", "dc", "ds", "fine", "to_coda", "coda", "transpose")


# ----------------------------------------------------------------------------------------------
# Syntax (hooked into stave_syntax.parse).
# ----------------------------------------------------------------------------------------------

def _bar_or_range(sc):
    """`C` or `C-D` (no spaces) as (C, D)."""
    c = sc.integer()
    if sc.char() == "-":
        sc.i += 1
        d = sc.digits_here()
        if not d:
            raise ModelError("expected a bar after '-'", sc.i)
        return c, int(d)
    return c, c


def _at(sc, what):
    if sc.peek_word() != "at":
        raise ModelError(f"'{what}' needs 'at BAR'", sc.i)
    sc.word()
    return sc.integer()


def parse_statement(sc, w, pos):
    """A Form (v3) header statement starting with word w (already read), or None."""
    if w == "repeat" and sc.peek_word() == "bars":
        sc.word()
        a = sc.integer()
        if sc.char() != "-":
            raise ModelError("repeat bars needs A-B", sc.i)
        sc.i += 1
        b = int(sc.digits_here() or "0")
        count = 2
        nxt = sc.peek_word()
        if len(nxt) > 1 and nxt[0] == "x" and nxt[1:].isdigit():
            sc.i += 1
            count = sc.integer()
        endings = []
        if sc.peek_word() == "endings":
            sc.word()
            while sc.peek().isdigit():
                endings.append(_bar_or_range(sc))
            if not endings:
                raise ModelError("'endings' needs at least one bar", pos)
        return ("repeat_bars", a, b, count, endings, pos)
    if w in ("segno", "dc", "ds", "fine", "coda"):
        return (w, _at(sc, w), pos)
    if w == "to" and sc.s.startswith("-coda", sc.i):
        sc.i += len("-coda")
        return ("to_coda", _at(sc, "to-coda"), pos)
    if w == "transpose":
        return ("transpose", sc.integer(signed=True), pos)
    return None


# ----------------------------------------------------------------------------------------------
# Keys under transposition.
# ----------------------------------------------------------------------------------------------

def transposed_key(fifths, minor, n):
    """The key signature `n` semitones away with the fewer accidentals (LANGUAGE.md
    "Transposition"): n a multiple of 12 keeps it; on a tie (six sharps or six flats) the old
    key's side wins, flats for C major and A minor."""
    if n % 12 == 0:
        return fifths
    tonic = (7 * fifths + (9 if minor else 0)) % 12
    want = (tonic + n) % 12
    options = [f for f in range(-7, 8) if (7 * f + (9 if minor else 0)) % 12 == want]
    best = min(abs(f) for f in options)
    options = [f for f in options if abs(f) == best]
    if len(options) == 1:
        return options[0]
    return max(options) if fifths > 0 else min(options)


# ----------------------------------------------------------------------------------------------
# The form and its unfolding.
# ----------------------------------------------------------------------------------------------

class Form:
    """The form statements of a song, checked against LANGUAGE.md's errors."""

    def __init__(self, stmts):
        self.repeats = []    # (A, B, N, [(C, D)…])
        self.single = {}     # segno/dc/ds/fine/to_coda/coda -> bar
        for st in stmts:
            if st[0] == "repeat_bars":
                self.repeats.append(tuple(st[1:5]))
            elif st[0] != "transpose":
                if st[0] in self.single:
                    raise ModelError(f"a second {st[0]}", st[-1])
                self.single[st[0]] = st[1]
        if "dc" in self.single and "ds" in self.single:
            raise ModelError("at most one dc or ds per song")
        self.repeats.sort()

    def empty(self):
        return not self.repeats and not self.single

    def bars_named(self):
        out = []
        for a, b, _, endings in self.repeats:
            out += [a, b] + [x for c, d in endings for x in (c, d)]
        return out + list(self.single.values())

    def check(self, nbars):
        """Raise ModelError on the errors of LANGUAGE.md "Form (v3)"; nbars is the written score."""
        if any(not 1 <= x <= nbars for x in self.bars_named()):
            raise ModelError("a form statement names a bar outside the written score")
        spans = []
        for a, b, n, endings in self.repeats:
            if a > b:
                raise ModelError("repeat bars A-B with A > B")
            if not 2 <= n <= 100 or len(endings) > n:
                raise ModelError("xN outside 2–100 or fewer passes than endings")
            nxt = b + 1
            for c, d in endings:
                if c != nxt or d < c:
                    raise ModelError("endings must follow the body and each other without gaps")
                nxt = d + 1
            spans.append((a, nxt - 1))
        spans.sort()
        for (a1, e1), (a2, _) in zip(spans, spans[1:]):
            if a2 <= e1:
                raise ModelError("repeats overlap")
        s = self.single
        jump = s.get("dc", s.get("ds"))
        if "ds" in s and "segno" not in s:
            raise ModelError("ds without segno")
        if jump is None and ("fine" in s or "to_coda" in s):
            raise ModelError("fine or to-coda without a jump")
        if "fine" in s and "to_coda" in s:
            raise ModelError("fine together with to-coda")
        if ("to_coda" in s) != ("coda" in s):
            raise ModelError("to-coda without coda or the reverse")
        if jump is not None:
            for a, b, _, _ in self.repeats:
                if a <= jump <= b:
                    raise ModelError("a jump inside the body of a repeat")
            target = 1 if "dc" in s else s["segno"]
            if "coda" in s and not s["coda"] > jump:
                raise ModelError("the coda does not start after the jump bar")
            for w in ("fine", "to_coda"):
                if w in s and not target <= s[w] < jump:
                    raise ModelError(f"the {w} bar is outside the jump pass")
        self.nbars = nbars

    def performance_bars(self):
        """The written bars in performance order (LANGUAGE.md "Passes and endings", "Jumps")."""
        s = self.single
        nbars = self.nbars
        jump = s.get("dc", s.get("ds"))
        by_start = {a: r for r in self.repeats for a in [r[0]]}
        out = []

        def ending_of(r, p):
            _, _, n, endings = r
            e = len(endings)
            if e == 0:
                return []
            k = 0 if p <= n - e + 1 else p - (n - e + 1)
            c, d = endings[k]
            return list(range(c, d + 1))

        # The first pass: repeats with their passes; the jump the first time its bar ends.
        b, jumped = 1, False
        while b <= nbars and not jumped:
            r = by_start.get(b)
            if r is None:
                out.append(b)
                jumped = b == jump
                b += 1
                continue
            a, bb, n, endings = r
            for p in range(1, n + 1):
                for x in list(range(a, bb + 1)) + ending_of(r, p):
                    out.append(x)
                    if x == jump:
                        jumped = True
                        break
                if jumped:
                    break
            b = (endings[-1][1] if endings else bb) + 1
        if not jumped:
            return out
        # The jump pass: every repeat once, its body and its last ending; Fine or To Coda.
        b = 1 if "dc" in s else s["segno"]
        for a, bb, n, endings in self.repeats:
            if endings and endings[0][0] <= b <= endings[-1][1]:
                raise ModelError("the jump pass starts inside an ending (the model does not decide this)")
        while b <= nbars:
            r = next((r for r in self.repeats if r[0] <= b <= r[1]), None)
            if r is not None:
                a, bb, n, endings = r
                run = list(range(b, bb + 1)) + (list(range(endings[-1][0], endings[-1][1] + 1))
                                                  if endings else [])
                after = (endings[-1][1] if endings else bb) + 1
            else:
                run, after = [b], b + 1
            nxt = after
            for x in run:
                out.append(x)
                if x == s.get("fine"):
                    return out
                if x == s.get("to_coda"):
                    nxt = s["coda"]
                    break
            if nxt == s.get("coda"):
                for a, bb, n, endings in self.repeats:
                    if endings and endings[0][0] <= nxt <= endings[-1][1]:
                        raise ModelError("a coda inside an ending (the model does not decide this)")
            b = nxt
        return out


def runs(bars):
    """Consecutive written bars joined: [(first, last)…]."""
    out = []
    for x in bars:
        if out and out[-1][1] + 1 == x:
            out[-1] = (out[-1][0], x)
        else:
            out.append((x, x))
    return out


class Identity:
    """The timeline of a song without a form: every written time sounds once, where it is."""

    def points(self, t):
        return [(0, t)]

    def spans(self, a, b):
        return [(0, a, b)]

    def windows(self):
        return [(0, None, None, None)]

    def seams(self):
        return []


class Performance:
    """Runs of written bars laid end to end (rule 17). Events at or after the end of the written
    score are listed in `ambiguities` (LANGUAGE.md does not say whether they sound)."""

    def __init__(self, bar_runs, mm, score_end):
        self.segs = []   # (first bar, w0, w1, p0)
        p = 0
        for first, last in bar_runs:
            w0, w1 = mm.bar_start(first), mm.bar_start(last + 1)
            self.segs.append((first, w0, w1, p))
            p += w1 - w0
        self.score_end = score_end
        self.ambiguities = []

    def points(self, t):
        if t >= self.score_end:
            self.ambiguities.append("an event at or after the end of the written score")
        return [(i, p0 + t - w0) for i, (_, w0, w1, p0) in enumerate(self.segs) if w0 <= t < w1]

    def spans(self, a, b):
        """Where a note written from a to b sounds: cut at the end of its run."""
        return [(i, p0 + a - w0, p0 + min(b, w1) - w0)
                for i, (_, w0, w1, p0) in enumerate(self.segs) if w0 <= a < w1]

    def windows(self):
        """(run index, written start, written end, performance start) of every run."""
        return [(i, w0, w1, p0) for i, (_, w0, w1, p0) in enumerate(self.segs)]

    def seams(self):
        """(run index, first bar, written start, performance start) of every run after the first."""
        return [(i, first, w0, p0) for i, (first, w0, _, p0) in enumerate(self.segs) if i > 0]


# ----------------------------------------------------------------------------------------------
# The written score: where each phrase statement starts, the key at each written time, its end.
# ----------------------------------------------------------------------------------------------

def layout(tracks, originals, mm):
    """Per track id, one entry per phrase statement: (start, count, length), None for a pattern
    (LANGUAGE.md "Phrases — the three kinds": the cursor; a pattern does not move it)."""
    out = {}
    for t in tracks:
        cursor = 0
        bodies = iter(t["bodies"])
        rows = []
        for ph in t["phrases"]:
            kind = ph[0]
            if kind == "pattern":
                next(bodies)
                rows.append(None)
                continue
            if kind == "phrase":
                res, count, at = next(bodies), 1, ph[2]
            elif kind == "repeat":
                res, count, at = originals.get((t["id"], ph[1])), ph[2], ph[3]
            else:
                res, count, at = originals.get((ph[1] or t["id"], ph[2])), 1, ph[4]
            if res is None:
                raise ModelError(f"{kind} of an unknown phrase", ph[-1])
            if at is not None and at < 1:
                raise ModelError("bar 0", ph[-1])
            start = mm.bar_start(at) if at is not None else cursor
            cursor = start + count * res.length
            rows.append((start, count, res.length))
        out[t["id"]] = rows
    return out


def apply_key_changes(tracks, originals, starts, mm, fifths, key_changes, evaluate_body):
    """Evaluate every Original again with the key in force at each written time (`key … at BAR`).
    A pattern reads the keys from its earliest placement in its own track (where the save format
    keeps its Original); Repeat and Sync copies keep their Original's pitches (rule 6)."""
    changes = sorted((mm.bar_start(bar), f) for bar, (f, _) in key_changes.items())

    def key_from(start):
        def key_at(offset):
            t = start + offset
            f = fifths
            for when, g in changes:
                if when <= t:
                    f = g
            return f
        return key_at

    for t in tracks:
        rows = starts[t["id"]]
        pattern_start = {}
        for ph, row in zip(t["phrases"], rows):
            own = (ph[0] == "repeat" or ph[0] == "sync" and ph[1] in (None, t["id"]))
            if own and row is not None:
                pid = ph[1] if ph[0] == "repeat" else ph[2]
                pattern_start[pid] = min(row[0], pattern_start.get(pid, row[0]))
        new_bodies = []
        for ph, row, res in zip([p for p in t["phrases"] if p[0] in ("phrase", "pattern")],
                                [r for p, r in zip(t["phrases"], rows)
                                 if p[0] in ("phrase", "pattern")], t["bodies"]):
            start = row[0] if row is not None else pattern_start.get(ph[1], 0)
            new = evaluate_body(ph[3], t["octave"], t["velocity"], key_from(start),
                                t["kind"] == "drums")
            new_bodies.append(new)
            if ph[1] is not None:
                originals[(t["id"], ph[1])] = new
        t["bodies"] = new_bodies


def written_bars(starts, mm, header, key_changes):
    """The written score's last bar: the last bar a phrase reaches, or the last bar a header
    tempo, meter, key or marker statement names, whichever is later (LANGUAGE.md "Errors")."""
    last = 1
    for rows in starts.values():
        for row in rows:
            if row is None:
                continue
            end = row[0] + row[1] * row[2]
            bar, off = mm.bar_at(end)
            last = max(last, bar if off else bar - 1)
    for st in header:
        if st[0] == "tempo" and st[2] is not None:
            last = max(last, st[2])
        elif st[0] == "meter" and st[3] is not None:
            last = max(last, st[3])
        elif st[0] == "marker":
            last = max(last, st[2])
    return max([last] + list(key_changes))


def reestablish(timeline, written_tempos, tempo_events, meter_events, key_events, meters,
                key_changes, header_key, ppq, tick, clocks):
    """At each seam, the tempo, meter and key in force at the run's written start (in the
    written score: bars the performance skips count), at the run's performance start, ranked
    before the other events of that tick (rule 19)."""
    for i, first, w0, p0 in timeline.seams():
        at = tick(p0, ppq)
        written = [e for e in written_tempos if e[0] <= w0]
        us = max(written, key=lambda e: (tick(e[0], ppq), e[1]))[2] if written else 500000
        tempo_events.append((at, (-1, -1, -1), us, w0, (0, i)))
        num, den = meters[max(b for b in meters if b <= first)]
        meter_events.append((at, (0, i), num, den, clocks(num, den), 8))
        bars = [b for b in key_changes if b <= first]
        f, m = key_changes[max(bars)] if bars else header_key
        key_events.append((at, (0, i), f, m))
