"""An independent model of Stave's meaning, written from /work/shared/LANGUAGE.md alone.

`evaluate(text)` reads the text of a VALID song and returns what its MIDI file must contain:
the conductor data (ppq, title, composer, tempo map, meters, key) and, per Stave track, its channel,
program, volume, pan and the sorted note list (start_tick, duration_ticks, pitch, velocity).
Time is exact (fractions of a whole note) until the MIDI edge, where every event is rounded on its
own: tick = round-half-up(time x 4 x ppq).

It checks the rules a random-song generator might break (bar lines on the grid at every placement,
overlaps, ties, pitch range, ranges of settings) and raises ModelError, so it doubles as a validity
check. It does not try to report errors the way the compiler does.
"""

from fractions import Fraction
import math

from stave_names import INSTRUMENTS, INSTRUMENT_ALIASES, KITS, DYNAMICS, key_name
import model_form
from stave_syntax import ModelError, parse

F = Fraction
DURATIONS = {1, 2, 4, 8, 16, 32, 64}
LETTER_SEMITONE = {"c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11}
LETTER_FIFTHS = {"f": -1, "c": 0, "g": 1, "d": 2, "a": 3, "e": 4, "b": 5}
SHARP_ORDER = "fcgdaeb"
FLAT_ORDER = "beadgcf"
ACCIDENTALS = {"#": 1, "##": 2, "b": -1, "bb": -2, "n": 0}


def round_half_up(x):
    """Nearest integer, halves upward (LANGUAGE.md rule 9)."""
    return math.floor(x + F(1, 2))


def duration_value(denominator, dots):
    """The length of `denominator` with `dots` dots, in whole notes."""
    base = F(1, denominator)
    return base * (2 - F(1, 2 ** dots))


def key_fifths(letter, accidental, minor):
    """Sharps (>0) or flats (<0) of a key, or None when it is not one of the 30 keys."""
    fifths = LETTER_FIFTHS[letter] + 7 * accidental - (3 if minor else 0)
    return fifths if -7 <= fifths <= 7 else None


def key_accidental(fifths, letter):
    """The key signature's accidental for a letter: +1, -1 or 0."""
    if fifths > 0 and letter in SHARP_ORDER[:fifths]:
        return 1
    if fifths < 0 and letter in FLAT_ORDER[:-fifths]:
        return -1
    return 0


def resolve_pitch(letter, accidental_text, octave, fifths):
    """MIDI key of a written pitch: the octave belongs to the letter (scientific pitch)."""
    if accidental_text == "":
        acc = key_accidental(fifths, letter)
    else:
        acc = ACCIDENTALS[accidental_text]
    return (octave + 1) * 12 + LETTER_SEMITONE[letter] + acc


def tempo_microseconds(bpm):
    """Microseconds per quarter for a BPM (a Fraction), rounded to the nearest (halves up)."""
    return round_half_up(F(60_000_000) / bpm)




# ----------------------------------------------------------------------------------------------
# The meter map: bars and their lengths. Bar numbers are 1-based.
# ----------------------------------------------------------------------------------------------

class MeterMap:
    """Meters by bar; `bar_start` and `on_grid` follow the meter in force at each bar."""

    def __init__(self, meters):
        # meters: {bar: (num, den)} with bar 1 present.
        self.segments = []  # (first_bar, start_time, bar_length, num, den)
        time, prev_bar, prev_len = F(0), 1, None
        for bar in sorted(meters):
            num, den = meters[bar]
            if prev_len is not None:
                time += (bar - prev_bar) * prev_len
            length = F(num, den)
            self.segments.append((bar, time, length, num, den))
            prev_bar, prev_len = bar, length

    def bar_start(self, bar):
        seg = [s for s in self.segments if s[0] <= bar][-1]
        return seg[1] + (bar - seg[0]) * seg[2]

    def bar_at(self, time):
        """(bar number, offset into it) of an absolute time."""
        seg = [s for s in self.segments if s[1] <= time][-1]
        k = (time - seg[1]) // seg[2]
        return seg[0] + k, time - seg[1] - k * seg[2]

    def on_grid(self, time):
        return self.bar_at(time)[1] == 0

    def first_bar_at_or_after(self, time):
        bar, off = self.bar_at(time)
        return bar if off == 0 else bar + 1


# ----------------------------------------------------------------------------------------------
# Phrase bodies: cursors, tuplets, chords, ties.
# ----------------------------------------------------------------------------------------------

class BodyResult:
    """What one Original phrase body means, relative to the phrase start."""

    def __init__(self):
        self.leaves = []   # dicts: start, length, notes [note dicts], graces (k), lyric (bool); notes [] = rest
        self.graces = []   # grace notes: dicts start, length, pitch, vel
        self.tempos = []   # (offset, bpm, source offset of the `tempo` word)
        self.bars = []     # (offset, source offset of the `|`)
        self.controls = [] # (offset, place in the body, ("cc", n, v) | ("bend", value))
        self.markers = []  # (offset, place in the body, text)
        self.length = F(0)
        self.notes = []    # joined notes (start, end, pitch, velocity, accent, articulation)
        self.lyric_starts = []  # start of each lyric note, in order (a leaf index too)
        self.ambiguities = []


def bend_value(cents):
    """The 14-bit pitch-bend value of a bend in cents: 8192 + round(C·8192/200), at most 16383."""
    return min(16383, 8192 + round_half_up(F(cents * 8192, 200)))


def symbol_pitches(letter, acc, quality, bass, octave):
    """MIDI keys of a chord symbol: root in the current octave (no key signature), its quality's
    intervals, and the highest pitch of the bass's pitch class strictly below the root."""
    from stave_names import CHORD_QUALITIES
    root = (octave + 1) * 12 + LETTER_SEMITONE[letter] + {"#": 1, "b": -1, "": 0}[acc]
    pitches = [root + i for i in CHORD_QUALITIES[quality]]
    if bass is not None:
        pc = LETTER_SEMITONE[bass[0]] + {"#": 1, "b": -1, "": 0}[bass[1]]
        d = (root - pc) % 12 or 12
        pitches.append(root - d)
    return pitches


def evaluate_body(elements, octave, velocity, fifths, drums):
    """Run the cursors over a body. Returns a BodyResult with ties joined and ramps applied."""
    res = BodyResult()
    # fifths: the key signature, or (Form (v3), `key … at BAR`) a function of the offset in the
    # body that gives the key in force there; a top-level element reads it at its own start.
    key_at = fifths if callable(fifths) else (lambda _offset, f=fifths: f)
    st = {"octave": octave, "velocity": velocity, "dur": F(1, 4), "pos": F(0), "now": F(0),
          "hairpin": None, "place": 0, "fifths": key_at(F(0))}

    def set_velocity(v):
        hp = st["hairpin"]
        if hp is not None:
            t0, v0, direction, notes = hp
            t1 = st["now"]
            if (direction == "<" and not v > v0) or (direction == ">" and not v < v0):
                raise ModelError("a hairpin leads to a velocity in the wrong direction")
            if t1 == t0:
                res.ambiguities.append("a hairpin of zero length")
            for n in notes:
                t = n["t"]
                if t0 <= t < t1:
                    n["vel"] = round_half_up(v0 + (v - v0) * (t - t0) / (t1 - t0))
                else:
                    res.ambiguities.append("a note in a hairpin's text but at its end time")
            st["hairpin"] = None
        st["velocity"] = v

    def command(el):
        kind = el[0]
        if kind == "octave":
            st["octave"] = el[1]
        elif kind == "up":
            st["octave"] += 1
        elif kind == "down":
            st["octave"] -= 1
        elif kind == "velocity":
            set_velocity(el[1])
        elif kind == "dynamic":
            set_velocity(DYNAMICS[el[1]])
        elif kind == "hairpin":
            if st["hairpin"] is not None:
                raise ModelError("a hairpin starts while another is open")
            st["hairpin"] = (st["now"], st["velocity"], el[1], [])
        elif kind == "control":
            st["place"] += 1
            value = ("cc", el[2], el[3]) if el[1] == "cc" else ("bend", bend_value(el[2]))
            res.controls.append((st["now"], st["place"], value))
        elif kind == "marker":
            st["place"] += 1
            res.markers.append((st["now"], st["place"], el[1]))
        else:
            return False
        if not 0 <= st["octave"] <= 9:
            raise ModelError("octave outside 0–9")
        return True

    def new_note(pitch, t, tie=False, marks=""):
        n = {"pitch": pitch, "vel": st["velocity"], "tie": tie, "marks": marks, "t": t}
        if st["hairpin"] is not None:
            st["hairpin"][3].append(n)
        return n

    def pitch_of(spec):
        if spec[0] == "drum":
            return spec[1]
        return resolve_pitch(spec[1], spec[2], st["octave"], st["fifths"])

    def chord_notes(items, t, chord_marks=""):
        if sum(1 for it in items if it[0] == "symbol") > 1:
            raise ModelError("two chord symbols in one chord")
        notes = []
        for it in items:
            if command(it):
                continue
            if it[0] == "symbol":
                _, letter, acc, quality, bass, tie = it
                for p in symbol_pitches(letter, acc, quality, bass, st["octave"]):
                    notes.append(new_note(p, t, tie, chord_marks))
            else:
                _, spec, tie, marks = it
                notes.append(new_note(pitch_of(spec), t, tie, marks + chord_marks))
        # Two copies of one pitch (a symbol's tone also written as a note, or [c e c]) sound
        # once, at the higher velocity (LANGUAGE.md, Songwriting (v3)); ties and marks join.
        merged, where = [], {}
        for n in notes:
            if n["pitch"] not in where:
                where[n["pitch"]] = len(merged)
                merged.append(n)
                continue
            m = merged[where[n["pitch"]]]
            m["vel"] = max(m["vel"], n["vel"])
            m["tie"] = m["tie"] or n["tie"]
            m["marks"] = m["marks"] + "".join(c for c in n["marks"] if c not in m["marks"])
        return merged

    def written_length(first, inline):
        """Total length of a note/chord with its inline ties; updates the duration cursor."""
        if first is not None:
            st["dur"] = duration_value(*first)
        total = st["dur"]
        for d in inline:
            st["dur"] = duration_value(*d)
            total += st["dur"]
        return total

    def play_graces(graces, start, length):
        """Grace notes before a main note at `start` of written length `length`; returns k·g."""
        k = sum(1 for it in graces if it[0] in ("pitch", "chord"))
        g = min(F(1, 32), length / (2 * k))
        i = 0
        for it in graces:
            st["now"] = start + i * g
            if command(it):
                continue
            t = start + i * g
            if it[0] == "pitch":
                notes = [new_note(pitch_of(it[1]), t)]
            else:
                notes = chord_notes(it[1], t)
            for n in notes:
                res.graces.append({"start": t, "length": g, "note": n})
            i += 1
        st["now"] = start
        return k * g

    def sounding(el, start, length):
        kind = el[0]
        st["now"] = start
        if kind in ("note", "chord"):
            graces = el[6]
            if graces:
                shift = play_graces(graces, start, length)
                start, length = start + shift, length - shift
            # commands inside the chord take effect at its sounding start, after the graces
            # (LANGUAGE.md "Time of a command")
            st["now"] = start
            if kind == "note":
                notes = [new_note(pitch_of(el[1]), start, el[4], el[5])]
            else:
                notes = chord_notes(el[1], start, el[5])
                if el[4]:
                    for n in notes:
                        n["tie"] = True
            st["now"] = start
            res.leaves.append({"start": start, "length": length, "notes": notes,
                               "graces": bool(graces)})
        elif kind == "rest":
            res.leaves.append({"start": start, "length": length, "notes": [], "graces": False})
        elif kind == "tuplet":
            items = el[1]
            parts = [it for it in items if it[0] in ("note", "rest", "chord", "tuplet")]
            if not parts:
                raise ModelError("empty tuplet")
            share = length / len(parts)
            t = start
            for it in items:
                st["now"] = t
                if command(it):
                    continue
                sounding(it, t, share)
                t += share
            st["now"] = t

    for el in elements:
        kind = el[0]
        st["now"] = st["pos"]
        st["fifths"] = key_at(st["pos"])
        if command(el):
            continue
        if kind == "bar":
            res.bars.append((st["pos"], el[1]))
        elif kind == "tempo":
            res.tempos.append((st["pos"], el[1], el[2]))
        elif kind in ("note", "chord"):
            length = written_length(el[2], el[3])
            sounding(el, st["pos"], length)
            st["pos"] += length
        elif kind == "rest":
            if el[1] is not None:
                st["dur"] = duration_value(*el[1])
            sounding(el, st["pos"], st["dur"])
            st["pos"] += st["dur"]
        elif kind == "tuplet":
            if el[2] is not None:
                st["dur"] = duration_value(*el[2])
            sounding(el, st["pos"], st["dur"])
            st["pos"] += st["dur"]
        else:
            raise ModelError(f"unknown element {kind}")
    if st["hairpin"] is not None:
        raise ModelError("a hairpin with no velocity command after it in the phrase")
    res.length = st["pos"]
    res.notes, lyric = join_ties(res.leaves)
    # A lyric note sings at its start tick even when it is silent (velocity 0) or dropped for
    # zero length: "each syllable is an SMF lyric meta event on the track at its note's start".
    res.lyric_starts = [leaf["start"] for leaf in lyric]
    return res


def join_ties(leaves):
    """Join tied pitches to the same MIDI pitch in the next note or chord (rule 2). A joined note
    keeps the first part's velocity and accent and the last part's staccato or tenuto. Returns
    the notes (start, end, pitch, velocity, accent, articulation) and the lyric leaves (those that
    start at least one new sound)."""
    notes = []          # [start, end, pitch, velocity, accent, articulation]
    lyric = []
    pending = {}        # pitch -> index into notes
    for leaf in leaves:
        start, length, chord = leaf["start"], leaf["length"], leaf["notes"]
        pitches = [n["pitch"] for n in chord]
        if len(set(pitches)) != len(pitches):
            raise ModelError("a chord holds one MIDI pitch twice (the model does not decide this)")
        if pending and not set(pending) <= set(pitches):
            raise ModelError("tie to a rest or to other pitches")
        if pending and leaf["graces"]:
            raise ModelError("grace notes before a note that continues a tie")
        nxt = {}
        fresh = False
        for n in chord:
            p, marks = n["pitch"], n["marks"]
            art = "'" if "'" in marks else "_" if "_" in marks else ""
            if p in pending:
                idx = pending[p]
                notes[idx][1] = start + length
                notes[idx][5] = art
                n["continues"] = True
            else:
                notes.append([start, start + length, p, n["vel"], "^" in marks, art])
                idx = len(notes) - 1
                fresh = True
            if n["tie"]:
                nxt[p] = idx
        if fresh:
            lyric.append(leaf)
        pending = nxt
    if pending:
        raise ModelError("tie at the end of a phrase")
    return [tuple(n) for n in notes], lyric


def split_syllables(text):
    """Syllables of a lyrics string: words split at spaces, then at '-' inside a word; every
    syllable but a word's last keeps a trailing '-'. '_' (hold) and '*' (skip) stay as they are."""
    out = []
    for word in text.split(" "):
        if not word:
            continue
        parts = word.split("-")
        for i, part in enumerate(parts):
            if part == "" and i == len(parts) - 1:
                continue
            out.append(part + ("-" if i < len(parts) - 1 and parts[i + 1] != "" else ""))
    return out


def accented(v, accent):
    """An accent adds 20 (at most 127); a velocity-0 note stays silent."""
    return min(127, v + 20) if accent and v > 0 else v


# ----------------------------------------------------------------------------------------------
# The song.
# ----------------------------------------------------------------------------------------------

def _tick(time, ppq):
    """round_half_up(time x 4 x ppq) in integers: floor((8·ppq·n + d) / 2d) for time = n/d."""
    n, d = time.numerator, time.denominator
    return (8 * ppq * n + d) // (2 * d)


def evaluate(text, lenient=False, default_title=None):
    """What the MIDI of a valid song must hold. With lenient=True, bar lines off the grid are
    collected (as source offsets, in result["bad_bars"]) instead of raising, so a generator can
    remove them.

    Tempo events on one tick: the later in the file wins (rule 8). An event's place in the file is
    that of the statement that emits it: the header statement, the `phrase` statement of an
    Original (then the `tempo` word inside it), or the `repeat`/`sync` statement of a copy (then
    the copy's number, then the `tempo` word in the source). Exact times do not matter once two
    events share a tick."""
    tree = parse(text)
    header = tree["header"]
    seen = set()
    title, composer, ppq, fifths, minor, has_key = default_title, None, 480, 0, False, False
    tempo_stmts, meters, header_markers = [], {}, []
    header_meter = (4, 4)
    form_stmts, key_changes, header_transpose = [], {}, 0
    for st in header:
        kind = st[0]
        if kind in model_form.FORM_KINDS and kind != "transpose":
            form_stmts.append(st)
            continue
        if kind == "key" and st[4] is not None:
            acc = ACCIDENTALS[st[2]] if st[2] else 0
            f = key_fifths(st[1], acc, st[3])
            if f is None:
                raise ModelError("not one of the 30 keys")
            if st[4] in key_changes or st[4] < 1:
                raise ModelError("two key changes at one bar, or bar 0")
            key_changes[st[4]] = (f, st[3])
            continue
        once = (kind if kind not in ("tempo", "meter", "marker")
                or kind != "marker" and st[2 if kind == "tempo" else 3] is None else None)
        if once:
            if once in seen:
                raise ModelError(f"header {kind} twice")
            seen.add(once)
        if kind == "title":
            title = st[1]
        elif kind == "composer":
            composer = st[1]
        elif kind == "transpose":
            header_transpose = st[1]
            if not -48 <= header_transpose <= 48:
                raise ModelError("header transpose outside -48…48")
        elif kind == "ppq":
            ppq = st[1]
            if not 24 <= ppq <= 32767:
                raise ModelError("ppq outside 24–32767")
        elif kind == "key":
            acc = ACCIDENTALS[st[2]] if st[2] else 0
            f = key_fifths(st[1], acc, st[3])
            if f is None:
                raise ModelError("not one of the 30 keys")
            fifths, minor, has_key = f, st[3], True
        elif kind == "tempo":
            if not 1 <= st[1] <= 1000:
                raise ModelError("tempo outside 1–1000")
            tempo_stmts.append(st)
        elif kind == "marker":
            if st[2] < 1:
                raise ModelError("bar 0")
            header_markers.append(st)
        elif kind == "meter":
            num, den, at = st[1], st[2], st[3]
            if den not in (1, 2, 4, 8, 16, 32, 64) or not 1 <= num <= 64:
                raise ModelError("bad meter")
            if at is None:
                header_meter = (num, den)
            else:
                if at < 1:
                    raise ModelError("bar 0")
                if at in meters and meters[at] != (num, den):
                    raise ModelError("two meters for one bar")
                meters[at] = (num, den)
    meters.setdefault(1, header_meter)
    mm = MeterMap(meters)
    if 1 in key_changes:  # `key X at 1` replaces the header key
        (fifths, minor), has_key = key_changes.pop(1), True

    tracks = tree["tracks"]
    ids = [t["id"] for t in tracks]
    if len(set(ids)) != len(ids):
        raise ModelError("duplicate track id")
    by_id = {t["id"]: t for t in tracks}

    # Settings and channels (rule 5).
    explicit = set()
    for t in tracks:
        s = t["settings"]
        drums = t["kind"] == "drums"
        for name in (("octave", "transpose", "instrument") if drums else ("kit",)):
            if name in s:
                raise ModelError(f"{name} on the wrong kind of track")
        if "channel" in s and not 1 <= s["channel"][0] <= 16:
            raise ModelError("channel outside 1–16")
        if "channel" in s and not drums:
            explicit.add(s["channel"][0])
    free = [c for c in range(1, 17) if c != 10 and c not in explicit]
    for t in tracks:
        s = t["settings"]
        t["octave"] = s.get("octave", (4, 0))[0]
        t["velocity"] = s.get("velocity", (100, 0))[0]
        t["transpose"] = s.get("transpose", (0, 0))[0]
        t["volume"] = s.get("volume", (100, 0))[0]
        t["pan"] = s.get("pan", (64, 0))[0]
        t["legato"] = s.get("legato", (100, 0))[0]
        for name, lo, hi in (("octave", 0, 9), ("velocity", 0, 127), ("transpose", -48, 48),
                             ("volume", 0, 127), ("pan", 0, 127), ("legato", 1, 100)):
            if not lo <= t[name] <= hi:
                raise ModelError(f"{name} out of range")
        if t["kind"] == "drums":
            t["channel"] = s.get("channel", (10, 0))[0]
            kit = s.get("kit", (0, 0))[0]
            t["program"] = kit if isinstance(kit, int) else KITS[kit]
        else:
            if "channel" in s:
                t["channel"] = s["channel"][0]
            else:
                if not free:
                    raise ModelError("more melody tracks than free channels")
                t["channel"] = free.pop(0)
            ins = s.get("instrument", (0, 0))[0]
            if isinstance(ins, int):
                t["program"] = ins
            elif ins in INSTRUMENTS:
                t["program"] = INSTRUMENTS[ins]
            elif ins in INSTRUMENT_ALIASES:
                t["program"] = INSTRUMENT_ALIASES[ins]
            else:
                raise ModelError(f"unknown instrument {ins!r}")
        if not 0 <= t["program"] <= 127:
            raise ModelError("program out of range")

    # Original phrases, evaluated once with their own track's settings.
    originals = {}  # (track id, phrase id) -> BodyResult
    for t in tracks:
        t["bodies"] = []
        for ph in t["phrases"]:
            if ph[0] not in ("phrase", "pattern"):
                continue
            res = evaluate_body(ph[3], t["octave"], t["velocity"], fifths, t["kind"] == "drums")
            if res.length == 0:
                raise ModelError("empty phrase (the model does not decide zero-length phrases)")
            t["bodies"].append(res)
            if ph[1] is not None:
                if (t["id"], ph[1]) in originals:
                    raise ModelError("duplicate phrase id")
                originals[(t["id"], ph[1])] = res

    # Form (v3): the written score's layout, the key at each written time, the performance.
    form = model_form.Form(form_stmts)
    starts = model_form.layout(tracks, originals, mm)
    if key_changes:
        model_form.apply_key_changes(tracks, originals, starts, mm, fifths, key_changes,
                                     evaluate_body)
    nbars = model_form.written_bars(starts, mm, header, key_changes)
    if form.empty():
        timeline = model_form.Identity()
    else:
        form.check(nbars)
        timeline = model_form.Performance(model_form.runs(form.performance_bars()), mm,
                                          mm.bar_start(nbars + 1))

    # Lyrics: one statement per Original phrase of the same melody track.
    lyrics = {}   # (track id, phrase id) -> [[syllable…] per string]
    for t in tracks:
        for pid, texts, pos in t.get("lyrics", []):
            key = (t["id"], pid)
            if key not in originals:
                raise ModelError(f"lyrics for unknown phrase {pid!r}", pos)
            if key in lyrics:
                raise ModelError("two lyrics statements for one phrase", pos)
            verses = [split_syllables(x) for x in texts]
            if any(len(v) > len(originals[key].lyric_starts) for v in verses):
                raise ModelError("more syllables than lyric notes", pos)
            for v in verses:
                if v and v[0] == "_":
                    raise ModelError("a hold with nothing to hold (the model does not decide this)")
            lyrics[key] = verses
    ambiguities = [a for res in originals.values() for a in res.ambiguities]
    markers = []  # (tick, order key, text) on the conductor track
    for st in header_markers:
        for seg, p in timeline.points(mm.bar_start(st[2])):
            markers.append((_tick(p, ppq), (seg, 0, st[3]), st[1]))

    # Placements: every copy of every phrase, in statement order per track.
    tempo_events = []   # (tick, (statement offset, copy number, tempo offset), uspq, exact time, (rank, run))
    written_tempos = []  # (written time, file order, uspq): every tempo of the written score
    for st in tempo_stmts:
        bar = 1 if st[2] is None else st[2]
        written_tempos.append((mm.bar_start(bar), (st[3], 0, st[3]), tempo_microseconds(st[1])))
        for seg, p in timeline.points(mm.bar_start(bar)):
            tempo_events.append((_tick(p, ppq), (st[3], 0, st[3]), tempo_microseconds(st[1]),
                                 mm.bar_start(bar), (1, seg)))
    bad_bars = set()
    out_tracks = []
    for index, t in enumerate(tracks, start=1):
        cursor = F(0)
        intervals = []
        notes = []
        controls = []   # (tick, (placement start, place in body), value)
        lyric_events = []
        sung = []       # (placement start, phrase key, lyric starts) of placements that may sing
        f_legato = F(t["legato"], 100)
        body_iter = iter(t["bodies"])
        for ph in t["phrases"]:
            kind = ph[0]
            own_key = None
            if kind == "pattern":  # placed only by repeat and sync
                next(body_iter)
                continue
            if kind == "phrase":
                res, count, shift, at = next(body_iter), 1, 0, ph[2]
                own_key = (t["id"], ph[1]) if ph[1] is not None else None
            elif kind == "repeat":
                key = (t["id"], ph[1])
                if key not in originals:
                    raise ModelError(f"repeat of unknown phrase {ph[1]!r}")
                res, count, shift, at = originals[key], ph[2], 0, ph[3]
                own_key = key
                if not 1 <= count <= 10000:
                    raise ModelError("xN out of range")
            else:
                src_track = ph[1] or t["id"]
                if src_track not in by_id or by_id[src_track]["kind"] != t["kind"]:
                    raise ModelError("sync of another kind of track")
                key = (src_track, ph[2])
                if key not in originals:
                    raise ModelError(f"sync of unknown phrase {ph[2]!r}")
                if t["kind"] == "drums" and ph[3] != 0:
                    raise ModelError("transpose on a drum sync")
                res, count, shift, at = originals[key], 1, ph[3], ph[4]
                if src_track == t["id"]:
                    own_key = key
            if at is not None:
                if at < 1:
                    raise ModelError("bar 0")
                start = mm.bar_start(at)
            else:
                start = cursor
            end = start + count * res.length
            for (a, b) in intervals:
                if start < b and a < end:
                    raise ModelError(f"phrases overlap in track {t['id']}", ph[-1])
            intervals.append((start, end))
            cursor = end
            for k in range(count):
                s0 = start + k * res.length
                for off, pos in res.bars:
                    t_abs = s0 + off
                    if not mm.on_grid(t_abs):
                        if not lenient:
                            raise ModelError(f"bar line off the grid at {t_abs}", pos)
                        bad_bars.add(pos)
                for off, bpm, pos in res.tempos:
                    if not 1 <= bpm <= 1000:
                        raise ModelError("tempo outside 1–1000")
                    written_tempos.append((s0 + off, (ph[-1], k, pos), tempo_microseconds(bpm)))
                    for seg, p in timeline.points(s0 + off):
                        tempo_events.append((_tick(p, ppq), (ph[-1], k, pos),
                                             tempo_microseconds(bpm), s0 + off, (1, seg)))
                played = [(a, b, p, accented(v, acc), {"'": F(1, 2), "_": F(1)}.get(art, f_legato))
                          for (a, b, p, v, acc, art) in res.notes]
                played += [(gr["start"], gr["start"] + gr["length"], gr["note"]["pitch"],
                            gr["note"]["vel"], f_legato) for gr in res.graces]
                for (a, b, p, v, f) in played:
                    pitch = p + shift + (t["transpose"] + header_transpose if t["kind"] == "track" else 0)
                    if not 0 <= pitch <= 127:
                        raise ModelError(f"pitch {pitch} out of range in track {t['id']}", ph[-1])
                    if v == 0:
                        continue
                    for _, pa, pb in timeline.spans(s0 + a, s0 + a + (b - a) * f):
                        ta, tb = _tick(pa, ppq), _tick(pb, ppq)
                        if tb > ta:
                            notes.append((ta, tb - ta, pitch, v))
                for off, place, value in res.controls:
                    if off == res.length and not isinstance(timeline, model_form.Identity):
                        # the compiler plays a track's events by the runs that overlap their
                        # placement; LANGUAGE.md's "written time inside the run" also takes a run
                        # that starts where the placement ends (README, open questions)
                        ambiguities.append("a controller at the end of its placement, with a form")
                    for seg, p in timeline.points(s0 + off):
                        controls.append((_tick(p, ppq), (seg, s0, place), value))
                for off, place, text in res.markers:
                    for seg, p in timeline.points(s0 + off):
                        markers.append((_tick(p, ppq), (seg, 1, s0, index, place), text))
                if own_key is not None:
                    sung.append((s0, own_key, res.lyric_starts, res.length))
        # Verses: the n-th placement of a phrase in its own track (in time order) sings string
        # ((n - 1) mod count) + 1.
        # With a form (LANGUAGE.md "Lyrics with verses"): the n-th sounding in performance order,
        # each run of the performance that overlaps a placement being one sounding.
        placements_seen = {}
        for seg, w0, w1, p0 in timeline.windows():
            for s0, key, starts, length in sorted(sung, key=lambda x: x[0]):
                if w0 is not None and not (s0 < w1 and w0 < s0 + length):
                    continue
                n = placements_seen.get(key, 0)
                placements_seen[key] = n + 1
                if key not in lyrics:
                    continue
                verse = lyrics[key][n % len(lyrics[key])]
                for i, syllable in enumerate(verse):
                    if syllable in ("_", "*"):
                        continue
                    t_w = s0 + starts[i]
                    if w0 is None:
                        lyric_events.append((_tick(t_w, ppq), (seg, s0, i), syllable))
                    elif w0 <= t_w < w1:
                        lyric_events.append((_tick(p0 + t_w - w0, ppq), (seg, s0, i), syllable))
        name = t["name"] if t["name"] is not None else t["id"]  # a track's name: display name, else ID
        out_tracks.append({"index": index, "id": t["id"], "kind": t["kind"], "name": name,
                           "channel": t["channel"], "program": t["program"],
                           "volume": t["volume"], "pan": t["pan"], "notes": sorted(notes),
                           "controls": [(tick, *value) for tick, _, value in sorted(controls)],
                           "lyrics": [(tick, text) for tick, _, text in sorted(lyric_events)]})

    # Conductor events; at each seam of the performance the tempo, meter and key in force at the
    # run's written start are written again, before that tick's other events (rule 19).
    meter_events = [(_tick(p, ppq), (1, seg), num, den, metronome_clocks(num, den), 8)
                    for bar, (num, den) in sorted(meters.items())
                    for seg, p in timeline.points(mm.bar_start(bar))]
    # the key at the start (c major when the header has none) moves with `transpose` too
    v3_keys = bool(key_changes or header_transpose or not form.empty())
    key_events = [(0, (1, 0), fifths, minor)] if has_key or v3_keys else []
    key_events += [(_tick(p, ppq), (1, seg), f, m) for bar, (f, m) in sorted(key_changes.items())
                   for seg, p in timeline.points(mm.bar_start(bar))]
    model_form.reestablish(timeline, written_tempos, tempo_events, meter_events, key_events, meters, key_changes,
                           (fifths, minor), ppq, _tick, metronome_clocks)

    # Tempo map: at one tick the later in the file wins (rule 8).
    by_tick = {}
    for ev in tempo_events:
        by_tick.setdefault(ev[0], []).append(ev)
    tempo_map = []
    for tick in sorted(by_tick):
        # the later in the file; events re-established at a seam come first (rule 19)
        winner = max(by_tick[tick], key=lambda e: (e[4], e[1]))
        tempo_map.append((tick, winner[2]))
    meter_map = [(tick, *value) for tick, _, *value in sorted(meter_events, key=lambda e: e[:2])]
    keys = [(tick, key_name(model_form.transposed_key(f, m, header_transpose), m))
            for tick, _, f, m in sorted(key_events, key=lambda e: e[:2])]
    if has_key:
        fifths = model_form.transposed_key(fifths, minor, header_transpose)
    result = {
        "ppq": ppq, "title": title, "composer": composer,
        "key": (fifths, minor) if has_key else None,
        "tempos": normalize_changes(tempo_map, (500000,)),
        "meters": normalize_changes(meter_map, (4, 4, 24, 8)),
        "tracks": out_tracks,
        "markers": [(tick, text) for tick, _, text in sorted(markers)],
        "ambiguities": ambiguities + getattr(timeline, "ambiguities", []),
        "bad_bars": sorted(bad_bars),
        "tempo_events": sorted(tempo_events),
        "meter_map": mm,
        "written_bars": nbars,
    }
    if v3_keys:
        result["keys"] = normalize_changes(keys, ("C",))
    return result


def metronome_clocks(num, den):
    """MIDI clocks (24 per quarter) per metronome click of a time signature, as the SMF
    specification's example has it: a click on each beat, where compound meters (a numerator
    that is a multiple of 3 above 3, denominator 8 or more: 6/8, 9/8, 12/8) beat in dotted notes
    of three denominators and other meters in the denominator's note; halves round up (/64)."""
    compound = num > 3 and num % 3 == 0 and den >= 8
    return max(1, math.floor(Fraction(96 * (3 if compound else 1), den) + Fraction(1, 2)))


def normalize_changes(events, initial):
    """The changes a player hears: at one tick the last event wins; an event that repeats the
    value in force is dropped. events: (tick, *value) in order."""
    last_at_tick = {}
    for ev in events:
        last_at_tick[ev[0]] = tuple(ev[1:])
    out, current = [], tuple(initial)
    for tick in sorted(last_at_tick):
        value = last_at_tick[tick]
        if value != current:
            out.append((tick,) + value)
            current = value
    return out
