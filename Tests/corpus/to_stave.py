"""Reads a music21 Score into a `stave_text.Piece` and writes it as Stave text.

One melody track per part, and one more per extra voice of a part (voices in order of
appearance in each measure). Measure lengths come from music21's measure offsets: when all parts
share their measures, every measure ends with a bar line and a measure whose length differs
from the written time signature (a pickup, a short last bar, a repeat split) gets its own
`meter N/D at BAR`, so every bar line falls on Stave's bar grid. When parts disagree, or have no
measures, no bar lines are written and each part keeps music21's offsets.

Pitches keep music21's letter, accidental and octave (spelled against the key signature of the
first measure; modes other than major and minor use the major key with the same signature).
Ties are taken per pitch from music21's tie marks; a tie Stave would reject (to a rest, to other
pitches, to nothing) is dropped and counted. Music Stave cannot express raises
`stave_text.Unsupported` with a reason: unpitched notes, microtones, overlapping notes in one
voice, rhythms that do not add up within a measure, grace notes Stave cannot place (before a
rest, at the end of a measure, before a tie continuation, more than 64).

Grace notes become grace groups before their main note (LANGUAGE.md "Grace notes"). Lyrics
(music21's `lyrics` of each note, verse by verse) are kept on the events; `stave_text` writes
them as a `lyrics` statement in the single layout.
"""
from fractions import Fraction

from music21 import chord, harmony, key, meter, note, stream, tempo

from stave_text import (LAYOUTS, Event, Piece, Track, Unsupported, frac, key_alterations,
                        meter_text, render, stave_string)


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


def members_of(e):
    """The pitch tuples of a note or chord (unpitched chords are unsupported)."""
    if isinstance(e, chord.Chord):
        if e.__class__.__name__ == 'PercussionChord':
            raise Unsupported('unpitched notes')
        return [pitch_tuple(m.pitch) for m in e.notes]
    if isinstance(e, note.Note):
        return [pitch_tuple(e.pitch)]
    raise Unsupported(f'grace {type(e).__name__} elements')


def lyric_syllables(e):
    """{verse number: (text, word goes on)} of a note's music21 lyrics."""
    found = {}
    for lyric in getattr(e, 'lyrics', None) or []:
        text = lyric.text
        if not text:
            continue
        number = lyric.number if isinstance(lyric.number, int) and lyric.number > 0 else 1
        found.setdefault(number, (text, lyric.syllabic in ('begin', 'middle')))
    return found


def voice_events(s, length):
    events = []
    position = Fraction(0)
    graces = []   # grace items (lists of pitch tuples) waiting for their main note
    for e in sounding(s):
        offset = frac(e.offset)
        ql = frac(e.quarterLength)
        if e.duration.isGrace:
            if isinstance(e, note.Rest):
                continue   # a grace rest sounds nothing
            graces.append(members_of(e))
            continue
        if ql == 0:
            raise Unsupported('notes of no length')
        if graces and isinstance(e, note.Rest):
            raise Unsupported('grace notes before a rest')
        if offset < position:
            raise Unsupported('overlapping notes in one voice')
        if offset > position:
            if graces:
                raise Unsupported('grace notes before a rest')
            events.append(Event(offset - position, [], []))
        if isinstance(e, note.Rest):
            events.append(Event(ql, [], []))
        elif isinstance(e, chord.Chord):
            if e.__class__.__name__ == 'PercussionChord':
                raise Unsupported('unpitched notes')
            members = list(e.notes)
            events.append(Event(ql, [pitch_tuple(m.pitch) for m in members],
                                [tied_onward(m) for m in members], graces, lyric_syllables(e)))
        elif isinstance(e, note.Note):
            events.append(Event(ql, [pitch_tuple(e.pitch)], [tied_onward(e)], graces,
                                lyric_syllables(e)))
        else:
            raise Unsupported(f'{type(e).__name__} elements')
        if len(graces) > 64:
            raise Unsupported('more than 64 grace notes before one note')
        graces = []
        position = offset + ql
    if graces:
        raise Unsupported('grace notes at the end of a measure')
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
        if following is not None and following.graces and \
                any(t and e.pitches[k][3] in targets for k, t in enumerate(e.ties)):
            raise Unsupported('grace notes before a tie continuation')
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
    """Header lines (title, composer, tempo, key, meters), the key's alterations, the meter of
    every bar and whether bar 1 is a pickup. With `barred_measures` (the first part's measures,
    one per bar) every bar gets the meter of its real length; without, bar meters are None."""
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
        return lines, key_alterations(sharps), None, False
    written = None
    current = None
    bar_meters = []
    for bar, (m, length) in enumerate(zip(barred_measures, lengths), start=1):
        if m.timeSignature is not None:
            written = m.timeSignature
        text = written_meter(written)
        if text is None or frac(written.barDuration.quarterLength) != length:
            text = meter_text(length, written.denominator if written is not None else 4)
        bar_meters.append(text)
        if text != current:
            lines.append(f'meter {text}' + ('' if bar == 1 else f' at {bar}'))
            current = text
    first_written = barred_measures[0].timeSignature
    pickup = first_written is not None and \
        frac(first_written.barDuration.quarterLength) > lengths[0]
    return lines, key_alterations(sharps), bar_meters, pickup


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


def analyse(score):
    """The Piece for `score`; raises Unsupported for music Stave cannot express."""
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
    lines, key_alter, bar_meters, pickup = header(score, layouts[0][0] if barred else None,
                                                  layouts[0][2])
    piece = Piece(lines, bar_meters, key_alter, [])
    for (pi, part), (segs, _, lengths) in zip(parts, layouts):
        streams = [voice_streams(s) for s in segs]
        voices = max(len(s) for s in streams)
        name = part.partName or f'Part {pi + 1}'
        for v in range(voices):
            measures = [voice_events(s[v], length) if v < len(s) else [Event(length, [], [])]
                        for s, length in zip(streams, lengths)]
            piece.tie_repairs += repair_ties(measures)
            ident = f's{pi + 1}' + (f'v{v + 1}' if v else '')
            label = name if voices == 1 else f'{name} (voice {v + 1})'
            piece.tracks.append(Track(ident, label, program(part), measures))
            piece.track_parts.append(pi)
    piece.facts = {name for name, present in [
        ('pickup', pickup), ('no bar lines', not barred), ('several tracks', len(piece.tracks) > 1),
        ('voices', len(piece.tracks) > len(parts))] if present}
    return piece


def program(part):
    """The part's General MIDI program as music21 knows it (0 when it does not)."""
    instrument = part.getInstrument(returnDefault=False)
    number = getattr(instrument, 'midiProgram', None) if instrument is not None else None
    return number if isinstance(number, int) and 0 <= number <= 127 else 0


def convert(score, layout='single'):
    """Stave text for `score` (see stave_text.render for the layouts)."""
    return render(analyse(score), layout)
