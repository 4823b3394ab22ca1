"""Referees Stave's MusicXML export with music21 and the MusicXML 3.1 XSD.

For every input song (the examples, the music21 corpus pieces the corpus test converts, and
seeded random songs of the model referee), `stave compile` writes both MusicXML and MIDI.
Then:
  * the MusicXML validates against the MusicXML 3.1 XSD (xmlschema, partitura's copy);
  * music21 parses it without a warning;
  * per part, music21's notes (offset, length, MIDI key, ties) -- tied pieces joined pitch by
    pitch, and every tie start matched by a stop where the note ends -- equal the notes of the
    compiler's own MIDI file, track by track (times in ticks, rounded as LANGUAGE.md rounds);
  * the key signature, the time signatures and the tempo marks equal the MIDI conductor track's;
  * on corpus pieces, the spelling music21 reads back (F# vs G-) equals the original score's
    for at least 99 % of the notes that start together (the figure is printed).
The MIDI file is the honest comparison: it is written by a separate backend from the same
Composition (Performance's expansion of repeats and syncs, ties joined), and LANGUAGE.md fixes
what it must contain; the model referee and the corpus test check it against independent
references. A short self-test first corrupts a file in three ways and requires each to be caught.

Usage: python3 referee.py --stave PATH --xsd PATH [--count N] [--seed S] [--jobs J]
                          [--only examples|corpus|model] [--every K] [--keep DIR] [--verbose]
Ends with `N passed, M failed`; exits 1 when anything failed.
"""
import argparse
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from math import floor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'corpus'))
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'model'))

with contextlib.redirect_stderr(io.StringIO()):   # music21 warns that matplotlib is missing
    import music21
from music21 import chord, converter, key, meter, note, stream, tempo  # noqa: E402
import mido  # noqa: E402
import xmlschema  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402

import check as corpus_check  # noqa: E402  (Tests/corpus/check.py: selection, loading)
import marks  # noqa: E402  (Tests/musicxml/marks.py: the Stave 2 marks)
import staves  # noqa: E402  (Tests/musicxml/staves.py: parts of several tracks)
import form_check  # noqa: E402  (Tests/musicxml/form_check.py: the Stave 3 form)
import stave_text  # noqa: E402
import to_stave  # noqa: E402
import random_songs  # noqa: E402

MODEL_SEED = 20240601
# The model's random songs place phrases as far as bar 400,000; a score writes every measure of
# every part (half a gigabyte for such a song), so songs with more measures than this in all
# their parts are passed over, and as many more seeds are taken as needed for --count songs.
MOST_MEASURES = 1_000
MIN_CORPUS = 800          # the corpus test converts about 900 pieces; fewer means lost inputs
SPELLING_TARGET = Fraction(99, 100)

# The drum layout of Sources/StaveMusicXML/DrumNotation.swift, written out again here so that
# the test reads each drum key back from its staff position and notehead.
DRUM_LAYOUT = {
    35: ('E', 4, 'normal'), 36: ('F', 4, 'normal'), 37: ('C', 5, 'x'), 38: ('C', 5, 'normal'),
    39: ('B', 4, 'x'), 40: ('C', 5, 'diamond'), 41: ('G', 4, 'normal'), 42: ('G', 5, 'x'),
    43: ('A', 4, 'normal'), 44: ('D', 4, 'x'), 45: ('B', 4, 'normal'), 46: ('G', 5, 'circle-x'),
    47: ('D', 5, 'normal'), 48: ('E', 5, 'normal'), 49: ('A', 5, 'x'), 50: ('F', 5, 'normal'),
    51: ('F', 5, 'x'), 52: ('B', 5, 'x'), 53: ('F', 5, 'diamond'), 54: ('E', 5, 'x'),
    55: ('B', 5, 'diamond'), 56: ('E', 5, 'triangle'), 57: ('A', 5, 'circle-x'),
    58: ('D', 5, 'x'), 59: ('F', 5, 'circle-x'),
}
_AUX = [('D', 4), ('E', 4), ('F', 4), ('G', 4), ('A', 4), ('B', 4), ('C', 5), ('D', 5), ('E', 5),
        ('F', 5), ('G', 5)]
for _k in range(60, 82):
    _s, _o = _AUX[(_k - 60) % len(_AUX)]
    DRUM_LAYOUT[_k] = (_s, _o, 'square' if _k <= 70 else 'inverted triangle')
