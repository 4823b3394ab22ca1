"""The Stave 2 marks of the MusicXML export, refereed (see README.md, "Stave 2 marks").

What the song says comes from two other backends of the compiler: the save file (`stave compile
-o X.json`: every mark as written, with its offset in its phrase body) and the MIDI file (lyric
events with their text, grace notes as sounding notes). The placements of each phrase (Originals,
each Repeat copy, Syncs) are expanded here from the save file as LANGUAGE.md describes them.
What the export wrote is read twice: by music21 (grace notes, articulations, lyrics, chord
symbols, wedges, pedal marks, rehearsal marks) and by an exact reading of the directions'
times (`read_directions`), because music21 hangs wedges and pedals on notes, not on times.
"""
import copy
from collections import Counter
from fractions import Fraction

import mido
import xml.etree.ElementTree as ET

MARKS = ('staccato', 'tenuto', 'accent')
ARTICULATION_CLASSES = {'Staccato': 'staccato', 'Tenuto': 'tenuto', 'Accent': 'accent'}
EXPRESSION_KEYS = ('hairpins', 'graces', 'controls', 'markers', 'chordSymbols', 'lyrics')
LETTERS = {'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}
# LANGUAGE.md "Songwriting (v2)" and "More chord symbols" (v3): the intervals of each chord-symbol
# quality, by its canonical name (the save file holds that name).
QUALITIES = {
    '': (0, 4, 7), 'm': (0, 3, 7), 'dim': (0, 3, 6), 'aug': (0, 4, 8), 'sus2': (0, 2, 7),
    'sus4': (0, 5, 7), '5': (0, 7), '6': (0, 4, 7, 9), 'm6': (0, 3, 7, 9), '7': (0, 4, 7, 10),
    'maj7': (0, 4, 7, 11), 'm7': (0, 3, 7, 10), 'mmaj7': (0, 3, 7, 11), 'dim7': (0, 3, 6, 9),
    'm7b5': (0, 3, 6, 10), '9': (0, 4, 7, 10, 14), 'maj9': (0, 4, 7, 11, 14), 'm9': (0, 3, 7, 10, 14),
    'add9': (0, 4, 7, 14), 'madd9': (0, 3, 7, 14), '11': (0, 4, 7, 10, 14, 17),
    '13': (0, 4, 7, 10, 14, 21), '7sus4': (0, 5, 7, 10),
    # "More chord symbols" (v3).
    '7b9': (0, 4, 7, 10, 13), '7#9': (0, 4, 7, 10, 15), '7#11': (0, 4, 7, 10, 18),
    '7b13': (0, 4, 7, 10, 20), '7b5': (0, 4, 6, 10), '7#5': (0, 4, 8, 10),
    'alt': (0, 4, 10, 13, 15, 20), 'm11': (0, 3, 7, 10, 14, 17), '69': (0, 4, 7, 9, 14),
    'm69': (0, 3, 7, 9, 14), 'maj7#11': (0, 4, 7, 11, 18), '13sus4': (0, 5, 7, 10, 14, 21),
    '9sus4': (0, 5, 7, 10, 14), 'm13': (0, 3, 7, 10, 14, 21), 'maj13': (0, 4, 7, 11, 14, 21),
}


def number(value):
    return Fraction(str(value))


# --------------------------------------------------------------------------- the save file ---

def has_feel(doc):
    """True when the save file swings or humanizes a track (Stave 3 feel): its MIDI is then not
    the written notes, so the reference is made from the save file without the feel."""
    song = doc['song']
    return any(holder.get('swing', 'none') != 'none' or holder.get('humanize', 'none') != 'none'
               for holder in [song] + song['tracks'])


def has_v2(doc):
    """True when the save file holds any Stave 2 mark or setting."""
    song = doc['song']
    if song.get('markers'):
        return True
    for track in song['tracks']:
        if 'legato' in track:
            return True
        for phrase in track['phrases']:
            if any(phrase.get(k) for k in EXPRESSION_KEYS) or _any_mark(phrase.get('containers', [])):
                return True
    return False


def _any_mark(value):
    if isinstance(value, dict):
        return any(value.get(k) for k in MARKS) or any(_any_mark(v) for v in value.values())
    if isinstance(value, list):
        return any(_any_mark(v) for v in value)
    return False


def written(doc):
    """The save file without what makes notes sound other than written (grace groups,
    articulation marks, legato): its MIDI notes are the notes a score writes."""
    doc = copy.deepcopy(doc)

    def walk(value):
        if isinstance(value, dict):
            for k in MARKS:
                value.pop(k, None)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    # Stave 3 feel: swing and humanize move the sound, never the written notes.
    for holder in [doc['song']] + doc['song']['tracks']:
        holder.pop('swing', None)
        holder.pop('humanize', None)
    for track in doc['song']['tracks']:
        track.pop('legato', None)
        for phrase in track['phrases']:
            phrase.pop('graces', None)
            walk(phrase.get('containers', []))
    return doc


def chords(containers):
    """Each chord (list of members) of a body in time order, tuplet blocks included."""
    for container in containers:
        if 'notes' in container or 'beats' in container:
            yield container.get('notes', container.get('beats'))
        else:
            yield from chords(container.get('blocks', []))


def member(value):
    """(key, dict) of a chord member written bare (`60`) or as an object."""
    if isinstance(value, dict):
        return value.get('pitch', value.get('drum')), value
    return value, {}


def articulations(body, shift=0, grand_staff=False):
    """Counter of the articulations a score shows on a body's notes and chords: a chord shows
    a mark once (once on each staff of a grand staff, split at middle C, that holds some of it);
    a tie chain shows its accent on its first note, staccato or tenuto on its last (LANGUAGE.md:
    a joined note takes them from there)."""
    counts = Counter()
    tied = set()
    for notes in chords(body.get('containers', [])):
        shown = set()
        now_tied = set()
        for value in notes:
            k, fields = member(value)
            staff = (k + shift < 60) if grand_staff else False
            if fields.get('accent') and k not in tied:
                shown.add(('accent', staff))
            for mark in ('staccato', 'tenuto'):
                if fields.get(mark) and not fields.get('tie'):
                    shown.add((mark, staff))
            if fields.get('tie'):
                now_tied.add(k)
        counts.update(mark for mark, _ in shown)
        tied = now_tied
    return counts


def expected(doc, grand_staves=()):
    """Per track, what the score must show, in quarter notes from the song start;
    `grand_staves[i]` says that part i is written on a grand staff."""
    song = doc['song']
    resolution = number(song.get('resolution', 1))

    def quarters(units):
        return number(units) * 4 / resolution
    bodies = {}
    for track in song['tracks']:
        for phrase in track['phrases']:
            if phrase['type'] == 'original' and phrase.get('id') and (track['id'], phrase['id']) not in bodies:
                bodies[(track['id'], phrase['id'])] = phrase
    result = []
    for track_index, track in enumerate(song['tracks']):
        grand = track_index < len(grand_staves) and grand_staves[track_index]
        own = track.get('transpose', 0) if track['type'] == 'melody' else 0
        copies = []   # (start, body, shift, lyric source or None)
        for phrase in track['phrases']:
            start = quarters(phrase['start'])
            if phrase['type'] == 'original':
                copies.append((start, phrase, own, phrase.get('id')))
            elif phrase['type'] == 'repeat':
                body = bodies.get((track['id'], phrase['source']))
                if body is None:
                    continue
                for i in range(phrase.get('count', 1)):
                    copies.append((start + i * quarters(body['length']), body, own, phrase['source']))
            else:
                body = bodies.get((phrase.get('track', track['id']), phrase['phrase']))
                if body is None:
                    continue
                same = phrase.get('track', track['id']) == track['id']
                copies.append((start, body, own + phrase.get('transpose', 0), phrase['phrase'] if same else None))
        want = {'wedges': Counter(), 'hairpins': Counter(), 'pedals': Counter(), 'rehearsals': [],
                'symbols': [], 'graces': Counter(), 'articulations': Counter(), 'verses': []}
        sung = Counter()
        for start, body, shift, source in sorted(copies, key=lambda c: c[0]):
            for h in body.get('hairpins', []):
                kind = 'crescendo' if h['to'] > h['from'] else 'diminuendo'
                want['wedges'][(start + quarters(h['start']), kind)] += 1
                want['wedges'][(start + quarters(h['end']), 'stop')] += 1
                want['hairpins'][kind] += 1
            for c in body.get('controls', []):
                if 'pedal' in c:
                    want['pedals'][(start + quarters(c['offset']), 'start' if c['pedal'] == 'down' else 'stop')] += 1
            for m in body.get('markers', []):
                want['rehearsals'].append((start + quarters(m['offset']), m['text']))
            for s in body.get('chordSymbols', []) if track['type'] == 'melody' else []:
                want['symbols'].append((start + quarters(s['offset']), s['symbol'], s['root'] + shift, shift))
            for g in body.get('graces', []):
                for item in g['items']:
                    want['graces'][(start + quarters(g['offset']), tuple(sorted(member(v)[0] + shift for v in item)))] += 1
            want['articulations'].update(articulations(body, shift, grand))
            verses = body.get('lyrics', [])
            if verses and source is not None:
                verse = sung[source] % len(verses) + 1
                sung[source] += 1
                want['verses'].append((start, start + quarters(body['length']), verse))
        # One pedal per track: a `pedal down` while down or `pedal up` while up is not shown.
        down, shown = False, Counter()
        for (at, kind), n in sorted(want['pedals'].items(), key=lambda p: (p[0][0], p[0][1] == 'start')):
            for _ in range(n):
                if (kind == 'start') != down:
                    down = kind == 'start'
                    shown[(at, kind)] += 1
        if down:
            shown[('end', 'stop')] += 1   # a pedal left down is lifted at the end of the score
        want['pedals'] = shown
        result.append(want)
    if result and song.get('markers'):
        starts, time, bar = {}, Fraction(0), 1
        meters = {m['bar']: m for m in song.get('meters', [])}
        meter = meters.get(1, {'numerator': 4, 'denominator': 4})
        wanted = {m['bar'] for m in song['markers']}
        while bar <= max(wanted):
            meter = meters.get(bar, meter)
            starts[bar] = time
            time += Fraction(4 * meter['numerator'], meter['denominator'])
            bar += 1
        result[0]['rehearsals'] += [(starts[m['bar']], m['text']) for m in song['markers']]
    return result


def symbol_pitch_classes(text, root, shift):
    """(root pitch class, bass pitch class or None, pitch classes) of a chord symbol as written."""
    name, _, bass = text.partition('/')
    rest = name[1:]
    if rest[:1] in ('#', 'b'):
        rest = rest[1:]
    classes = {(root + i) % 12 for i in QUALITIES[rest]}
    bass_class = None
    if bass:
        bass_class = (LETTERS[bass[0]] + {'#': 1, 'b': -1}.get(bass[1:2], 0) + shift) % 12
        classes.add(bass_class)
    return root % 12, bass_class, classes


# ------------------------------------------------------------------------------ our score ---

def read_directions(path):
    """Per part, Counters of (time in quarters, type) of wedges and pedals, and the (time, kind
    text) of each harmony, by the MusicXML rules (durations, <backup>, <forward>, <offset>;
    grace notes take no time)."""
    root = ET.parse(path).getroot()
    parts = []
    for part in root.iter('part'):
        time, divisions = 0, 1
        found = {'wedges': Counter(), 'pedals': Counter(), 'kinds': [], 'staves': 1}
        for measure in part.iter('measure'):
            for element in measure:
                if element.tag == 'attributes':
                    divisions = int(element.findtext('divisions') or divisions)
                    found['staves'] = int(element.findtext('staves') or found['staves'])
                elif element.tag == 'backup':
                    time -= int(element.findtext('duration'))
                elif element.tag == 'forward':
                    time += int(element.findtext('duration'))
                elif element.tag == 'note':
                    if element.find('grace') is None and element.find('chord') is None:
                        time += int(element.findtext('duration'))
                elif element.tag in ('direction', 'harmony'):
                    at = Fraction(time + int(element.findtext('offset') or 0), divisions)
                    for wedge in element.iter('wedge'):
                        found['wedges'][(at, wedge.get('type'))] += 1
                    for pedal in element.iter('pedal'):
                        found['pedals'][(at, pedal.get('type'))] += 1
                    kind = element.find('kind')
                    if kind is not None:
                        found['kinds'].append((at, kind.get('text')))
        found['end'] = Fraction(time, divisions)
        parts.append(found)
    return parts


def midi_lyrics(path):
    """Per track, the (tick, text) of each lyric event (UTF-8, as Stave writes them)."""
    tracks = []
    for track in mido.MidiFile(path).tracks[1:]:
        now, events = 0, []
        for msg in track:
            now += msg.time
            if msg.type == 'lyrics':
                events.append((now, msg.text.encode('latin1').decode('utf-8')))
        tracks.append(events)
    return tracks


def midi_pitches(path):
    """Per track, the Counter of note-on keys (velocity > 0)."""
    return [Counter(m.note for m in track if m.type == 'note_on' and m.velocity > 0)
            for track in mido.MidiFile(path).tracks[1:]]


def check(xml_path, score, doc, sounding_mid, written_mid, keys_of, ticks, part_groups):
    """The first way the score's Stave 2 marks differ from what the song says, or None.
    `score` is music21's reading; `keys_of` gives the (MIDI key, member) of a note or chord;
    `part_groups` the staves of each part."""
    from music21 import dynamics, expressions, harmony, stream
    exact = read_directions(xml_path)
    wants = expected(doc, [found['staves'] == 2 for found in exact])
    parts = part_groups(score)
    ppq = mido.MidiFile(sounding_mid).ticks_per_beat
    lyrics = midi_lyrics(sounding_mid)
    grace_pitches = [a - b for a, b in zip(midi_pitches(sounding_mid), midi_pitches(written_mid))]

    def offset(element, staff):
        return Fraction(element.getOffsetInHierarchy(staff)).limit_denominator(1 << 20)

    def each(group, kind):
        """(element, staff) of each element of a class in a part's staves."""
        return [(e, staff) for staff in group for e in staff.recurse().getElementsByClass(kind)]
    spanners = {}
    for sp in score.spannerBundle:
        first = sp.getFirst()
        home = first.getContextByClass(stream.Part) if first is not None else None
        if home is not None:
            spanners.setdefault(home.id, []).append(sp)
    for index, (group, want) in enumerate(zip(parts, wants)):
        name = f'part {index + 1} ({group[0].partName})'
        found = exact[index]
        # What the song places at 'end' (a pedal lift) or past the last bar (a header marker).
        ends = want['pedals'].pop(('end', 'stop'), 0)
        if ends:
            want['pedals'][(found['end'], 'stop')] += ends
        want['rehearsals'] = [r for r in want['rehearsals'] if r[0] <= found['end']]
        if found['wedges'] != want['wedges']:
            return f'{name}: wedges at {sorted(found["wedges"].items())[:4]}, the song has {sorted(want["wedges"].items())[:4]}'
        if found['pedals'] != want['pedals']:
            return f'{name}: pedal marks at {sorted(found["pedals"].items())[:4]}, the song has {sorted(want["pedals"].items())[:4]}'
        own = [sp for staff in group for sp in spanners.get(staff.id, [])]
        got = Counter('crescendo' if isinstance(s, dynamics.Crescendo) else 'diminuendo'
                      for s in own if isinstance(s, dynamics.DynamicWedge))
        if got != want['hairpins']:
            return f'{name}: music21 reads wedges {dict(got)}, the song has hairpins {dict(want["hairpins"])}'
        pedals = sum(1 for s in own if type(s).__name__ == 'PedalMark')
        if pedals != sum(n for (_, kind), n in want['pedals'].items() if kind == 'start'):
            return f'{name}: music21 reads {pedals} pedal marks, the song has {dict(want["pedals"])}'
        marks = sorted((offset(r, staff), r.content) for r, staff in each(group, expressions.RehearsalMark))
        if marks != sorted(want['rehearsals']):
            return f'{name}: rehearsal marks {marks[:4]}, the song has markers {sorted(want["rehearsals"])[:4]}'
        symbols = sorted(each(group, harmony.ChordSymbol), key=lambda c: offset(*c))
        wanted = sorted(want['symbols'], key=lambda s: s[0])
        if len(symbols) != len(wanted):
            return f'{name}: {len(symbols)} chord symbols, the song has {len(wanted)}'
        kinds = sorted(found['kinds'])
        for (symbol, staff), (at, text, root, shift), (kind_at, kind_text) in zip(symbols, wanted, kinds):
            root_class, bass_class, classes = symbol_pitch_classes(text, root, shift)
            got = (offset(symbol, staff), symbol.root().pitchClass,
                   symbol.bass().pitchClass if bass_class is not None else None, {p.pitchClass for p in symbol.pitches})
            if got != (at, root_class, bass_class, classes):
                return f'{name}: chord symbol {symbol.figure} at {got[0]} reads {got[1:]}, the song has {text} at {at}: {(root_class, bass_class, sorted(classes))}'
            chord_name = text.split('/')[0]
            suffix = chord_name[2:] if chord_name[1:2] in ('#', 'b') else chord_name[1:]
            if (kind_at, kind_text) != (at, suffix):
                return f'{name}: <kind text="{kind_text}"> at {kind_at}, the song has {text} at {at}'
        graces = Counter()
        articulated = Counter()
        sung = []
        for element, staff in [(e, staff) for staff in group for e in staff.recurse().notes]:
            at = offset(element, staff)
            if element.duration.isGrace:
                graces[(at, tuple(sorted(k for k, _ in keys_of(element))))] += 1
                continue
            for art in element.articulations:
                if type(art).__name__ in ARTICULATION_CLASSES:
                    articulated[ARTICULATION_CLASSES[type(art).__name__]] += 1
            for lyric in element.lyrics:
                end = at + Fraction(element.quarterLength).limit_denominator(1 << 20)
                sung.append((at, end, lyric.number, lyric.text + ('-' if lyric.syllabic in ('begin', 'middle') else '')))
        if graces != want['graces']:
            return f'{name}: grace notes {sorted(graces.items())[:4]}, the song has {sorted(want["graces"].items())[:4]}'
        heard = Counter(k for (_, keys), n in graces.items() for k in keys for _ in range(n))
        if index < len(grace_pitches) and heard != grace_pitches[index]:
            return f'{name}: grace pitches {dict(heard)}, the MIDI file plays {dict(grace_pitches[index])} more than the written notes'
        if articulated != want['articulations']:
            return f'{name}: articulations {dict(articulated)}, the song has {dict(want["articulations"])}'
        events = lyrics[index] if index < len(lyrics) else []
        sung.sort()
        if [t for *_, t in sung] != [t for _, t in events]:
            return f'{name}: lyrics {[t for *_, t in sung][:6]}, the MIDI file sings {[t for _, t in events][:6]}'
        for (start, end, verse, text), (tick, _) in zip(sung, events):
            if not ticks(start, ppq) <= tick < max(ticks(end, ppq), ticks(start, ppq) + 1):
                return f'{name}: lyric "{text}" on a note at {start}, the MIDI file sings it at tick {tick}'
            copy_verse = next((v for s, e, v in want['verses'] if s <= start < e), None)
            if verse != copy_verse:
                return f'{name}: lyric "{text}" at {start} is verse {verse}, the song sings verse {copy_verse} there'
    return None
