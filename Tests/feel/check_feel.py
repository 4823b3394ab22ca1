"""An independent check of swing and humanize (LANGUAGE.md "Feel (v3)"), read back from the
MIDI files `stave compile` writes, with mido, against what a player would measure:

  * swing: in a swung eighth-note melody every off-beat onset falls at 2/3 of its beat (and at
    P% of it for `swing 8 P`, P = 55, 60, 66, 75) within one tick, every on-beat onset on the
    beat, while a sixteenth run in the same song stays on the sixteenth grid and a triplet on the
    triplet grid; `swing 16` does the same one level down;
  * humanize: over 10,000 notes (chords, three tempos), every humanized note starts and ends
    within ±T ms of its written time, measured in seconds through each file's own tempo map
    (one tick of rounding allowed), keeps its length, its velocity stays within ±V of the
    written one (and in 1-127), the spread is really used (some note moves by at least 90% of
    T, some velocity by V), notes that start together move together, and two runs give the
    same bytes.

    python3 check_feel.py --stave PATH      # ends with "N passed, M failed"
"""
import argparse
import os
import subprocess
import sys
import tempfile

import mido

PASSED = 0
FAILED = 0


def check(name, ok, detail=""):
    global PASSED, FAILED
    if ok:
        PASSED += 1
        print("ok    " + name)
    else:
        FAILED += 1
        print("FAIL  " + name + (": " + detail if detail else ""))


