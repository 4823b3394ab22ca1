"""Seeded generator of random VALID Stave songs with a form (LANGUAGE.md "Form (v3)"): the Stave 2
songs of random_songs_v2 (lyrics with verses included), then header statements `repeat bars A-B
[xN] [endings …]`, `segno`/`dc`/`ds`/`fine`/`to-coda`/`coda at BAR`, `key … at BAR` and
`transpose N`, and now and then a `pattern` placed by `repeat`.

    python3 random_songs_v3_form.py SEED [COUNT]     # prints the songs, separated by form feeds

The form is valid by construction (see `form_lines`): repeats do not overlap and their endings
follow the body without gaps, N is 2–100 and at least the number of endings, the jump bar lies
outside every repeat body, the segno and the coda lie outside every ending, `fine`/`to-coda` lie
in the jump pass before the jump bar (outside any ending but the last), the coda after the jump
bar. Songs whose written score is longer than 48 bars are made again (the far placements and
huge `xN` of the v1 generator), and so are songs the model finds ambiguous. A key change or a
transposition that pushes a pitch out of range or breaks a tie is dropped again (the model in
strict mode tells), so every song returned is valid as far as the model can tell.
"""

import random
import sys

import random_songs as v1
import random_songs_v2 as v2
import stave_model as model
from stave_syntax import ModelError

MAX_BARS = 48


class SongGenV3(v2.SongGenV2):
    """A Stave 2 song whose tracks sometimes define a pattern (placed by `repeat` at a free bar)."""

    def plan(self, t, tracks):
        lines = super().plan(t, tracks)
        r = self.r
        if r.random() < 0.25:
            # a pattern: the first named body of the track is written again as a pattern under a
            # new ID, and placed once or more at a bar after everything else of the track
            body = next((b for b in t["bodies"] if b["id"]), None)
            if body is not None:
                pid = self.fresh_id(v1.WORDS)
                pattern_body = dict(body, id=pid)
                lines.insert(r.randint(0, len(lines)), ("pattern", f"pattern {pid}", pattern_body))
                count = r.choice([1, 1, 2, 3])
                at = r.randint(12, 20)
                xs = f" x{count}" if count > 1 else ""
                lines.append(("repeat", f"repeat {pid}{xs} at {at}", None))
        return lines


def _patch_renderer():
    """v1.SongGen.pieces writes a body for lines of kind 'phrase' only; patterns need the same."""
    original = v1.SongGen.pieces

    def pieces(self):
        plan = self.plan

        def plan_patterns(t, tracks):
            return [("phrase", text, b) if kind == "pattern" else (kind, text, b)
                    for kind, text, b in plan(t, tracks)]
        self.plan = plan_patterns
        try:
            return original(self)
        finally:
            del self.plan
    return pieces


SongGenV3.pieces = _patch_renderer()


def keys_text(r):
    letter, acc, minor = r.choice(v1.KEYS)
    return f"key {letter}{acc}{' minor' if minor else r.choice(['', ' major'])}"


def form_lines(r, nbars):
    """(form statements, key changes, transpose) for a written score of nbars bars."""
    form = []
    repeats = []   # (A, B, end of the last ending, ending bars)
    taken = set()
    for _ in range(r.choice([0, 1, 1, 1, 2, 2, 3])):
        a = r.randint(1, nbars)
        b = r.randint(a, min(nbars, a + r.choice([0, 1, 1, 2, 3, 5])))
        e = r.choice([0, 0, 1, 2, 2, 3])
        ends, c = [], b + 1
        for _ in range(e):
            d = c + r.choice([0, 0, 0, 1])
            if d > nbars:
                break
            ends.append((c, d))
            c = d + 1
        span = set(range(a, c))
        if span & taken:
            continue
        taken |= span
        n = r.choice([2, 2, 2, 3, 3, 4]) if r.random() > 0.03 else r.randint(5, 100)
        n = max(n, len(ends), 2)
        text = f"repeat bars {a}-{b}"
        if n != 2 or r.random() < 0.3:
            text += f" x{n}"
        if ends:
            text += " endings " + " ".join(f"{c}" if c == d else f"{c}-{d}" for c, d in ends)
        form.append(text)
        repeats.append((a, b, ends))
    body_bars = {x for a, b, _ in repeats for x in range(a, b + 1)}
    ending_bars = {x for _, _, ends in repeats for c, d in ends for x in range(c, d + 1)}
    last_ending_bars = {x for _, _, ends in repeats if ends for x in range(ends[-1][0], ends[-1][1] + 1)}
    if r.random() < 0.5:
        jumps = [j for j in range(1, nbars + 1) if j not in body_bars]
        if jumps:
            j = r.choice(jumps)
            kind = r.choice(["dc", "ds"])
            target = 1
            if kind == "ds":
                segnos = [s for s in range(1, j + 1) if s not in ending_bars]
                if not segnos:
                    kind = "dc"
                else:
                    target = r.choice(segnos)
                    form.append(f"segno at {target}")
            elif r.random() < 0.05:
                segnos = [s for s in range(1, nbars + 1) if s not in ending_bars]
                form.append(f"segno at {r.choice(segnos)}")   # a warning: segno without ds
            form.append(f"{kind} at {j}")
            stops = [x for x in range(target, j) if x not in ending_bars or x in last_ending_bars]
            codas = [x for x in range(j + 1, nbars + 1) if x not in ending_bars]
            roll = r.random()
            if stops and roll < 0.3:
                form.append(f"fine at {r.choice(stops)}")
            elif stops and codas and roll < 0.65:
                form.append(f"to-coda at {r.choice(stops)}")
                form.append(f"coda at {r.choice(codas)}")
    keys = []
    if r.random() < 0.4:
        for bar in r.sample(range(1, nbars + 1), min(nbars, r.choice([1, 1, 2]))):
            if bar == 1 and r.random() < 0.8:
                continue
            keys.append(f"{keys_text(r)} at {bar}")
    transpose = []
    if r.random() < 0.35:
        transpose.append(f"transpose {r.choice([-12, -7, -5, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 12])}")
    r.shuffle(form)
    return form, keys, transpose


def generate_checked(seed):
    """(text, model result, None) of one random valid song with a form."""
    for attempt in range(64):
        sub = seed * 64 + attempt
        try:
            text, base, _ = v1.generate_checked(sub, SongGenV3)
        except ModelError:
            continue
        if base["ambiguities"] or base["written_bars"] > MAX_BARS:
            continue
        r = random.Random(sub ^ 0x5EED)
        form, keys, transpose = form_lines(r, base["written_bars"])
        for extra in (keys + transpose, keys, transpose, []):
            lines = form + extra
            r.shuffle(lines)
            cut = r.randint(0, len(lines))
            song = "".join(x + "\n" for x in lines[:cut]) + text + "".join(x + "\n" for x in lines[cut:])
            try:
                result = model.evaluate(song)
            except ModelError:
                continue
            if not result["ambiguities"]:
                return song, result, None
    raise ModelError(f"no unambiguous song with a form for seed {seed}")


def generate(seed):
    return generate_checked(seed)[0]


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for i in range(count):
        sys.stdout.write(generate(seed * 1_000_003 + i) + ("\f\n" if i < count - 1 else ""))