DRUM_KEYS = {place: k for k, place in DRUM_LAYOUT.items()}
assert len(DRUM_KEYS) == len(DRUM_LAYOUT), 'two drum keys share a staff position and notehead'

_schema = None


def schema(xsd):
    """The MusicXML 3.1 schema, its W3C imports taken from xmlschema's own copies (offline)."""
    global _schema
    if _schema is None:
        base = os.path.join(os.path.dirname(xmlschema.__file__), 'schemas')
        _schema = xmlschema.XMLSchema(xsd, locations=[
            ('http://www.w3.org/XML/1998/namespace', os.path.join(base, 'XML', 'xml.xsd')),
            ('http://www.w3.org/1999/xlink', os.path.join(base, 'XLINK', 'xlink.xsd'))])
    return _schema


def ticks(quarters, ppq):
    return floor(Fraction(quarters) * ppq + Fraction(1, 2))


# ----------------------------------------------------------------------------- reading ours ---

def parse_quietly(path):
    """music21's score of a MusicXML file, and every warning or message it gave."""
    said = io.StringIO()
    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stderr(said), \
            contextlib.redirect_stdout(said):
        warnings.simplefilter('always')
        score = converter.parse(path, format='musicxml', forceSource=True)
        # A part reaching below C0 is written an octave up with a <transpose>: compare sound.
        score = score.toSoundingPitch()
    messages = [str(w.message) for w in caught] + [line for line in said.getvalue().splitlines() if line.strip()]
    return score, messages


def keys_of(element):
    """(MIDI key, music21 object) of each sounding member of a note, chord or drum note."""
    if isinstance(element, note.Unpitched):
        place = (element.displayStep, element.displayOctave, element.notehead)
        return [(DRUM_KEYS.get(place, -1), element)]
    if isinstance(element, chord.ChordBase):
        return [m for n in element.notes for m in keys_of(n)]
    return [(element.pitch.midi, element)]


def part_groups(score):
    """music21's parts of a score, each a list of its staves: a part written on two staves (a
    piano's grand staff) reads as two PartStaffs, `P1-Staff1` and `P1-Staff2`."""
    groups, names = [], []
    for part in score.parts:
        match = re.match(r'(.*)-Staff\d+$', str(part.id)) if isinstance(part, stream.PartStaff) else None
        name = match.group(1) if match else None
        if name is not None and names and names[-1] == name:
            groups[-1].append(part)
        else:
            groups.append([part])
            names.append(name)
    return groups


def staff_elements(group):
    """(element, staff) of every note, chord and rest of a part (a staff or a list of staves)."""
    for staff in (group if isinstance(group, list) else [group]):
        for element in staff.recurse().notes:
            yield element, staff


def score_notes(part):
    """(notes, problems): music21's notes of a part (its staves) as (start, end, key) in
    quarters, tied pieces joined (join_ties)."""
    pieces = []
    for element, staff in staff_elements(part):
        if element.quarterLength == 0:
            continue
        start = Fraction(element.getOffsetInHierarchy(staff)).limit_denominator(1 << 20)
        end = start + Fraction(element.quarterLength).limit_denominator(1 << 20)
        for k, member in keys_of(element):
            tie = member.tie.type if member.tie is not None else None
            pieces.append((start, end, k, tie))
    return join_ties(pieces)


def join_ties(pieces):
    """(notes, problems) from (start, end, key, tie) pieces: tied pieces joined pitch by pitch
    into (start, end, key) notes, and what is wrong with the ties (a stop with nothing to
    continue, a start that nothing continues)."""
    pieces.sort(key=lambda p: (p[0], p[2]))
    notes, problems = [], []
    open_ties = {}   # key -> index of the note a tie start left open
    for start, end, k, tie in pieces:
        if tie in ('stop', 'continue'):
            index = open_ties.pop(k, None)
            if index is None or notes[index][1] != start:
                problems.append(f'tie {tie} on key {k} at {start} continues nothing')
                notes.append([start, end, k])
                index = len(notes) - 1
            else:
                notes[index][1] = end
        else:
            if k in open_ties:
                problems.append(f'tie start on key {k} at {notes[open_ties[k]][0]} is not continued')
                del open_ties[k]
            notes.append([start, end, k])
            index = len(notes) - 1
        if tie in ('start', 'continue'):
            open_ties[k] = index
    problems += [f'tie start on key {k} at {notes[i][0]} is not continued' for k, i in open_ties.items()]
    return notes, problems


