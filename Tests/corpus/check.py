"""Compiles real music from the music21 corpus with Stave and referees the MIDI it writes.

For every selected piece: music21 parses it, to_stave.py writes Stave text, `stave compile`
must exit 0, and mido reads the MIDI file back. The referee compares, part by part, the list
of notes (start tick, length in ticks, MIDI key) with the list music21 itself computes from
the score (offsets in quarter lengths x ppq, tied notes merged pitch by pitch). It also checks
the program of every track, the warning about events between ticks, that the bars of the
MIDI time-signature map start where music21's measures start, and that the key signature
matches music21's first key signature. Every piece is written in two layouts (see
stave_text.py) and both must pass.

Usage: python3 check.py [--stave PATH] [--only SUBSTRING] [--verbose] [--keep DIR] [--jobs N]
                       [--corrupt K]
Prints a line per failed piece (FAIL with the first difference), the skipped pieces grouped by
reason (SKIP), a summary, and `N passed, M failed` on the last line; --verbose prints one line
per piece instead, OK lines included. Exits 1 on failures.
"""
import argparse
import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from math import floor

with contextlib.redirect_stderr(io.StringIO()):   # music21 warns that matplotlib is missing
    import music21
from music21 import chord, corpus, harmony, key, stream
import mido

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stave_text  # noqa: E402
import to_stave  # noqa: E402

CORPUS_DIR = os.path.dirname(corpus.__file__)

# The selection: deterministic lists built from the pinned music21's corpus directory.
BACH_STRIDE = 1           # every Bach chorale file
RYAN_STRIDE = 4           # every 4th tune of Ryan's Mammoth Collection (one file per tune)
ESSEN_FILES = ['altdeu10', 'ballad10', 'boehme10', 'dva0', 'erk5', 'han1', 'kinder0', 'zuccal0']
ESSEN_PER_FILE = 15       # the first tunes of each Essen collection
OPUS_FILES = ['oneills1850/0001-0050.abc', 'miscFolk/americanfifeopus.abc',
              'nottingham-dataset/reelsa-c.abc']
OTHER = ['palestrina/Agnus_01.krn', 'palestrina/Kyrie_00.krn', 'monteverdi/madrigal.3.1.mxl',
         'monteverdi/madrigal.4.1.mxl', 'josquin/milleRegrets.abc', 'joplin/maple_leaf_rag.mxl',
         'corelli/opus3no1/1grave.xml', 'haydn/opus74no1/movement1.mxl',
         'luca/gloria.xml', 'schoenberg/opus19/movement2.mxl', 'beethoven/opus18no1/movement1.mxl']


# The fewest pieces each group of a full selection may have (917 / 429 with the pinned music21):
# a selection that shrank, say because the corpus moved, must fail rather than test less.
MIN_PIECES = {'bach': 400, 'folk': 480, 'other': 10, 'wide': 400}


def files(folder, suffixes):
    path = os.path.join(CORPUS_DIR, folder)
    return sorted(f'{folder}/{name}' for name in os.listdir(path) if name.endswith(suffixes))


def tune_numbers(path):
    """The X: reference numbers of an ABC collection, in file order (read as text: cheap)."""
    with open(os.path.join(CORPUS_DIR, path), encoding='latin-1') as f:
        return [int(m.group(1)) for m in re.finditer(r'^X:\s*(\d+)', f.read(), re.M)]


def selection():
    """[(name, group, corpus path, tune number or None)] in a fixed order."""
    pieces = [(p, 'bach', p, None) for p in files('bach', ('.mxl', '.xml', '.krn'))[::BACH_STRIDE]]
    pieces += [(p, 'folk', p, None) for p in files('ryansMammoth', ('.abc',))[::RYAN_STRIDE]]
    for name in ESSEN_FILES:
        path = f'essenFolksong/{name}.abc'
        pieces += [(f'{path}#{n}', 'folk', path, n) for n in tune_numbers(path)[:ESSEN_PER_FILE]]
    for path in OPUS_FILES:
        pieces += [(f'{path}#{n}', 'folk', path, n) for n in tune_numbers(path)]
    pieces += [(p, 'other', p, None) for p in OTHER
               if os.path.exists(os.path.join(CORPUS_DIR, p))]
    return pieces


