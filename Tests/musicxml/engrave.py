"""Engraves every example with MuseScore 3 from Stave's MusicXML and compares the MIDI file
MuseScore writes from that score with Stave's own MIDI file, note for note.

For each Examples/*.stave: `stave compile` writes X.musicxml and X.mid; MuseScore (headless,
QT_QPA_PLATFORM=offscreen) converts X.musicxml to X.pdf and to X-musescore.mid. The PDF must
exist and be a PDF; the notes of the two MIDI files -- per track with notes, in order: (start,
length) in quarter notes and the key -- must agree within 1/100 quarter (MuseScore counts 480
ticks a quarter, so a ninth of a quarter lands between its ticks).

A song with Stave 2 marks is compared with the notes its score writes: the MIDI of the song
without grace groups, articulation marks and legato (`marks.written`, printed and compiled),
all tracks together (a grand staff is two MIDI tracks in MuseScore's file). MuseScore plays a
grace group by its own rule, taking time from the main note: where ours has a main note that
MuseScore's file lacks, MuseScore's notes inside that note's time count as its playing of the
graces (at most as many main notes as the song has grace notes).

Usage: python3 Tests/musicxml/engrave.py [--stave PATH] [--mscore PATH] [--keep DIR]
                                          [--png EXAMPLE --png-out PATH]
Needs mido (Tests/referee/requirements.txt) and MuseScore 3 (Debian: apt-get install -y
musescore3). Ends with `N passed, M failed`; exits 1 on failures, 2 when MuseScore is missing.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import json

import mido

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import marks  # noqa: E402  (the Stave 2 referee's reading of a save file)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOLERANCE = Fraction(1, 100)


def notes_by_track(path):
    """[[(start, length, key)] in quarter notes] for every track that plays notes."""
    midi = mido.MidiFile(path)
    tracks = []
    for track in midi.tracks:
        now, sounding, notes = 0, {}, []
        for msg in track:
            now += msg.time
            if msg.type == 'note_on' and msg.velocity > 0:
                sounding.setdefault((msg.channel, msg.note), []).append(now)
            elif msg.type in ('note_on', 'note_off') and sounding.get((msg.channel, msg.note)):
                start = sounding[(msg.channel, msg.note)].pop(0)
                notes.append((Fraction(start, midi.ticks_per_beat), Fraction(now - start, midi.ticks_per_beat), msg.note))
        if notes:
            tracks.append(sorted(notes))
    return tracks


def close(a, b):
    return a[2] == b[2] and abs(a[0] - b[0]) <= TOLERANCE and abs(a[1] - b[1]) <= TOLERANCE


def difference(ours, theirs):
    if len(ours) != len(theirs):
        return f'{len(ours)} tracks with notes in ours, {len(theirs)} in MuseScore\'s'
    for t, (a, b) in enumerate(zip(ours, theirs)):
        for i, (x, y) in enumerate(zip(a, b)):
            if not close(x, y):
                return f'track {t + 1} note {i + 1}: ours {tuple(map(str, x))}, MuseScore {tuple(map(str, y))}'
        if len(a) != len(b):
            return f'track {t + 1}: {len(a)} notes in ours, {len(b)} in MuseScore\'s'
    return None


def merged_difference(ours, theirs, graces):
    """Compares all notes together; returns (problem or None, main notes MuseScore graced)."""
    ours = sorted(n for t in ours for n in t)
    theirs = sorted(n for t in theirs for n in t)
    unmatched = list(theirs)
    missing = []
    for note in ours:
        match = next((i for i, other in enumerate(unmatched) if close(note, other)), None)
        if match is None:
            missing.append(note)
        else:
            unmatched.pop(match)
    if len(missing) > graces:
        return f'{len(missing)} notes of ours not in MuseScore\'s, e.g. {tuple(map(str, missing[0]))}', 0
    for extra in unmatched:
        if not any(m[0] - TOLERANCE <= extra[0] < m[0] + m[1] for m in missing):
            return f'a note of MuseScore\'s that ours lacks: {tuple(map(str, extra))}', 0
    return None, len(missing)


def written_midi(stave, source, base):
    """The MIDI of a song as its score writes it (no graces, marks or legato); None for a song
    without Stave 2 marks (its own MIDI is that already)."""
    subprocess.run([stave, 'compile', source, '-o', base + '-save.json', '-q'], check=True)
    with open(base + '-save.json', encoding='utf-8') as f:
        doc = json.load(f)
    if not marks.has_v2(doc):
        return None, 0
    with open(base + '-written.json', 'w', encoding='utf-8') as f:
        json.dump(marks.written(doc), f)
    subprocess.run([stave, 'print', base + '-written.json', '-o', base + '-written.stave'], check=True, capture_output=True)
    subprocess.run([stave, 'compile', base + '-written.stave', '-o', base + '-written.mid', '-q'], check=True)
    graces = sum(len(t) for t in notes_by_track(base + '.mid')) - sum(len(t) for t in notes_by_track(base + '-written.mid'))
    return base + '-written.mid', graces


def mscore(binary, source, target, *options):
    env = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    run = subprocess.run([binary, *options, '-o', target, source], capture_output=True, text=True, env=env, timeout=300)
    return run.returncode, (run.stderr or run.stdout).strip().splitlines()[-1:] or ['']


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--stave', default=os.path.join(ROOT, '.build', 'debug', 'stave'))
    parser.add_argument('--mscore', default=shutil.which('mscore3') or shutil.which('musescore3') or 'mscore3')
    parser.add_argument('--keep', help='keep the .musicxml, .pdf and .mid files here')
    parser.add_argument('--dir', help='instead of the examples, every X.musicxml with its X.mid in this '
                        'directory (as left by referee.py --keep)')
    parser.add_argument('--png', help='also engrave this example (a file name in Examples/) as PNG')
    parser.add_argument('--png-out', help='where to put the PNG of its first page')
    options = parser.parse_args()
    if not shutil.which(options.mscore):
        print(f'engrave: MuseScore 3 not found ({options.mscore}); apt-get install -y musescore3')
        return 2
    if options.dir:
        examples = sorted(n[:-len('.musicxml')] + '.stave' for n in os.listdir(options.dir) if n.endswith('.musicxml')
                          and os.path.exists(os.path.join(options.dir, n[:-len('.musicxml')] + '.mid')))
    else:
        examples = sorted(n for n in os.listdir(os.path.join(ROOT, 'Examples')) if n.endswith('.stave'))
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix='stave-engrave.') as tmp:
        work = options.keep or tmp
        os.makedirs(work, exist_ok=True)
        for name in examples:
            base = os.path.join(options.dir or work, name[:-len('.stave')])
            source = os.path.join(ROOT, 'Examples', name)
            problem = None
            for suffix in () if options.dir else ('.musicxml', '.mid'):
                run = subprocess.run([options.stave, 'compile', source, '-o', base + suffix, '-q'], capture_output=True, text=True)
                if run.returncode != 0:
                    problem = f'stave compile -o {suffix}: exit {run.returncode}'
            if problem is None:
                for target in (base + '.pdf', base + '-musescore.mid'):
                    status, last = mscore(options.mscore, base + '.musicxml', target)
                    if status != 0 or not os.path.exists(target) or os.path.getsize(target) == 0:
                        problem = f'MuseScore could not write {os.path.basename(target)}: exit {status} {last[0]}'
                        break
            if problem is None:
                with open(base + '.pdf', 'rb') as f:
                    if f.read(5) != b'%PDF-':
                        problem = 'the PDF is not a PDF'
            reference, graces, graced = base + '.mid', 0, 0
            if problem is None and not options.dir:
                written, graces = written_midi(options.stave, source, base)
                reference = written or reference
            if problem is None:
                if reference == base + '.mid':
                    problem = difference(notes_by_track(reference), notes_by_track(base + '-musescore.mid'))
                else:
                    problem, graced = merged_difference(notes_by_track(reference), notes_by_track(base + '-musescore.mid'), graces)
            if problem:
                failed += 1
                print(f'FAIL {name}: {problem}')
            else:
                passed += 1
                count = sum(len(t) for t in notes_by_track(reference))
                note = '' if reference == base + '.mid' else f' (as written: no marks, legato or graces; {graced} main notes carry MuseScore\'s own grace playing)'
                print(f'OK {name}: PDF {os.path.getsize(base + ".pdf") // 1024} KB, {count} notes alike in MuseScore\'s MIDI{note}')
        if options.png and options.png_out:
            base = os.path.join(work, 'png-' + options.png[:-len('.stave')])
            subprocess.run([options.stave, 'compile', os.path.join(ROOT, 'Examples', options.png), '-o', base + '.musicxml', '-q'], check=True)
            status, last = mscore(options.mscore, base + '.musicxml', base + '.png', '-r', '90', '-T', '20')
            pages = sorted(p for p in os.listdir(work) if p.startswith(os.path.basename(base)) and p.endswith('.png'))
            if status == 0 and pages:
                shutil.copyfile(os.path.join(work, pages[0]), options.png_out)
                print(f'engrave: {options.png} engraved to {options.png_out}')
            else:
                failed += 1
                print(f'FAIL PNG of {options.png}: exit {status} {last[0]}')
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
