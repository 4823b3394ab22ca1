"""Parts of several tracks (`staff PART N`, Stave 3): a score part writes the notes of all its
tracks, each still a MIDI track of its own. The referee compares a part with the notes of its
tracks together; which tracks a part has it reads from the song's save file (the tracks'
`part` fields), written next to the MIDI file as NAME.json."""
import json
import os


def part_tracks(doc):
    """Per score part, in score order (where its first track stands), the indices of its
    tracks among the song's tracks."""
    groups, where = [], {}
    for index, track in enumerate(doc.get('song', doc).get('tracks', [])):
        part = track.get('part')
        if part is None:
            groups.append([index])
        elif part in where:
            groups[where[part]].append(index)
        else:
            where[part] = len(groups)
            groups.append([index])
    return groups


def merged(tracks, mid_path):
    """The MIDI tracks' note lists, those of one part joined (sorted), when the save file next
    to `mid_path` has parts of several tracks; else `tracks` as they are."""
    json_path = os.path.splitext(mid_path)[0] + '.json'
    if not os.path.exists(json_path):
        return tracks
    with open(json_path, encoding='utf-8') as f:
        groups = part_tracks(json.load(f))
    if all(len(group) == 1 for group in groups) or sum(map(len, groups)) != len(tracks):
        return tracks
    return [sorted(note for index in group for note in tracks[index]) for group in groups]


# The examples with parts of several tracks: the part's name, and per staff the voices it holds.
EXPECTED = {
    'minuet-in-g.stave': ('Piano', [1, 1]),
    'old-hundredth-choir.stave': ('Choir', [2, 2]),
}


def voices_of(staff, stream):
    """The number of voices a music21 staff holds (1 when its measures have no Voice streams)."""
    ids = set()
    for measure in staff.getElementsByClass(stream.Measure):
        for voice in measure.voices:
            if voice.recurse().notes:
                ids.add(str(voice.id))
    return max(1, len(ids))


def self_test(stave, workdir, root, converter, stream):
    """(passed, failed): music21 reads each example of EXPECTED as one part of PartStaffs, the
    staves named and holding the voices it should, and the part list has one score-part."""
    import subprocess
    passed = failed = 0
    for name, (part_name, voices) in EXPECTED.items():
        path = os.path.join(workdir, 'staves-' + name.replace('.stave', '.musicxml'))
        run = subprocess.run([stave, 'compile', os.path.join(root, 'Examples', name), '-o', path],
                             capture_output=True, text=True)
        problem = None
        if run.returncode != 0:
            problem = f'stave compile exit {run.returncode}: {run.stderr.strip()[:200]}'
        else:
            with open(path, encoding='utf-8') as f:
                text = f.read()
            score = converter.parse(path, format='musicxml', forceSource=True)
            staves = list(score.parts)
            got = [voices_of(s, stream) for s in staves]
            if text.count('<score-part ') != 1:
                problem = f'{text.count("<score-part ")} score-parts, expected 1'
            elif not all(isinstance(s, stream.PartStaff) for s in staves) or len(staves) != len(voices):
                problem = f'music21 read {[type(s).__name__ for s in staves]}, expected {len(voices)} PartStaffs'
            elif any(s.partName != part_name for s in staves):
                problem = f'part names {[s.partName for s in staves]}, expected {part_name!r}'
            elif got != voices:
                problem = f'voices per staff {got}, expected {voices}'
        if problem:
            print(f'FAIL staves {name}: {problem}')
            failed += 1
        else:
            passed += 1
    print(f'staves: {passed} of {len(EXPECTED)} examples read by music21 as one part of PartStaffs')
    return passed, failed