WIDE_FOLDERS = ['beethoven', 'chopin', 'cpebach', 'handel', 'haydn', 'mozart', 'schubert',
                'schumann_clara', 'schumann_robert', 'verdi', 'weber', 'webern', 'trecento', 'demos',
                'leadSheet', 'theoryExercises', 'ciconia', 'beach', 'liliuokalani', 'johnson_j_r',
                'lusitano', 'monteverdi', 'corelli', 'josquin', 'joplin', 'luca', 'schoenberg']


def wide_selection():
    """A larger, slower exploration (--wide): every score file of the folders above, every
    10th Palestrina piece, and the first 40 tunes of Aird's Airs, book 1."""
    suffixes = ('.mxl', '.xml', '.krn', '.musicxml', '.abc')
    pieces = []
    for folder in WIDE_FOLDERS:
        for root, _, names in os.walk(os.path.join(CORPUS_DIR, folder)):
            for n in sorted(names):
                if n.endswith(suffixes):
                    path = os.path.relpath(os.path.join(root, n), CORPUS_DIR)
                    pieces.append((path, 'wide', path, None))
    pieces += [(p, 'wide', p, None) for p in files('palestrina', ('.krn',))[::10]]
    path = 'airdsAirs/book1.abc'
    pieces += [(f'{path}#{n}', 'wide', path, n) for n in tune_numbers(path)[:40]]
    return sorted(set(pieces))


def ticks(quarters, ppq):
    """Quarter lengths to ticks: nearest, halves upward (LANGUAGE.md, rule 9)."""
    return floor(Fraction(quarters) * ppq + Fraction(1, 2))


def in_ticks(notes, ppq):
    """(start, length, key) in ticks, sorted; notes of zero length after rounding are dropped
    (LANGUAGE.md, "Time and MIDI")."""
    found = [(ticks(s, ppq), ticks(e, ppq) - ticks(s, ppq), k) for s, e, k in notes]
    return sorted(n for n in found if n[1] > 0)


def voice_lines(part):
    """The part's voices as separate streams, split by music21's own voicesToParts."""
    if any(m.hasVoices() for m in part.getElementsByClass(stream.Measure)):
        return list(part.voicesToParts().parts)
    return [part]


def reference_notes(part):
    """music21's own note list for a part: (start, end, key) in quarters, ties merged.

    Ties are merged pitch by pitch (LANGUAGE.md rule 2): a note or chord member whose music21
    tie is 'start' or 'continue' is joined with the same MIDI key in the next note or chord of
    its voice when that starts exactly where it ends; a chord naming one key twice sounds it
    once (README, "Chords"). This is what stripTies() does for single
    notes, except that stripTies() also joins a 'stop' note of another pitch (ABC transcribers
    write `B-c` for slurs) and joins chords only when all their pitches match.

    Grace notes sound as LANGUAGE.md "Grace notes" says: k grace items before a main note of
    written length L each last g = min(1/32 whole note, L/(2k)) from the main note's start, one
    after another, and the main note starts k·g later."""
    notes = []
    for line in voice_lines(part):
        tied = {}   # MIDI key -> index in notes, for the ties the previous event started
        graces = []
        for n in line.flatten().notes:
            if isinstance(n, harmony.Harmony):
                continue
            if n.duration.isGrace:
                graces.append(sorted({m.pitch.midi for m in (n.notes if isinstance(n, chord.Chord) else [n])}))
                continue
            if n.quarterLength == 0:
                continue
            start = to_stave.frac(n.offset)
            end = start + to_stave.frac(n.quarterLength)
            if graces:
                g = min(Fraction(1, 8), to_stave.frac(n.quarterLength) / (2 * len(graces)))
                for i, item in enumerate(graces):
                    notes += [[start + i * g, start + (i + 1) * g, k] for k in item]
                start += len(graces) * g
                graces = []
            members = list(n.notes) if isinstance(n, chord.Chord) else [n]
            onward = {}
            seen = set()
            for m in members:
                if m.pitch.midi in seen:
                    continue   # README: a chord that names one pitch twice keeps one note
                seen.add(m.pitch.midi)
                index = tied.get(m.pitch.midi)
                if index is not None and notes[index][1] == start:
                    notes[index][1] = end
                else:
                    notes.append([start, end, m.pitch.midi])
                    index = len(notes) - 1
                if m.tie is not None and m.tie.type in ('start', 'continue'):
                    onward[m.pitch.midi] = index
            tied = onward
    return [tuple(n) for n in notes]


