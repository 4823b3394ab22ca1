"""Which same-tick tempo rule explains a MIDI file? A diagnostic for failing songs.

    python3 tempo_rules.py SONG.stave... [--stave PATH]

Compiles each song and compares the MIDI tempo map with the model's under four rules: events on
one tick ordered by file position (LANGUAGE.md rule 8, the model's rule) or by exact time first;
and header `tempo … at` statements at their place in the file or as if written before every track.
Prints the rules that reproduce the compiler's tempo map.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import midi_facts  # noqa: E402
import stave_model  # noqa: E402


def tempo_map(events, header_positions, header_first, by_time):
    by_tick = {}
    for ev in events:
        by_tick.setdefault(ev[0], []).append(ev)
    out = []
    for tick in sorted(by_tick):
        def key(ev):
            order = ((-1 if header_first and ev[1][0] in header_positions else 0),) + ev[1]
            return ((ev[3],) if by_time else ()) + order
        out.append((tick, max(by_tick[tick], key=key)[2]))
    return stave_model.normalize_changes(out, (500000,))


def main():
    args = sys.argv[1:]
    stave = ".build/debug/stave"
    if "--stave" in args:
        i = args.index("--stave")
        stave = args[i + 1]
        del args[i:i + 2]
    with tempfile.TemporaryDirectory() as tmp:
        mid = os.path.join(tmp, "song.mid")
        for path in args:
            text = open(path, encoding="utf-8").read()
            proc = subprocess.run([stave, "compile", path, "-o", mid], capture_output=True)
            if proc.returncode != 0:
                print(f"{path}: stave exit status {proc.returncode}")
                continue
            got = stave_model.normalize_changes(midi_facts.read_midi(mid)["conductor"]["tempos"],
                                                (500000,))
            result = stave_model.evaluate(text)
            header = {st[-1] for st in stave_model.parse(text)["header"] if st[0] == "tempo"}
            rules = [f"{'header-first' if hf else 'header-in-place'}/{'by-time' if bt else 'file-order'}"
                     for hf in (False, True) for bt in (False, True)
                     if tempo_map(result["tempo_events"], header, hf, bt) == got]
            print(f"{path}: {', '.join(rules) if rules else 'no rule reproduces the tempo map'}")


if __name__ == "__main__":
    main()
