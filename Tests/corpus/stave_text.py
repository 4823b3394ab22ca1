"""Stave text from plain note events: no music21 here (see /LANGUAGE.md).

A `Piece` holds, per Stave track, the events of every measure (a rest or a note or chord with
per-pitch onward ties). `render` writes it in one of two layouts:

- `single`: one phrase per track, a bar line at the end of every measure;
- `phrases`: phrases of about four bars, cut only where no tie crosses; a phrase equal to an
  earlier one of the same track becomes `repeat` (right after its source or its last copy,
  counting `xN`) or `sync`; a phrase equal to an earlier track's phrase, possibly whole octaves
  apart, becomes `sync TRACK.PHRASE [transpose 12k]`; all-rest phrases are left out and the next
  statement says `at BAR`. Each track's `octave` setting is its most common octave, and the
  song says `ppq 96`, so that quintuplets, septuplets and 128ths fall between ticks.

Rhythms: a length that is a sum of note values is one note with inline ties (`c2~8`); a run of
events that only together fill note values (triplets, quintuplets, 128ths, ...) becomes tuplets
dividing the run into equal parts, an event spanning k parts written as k tied items. The
octave and duration cursors are used as the language allows: an octave command (`>`, `<`, `oN`)
only when the octave changes, a duration only when it differs from the current one. A letter
whose alteration equals the key signature's is written bare; a natural the key would alter
gets `n`.
"""
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd

SHARP_ORDER = 'fcgdaeb'
MAX_MELODY_TRACKS = 15      # MIDI channels 1-16 without 10
MAX_TUPLET_PARTS = 512
PHRASE_BARS = 4
LAYOUTS = ('single', 'phrases')
LAYOUT_PPQ = {'single': 480, 'phrases': 96}   # the phrases layout also tests tick rounding