def reference_lyrics(part, ppq):
    """(tick, text) of the verse-1 lyric events a part must have (verse 1: the lowest lyric
    number music21 gives in the voice): one per music21 note with a first-verse syllable, at the note's start (after its grace notes), the text ending in `-`
    when the word goes on (LANGUAGE.md "Lyrics"). MIDI text is read as Latin-1 by mido, so the
    expected text is the UTF-8 bytes seen that way."""
    found = []
    for line in voice_lines(part):
        graces = []
        numbers = [x.number or 1 for n in line.flatten().notes for x in n.lyrics if x.text]
        first_verse = min(numbers, default=1)
        for n in line.flatten().notes:
            if isinstance(n, harmony.Harmony):
                continue
            if n.duration.isGrace:
                graces.append(n)
                continue
            if n.quarterLength == 0:
                continue
            start = to_stave.frac(n.offset)
            if graces:
                start += len(graces) * min(Fraction(1, 8), to_stave.frac(n.quarterLength) / (2 * len(graces)))
                graces = []
            lyric = next((x for x in n.lyrics if x.text and (x.number or 1) == first_verse), None)
            if lyric is not None:
                text = lyric.text + ('-' if lyric.syllabic in ('begin', 'middle') else '')
                found.append((ticks(start, ppq), text.encode('utf-8').decode('latin-1')))
    return sorted(found)


def midi_lyrics(track):
    """(tick, text) of a mido track's lyric meta events."""
    found, now = [], 0
    for msg in track:
        now += msg.time
        if msg.type == 'lyrics':
            found.append((now, msg.text))
    return found


def midi_notes(track):
    """(start, length, key) of every note of a mido track; offs pair with the oldest on."""
    notes, sounding, now = [], {}, 0
    for msg in track:
        now += msg.time
        if msg.type == 'note_on' and msg.velocity > 0:
            sounding.setdefault((msg.channel, msg.note), []).append(now)
        elif msg.type in ('note_off', 'note_on'):
            starts = sounding.get((msg.channel, msg.note))
            if starts:
                start = starts.pop(0)
                notes.append((start, now - start, msg.note))
    return notes


MIDO_KEY_SHARPS = {'Cb': -7, 'Gb': -6, 'Db': -5, 'Ab': -4, 'Eb': -3, 'Bb': -2, 'F': -1, 'C': 0,
                   'G': 1, 'D': 2, 'A': 3, 'E': 4, 'B': 5, 'F#': 6, 'C#': 7}
MIDO_MINOR_SHARPS = {'Abm': -7, 'Ebm': -6, 'Bbm': -5, 'Fm': -4, 'Cm': -3, 'Gm': -2, 'Dm': -1,
                     'Am': 0, 'Em': 1, 'Bm': 2, 'F#m': 3, 'C#m': 4, 'G#m': 5, 'D#m': 6, 'A#m': 7}