STEPS = {'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}


def read_exactly(path):
    """A second reading, exact at any <divisions> (music21 rounds offsets to denominators up to
    65535): per part, the (start, end, key, tie) pieces in quarter notes, by the MusicXML rules
    alone -- durations, <chord/>, <backup>, <forward>, <transpose>, ties, and drum keys from
    each note's <instrument> and its <midi-unpitched>."""
    root = ET.parse(path).getroot()
    unpitched = {}
    for instrument in root.iter('midi-instrument'):
        key_text = instrument.findtext('midi-unpitched')
        if key_text:
            unpitched[instrument.get('id')] = int(key_text) - 1
    parts = []
    for part in root.iter('part'):
        time, last_start, divisions, shift, pieces = 0, 0, 1, 0, []
        for measure in part.iter('measure'):
            for element in measure:
                if element.tag == 'attributes':
                    divisions = int(element.findtext('divisions') or divisions)
                    change = element.find('transpose')
                    if change is not None:
                        shift = int(change.findtext('chromatic') or 0) + 12 * int(change.findtext('octave-change') or 0)
                elif element.tag == 'backup':
                    time -= int(element.findtext('duration'))
                elif element.tag == 'forward':
                    time += int(element.findtext('duration'))
                elif element.tag == 'note':
                    if element.find('grace') is not None:
                        continue   # grace notes take no written time (marks.py checks them)
                    duration = int(element.findtext('duration'))
                    start = last_start if element.find('chord') is not None else time
                    if element.find('chord') is None:
                        last_start = start
                        time += duration
                    if element.find('rest') is not None:
                        continue
                    pitch = element.find('pitch')
                    if pitch is not None:
                        k = (12 * (int(pitch.findtext('octave')) + 1) + STEPS[pitch.findtext('step')]
                             + int(pitch.findtext('alter') or 0) + shift)
                    else:
                        instrument = element.find('instrument')
                        k = unpitched.get(instrument.get('id') if instrument is not None else None, -1)
                    types = {t.get('type') for t in element.findall('tie')}
                    tie = 'continue' if types == {'start', 'stop'} else next(iter(types), None)
                    pieces.append((Fraction(start, divisions), Fraction(start + duration, divisions), k, tie))
        parts.append(pieces)
    return parts


def spelled(part):
    """{(offset, MIDI key): pitch name} of a part's pitched notes."""
    names = {}
    for element, staff in staff_elements(part):
        if isinstance(element, note.Unpitched) or element.quarterLength == 0:
            continue
        offset = Fraction(element.getOffsetInHierarchy(staff)).limit_denominator(1 << 20)
        members = element.notes if isinstance(element, chord.ChordBase) else [element]
        for m in members:
            if hasattr(m, 'pitch'):
                names[(offset, m.pitch.midi)] = m.pitch.name
    return names


# ------------------------------------------------------------------------------ MIDI facts ---

def midi_facts(path):
    midi = mido.MidiFile(path)
    conductor = {'tempo': [], 'meter': [], 'key': []}
    now = 0
    for msg in midi.tracks[0]:
        now += msg.time
        if msg.type == 'set_tempo':
            conductor['tempo'].append((now, Fraction(60_000_000, msg.tempo)))
        elif msg.type == 'time_signature':
            conductor['meter'].append((now, msg.numerator, msg.denominator))
        elif msg.type == 'key_signature':
            conductor['key'].append((now, msg.key))
    tracks = [sorted(corpus_check.midi_notes(t)) for t in midi.tracks[1:]]
    return midi.ticks_per_beat, tracks, conductor


def deduplicated(events, same):
    out = []
    for e in events:
        if out and same(out[-1], e):
            continue
        out.append(e)
    return out


def compare_song(xml_path, mid_path):
    """The first difference between our MusicXML (read by music21) and our MIDI, or None;
    and the music21 score."""
    score, messages = parse_quietly(xml_path)
    if messages:
        return f'music21 warned: {messages[0][:200]}', score
    ppq, tracks, conductor = midi_facts(mid_path)
    tracks = staves.merged(tracks, mid_path)   # parts of several tracks (staves.py)
    parts = part_groups(score)
    if len(parts) != max(1, len(tracks)):
        return f'{len(parts)} parts for {len(tracks)} MIDI tracks', score
    end_tick = 0
    for index, (part, want) in enumerate(zip(parts, tracks)):
        notes, problems = score_notes(part)
        if problems:
            return f'part {index + 1}: {problems[0]}', score
        got = sorted(t for t in ((ticks(s, ppq), ticks(e, ppq) - ticks(s, ppq), k) for s, e, k in notes)
                     if t[1] > 0)
        difference = corpus_check.first_difference(got, want)
        if difference:
            return f'part {index + 1} ({part[0].partName}): {difference.replace("stave", "MusicXML").replace("music21", "MIDI")}', score
        end_tick = max([end_tick] + [s + d for s, d, _ in want])
    first = parts[0][0]
    measures = list(first.getElementsByClass(stream.Measure))
    score_end = ticks(Fraction(measures[-1].offset) + Fraction(measures[-1].barDuration.quarterLength), ppq) if measures else 0
    # Tempo marks: (tick, bpm), repeated values dropped (MIDI rounds microseconds per quarter).
    # Marks at different exact times can round to one tick, where MIDI keeps one of them
    # (LANGUAGE.md rule 8, by file order, which a score does not show): there, MIDI's must be
    # one of ours.
    same_bpm = lambda a, b: abs(a[1] - b[1]) <= a[1] / 100_000  # noqa: E731
    midi_tempos = [(t, b) for t, b in conductor['tempo'] if t < score_end or t == 0]
    midi_at = dict(midi_tempos)
    marks = []
    for m in first.recurse().getElementsByClass(tempo.MetronomeMark):
        mark = (ticks(Fraction(m.getOffsetInHierarchy(first)).limit_denominator(1 << 20), ppq), Fraction(m.number).limit_denominator(1000))
        if marks and marks[-1][0] == mark[0]:
            if mark[0] in midi_at and same_bpm(marks[-1], (mark[0], midi_at[mark[0]])):
                continue
            marks.pop()
        marks.append(mark)
    got, want = deduplicated(marks, same_bpm), deduplicated(midi_tempos, same_bpm)
    if len(got) != len(want) or any(g[0] != w[0] or not same_bpm(g, w) for g, w in zip(got, want)):
        return f'tempo marks {[(t, float(b)) for t, b in got[:4]]}, MIDI {[(t, float(b)) for t, b in want[:4]]}', score
    signatures = [(ticks(Fraction(s.getOffsetInHierarchy(first)).limit_denominator(1 << 20), ppq), s.numerator, s.denominator)
                  for s in first.recurse().getElementsByClass(meter.TimeSignature)]
    same_meter = lambda a, b: a[1:] == b[1:]  # noqa: E731
    got = deduplicated(signatures, same_meter)
    want = deduplicated([m for m in conductor['meter'] if m[0] < score_end or m[0] == 0], same_meter)
    if got != want:
        return f'time signatures {got[:4]}, MIDI {want[:4]}', score
    signature = first.recurse().getElementsByClass(key.KeySignature).first()
    midi_key = conductor['key'][0][1] if conductor['key'] else 'C'
    want_key = (corpus_check.MIDO_KEY_SHARPS.get(midi_key, corpus_check.MIDO_MINOR_SHARPS.get(midi_key)),
                'minor' if midi_key.endswith('m') else 'major')
    got_key = (signature.sharps if signature is not None else 0,
               getattr(signature, 'mode', None) or 'major')
    if got_key != want_key:
        return f'key signature {got_key}, MIDI {midi_key} {want_key}', score
    return None, score


# --------------------------------------------------------------------------------- one song ---

def compile_both(stave, text, base, most_measures=None):  # noqa: C901
    """None, or why `stave compile` failed for MIDI or MusicXML; 'too long' when the song has
    more than `most_measures` measures in all its parts."""
    with open(base + '.stave', 'w', encoding='utf-8') as f:
        f.write(text)
    for suffix in ('.mid', '.musicxml', '.json'):
        run = subprocess.run([stave, 'compile', base + '.stave', '-o', base + suffix],
                             capture_output=True, text=True)
        if run.returncode != 0:
            lines = run.stderr.strip().splitlines() or ['(no message)']
            message = next((line for line in lines if 'error:' in line), lines[0])
            return f'stave compile -o {suffix} exit {run.returncode}: {message}'
        summary = re.search(r'— (\d+) tracks?, .* (\d+) bars?$', run.stderr.strip())
        if suffix == '.mid' and most_measures is not None and summary:
            if max(1, int(summary.group(1))) * max(1, int(summary.group(2))) > most_measures:
                return 'too long'
    return None


MUSIC21_DIVISIONS = 65535

def written_midi(stave, doc, base):
    """The MIDI file of the song's written notes (`marks.written`: no grace groups, articulation
    marks or legato), made by `stave print` from the stripped save file and compiled: what a
    score of a Stave 2 song writes as its notes. None and why when that fails."""
    with open(base + '.written.json', 'w', encoding='utf-8') as f:
        json.dump(marks.written(doc), f)
    for command in (['print', base + '.written.json', '-o', base + '.written.stave'],
                    ['compile', base + '.written.stave', '-o', base + '.written.mid']):
        run = subprocess.run([stave] + command, capture_output=True, text=True)
        if run.returncode != 0:
            return None, f'stave {command[0]} of the written notes exit {run.returncode}: {run.stderr.strip()[:200]}'
    return base + '.written.mid', None


def exact_problem(xml_path, mid_path):
    """The first difference between the exact reading of our MusicXML and our MIDI, or None."""
    ppq, tracks, _ = midi_facts(mid_path)
    tracks = staves.merged(tracks, mid_path)   # parts of several tracks (staves.py)
    parts = read_exactly(xml_path)
    if len(parts) != max(1, len(tracks)):
        return f'{len(parts)} parts for {len(tracks)} MIDI tracks'
    for index, (pieces, want) in enumerate(zip(parts, tracks)):
        notes, problems = join_ties(pieces)
        if problems:
            return f'part {index + 1} (exact reading): {problems[0]}'
        got = sorted(t for t in ((ticks(s, ppq), ticks(e, ppq) - ticks(s, ppq), k) for s, e, k in notes) if t[1] > 0)
        difference = corpus_check.first_difference(got, want)
        if difference:
            return f'part {index + 1} (exact reading): {difference.replace("stave", "MusicXML").replace("music21", "MIDI")}'
    return None


def check_file(xml_path, mid_path, xsd):
    """(problem or None, music21 score or None): the schema, the exact reading, then music21's
    -- unless the file's <divisions> exceed what music21 reads exactly (then the score is None)."""
    error = next(iter(schema(xsd).iter_errors(xml_path)), None)
    if error is not None:
        return f'XSD: {str(error.reason or error)[:200]} at {error.path}', None
    problem = exact_problem(xml_path, mid_path)
    if problem:
        return problem, None
    with open(xml_path, encoding='utf-8') as f:
        divisions = max(int(d) for d in re.findall(r'<divisions>(\d+)</divisions>', f.read()))
    if divisions > MUSIC21_DIVISIONS:
        return None, None
    return compare_song(xml_path, mid_path)


def check_song(job):
    """('OK' | 'FAIL' | 'SKIP', group, name, detail, (matched, total) spellings)."""
    group, name, payload, stave, workdir, xsd = job
    base = os.path.join(workdir, re.sub(r'[^A-Za-z0-9.]+', '_', name))
    original = None
    try:
        if group == 'examples':
            with open(payload, encoding='utf-8') as f:
                text = f.read()
        elif group == 'model':
            text = random_songs.generate(payload)
        else:
            _, _, path, number = payload
            try:
                original = corpus_check.load(path, number)
            except Exception as e:
                return 'SKIP', group, name, f'music21 cannot read it ({type(e).__name__})', None
            if isinstance(original, stream.Opus):
                original = original.scores[0]
            try:
                piece = to_stave.analyse(original)
                text = stave_text.render(piece, 'phrases') or stave_text.render(piece, 'single')
            except stave_text.Unsupported as e:
                return 'SKIP', group, name, str(e), None
    except Exception as e:
        return 'FAIL', group, name, f'could not make the song: {e!r}', None
    failure = compile_both(stave, text, base, MOST_MEASURES if group == 'model' else None)
    if failure == 'too long':
        return 'SKIP', group, name, f'more than {MOST_MEASURES} measures in all parts', None
    if group == 'model' and failure and 'spans more octaves than MusicXML can write' in failure:
        return 'SKIP', group, name, 'a part from below MIDI 10 to above MIDI 119: MusicXML cannot write it', None
    if failure:
        return 'FAIL', group, name, failure, None
    with open(base + '.json', encoding='utf-8') as f:
        doc = json.load(f)
    # Stave 3 form (form_check.py): the score is written once, the MIDI plays the performance.
    doc, form = form_check.split_form(doc)
    performance = base + '.mid'
    if form is not None:
        written, failure = form_check.written_reference(stave, doc, base)
        if failure:
            return 'FAIL', group, name, failure, None
        if not form_check.has_jump(form):
            problem = form_check.expanded_problem(base + '.musicxml', performance)
            if problem:
                return 'FAIL', group, name, 'expandRepeats: ' + problem, None
        performance = written
    v2 = marks.has_v2(doc)
    reference = performance
    if v2 or marks.has_feel(doc):
        reference, failure = written_midi(stave, doc, base)
        if failure:
            return 'FAIL', group, name, failure, None
    try:
        problem, ours = check_file(base + '.musicxml', reference, xsd)
        if not problem and v2 and ours is not None:
            problem = marks.check(base + '.musicxml', ours, doc, performance, reference, keys_of, ticks, part_groups)
    except Exception as e:
        return 'FAIL', group, name, f'referee error: {e!r}', None
    if problem:
        return 'FAIL', group, name, problem, None
    if v2 and ours is None:
        return 'OK', group, name, 'exact reading only', None
    spelling = None
    if ours is None:
        return 'OK', group, name, 'exact reading only', None
    if original is not None:
        matched = total = 0
        want_parts = [spelled(p) for p in original.parts]
        for index, part in enumerate(part_groups(ours)):
            want = want_parts[piece.track_parts[index]]
            for place, name_read in spelled(part).items():
                if place in want:
                    total += 1
                    matched += want[place] == name_read
        spelling = (matched, total)
    for suffix in ('.stave', '.musicxml', '.mid', '.json', '.written.json', '.written.stave', '.written.mid'):
        if not KEEP:
            with contextlib.suppress(OSError):
                os.remove(base + suffix)
    return 'OK', group, name, 'stave 2' if v2 else '', spelling


KEEP = False


# ------------------------------------------------------------------------------- self-test ---

def self_test(stave, workdir, xsd):
    """The referee catches three corruptions of a good file: a note an octave off, a missing
    tie stop (each by both readings), and an element out of schema order. Returns (passed,
    failed)."""
    example = os.path.join(ROOT, 'Examples', 'tied-together.stave')
    base = os.path.join(workdir, 'self-test')
    with open(example, encoding='utf-8') as f:
        failure = compile_both(stave, f.read(), base)
    if failure:
        print(f'FAIL self-test: {failure}')
        return 0, 1
    with open(base + '.musicxml', encoding='utf-8') as f:
        good = f.read()
    problem, _ = check_file(base + '.musicxml', base + '.mid', xsd)
    passed, failed = 0, 0
    if problem:
        print(f'FAIL self-test: the uncorrupted file fails: {problem}')
        failed += 1
    else:
        passed += 1
    corruptions = {
        'pitch': lambda t: t.replace('<octave>4</octave>', '<octave>5</octave>', 1),
        'tie': lambda t: t.replace('<tie type="stop"/>', '', 1).replace('<tied type="stop"/>', '', 1),
        'schema': lambda t: re.sub(r'(<duration>\d+</duration>)(<voice>\d+</voice>)', r'\2\1', t, count=1),
    }
    for label, corrupt in corruptions.items():
        caught = corruption_caught(label, corrupt, good, base + '.musicxml',
                                   lambda: check_file(base + '.musicxml', base + '.mid', xsd)[0])
        passed, failed = passed + caught, failed + (not caught)
        if label != 'schema':
            # The exact reading caught it first; music21's reading must catch it too.
            problem, _ = compare_song(base + '.musicxml', base + '.mid')
            if problem:
                passed += 1
                print(f'self-test: {label} corruption caught by music21 too: {problem[:100]}')
            else:
                failed += 1
                print(f'FAIL self-test: music21\'s reading missed the {label} corruption')
    return passed, failed


# Each corruption of a Stave 2 example's file that the marks check must catch.
MARK_CORRUPTIONS = [
    ('amazing-grace.stave', 'lyric text', lambda t: t.replace('<text>maz</text>', '<text>mas</text>', 1)),
    ('amazing-grace.stave', 'lyric verse', lambda t: t.replace('<lyric number="2">', '<lyric number="1">', 1)),
    ('amazing-grace.stave', 'lyric syllabic', lambda t: t.replace('<syllabic>begin</syllabic>', '<syllabic>single</syllabic>', 1)),
    ('amazing-grace.stave', 'chord kind', lambda t: t.replace('<kind text="7">dominant</kind>', '<kind text="7">major</kind>', 1)),
    ('amazing-grace.stave', 'chord bass', lambda t: t.replace('<bass-step>F</bass-step>', '<bass-step>G</bass-step>', 1)),
    ('amazing-grace.stave', 'rehearsal mark', lambda t: t.replace('<rehearsal>Verse 2</rehearsal>', '<rehearsal>Verse 3</rehearsal>', 1)),
    ('gymnopedie.stave', 'wedge type', lambda t: t.replace('<wedge type="crescendo"', '<wedge type="diminuendo"', 1)),
    ('gymnopedie.stave', 'wedge stop', lambda t: re.sub(r'<direction placement="below"><direction-type><wedge type="stop"[^\n]*\n', '', t, count=1)),
    ('gymnopedie.stave', 'pedal', lambda t: t.replace('<pedal type="stop" line="yes"/>', '<pedal type="start" line="yes"/>', 1)),
    ('gymnopedie.stave', 'grace pitch', lambda t: t.replace('<grace slash="yes"/><pitch><step>E</step>', '<grace slash="yes"/><pitch><step>F</step>', 1)),
    ('yankee-doodle.stave', 'accent', lambda t: t.replace('<accent/>', '', 1)),
    ('yankee-doodle.stave', 'staccato', lambda t: t.replace('<staccato/>', '<tenuto/>', 1)),
]


def self_test_marks(stave, workdir, xsd):
    """The marks check passes the three Stave 2 examples and catches each of MARK_CORRUPTIONS.
    Returns (passed, failed)."""
    passed = failed = 0
    made = {}
    for example, label, corrupt in MARK_CORRUPTIONS:
        base = os.path.join(workdir, 'self-test-' + example.replace('.stave', ''))
        if example not in made:
            with open(os.path.join(ROOT, 'Examples', example), encoding='utf-8') as f:
                failure = compile_both(stave, f.read(), base)
            reference = None
            if not failure:
                with open(base + '.json', encoding='utf-8') as f:
                    doc = json.load(f)
                reference, failure = written_midi(stave, doc, base)
            if not failure:
                with open(base + '.musicxml', encoding='utf-8') as f:
                    good = f.read()
                failure = marks_problem(base, doc, reference, xsd)
            made[example] = (failure, doc if not failure else None, reference, good if not failure else None)
            if failure:
                print(f'FAIL self-test: the uncorrupted {example} fails: {failure}')
                failed += 1
            else:
                passed += 1
        failure, doc, reference, good = made[example]
        if failure:
            continue
        caught = corruption_caught(f'{label} ({example})', corrupt, good, base + '.musicxml',
                                   lambda: marks_problem(base, doc, reference, xsd))
        passed, failed = passed + caught, failed + (not caught)
    return passed, failed


def corruption_caught(label, corrupt, good, path, problem_of):
    """Writes `corrupt(good)` to `path`; True when `problem_of()` then finds a problem."""
    bad = corrupt(good)
    if bad == good:
        print(f'FAIL self-test: the {label} corruption changed nothing')
        return False
    with open(path, 'w', encoding='utf-8') as f:
        f.write(bad)
    problem = problem_of()
    if problem:
        print(f'self-test: {label} corruption caught: {problem[:100]}')
        return True
    print(f'FAIL self-test: the {label} corruption was not caught')
    return False


def marks_problem(base, doc, reference, xsd):
    """check_file against the written notes, then the marks check."""
    problem, ours = check_file(base + '.musicxml', reference, xsd)
    if problem or ours is None:
        return problem or 'music21 did not read it'
    return marks.check(base + '.musicxml', ours, doc, base + '.mid', reference, keys_of, ticks, part_groups)


def main():
    global KEEP
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--stave', default=os.path.join(ROOT, '.build', 'debug', 'stave'))
    parser.add_argument('--xsd', required=True)
    parser.add_argument('--count', type=int, default=300, help='random songs (default 300)')
    parser.add_argument('--seed', type=int, default=MODEL_SEED)
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    parser.add_argument('--only', choices=['examples', 'corpus', 'model'])
    parser.add_argument('--keep', help='keep every .stave, .musicxml and .mid here')
    parser.add_argument('--every', type=int, default=1, metavar='K',
                        help='corpus: only every K-th piece (the quick tier; the corpus minimum shrinks by K)')
    parser.add_argument('--verbose', action='store_true')
    options = parser.parse_args()
    stave = os.path.abspath(options.stave)
    if not os.access(stave, os.X_OK):
        print(f'musicxml: no stave binary at {stave}')
        print('0 passed, 1 failed')
        return 1
    KEEP = bool(options.keep)
    began = time.time()
    jobs = []
    with tempfile.TemporaryDirectory(prefix='stave-musicxml.') as tmp:
        workdir = options.keep or tmp
        os.makedirs(workdir, exist_ok=True)
        passed, failed = self_test(stave, workdir, options.xsd) if not options.only else (0, 0)
        if options.only in (None, 'examples'):
            more_passed, more_failed = self_test_marks(stave, workdir, options.xsd)
            passed, failed = passed + more_passed, failed + more_failed
            more_passed, more_failed = staves.self_test(stave, workdir, ROOT, converter, stream)
            passed, failed = passed + more_passed, failed + more_failed
        # The examples, and the referee's own songs (Tests/musicxml/songs: corners of Stave 2).
        examples = sorted(os.path.join(ROOT, 'Examples', n) for n in os.listdir(os.path.join(ROOT, 'Examples'))
                          if n.endswith('.stave'))
        examples += sorted(os.path.join(HERE, 'songs', n) for n in os.listdir(os.path.join(HERE, 'songs'))
                           if n.endswith('.stave'))
        if options.only in (None, 'examples'):
            jobs += [('examples', os.path.basename(p), p) for p in examples]
        if options.only in (None, 'corpus'):
            jobs += [('corpus', p[0], p) for p in corpus_check.selection()[::max(1, options.every)]]
        if options.only in (None, 'model'):
            jobs += [('model', f'song-{options.seed}-{i}', options.seed * 1_000_003 + i)
                     for i in range(options.count + options.count // 2)]
        work = [(g, n, p, stave, workdir, options.xsd) for g, n, p in jobs]
        with ProcessPoolExecutor(max(1, options.jobs)) as pool:
            results = list(pool.map(check_song, work, chunksize=4))
    counts = {}
    skipped = {}
    exact_only = {}
    stave2 = {}
    matched = total = 0
    # The first --count model songs that are not too long.
    model = [r for r in results if r[1] == 'model' and r[0] != 'SKIP'][:options.count]
    results = [r for r in results if r[1] != 'model' or r[0] == 'SKIP'] + model
    for status, group, name, detail, spelling in results:
        counts.setdefault(group, {'OK': 0, 'FAIL': 0, 'SKIP': 0})[status] += 1
        if spelling:
            matched += spelling[0]
            total += spelling[1]
        if status == 'OK' and detail == 'exact reading only':
            exact_only[group] = exact_only.get(group, 0) + 1
        if status == 'OK' and detail == 'stave 2':
            stave2[group] = stave2.get(group, 0) + 1
        if status == 'FAIL':
            print(f'FAIL {group} {name}: {detail}')
        elif status == 'SKIP':
            skipped[detail] = skipped.get(detail, 0) + 1
        elif options.verbose:
            print(f'OK {group} {name}')
    for reason, n in sorted(skipped.items(), key=lambda item: -item[1]):
        print(f'SKIP ({reason}): {n} songs')
    for group, c in counts.items():
        line = f'{group}: {c["OK"]} ok, {c["FAIL"]} failed, {c["SKIP"]} skipped'
        if stave2.get(group):
            line += (f'; {stave2[group]} of the ok ones have Stave 2 marks, checked against the song too '
                     '(written notes, grace notes, articulations, lyrics, chord symbols, wedges, pedal, rehearsal marks)')
        if exact_only.get(group):
            line += (f'; {c["OK"] - exact_only[group]} of the ok ones read by music21 too (the others have '
                     f'<divisions> above {MUSIC21_DIVISIONS}, which music21 rounds: checked by the schema '
                     'and the exact reading)')
        print(line)
        passed += c['OK']
        failed += c['FAIL']
    minimums = {'examples': len(examples), 'corpus': MIN_CORPUS // max(1, options.every), 'model': options.count}
    for group, minimum in minimums.items():
        if options.only in (None, group) and counts.get(group, {}).get('OK', 0) < minimum:
            print(f'FAIL {group}: {counts.get(group, {}).get("OK", 0)} songs passed, expected at least {minimum}')
            failed += 1
    if options.only in (None, 'corpus'):
        share = Fraction(matched, total) if total else Fraction(0)
        print(f'spelling: {matched} of {total} corpus notes read back as the original score spells them '
              f'({float(share) * 100:.2f} %, at least {float(SPELLING_TARGET) * 100:.0f} % required)')
        if total and share >= SPELLING_TARGET:
            passed += 1
        else:
            failed += 1
    print(f'musicxml: {time.time() - began:.0f} s')
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
