"""Stave 3 form in the MusicXML referee (LANGUAGE.md "Form (v3)").

MusicXML keeps the written score with its signs, the MIDI file plays the performance. So:
- `written_reference` makes the MIDI of the written bars (the save file without its `form`,
  printed and compiled), which the referee compares with the MusicXML as written;
- `expanded_problem` reads the MusicXML with music21, unfolds it with `expandRepeats()` and
  compares its notes (pitch, onset) with the performance MIDI -- for repeats and endings only:
  music21's D.C./D.S. expansion follows other conventions.
"""
import copy
import json
import subprocess

import mido


def split_form(doc):
    """(the document without its form, the form or None)."""
    song = doc.get('song', {})
    if 'form' not in song:
        return doc, None
    stripped = copy.deepcopy(doc)
    form = stripped['song'].pop('form')
    return stripped, form


def has_jump(form):
    return any(key in form for key in ('dc', 'ds', 'fine', 'toCoda', 'coda', 'segno'))


def written_reference(stave, doc, base):
    """(path of the MIDI of the written bars, None) or (None, why)."""
    with open(base + '.unfolded-not.json', 'w', encoding='utf-8') as f:
        json.dump(doc, f)
    for command in (['print', base + '.unfolded-not.json', '-o', base + '.unfolded-not.stave'],
                    ['compile', base + '.unfolded-not.stave', '-o', base + '.unfolded-not.mid']):
        run = subprocess.run([stave] + command, capture_output=True, text=True)
        if run.returncode != 0:
            return None, f'stave {command[0]} of the written bars exit {run.returncode}: {run.stderr.strip()[:200]}'
    return base + '.unfolded-not.mid', None


def midi_notes(path):
    """Sorted (onset in quarters as a fraction string, pitch) of every note of a MIDI file."""
    from fractions import Fraction
    midi = mido.MidiFile(path)
    notes = []
    for track in midi.tracks:
        now = 0
        for message in track:
            now += message.time
            if message.type == 'note_on' and message.velocity > 0:
                notes.append((Fraction(now, midi.ticks_per_beat), message.note))
    return sorted(notes)


def expanded_notes(xml_path):
    """Sorted (onset in quarters, pitch) of music21's `expandRepeats()` of a MusicXML file."""
    from fractions import Fraction
    from music21 import converter
    score = converter.parse(xml_path).expandRepeats()
    notes = []
    for element in score.recurse().notes:
        if element.duration.isGrace:
            continue
        tie = element.tie
        if tie is not None and tie.type in ('continue', 'stop'):
            continue
        onset = Fraction(element.getOffsetInHierarchy(score)).limit_denominator(10**6)
        pitches = element.pitches
        for pitch in pitches:
            notes.append((onset, pitch.midi))
    return sorted(notes)


def expanded_problem(xml_path, mid_path):
    """None, or the first difference between music21's unfolding and Stave's performance."""
    got, want = expanded_notes(xml_path), midi_notes(mid_path)
    for index, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return f'note {index + 1}: music21 expandRepeats has {a}, Stave MIDI has {b}'
    if len(got) != len(want):
        return f'music21 expandRepeats has {len(got)} notes, Stave MIDI {len(want)}'
    return None