def conductor_problems(conductor, score, measure_offsets, end_tick, ppq):
    """Differences between the conductor track's meter and key and music21's score."""
    now, signatures, keys = 0, [], []
    for msg in conductor:
        now += msg.time
        if msg.type == 'time_signature':
            signatures.append((now, msg.numerator, msg.denominator))
        elif msg.type == 'key_signature':
            keys.append((now, msg.key))
    sig = score.parts[0].recurse().getElementsByClass(key.KeySignature).first()
    if sig is not None and abs(sig.sharps) <= 7:
        got = [MIDO_KEY_SHARPS.get(k, MIDO_MINOR_SHARPS.get(k)) for t, k in keys if t == 0]
        if got != [sig.sharps]:
            return f'key signature at tick 0: MIDI {keys[:1]}, music21 {sig.sharps} sharps'
    if measure_offsets is None:   # no bar lines written: nothing to compare
        return None
    bars = []
    for i, (start, n, d) in enumerate(signatures):
        stop = signatures[i + 1][0] if i + 1 < len(signatures) else end_tick
        length = n * 4 * ppq // d
        t = start
        while t < stop:
            bars.append(t)
            t += length
    expected = sorted({ticks(o, ppq) for o in measure_offsets if ticks(o, ppq) < end_tick})
    bars = [b for b in bars if b < end_tick]
    if bars != expected:
        for i, (a, b) in enumerate(zip(bars + [None] * len(expected), expected + [None] * len(bars))):
            if a != b:
                return f'bar {i + 1} starts at tick {a} in MIDI, {b} in music21'
    return None


def first_difference(got, want):
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f'note {i + 1}: stave (start, ticks, key) {g}, music21 {w}'
    if len(got) != len(want):
        extra = got[len(want)] if len(got) > len(want) else want[len(got)]
        return f'{len(got)} notes from stave, {len(want)} from music21 (first extra {extra})'
    return None


def load(path, number):
    with contextlib.redirect_stderr(io.StringIO()):
        if number is None:
            return corpus.parse(path)
        return corpus.parse(path, number=number)


CORRUPTIONS = ['pitch', 'time', 'extra note']


def corrupt(text, kind):
    """A deliberately wrong copy of the Stave text that still compiles: the first track one
    semitone up, or its notes a 64th late (its bar lines dropped), or one note too many."""
    start = text.index('\ntrack ')
    end = text.index('\n}\n', start)
    track = text[start:end]
    if kind == 'pitch':
        track = track.replace('  phrase {', '  transpose 1\n  phrase {', 1)
    elif kind == 'time':
        track = track.replace('  phrase {\n    ', '  phrase {\n    r64 ', 1)
        track = re.sub(r' \|(?= |$)', '', track, flags=re.M)
    else:
        track += '\n  phrase { c }'
    return text[:start] + track + text[end:]


def check_piece(args):
    """('OK' | 'FAIL' | 'SKIP', name, detail, tie repairs[, features]) for one piece;
    with a corruption, OK means the referee caught it."""
    (name, group, path, number), stave, workdir, corruption = args
    result = check_converted(name, path, number, stave, workdir, corruption)
    if corruption is None or result[0] == 'SKIP':
        return result
    if result[0] == 'FAIL' and 'stave compile' not in result[2]:
        return 'OK', name, f'{corruption} caught: {result[2]}', 0
    return 'FAIL', name, f'{corruption} not caught by the referee: {result[2]}', 0


def check_converted(name, path, number, stave, workdir, corruption):
    try:
        score = load(path, number)
    except Exception as e:  # the corpus file itself: not the compiler's business
        return 'SKIP', name, f'music21 cannot read it ({type(e).__name__})', 0
    if isinstance(score, stream.Opus):
        score = score.scores[0]
    try:
        piece = to_stave.analyse(score)
        texts = {layout: stave_text.render(piece, layout) for layout in stave_text.LAYOUTS}
    except stave_text.Unsupported as e:
        return 'SKIP', name, str(e), 0
    texts = {layout: text for layout, text in texts.items() if text is not None}
    if corruption is not None:
        texts = {'single': corrupt(texts['single'], corruption)}
    parts = list(score.parts)
    want = [reference_notes(part) for part in parts]
    programs = [reference_program(part) for part in parts]
    offsets = None
    if piece.bar_meters is not None:
        measured = next(p for p in parts if p.getElementsByClass(stream.Measure))
        offsets = [to_stave.frac(m.offset) for m in measured.getElementsByClass(stream.Measure)]
    found = set(piece.facts)
    for layout, text in texts.items():
        base = os.path.join(workdir, re.sub(r'[^A-Za-z0-9.]+', '_', name) + '.' + layout)
        problem = check_layout(text, base, stave, piece, score, want, programs, offsets,
                               stave_text.LAYOUT_PPQ[layout])
        if problem:
            where = f'{layout} layout: ' if len(texts) > 1 else ''
            return 'FAIL', name, where + problem, piece.tie_repairs
        found |= stave_text.features(text)
    return 'OK', name, ', '.join(sorted(found)), piece.tie_repairs, frozenset(found)


