"""Converts a music21 Score into Stave text (see /LANGUAGE.md).

One melody track per part (and per extra voice of a part), one phrase per track, a bar line at
the end of every measure. Measure lengths come from music21's measure offsets: a measure whose
length differs from the written time signature (a pickup, a short last bar, a repeat split)
gets its own `meter N/D at BAR`, so every bar line falls on Stave's bar grid.

Rhythms: a duration that is a sum of binary note values becomes one note with inline ties
(`c2~8`); a run of notes whose lengths are not binary (triplets, quintuplets, ...) becomes one
Stave tuplet dividing the run's total length into equal parts, a note spanning k parts being
written as k tied items. Music that Stave cannot express raises `Unsupported` with a reason.

Spelling: pitches keep music21's letter and accidental; a letter whose alteration equals the
key signature's is written bare, a natural that the key would alter gets `n`. The octave,
duration and (omitted) velocity cursors are used where the language allows: an octave command
(`>`, `<`, `oN`) only when the octave changes, a duration only when it differs from the current
one.
"""
from dataclasses import dataclass
from fractions import Fraction
from math import gcd

from music21 import chord, harmony, key, meter, note, stream, tempo

# Stave durations in quarter lengths, longest first.
BASES = [(Fraction(4), '1'), (Fraction(2), '2'), (Fraction(1), '4'), (Fraction(1, 2), '8'),
         (Fraction(1, 4), '16'), (Fraction(1, 8), '32'), (Fraction(1, 16), '64')]
SHARP_ORDER = 'fcgdaeb'
MAX_MELODY_TRACKS = 15      # MIDI channels 1-16 without 10
MAX_TUPLET_PARTS = 96


class Unsupported(Exception):
    """The piece uses something Stave cannot express; the message says what."""


@dataclass
class Conversion:
    """Stave text plus, for every Stave track in source order, the index of its music21 part."""
    text: str
    track_parts: list
    tie_repairs: int = 0
    barred: bool = True
    features: frozenset = frozenset()


def frac(x):
    """music21 offsets and lengths are floats (binary) or Fractions; make them exact."""
    if isinstance(x, Fraction):
        return x
    f = Fraction(x)
    if f.denominator > 1 << 20:
        f = f.limit_denominator(1 << 16)
    return f


def is_dyadic(q):
    return q.denominator & (q.denominator - 1) == 0