def compile_song(stave, text, work, name, *options):
    path = os.path.join(work, name + ".stave")
    out = os.path.join(work, name + ".mid")
    with open(path, "w") as f:
        f.write(text)
    run = subprocess.run([stave, "compile", path, "-o", out, "-q", *options], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("stave compile failed for %s: %s" % (name, run.stderr))
    return out


def notes_of(path):
    """(track, start tick, end tick, pitch, velocity) of every note, in file order of note-ons."""
    mid = mido.MidiFile(path)
    out = []
    for index, track in enumerate(mid.tracks):
        tick, sounding = 0, {}
        for msg in track:
            tick += msg.time
            if msg.type == "note_on" and msg.velocity > 0:
                sounding.setdefault(msg.note, []).append((tick, msg.velocity, len(out)))
                out.append(None)
            elif msg.type == "note_off" or (msg.type == "note_on" and msg.velocity == 0):
                start, velocity, slot = sounding[msg.note].pop(0)
                out[slot] = (index, start, tick, msg.note, velocity)
    return mid, [n for n in out if n is not None]


def tempo_map(mid):
    """[(tick, microseconds per quarter)] of the conductor track."""
    tick, changes = 0, [(0, 500000)]
    for msg in mid.tracks[0]:
        tick += msg.time
        if msg.type == "set_tempo":
            if changes[-1][0] == tick:
                changes[-1] = (tick, msg.tempo)
            else:
                changes.append((tick, msg.tempo))
    return changes


def seconds(tick, changes, ppq):
    total, last_tick, last_tempo = 0.0, 0, changes[0][1]
    for at, tempo in changes:
        if at > tick:
            break
        total += (at - last_tick) * last_tempo / ppq / 1e6
        last_tick, last_tempo = at, tempo
    return total + (tick - last_tick) * last_tempo / ppq / 1e6


def check_swing(stave, work):
    # Bars 1-2: eighths; bar 3: a sixteenth run and a triplet; bar 4: eighths again.
    melody = ("c8 d e f g a b > c | < b a g f e d c d | c16 d e f g a b > c < {b a g}4 f8 e | "
              "d8 e f g a b > c d |")
    ppq, beat = 480, 480
    for percent in (None, 55, 60, 66, 75):
        header = "swing 8" if percent is None else "swing 8 %d" % percent
        path = compile_song(stave, "title \"swing\"\n%s\ntrack a { phrase { %s } }\n" % (header, melody), work, "swing%s" % percent)
        _, notes = notes_of(path)
        onsets = [n[1] for n in notes]
        share = (2 / 3) if percent is None else percent / 100
        late = beat * share
        eighth_bars = [b for b in range(4) if b != 2]
        worst = 0.0
        for bar in eighth_bars:
            for n in [o for o in onsets if bar * 4 * beat <= o < (bar + 1) * 4 * beat]:
                offset = (n - bar * 4 * beat) % beat
                want = 0 if offset < beat / 4 else late
                worst = max(worst, abs(offset - want))
        label = "2/3" if percent is None else "%d%%" % percent
        check("swing 8 (%s): off-beat eighths at %s of the beat within one tick (worst %.2f ticks)" % (label, label, worst), worst <= 1.0)
        bar3 = [o - 2 * 4 * beat for o in onsets if 2 * 4 * beat <= o < 3 * 4 * beat]
        sixteenths = [o for o in bar3 if o < 2 * beat]
        triplet = [o for o in bar3 if 2 * beat <= o < 3 * beat]
        check("swing 8 (%s): the sixteenth run stays on the sixteenth grid" % label,
              sixteenths == [i * ppq // 4 for i in range(8)], str(sixteenths))
        check("swing 8 (%s): the triplet stays on the triplet grid" % label,
              triplet == [2 * beat + i * beat // 3 for i in range(3)], str(triplet))
    path = compile_song(stave, "title \"s16\"\nswing 16\ntrack a { phrase { c16 d e f g a b > c d8 e f g | } }\n", work, "swing16")
    _, notes = notes_of(path)
    onsets = [n[1] for n in notes]
    check("swing 16: off-beat sixteenths at 2/3 of the eighth, eighths on the grid",
          onsets == [0, 160, 240, 400, 480, 640, 720, 880, 960, 1200, 1440, 1680], str(onsets))


def humanized_song(T, V, bars):
    lines = ["title \"hum\"", "tempo 96", "tempo 150 at %d" % (bars // 3), "tempo 72 at %d" % (2 * bars // 3),
             "humanize %d %d seed 42" % (T, V), "track a {", "  legato 50", "  phrase p {",
             "    c4 [e g] d8 f [c e g > c]4 < |", "  }", "  repeat p x%d" % (bars - 1), "}",
             "track b {", "  legato 50", "  phrase q { o3 c2 g4 [c e]4 | }", "  repeat q x%d" % (bars - 1), "}"]
    return "\n".join(lines) + "\n"


def check_humanize(stave, work):
    T, V = 20, 12
    bars = 800   # 13 notes a bar: 10,400 notes
    text = humanized_song(T, V, bars)
    moved_path = compile_song(stave, text, work, "humanized")
    again_path = compile_song(stave, text, work, "humanized-again")
    written_path = compile_song(stave, text, work, "written", "--humanize", "none")
    with open(moved_path, "rb") as a, open(again_path, "rb") as b:
        check("humanize: two runs give the same bytes", a.read() == b.read())
    moved_mid, moved = notes_of(moved_path)
    written_mid, written = notes_of(written_path)
    check("humanize: %d notes, as many as written" % len(moved), len(moved) == len(written) and len(moved) >= 10000,
          "%d vs %d" % (len(moved), len(written)))
    ppq = moved_mid.ticks_per_beat
    moved_map, written_map = tempo_map(moved_mid), tempo_map(written_mid)
    check("humanize: the tempo map is untouched", moved_map == written_map)

    def key(note):
        return (note[0], note[3])
    by_key_written, by_key_moved = {}, {}
    for n in sorted(written, key=lambda n: (n[1], n[3])):
        by_key_written.setdefault(key(n), []).append(n)
    for n in sorted(moved, key=lambda n: (n[1], n[3])):
        by_key_moved.setdefault(key(n), []).append(n)
    worst_start = worst_end = 0.0
    bad_length = bad_velocity = 0
    largest_shift = 0.0
    dvs = []
    steps = {}
    together = True
    for k, want in by_key_written.items():
        got = by_key_moved.get(k, [])
        for w, g in zip(want, got):
            tick_seconds = max(t for _, t in written_map) / ppq / 1e6
            shift = seconds(g[1], moved_map, ppq) - seconds(w[1], written_map, ppq)
            worst_start = max(worst_start, abs(shift) - T / 1000 - tick_seconds)
            largest_shift = max(largest_shift, abs(shift))
            end_shift = seconds(g[2], moved_map, ppq) - seconds(w[2], written_map, ppq)
            worst_end = max(worst_end, abs(end_shift) - T / 1000 - tick_seconds)
            # A note clamped at tick 0 keeps its moved end (the only clamping this song allows:
            # legato 50 leaves room between notes of one pitch).
            if g[2] - g[1] != w[2] - w[1] and not (g[1] == 0 and w[1] == 0 and g[2] < w[2]):
                bad_length += 1
            dv = g[4] - w[4]
            dvs.append(dv)
            if abs(dv) > V or not 1 <= g[4] <= 127:
                bad_velocity += 1
            step = steps.setdefault((w[0], w[1]), g[1] - w[1])
            if step != g[1] - w[1]:
                together = False
    check("humanize: every start within ±%d ms of its written time through the tempo map" % T, worst_start <= 1e-9,
          "worst excess %.3f ms" % (worst_start * 1000))
    check("humanize: every end within ±%d ms of its written time" % T, worst_end <= 1e-9, "worst excess %.3f ms" % (worst_end * 1000))
    check("humanize: every note keeps its length in ticks (but one clamped at tick 0)", bad_length == 0, "%d changed" % bad_length)
    check("humanize: every velocity within ±%d of the written one, in 1-127" % V, bad_velocity == 0, "%d outside" % bad_velocity)
    check("humanize: the timing spread is used (largest move %.1f ms of %d)" % (largest_shift * 1000, T), largest_shift >= 0.9 * T / 1000)
    check("humanize: the velocity spread is used (−%d…%d seen)" % (-min(dvs), max(dvs)), min(dvs) == -V and max(dvs) == V)
    mean = sum(dvs) / len(dvs)
    check("humanize: velocity moves centred on 0 (mean %.2f)" % mean, abs(mean) < 0.5)
    check("humanize: notes that start together move together", together)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stave", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        check_swing(args.stave, work)
        check_humanize(args.stave, work)
    print("%d passed, %d failed" % (PASSED, FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