def reference_program(part):
    """The General MIDI program music21 gives the part's instrument; Stave's default is 0."""
    instrument = part.getInstrument(returnDefault=False)
    number = getattr(instrument, 'midiProgram', None)
    return number if isinstance(number, int) else 0


def rounding_problem(stderr, want, ppq):
    """Checks the warning about events between ticks against music21's note boundaries: it
    must appear when a note starts or ends between ticks, and the ppq it names must make
    every note boundary exact."""
    boundaries = {q for notes in want for s, e, _ in notes for q in (s, e)}
    inexact = [q for q in boundaries if (q * ppq).denominator != 1]
    named = re.search(r'ppq (\d+) makes every event exact', stderr)
    if inexact and not named:
        return f'no warning although a note starts or ends between ticks (at {min(inexact)} quarters)'
    if named:
        better = int(named.group(1))
        wrong = [q for q in boundaries if (q * better).denominator != 1]
        if wrong:
            return f'the warning names ppq {better}, which leaves {min(wrong)} quarters between ticks'
    return None


def check_layout(text, base, stave, piece, score, want, programs, offsets, ppq):
    """The first difference between the MIDI Stave makes of `text` and music21, or None."""
    lyrics_written = '\n  lyrics ' in text
    with open(base + '.stave', 'w', encoding='utf-8') as f:
        f.write(text)
    run = subprocess.run([stave, 'compile', base + '.stave', '-o', base + '.mid'],
                         capture_output=True, text=True)
    if run.returncode != 0:
        message = (run.stderr.strip().splitlines() or ['(no message)'])[0]
        return f'stave compile exit {run.returncode}: {message}'
    problem = rounding_problem(run.stderr, want, ppq)
    if problem:
        return problem
    midi = mido.MidiFile(base + '.mid')
    if midi.ticks_per_beat != ppq:
        return f'ticks per beat {midi.ticks_per_beat}'
    if len(midi.tracks) != 1 + len(piece.track_parts):
        return f'{len(midi.tracks)} MIDI tracks for {len(piece.track_parts)} Stave tracks'
    for ti, pi in enumerate(piece.track_parts):
        changes = [m.program for m in midi.tracks[ti + 1] if m.type == 'program_change']
        if changes[:1] != [programs[pi]]:
            return f'track {ti + 1}: program changes {changes[:3]}, music21 program {programs[pi]}'
    end_tick = 0
    for pi, part in enumerate(score.parts):
        got = sorted(n for ti, p in enumerate(piece.track_parts) if p == pi
                     for n in midi_notes(midi.tracks[ti + 1]))
        expected = in_ticks(want[pi], ppq)
        difference = first_difference(got, expected)
        if difference:
            return f'part {pi + 1} ({part.partName}): {difference}'
        end_tick = max([end_tick] + [s + d for s, d, _ in expected])
        sung = sorted(n for ti, p in enumerate(piece.track_parts) if p == pi
                      for n in midi_lyrics(midi.tracks[ti + 1]))
        if lyrics_written:
            words = reference_lyrics(part, ppq)
            if sung != words:
                first = next((f'{g} from stave, {w} from music21' for g, w in zip(sung, words) if g != w),
                             f'{len(sung)} lyric events from stave, {len(words)} from music21')
                return f'part {pi + 1} ({part.partName}) lyrics: {first}'
        elif sung:
            return f'part {pi + 1}: {len(sung)} lyric events although no lyrics were written'
    return conductor_problems(midi.tracks[0], score, offsets, end_tick, ppq)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--stave', default='.build/debug/stave')
    parser.add_argument('--only', help='check only pieces whose name contains this')
    parser.add_argument('--verbose', action='store_true', help='print OK lines too')
    parser.add_argument('--keep', help='write the .stave and .mid files into this directory')
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    parser.add_argument('--wide', action='store_true',
                        help='check the larger exploration list instead (minutes, not seconds)')
    parser.add_argument('--every', type=int, default=1, metavar='K',
                        help='only every K-th piece (the quick tier); the per-group minimums then '
                             'shrink by the same factor')
    parser.add_argument('--corrupt', type=int, metavar='K',
                        help='referee self-test: corrupt every K-th piece in turn by pitch, '
                             'time or an extra note; a piece passes when the referee catches it')
    options = parser.parse_args()
    stave = os.path.abspath(options.stave)
    if not os.access(stave, os.X_OK):
        print(f'corpus: no stave binary at {stave}')
        print('0 passed, 1 failed')
        return 1
    chosen = wide_selection() if options.wide else selection()
    every = max(1, options.every)
    chosen = chosen[::every]
    pieces = [p for p in chosen if not options.only or options.only in p[0]]
    too_few = []
    if not options.only:
        sizes = {}
        for _, group, _, _ in chosen:
            sizes[group] = sizes.get(group, 0) + 1
        too_few = [f'{group}: {sizes.get(group, 0)} pieces, expected at least {minimum}'
                   for group, minimum in ((g, m // every) for g, m in MIN_PIECES.items())
                   if (group == 'wide') == bool(options.wide) and sizes.get(group, 0) < minimum]
    for problem in too_few:
        print(f'FAIL selection: {problem}')
    began = time.time()
    counts = {'OK': 0, 'FAIL': 0, 'SKIP': 0}
    groups = {}
    repairs = 0
    with tempfile.TemporaryDirectory(prefix='stave-corpus.') as tmp:
        workdir = options.keep or tmp
        os.makedirs(workdir, exist_ok=True)
        if options.corrupt:
            pieces = pieces[::options.corrupt]
        jobs = [(p, stave, workdir, CORRUPTIONS[i % 3] if options.corrupt else None)
                for i, p in enumerate(pieces)]
        if options.jobs > 1:
            with ProcessPoolExecutor(options.jobs) as pool:
                results = list(pool.map(check_piece, jobs, chunksize=4))
        else:
            results = [check_piece(j) for j in jobs]
    used = {}
    skipped = {}
    for (name, group, _, _), (status, _, detail, repaired, *found) in zip(pieces, results):
        counts[status] += 1
        for feature in (found[0] if found else ()):
            used[feature] = used.get(feature, 0) + 1
        groups.setdefault(group, {'OK': 0, 'FAIL': 0, 'SKIP': 0})[status] += 1
        repairs += repaired
        if status == 'SKIP' and not options.verbose:
            skipped.setdefault(detail, []).append(name)
        elif status != 'OK' or options.verbose:
            print(f'{status} {name}: {detail}')
    for reason, names in sorted(skipped.items(), key=lambda item: -len(item[1])):
        print('\n'.join(textwrap.wrap(f'SKIP ({reason}) {len(names)}: ' + ' '.join(names),
                                       width=110, subsequent_indent='    ',
                                       break_on_hyphens=False)))
    summary = ', '.join(f'{g} {c["OK"]} ok/{c["FAIL"]} failed/{c["SKIP"]} skipped'
                        for g, c in groups.items())
    print(f'corpus: music21 {music21.__version__}, {len(pieces)} pieces ({summary}); '
          f'{repairs} dangling ties dropped; {time.time() - began:.0f} s')
    if used:
        print('corpus: passed pieces with ' + ', '.join(f'{f} {n}' for f, n in sorted(used.items())))
    counts['FAIL'] += len(too_few)
    print(f'{counts["OK"]} passed, {counts["FAIL"]} failed')
    return 1 if counts['FAIL'] else 0


if __name__ == '__main__':
    sys.exit(main())