class Unsupported(Exception):
    """The piece uses something Stave cannot express; the message says what."""


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
    """Splits a length in quarters into as few Stave duration tokens as possible, longest
    first (5 -> ['1', '4'], a breve 8 -> ['1', '1'], 7/4 -> ['4..']); None when impossible
    (not binary, or finer than a 64th). A dotted value is a run of 1 bits in sixty-fourths."""
    if ql <= 0 or not is_dyadic(ql) or (ql * 16).denominator != 1:
        return None
    n = int(ql * 16)                   # sixty-fourths; a whole note is 64
    names = {64: '1', 32: '2', 16: '4', 8: '8', 4: '16', 2: '32', 1: '64'}
    tokens = ['1'] * max(0, n // 64 - 1)   # all but the last whole note stand alone
    n -= 64 * len(tokens)
    bit = 64
    while n:
        while bit > n:
            bit //= 2
        dots = 0
        while dots < 3 and n & (bit >> (dots + 1)):
            dots += 1
        tokens.append(names[bit] + '.' * dots)
        n -= sum(bit >> i for i in range(dots + 1))
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
    """One sounding or silent span of a voice: pitches (empty = rest) with their onward ties,
    the grace items before it and its lyric syllables."""
    length: Fraction
    pitches: list        # [(letter, alter, octave, midi)]
    ties: list           # [bool] per pitch: tied to the next event
    graces: list = field(default_factory=list)   # [[pitch]] grace items, each a note or chord
    lyrics: dict = field(default_factory=dict)   # {verse: (text, word goes on)}


class Writer:
    """Turns the events of one track into Stave body text, keeping the sticky cursors."""

    def __init__(self, key_alter, octave):
        self.key_alter = key_alter
        self.octave = octave
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

    def grace_text(self, event):
        """`(d e)` before a note: the grace items, octave commands as needed, no durations."""
        if not event.graces:
            return
        words = []
        for item in event.graces:
            words += self.sound_text(Event(0, item, [False] * len(item)), [False] * len(item))
        words[0] = '(' + words[0]
        words[-1] += ')'
        self.out += words

    def plain(self, event):
        tokens = duration_tokens(event.length)
        if tokens is None:
            raise Unsupported(f'length {event.length} quarters is not a sum of note values')
        self.grace_text(event)
        single = len(event.pitches) == 1
        words = self.sound_text(event, [False] if single else event.ties)
        if event.graces and single and len(words) > 1:
            # A grace group stands directly before its note: the note's octave command goes
            # inside the group, as its last item.
            self.out[-1] = self.out[-1][:-1] + ' ' + words[0] + ')'
            words = words[1:]
        first = '' if tokens[0] == self.duration else tokens[0]
        tail = ''.join('~' + t for t in tokens[1:])
        self.duration = tokens[-1]
        # durations follow the note or ']'; a single note's onward tie follows them: c2~8~
        words[-1] += first + tail + ('~' if single and event.ties[0] else '')
        self.out += words

    def tuplet(self, events):
        """A run of events that only together fill note values: as few tuplets as the run's
        length needs tokens, each divided into equal parts; an event spanning several parts
        (also across two tuplets) is written as tied items."""
        if any(e.graces for e in events):
            raise Unsupported('grace notes inside a tuplet')
        total = sum(e.length for e in events)
        tokens = duration_tokens(total)
        spans = [token_length(t) for t in tokens]
        unit = fraction_gcd([e.length for e in events] + spans)
        if max(spans) / unit > MAX_TUPLET_PARTS:
            raise Unsupported(f'tuplet of {max(spans) / unit} parts')
        items = []   # (event, ties) per part
        for e in events:
            parts = int(e.length / unit)
            for i in range(parts):
                items.append((e, e.ties if i == parts - 1 else [True] * len(e.pitches)))
        for token, span in zip(tokens, spans):
            count = int(span / unit)
            chunk, items = items[:count], items[count:]
            words = []
            for e, ties in chunk:
                words += self.sound_text(e, ties)
            words[0] = '{' + words[0]
            words[-1] += '}' + ('' if token == self.duration else token)
            self.duration = token
            self.out += words

    def measure(self, events, bar_line=True):
        """One measure's events; runs that no note value expresses become tuplets."""
        i = 0
        while i < len(events):
            if duration_tokens(events[i].length) is not None:
                self.plain(events[i])
                i += 1
                continue
            j, total = i, Fraction(0)
            while j < len(events):
                total += events[j].length
                j += 1
                if duration_tokens(total) is not None:
                    break
            if duration_tokens(total) is None:
                raise Unsupported('a rhythm that does not add up to note values within its measure')
            self.tuplet(events[i:j])
            i = j
        if bar_line:
            self.out.append('|')


def token_length(token):
    """Quarter length of a duration token such as '4..'."""
    base = Fraction(4, int(token.rstrip('.')))
    dots = len(token) - len(token.rstrip('.'))
    return base * (2 - Fraction(1, 2 ** dots))


def fraction_gcd(values):
    """The largest length that divides every length in `values`."""
    result = Fraction(0)
    for v in values:
        result = Fraction(gcd(result.numerator * v.denominator, v.numerator * result.denominator),
                          result.denominator * v.denominator)
    return result


@dataclass
class Track:
    """One Stave track: its ID, display name, General MIDI program and measures of events."""
    ident: str
    label: str
    program: int
    measures: list       # [[Event]] per measure


@dataclass
class Piece:
    """Everything `render` needs: header lines (title, composer, tempo, key, meters), the meter
    of every bar (None without bar lines), the key's alterations and the tracks."""
    header: list
    bar_meters: list
    key_alter: dict
    tracks: list
    facts: set = field(default_factory=set)           # pickup, voices, ... (for the summary)
    track_parts: list = field(default_factory=list)   # the music21 part of every track
    tie_repairs: int = 0                              # ties dropped as Stave would reject them


def render(piece, layout):
    """Stave text of `piece` in `layout` ('single' or 'phrases'); None when the layout does
    not apply (phrases need bar lines)."""
    if len(piece.tracks) > MAX_MELODY_TRACKS:
        raise Unsupported(f'{len(piece.tracks)} tracks, more than the MIDI channels')
    if layout == 'phrases' and piece.bar_meters is None:
        return None
    lines = list(piece.header)
    if LAYOUT_PPQ[layout] != 480:
        lines.append(f'ppq {LAYOUT_PPQ[layout]}')
    originals = []   # (track ident, phrase id, signature) of every Original phrase so far
    for track in piece.tracks:
        lines.append('')
        lines.append(f'track {track.ident} {stave_string(track.label)} {{')
        if track.program:
            lines.append(f'  instrument {track.program}')
        if layout == 'single':
            writer = Writer(piece.key_alter, 4)
            for events in track.measures:
                writer.measure(events, bar_line=piece.bar_meters is not None)
            verses = lyric_verses(track.measures)
            lines += phrase_lines('phrase words' if verses else 'phrase', writer.out)
            if verses:
                lines.append('  lyrics words ' + ' '.join(stave_string(v) for v in verses))
        else:
            lines += phrase_statements(piece, track, originals)
        lines.append('}')
    return '\n'.join(lines) + '\n'


def lyric_notes(measures):
    """The events that take a syllable (LANGUAGE.md "Lyrics"): notes and chords that start a
    sound; rests and tie continuations do not count (grace notes are not events)."""
    flat = [e for events in measures for e in events]
    found = []
    for i, e in enumerate(flat):
        if not e.pitches:
            continue
        before = flat[i - 1] if i > 0 else None
        held = {p[3] for p, t in zip(before.pitches, before.ties) if t} if before else set()
        if any(p[3] not in held for p in e.pitches):
            found.append(e)
    return found


LYRIC_UNWRITABLE = set(' \t\n-_*')


def lyric_verses(measures):
    """One string per verse for the track's lyric notes: syllables of a word joined by `-`,
    words by spaces, `*` for a note without a syllable (trailing ones left out). Syllables
    holding a character a lyrics string gives a meaning to (space, `-`, `_`, `*`) make the
    piece unsupported."""
    notes = lyric_notes(measures)
    numbers = sorted({n for e in notes for n in e.lyrics})   # verse 1 is the lowest number
    if any(e.lyrics for events in measures for e in events if e not in notes):
        raise Unsupported('lyrics on a rest or a tie continuation')
    verses = []
    for number in numbers:
        tokens = []
        inside_word = False
        for e in notes:
            if number in e.lyrics:
                text, goes_on = e.lyrics[number]
                if set(text) & LYRIC_UNWRITABLE:
                    raise Unsupported('a lyric syllable with a space, -, _ or *')
                tokens.append(text + ('-' if goes_on else ' '))
                inside_word = goes_on
            else:
                tokens.append('*' + ('-' if inside_word else ' '))
        while tokens and tokens[-1].startswith('*'):
            tokens.pop()
        verses.append(''.join(tokens).rstrip(' -'))
    return verses


def phrase_lines(opening, words):
    lines = [f'  {opening} {{']
    line = []
    for w in words:
        line.append(w)
        if (w == '|' and line.count('|') == 4) or len(line) >= 24:
            lines.append('    ' + ' '.join(line))
            line = []
    if line:
        lines.append('    ' + ' '.join(line))
    lines.append('  }')
    return lines


def blocks(measures):
    """(first bar, measures) of about PHRASE_BARS bars, never cut inside a tie."""
    start, found = 0, []
    for i, events in enumerate(measures):
        tied_out = any(events[-1].ties) if events else False
        if i + 1 - start >= PHRASE_BARS and not tied_out or i == len(measures) - 1:
            found.append((start + 1, measures[start:i + 1]))
            start = i + 1
    return found


def signature(measures, meters, shift=0):
    """What a phrase sounds like and where its bar lines fall; `shift` octaves added."""
    def moved(pitches):
        return tuple((p[0], p[1], p[2] + shift, p[3] + 12 * shift) for p in pitches)
    return (tuple(meters), tuple(
        tuple((e.length, moved(e.pitches), tuple(e.ties), tuple(moved(g) for g in e.graces))
              for e in events) for events in measures))


def phrase_statements(piece, track, originals):
    """The phrase, repeat and sync statements of one track in the `phrases` layout."""
    octaves = Counter(p[2] for events in track.measures for e in events for p in e.pitches)
    octave = octaves.most_common(1)[0][0] if octaves else 4
    lines = [f'  octave {octave}'] if octave != 4 else []
    cursor = 1
    repeating = None   # [source phrase id, count] when the last line is `repeat ID [xN]`
    for bar, measures in blocks(track.measures):
        if all(not e.pitches for events in measures for e in events):
            continue
        meters = piece.bar_meters[bar - 1:bar - 1 + len(measures)]
        at = '' if bar == cursor else f' at {bar}'
        cursor = bar + len(measures)
        own = signature(measures, meters)
        same = next((pid for t, pid, sig in originals if t == track.ident and sig == own), None)
        if same is not None and not at:
            if repeating is not None and repeating[0] == same:
                repeating[1] += 1
                lines[-1] = f'  repeat {same} x{repeating[1]}'
            else:
                lines.append(f'  repeat {same}')
                repeating = [same, 1]
            continue
        repeating = None
        if same is not None:
            lines.append(f'  sync {same}{at}')
            continue
        other = None
        for k in (0, 1, -1, 2, -2):
            shifted = signature(measures, meters, -k)
            other = next(((t, pid, k) for t, pid, sig in originals
                          if t != track.ident and sig == shifted), None)
            if other:
                break
        if other:
            t, pid, k = other
            lines.append(f'  sync {t}.{pid}' + (f' transpose {12 * k}' if k else '') + at)
            continue
        pid = f'p{bar}'
        writer = Writer(piece.key_alter, octave)
        for events in measures:
            writer.measure(events, bar_line=True)
        lines += phrase_lines(f'phrase {pid}{at}', writer.out)
        originals.append((track.ident, pid, own))
    return lines


FEATURE_PATTERNS = {
    'tuplets': r'\{', 'chords': r'\[', 'ties': r'~(\s|$)', 'inline ties': r'~\d',
    'dots': r'\d\.', 'naturals': r'(^|[\s\[{])[a-g]n', 'sharps or flats': r'(^|[\s\[{])[a-g](#|b)',
    'rests': r'(^|[\s{])r', 'double sharps or flats': r'(^|[\s\[{])[a-g](##|bb)',
    'grace notes': r'\(',
}
STATEMENT_PATTERNS = {
    'meter changes': r'^meter .* at ', 'repeat': r'^  repeat ', 'repeat xN': r'^  repeat .* x\d',
    'sync': r'^  sync \w+( at|$)', 'sync of another track': r'^  sync \w+\.',
    'sync transpose': r'^  sync .* transpose', 'phrase at': r'^  phrase \w+ at ',
    'octave setting': r'^  octave ', 'instrument': r'^  instrument ', 'lyrics': r'^  lyrics ',
}


def features(text):
    """Names of the notable things a Stave text uses (for the test's summary)."""
    body = '\n'.join(line for line in text.splitlines() if line.startswith('    '))
    found = {name for name, pattern in FEATURE_PATTERNS.items() if re.search(pattern, body, re.M)}
    found |= {name for name, pattern in STATEMENT_PATTERNS.items() if re.search(pattern, text, re.M)}
    return found