def duration_tokens(ql):
    """Splits a binary length into as few Stave duration tokens as possible, longest first
    (5 quarters -> ['1', '4'], a breve -> ['1', '1'], 7/4 -> ['2..']); None when impossible
    (not binary, or finer than a 64th). A dotted value is a run of 1 bits in sixty-fourths."""
    if ql <= 0 or not is_dyadic(ql) or (ql * 16).denominator != 1:
        return None
    n = int(ql * 16)                   # sixty-fourths; a whole note is 64
    names = {64: '1', 32: '2', 16: '4', 8: '8', 4: '16', 2: '32', 1: '64'}
    tokens = ['1'] * max(0, n // 64 - 1)
    n -= 64 * len(tokens)
    bit = 64
    while n:
        while bit > n:
            bit //= 2
        dots = 0
        value = bit
        while dots < 3 and bit >> (dots + 1) and n & (bit >> (dots + 1)) and value + (bit >> (dots + 1)) <= n:
            dots += 1
            value += bit >> dots
        if bit == 64 and n - value >= 64:    # a second whole note stays a token of its own
            value, dots = 64, 0
        tokens.append(names[bit] + '.' * dots)
        n -= value
        bit //= 2
    return tokens


def key_alterations(sharps):
    """The alteration the key signature gives each letter."""
    alter = {letter: 0 for letter in 'abcdefg'}
    if sharps > 0:
        for letter in SHARP_ORDER[:sharps]:
            alter[letter] = 1
    else:
        for letter in reversed(SHARP_ORDER[len(SHARP_ORDER) + sharps:]):
            alter[letter] = -1
    return alter


def stave_string(text):
    text = ''.join(ch if ch >= ' ' else ' ' for ch in str(text))
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def meter_text(length, preferred_denominator):
    """`N/D` for a bar of `length` quarters, preferring the written denominator."""
    whole = length / 4
    for d in [preferred_denominator, 1, 2, 4, 8, 16, 32, 64]:
        if d in (1, 2, 4, 8, 16, 32, 64):
            n = whole * d
            if n.denominator == 1 and 1 <= n.numerator <= 64:
                return f'{n.numerator}/{d}'
    raise Unsupported(f'bar of {length} quarters has no meter N/D')


@dataclass
class Event:
    """One sounding or silent span of a voice: pitches (empty = rest) with their onward ties."""
    length: Fraction
    pitches: list        # [(letter, alter, octave, midi)]
    ties: list           # [bool] per pitch: tied to the next event


class Writer:
    """Turns the events of one track into Stave body text, keeping the sticky cursors."""

    def __init__(self, key_alter):
        self.key_alter = key_alter
        self.octave = 4
        self.duration = '4'
        self.out = []

    def pitch_text(self, pitch, tied):
        letter, alter, octave, _ = pitch
        words = []
        if octave != self.octave:
            words.append('>' if octave == self.octave + 1 else '<' if octave == self.octave - 1
                         else f'o{octave}')
            self.octave = octave
        if alter == self.key_alter[letter]:
            acc = ''
        elif alter == 0:
            acc = 'n'
        else:
            acc = ('#' if alter > 0 else 'b') * abs(alter)
        words.append(letter + acc + ('~' if tied else ''))
        return words

    def sound_text(self, event, ties):
        """A note, chord or rest without duration; `ties` per pitch."""
        if not event.pitches:
            return ['r']
        if len(event.pitches) == 1:
            return self.pitch_text(event.pitches[0], ties[0])
        words = []
        for pitch, tied in zip(event.pitches, ties):
            words += self.pitch_text(pitch, tied)
        words[0] = '[' + words[0]
        words[-1] += ']'
        return words

    def plain(self, event):
        tokens = duration_tokens(event.length)
        if tokens is None:
            raise Unsupported(f'length {event.length} quarters is not a sum of note values')
        single = len(event.pitches) == 1
        words = self.sound_text(event, [False] if single else event.ties)
        first = '' if tokens[0] == self.duration else tokens[0]
        tail = ''.join('~' + t for t in tokens[1:])
        self.duration = tokens[-1]
        # durations follow the note or ']'; a single note's onward tie follows them: c2~8~
        words[-1] += first + tail + ('~' if single and event.ties[0] else '')
        self.out += words

    def tuplet(self, events):
        total = sum(e.length for e in events)
        tokens = duration_tokens(total)
        if tokens is None or len(tokens) != 1:
            raise Unsupported(f'tuplet run of {total} quarters is not one note value')
        unit = events[0].length
        for e in events[1:]:
            unit = Fraction(gcd(unit.numerator * e.length.denominator,
                                e.length.numerator * unit.denominator),
                            unit.denominator * e.length.denominator)
        if total / unit > MAX_TUPLET_PARTS:
            raise Unsupported(f'tuplet of {total / unit} parts')
        words = []
        for e in events:
            parts = int(e.length / unit)
            for i in range(parts):
                ties = e.ties if i == parts - 1 else [True] * len(e.pitches)
                words += self.sound_text(e, ties)
        words[0] = '{' + words[0]
        words[-1] += '}' + ('' if tokens[0] == self.duration else tokens[0])
        self.duration = tokens[0]
        self.out += words

    def measure(self, events, bar_line=True):
        i = 0
        while i < len(events):
            if is_dyadic(events[i].length):
                self.plain(events[i])
                i += 1
                continue
            j, total = i, Fraction(0)
            while j < len(events):
                total += events[j].length
                j += 1
                if is_dyadic(total):
                    break
            if not is_dyadic(total):
                raise Unsupported('a tuplet crosses a bar line')
            self.tuplet(events[i:j])
            i = j
        if bar_line:
            self.out.append('|')


def pitch_tuple(p):
    if p.alter != int(p.alter):
        raise Unsupported('microtonal pitch')
    alter = int(p.alter)
    if abs(alter) > 2:
        raise Unsupported('triple accidental')
    octave = p.octave if p.octave is not None else p.implicitOctave
    if not 0 <= octave <= 9 or not 0 <= p.midi <= 127:
        raise Unsupported('pitch out of range')
    return (p.step.lower(), alter, octave, p.midi)


def tied_onward(n):
    return n.tie is not None and n.tie.type in ('start', 'continue')


def voice_streams(measure):
    """The voices of a measure; notes standing directly in a measure with voices form one more."""
    voices = list(measure.voices)
    if not voices:
        return [measure]
    direct = [e for e in measure.notesAndRests if e.activeSite is measure]
    return ([measure] if direct else []) + voices


def sounding(s):
    return [e for e in s.notesAndRests if not isinstance(e, harmony.Harmony)]


def voice_events(s, length):
    events = []
    position = Fraction(0)
    for e in sounding(s):
        offset = frac(e.offset)
        ql = frac(e.quarterLength)
        if ql == 0 or e.duration.isGrace:
            raise Unsupported('grace notes')
        if offset < position:
            raise Unsupported('overlapping notes in one voice')
        if offset > position:
            events.append(Event(offset - position, [], []))
        if isinstance(e, note.Rest):
            events.append(Event(ql, [], []))
        elif isinstance(e, chord.Chord):
            if e.__class__.__name__ == 'PercussionChord':
                raise Unsupported('unpitched notes')
            members = list(e.notes)
            events.append(Event(ql, [pitch_tuple(m.pitch) for m in members],
                                [tied_onward(m) for m in members]))
        elif isinstance(e, note.Note):
            events.append(Event(ql, [pitch_tuple(e.pitch)], [tied_onward(e)]))
        else:
            raise Unsupported(f'{type(e).__name__} elements')
        position = offset + ql
    if position > length:
        raise Unsupported('a voice is longer than its measure')
    if position < length:
        events.append(Event(length - position, [], []))
    return events


def repair_ties(measures):
    """Drops ties Stave would reject: to a rest, to other pitches, or to nothing.
    Returns the number of dropped ties."""
    flat = [e for m in measures for e in m]
    dropped = 0
    for i, e in enumerate(flat):
        following = flat[i + 1] if i + 1 < len(flat) else None
        targets = {p[3] for p in following.pitches} if following else set()
        for k, tied in enumerate(e.ties):
            if tied and e.pitches[k][3] not in targets:
                e.ties[k] = False
                dropped += 1
    return dropped


def first_of(s, cls):
    found = s.recurse().getElementsByClass(cls)
    return found.first() if found else None


def written_meter(ts):
    """`N/D` for a music21 time signature when Stave can write it, else None."""
    if ts is not None and ts.denominator in (1, 2, 4, 8, 16, 32, 64) and 1 <= ts.numerator <= 64:
        return f'{ts.numerator}/{ts.denominator}'
    return None


def header(score, barred_measures, lengths):
    """Title, composer, tempo, key and meters. With `barred_measures` (the first part's
    measures, one per bar) every bar gets the meter of its real length."""
    lines = []
    md = score.metadata
    title = (md.title or md.movementName) if md is not None else None
    if title:
        lines.append(f'title {stave_string(title)}')
    if md is not None and md.composer:
        lines.append(f'composer {stave_string(md.composer)}')
    bpm = 120
    mark = first_of(score, tempo.MetronomeMark)
    if mark is not None:
        q = mark.getQuarterBPM()
        if q is not None and 1 <= q <= 1000:
            bpm = round(q, 2)
    lines.append(f'tempo {int(bpm) if bpm == int(bpm) else bpm}')
    sig = first_of(score.parts[0], key.KeySignature)
    sharps = sig.sharps if sig is not None and abs(sig.sharps) <= 7 else 0
    mode = sig.mode if isinstance(sig, key.Key) and sig.mode in ('major', 'minor') else 'major'
    tonic = key.KeySignature(sharps).asKey(mode).tonic.name.lower().replace('-', 'b')
    lines.append(f'key {tonic} {mode}')
    if barred_measures is None:
        lines.append(f'meter {written_meter(first_of(score, meter.TimeSignature)) or "4/4"}')
        return lines, key_alterations(sharps), False
    written = None
    current = None
    for bar, (m, length) in enumerate(zip(barred_measures, lengths), start=1):
        if m.timeSignature is not None:
            written = m.timeSignature
        text = written_meter(written)
        if text is None or frac(written.barDuration.quarterLength) != length:
            text = meter_text(length, written.denominator if written is not None else 4)
        if text != current:
            lines.append(f'meter {text}' + ('' if bar == 1 else f' at {bar}'))
            current = text
    first_written = barred_measures[0].timeSignature
    pickup = first_written is not None and \
        frac(first_written.barDuration.quarterLength) > lengths[0]
    return lines, key_alterations(sharps), pickup


def content_end(s):
    """Where the last sound or rest of a measure (any voice) ends, in quarters."""
    return max((frac(e.offset) + frac(e.quarterLength) for v in voice_streams(s)
                for e in sounding(v)), default=Fraction(0))


def segments(part):
    """(segments, offsets, lengths) of a part: its measures, or the part itself when it has
    none. Empty zero-length measures are left out."""
    measures = list(part.getElementsByClass(stream.Measure))
    if not measures:
        return [part], [Fraction(0)], [content_end(part)]
    offsets = [frac(m.offset) for m in measures]
    lengths = [b - a for a, b in zip(offsets, offsets[1:])]
    lengths.append(content_end(measures[-1]) or frac(measures[-1].barDuration.quarterLength))
    kept = [(m, o, n) for m, o, n in zip(measures, offsets, lengths)
            if n != 0 or content_end(m) != 0]
    if any(n <= 0 for _, _, n in kept) or not kept or kept[0][1] != 0:
        raise Unsupported('measures that overlap or do not start at 0')
    return [m for m, _, _ in kept], [o for _, o, _ in kept], [n for _, _, n in kept]


def convert(score):
    """Stave text for `score`; raises Unsupported for music Stave cannot express.

    When every part has the same measures, each measure ends with a bar line and gets its
    meter; otherwise (parts that disagree, parts without measures) no bar lines are written
    and each part keeps music21's own offsets."""
    parts = [(pi, p) for pi, p in enumerate(score.parts)
             if p.recurse().notes or p.getElementsByClass(stream.Measure)]
    if not parts:
        raise Unsupported('no parts')
    for _, part in parts:
        if part.recurse().getElementsByClass(note.Unpitched):
            raise Unsupported('unpitched notes')
    layouts = [segments(p) for _, p in parts]
    barred = all(isinstance(s[0], stream.Measure) for s, _, _ in layouts) \
        and all(o == layouts[0][1] for _, o, _ in layouts)
    if barred:
        common = layouts[0][2][:-1] + [max(n[-1] for _, _, n in layouts)]
        layouts = [(s, o, common) for s, o, _ in layouts]
    lines, key_alter, pickup = header(score, layouts[0][0] if barred else None, layouts[0][2])

    track_parts = []
    repairs = 0
    tracks = []
    for (pi, part), (segs, _, lengths) in zip(parts, layouts):
        streams = [voice_streams(s) for s in segs]
        voices = max(len(s) for s in streams)
        name = part.partName or f'Part {pi + 1}'
        for v in range(voices):
            measures = [voice_events(s[v], length) if v < len(s) else [Event(length, [], [])]
                        for s, length in zip(streams, lengths)]
            repairs += repair_ties(measures)
            writer = Writer(key_alter)
            for events in measures:
                writer.measure(events, bar_line=barred)
            ident = f's{pi + 1}' + (f'v{v + 1}' if v else '')
            label = name if voices == 1 else f'{name} (voice {v + 1})'
            tracks.append((ident, label, writer.out))
            track_parts.append(pi)
    if len(tracks) > MAX_MELODY_TRACKS:
        raise Unsupported(f'{len(tracks)} tracks, more than the MIDI channels')
    for ident, label, words in tracks:
        lines.append('')
        lines.append(f'track {ident} {stave_string(label)} {{')
        lines.append('  phrase {')
        line = []
        for w in words:
            line.append(w)
            if (w == '|' and line.count('|') == 4) or len(line) >= 24:
                lines.append('    ' + ' '.join(line))
                line = []
        if line:
            lines.append('    ' + ' '.join(line))
        lines.append('  }')
        lines.append('}')
    text = '\n'.join(lines) + '\n'
    return Conversion(text, track_parts, repairs, barred, features(text, barred, tracks, pickup))


FEATURE_PATTERNS = {
    'tuplets': r'\{', 'chords': r'\[', 'ties': r'~(\s|$)', 'inline ties': r'~\d',
    'dots': r'\d\.', 'naturals': r'(^|[\s\[{])[a-g]n', 'sharps or flats': r'(^|[\s\[{])[a-g](#|b)',
    'meter changes': r'^meter .* at ', 'rests': r'(^|[\s{])r',
}


def features(text, barred, tracks, pickup):
    """Names of the notable things the Stave text uses (for the test's summary)."""
    import re
    body = '\n'.join(line for line in text.splitlines() if line.startswith('    '))
    found = {name for name, pattern in FEATURE_PATTERNS.items()
             if re.search(pattern, text if name == 'meter changes' else body, re.M)}
    if any('v' in ident[1:] for ident, _, _ in tracks):
        found.add('voices')
    if len(tracks) > 1:
        found.add('several tracks')
    if pickup:
        found.add('pickup')
    if not barred:
        found.add('no bar lines')
    return frozenset(found)
