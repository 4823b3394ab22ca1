#!/usr/bin/env python3
"""An independent referee for Stave's MIDI output.

Usage:
    python3 Tests/referee/check_midi.py MIDI_DIR [--examples DIR] [--max-diff N] [--min-examples N]

MIDI_DIR holds one NAME.mid for every example Examples/NAME.stave (compiled with
`stave compile Examples/NAME.stave -o MIDI_DIR/NAME.mid`). The referee reads the
files with the third-party library mido, never with Stave's own code, and checks:

  * every example has a .mid that mido can parse, of SMF type 1;
  * track 0 is a conductor track: no note events, and it alone carries tempo,
    time-signature and key-signature events; its track name is the song's title;
  * there is one MIDI track per Stave track (`track` / `drums` in the source);
  * in every track each note-on is released exactly once, nothing is released
    that is not sounding, no note has zero length, and at one tick all note-offs
    come before the note-ons (LANGUAGE.md, "Time and MIDI");
  * at one tick of a track, events come in the order of LANGUAGE.md rule 14:
    note-offs, then controller and pitch-bend events, then lyrics, then note-ons;
  * for the examples listed in expected.py, the complete note list, the
    conductor data (ppq, tempo map, time signatures, key), each track's
    program, volume and pan, and the Stave 2 events (controllers other than the
    track's setup, pitch bends, lyrics, markers, in file order) equal the
    hand-written expectations there;
  * the golden dump of every example in Tests/Fixtures/midi/NAME.txt (which the Swift tests
    compare with Stave's own MIDI reader, and which `STAVE_UPDATE_GOLDENS` rewrites) equals
    mido's reading of the same file, event for event: the goldens are checked by a reader that
    is not ours.

It prints OK or FAIL per example (with the first mismatches), then a final line
`N passed, M failed`, and exits with status 1 if anything failed (2 on a usage
error).
"""

import argparse
import collections
import math
import os
import re
import sys
from fractions import Fraction

try:
    import mido
except ImportError:  # pragma: no cover - depends on the environment
    sys.stderr.write("check_midi.py needs mido: pip install -r Tests/referee/requirements.txt\n")
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import expected  # noqa: E402  (hand-written data next to this script)

DEFAULT_EXAMPLES = os.path.normpath(os.path.join(HERE, "..", "..", "Examples"))
GOLDENS = os.path.normpath(os.path.join(HERE, "..", "Fixtures", "midi"))
# Key signatures by sharps (negative: flats), as mido names them.
MAJOR_KEYS = {-7: "Cb", -6: "Gb", -5: "Db", -4: "Ab", -3: "Eb", -2: "Bb", -1: "F", 0: "C",
              1: "G", 2: "D", 3: "A", 4: "E", 5: "B", 6: "F#", 7: "C#"}
MINOR_KEYS = {-7: "Abm", -6: "Ebm", -5: "Bbm", -4: "Fm", -3: "Cm", -2: "Gm", -1: "Dm", 0: "Am",
              1: "Em", 2: "Bm", 3: "F#m", 4: "C#m", 5: "G#m", 6: "D#m", 7: "A#m"}
KEY_SHARPS = {**{name: (sharps, "major") for sharps, name in MAJOR_KEYS.items()},
              **{name: (sharps, "minor") for sharps, name in MINOR_KEYS.items()}}
CONDUCTOR_META = ("set_tempo", "time_signature", "key_signature")


# --------------------------------------------------------------------------
# Reading the Stave source (only the few facts the referee needs)

def strip_comments(text):
    """Removes // and /* */ comments, keeping string literals intact."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        else:
            out.append(c)
            i += 1
    return "".join(out)


STRING_RE = re.compile(r'"((?:\\.|[^"\\])*)"')


def unescape(s):
    return re.sub(r"\\(.)", r"\1", s)


def source_facts(path):
    """Returns (number of Stave tracks, title or None) of a .stave file."""
    with open(path, encoding="utf-8") as f:
        text = strip_comments(f.read())
    m = re.search(r'(?<![\w-])title\s+"((?:\\.|[^"\\])*)"', text)
    title = unescape(m.group(1)) if m else None
    words = re.findall(r"[^\s{}\[\]|~]+", STRING_RE.sub(" ", text))
    tracks = sum(1 for w in words if w in ("track", "drums"))
    return tracks, title


# --------------------------------------------------------------------------
# Reading the MIDI file

def is_note_on(msg):
    return msg.type == "note_on" and msg.velocity > 0


def is_note_off(msg):
    return msg.type == "note_off" or (msg.type == "note_on" and msg.velocity == 0)


def extract_notes(track, index):
    """Pairs each note-on (velocity > 0) with the next note-off (or note-on of
    velocity 0) of the same channel and pitch in this track, first in first out.

    Returns (notes, problems): notes are tuples (track_index, channel_1_based,
    start_tick, duration_ticks, pitch, velocity) in absolute ticks.
    """
    notes, problems = [], []
    sounding = collections.defaultdict(collections.deque)
    tick = 0
    last_on_tick = None          # tick of the latest note-on, to check ordering
    for msg in track:
        tick += msg.time
        if is_note_on(msg):
            key = (msg.channel, msg.note)
            if sounding[key]:
                problems.append("track %d: note-on of pitch %d (channel %d) at tick %d while it is still sounding"
                                % (index, msg.note, msg.channel + 1, tick))
            sounding[key].append((tick, msg.velocity))
            last_on_tick = tick
        elif is_note_off(msg):
            key = (msg.channel, msg.note)
            if last_on_tick == tick:
                problems.append("track %d: note-off of pitch %d at tick %d comes after a note-on at the same tick"
                                % (index, msg.note, tick))
            if not sounding[key]:
                problems.append("track %d: note-off of pitch %d (channel %d) at tick %d, but that note is not sounding"
                                % (index, msg.note, msg.channel + 1, tick))
                continue
            start, velocity = sounding[key].popleft()
            if tick == start:
                problems.append("track %d: note of pitch %d at tick %d has zero length" % (index, msg.note, tick))
            notes.append((index, msg.channel + 1, start, tick - start, msg.note, velocity))
    for (channel, note), starts in sorted(sounding.items()):
        for start, _ in starts:
            problems.append("track %d: note of pitch %d (channel %d) starting at tick %d is never released"
                            % (index, note, channel + 1, start))
    return notes, problems


def timeline(track, kinds):
    """(absolute tick, message) for the messages of the given types."""
    tick, out = 0, []
    for msg in track:
        tick += msg.time
        if msg.type in kinds:
            out.append((tick, msg))
    return out


def effective_changes(events):
    """Turns [(tick, value)] in file order into the changes a player hears: at one
    tick the last event wins, and an event that repeats the value in force is not
    a change."""
    by_tick = collections.OrderedDict()
    for tick, value in events:
        by_tick[tick] = value
    changes, current = [], object()
    for tick in sorted(by_tick):
        if by_tick[tick] != current:
            changes.append((tick, by_tick[tick]))
            current = by_tick[tick]
    return changes


def metronome_clocks(numerator, denominator):
    """MIDI clocks per metronome click (FF 58, third byte), from the SMF specification's rule:
    24 clocks per quarter note, a click on every beat. Compound meters (6/8, 9/8, 12/8, 6/16: a
    numerator that is a multiple of 3 above 3, denominator 8 or more) beat in dotted notes of
    three denominators; other meters beat in their denominator. Halves round up (/64 meters)."""
    compound = numerator > 3 and numerator % 3 == 0 and denominator >= 8
    beat = Fraction(24 * 4 * (3 if compound else 1), denominator)
    return max(1, math.floor(beat + Fraction(1, 2)))


def meter_click_problems(track0):
    """Every time signature must click on its beat and count 8 32nd notes per quarter."""
    problems = []
    for tick, msg in timeline(track0, ("time_signature",)):
        want = metronome_clocks(msg.numerator, msg.denominator)
        if msg.clocks_per_click != want:
            problems.append("time signature %d/%d at tick %d: %d MIDI clocks per click, expected %d"
                            % (msg.numerator, msg.denominator, tick, msg.clocks_per_click, want))
        if msg.notated_32nd_notes_per_beat != 8:
            problems.append("time signature %d/%d at tick %d: %d 32nd notes per quarter, expected 8"
                            % (msg.numerator, msg.denominator, tick, msg.notated_32nd_notes_per_beat))
    return problems


def conductor_data(mid):
    track0 = mid.tracks[0]
    tempos = effective_changes([(t, m.tempo) for t, m in timeline(track0, ("set_tempo",))])
    meters = effective_changes([(t, (m.numerator, m.denominator))
                                for t, m in timeline(track0, ("time_signature",))])
    keys = effective_changes([(t, m.key) for t, m in timeline(track0, ("key_signature",))])
    return {
        "ppq": mid.ticks_per_beat,
        "tempos": tempos,
        "meters": [(t, n, d) for t, (n, d) in meters],
        "keys": keys,
    }


def track_setup(track):
    """First program, CC7 and CC10 of a track, and whether they precede its notes."""
    found = {}
    first_note = None
    for position, msg in enumerate(track):
        if is_note_on(msg) and first_note is None:
            first_note = position
        if msg.type == "program_change" and "program" not in found:
            found["program"] = (position, msg.program, msg.channel + 1)
        if msg.type == "control_change" and msg.control == 7 and "volume" not in found:
            found["volume"] = (position, msg.value, msg.channel + 1)
        if msg.type == "control_change" and msg.control == 10 and "pan" not in found:
            found["pan"] = (position, msg.value, msg.channel + 1)
    return found, first_note


def order_problems(track, index):
    """Rule 14: at one tick, note-offs, then controllers and bends, then lyrics, then note-ons."""
    rank_of = {"off": 0, "control": 1, "lyric": 2, "on": 3}
    problems, tick, last = [], 0, (None, -1)
    for msg in track:
        tick += msg.time
        if is_note_on(msg):
            kind = "on"
        elif is_note_off(msg):
            kind = "off"
        elif msg.type in ("control_change", "pitchwheel"):
            kind = "control"
        elif msg.type == "lyrics":
            kind = "lyric"
        else:
            continue
        if last[0] == tick and rank_of[kind] < last[1]:
            problems.append("track %d: at tick %d a %s comes after a later kind of event (rule 14)"
                            % (index, tick, kind))
        last = (tick, rank_of[kind])
    return problems


def stave_two_events(mid):
    """(track, tick, kind, value) of the controllers (after each track's setup CC7/CC10),
    pitch bends, lyrics and markers, in file order per track."""
    found = []
    for index, track in enumerate(mid.tracks):
        tick, setup = 0, {7, 10}
        for msg in track:
            tick += msg.time
            if msg.type == "control_change":
                if tick == 0 and msg.control in setup:
                    setup.discard(msg.control)
                    continue
                found.append((index, tick, "cc", (msg.control, msg.value)))
            elif msg.type == "pitchwheel":
                found.append((index, tick, "bend", msg.pitch + 8192))
            elif msg.type == "lyrics":
                found.append((index, tick, "lyric", msg.text.encode("latin-1").decode("utf-8")))
            elif msg.type == "marker":
                found.append((index, tick, "marker", msg.text.encode("latin-1").decode("utf-8")))
    return found


def track_name(track):
    for msg in track:
        if msg.type == "track_name":
            return msg.name
    return None


def same_text(midi_text, title):
    """mido decodes meta text as Latin-1; accept the title as UTF-8 or Latin-1 bytes."""
    if midi_text == title:
        return True
    try:
        return midi_text.encode("latin-1").decode("utf-8") == title
    except (UnicodeEncodeError, UnicodeDecodeError):
        return False


# --------------------------------------------------------------------------
# Comparison

def diff_notes(want, got, limit):
    """Readable differences between two sorted note lists."""
    lines = []
    for i, (w, g) in enumerate(zip(want, got)):
        if w != g:
            lines.append("first difference at sorted position %d: expected %r, got %r" % (i, w, g))
            break
    if len(want) != len(got):
        lines.append("expected %d notes, got %d" % (len(want), len(got)))
    missing = list((collections.Counter(want) - collections.Counter(got)).elements())
    extra = list((collections.Counter(got) - collections.Counter(want)).elements())
    if missing:
        lines.append("missing (expected, not produced), %d in all:" % len(missing))
        lines.extend("    %r" % (n,) for n in sorted(missing)[:limit])
        if len(missing) > limit:
            lines.append("    …")
    if extra:
        lines.append("unexpected (produced, not expected), %d in all:" % len(extra))
        lines.extend("    %r" % (n,) for n in sorted(extra)[:limit])
        if len(extra) > limit:
            lines.append("    …")
    lines.append("tuple layout: (track, channel, start_tick, duration_ticks, pitch, velocity)")
    return lines


def golden_dump(mid):
    """The file as the golden dumps in Tests/Fixtures/midi write it (one line per event:
    track, absolute tick, event), from mido's reading."""
    def text(msg):
        # mido decodes meta texts as Latin-1; Stave writes UTF-8.
        return '"%s"' % msg.text.encode("latin1").decode("utf-8") if hasattr(msg, "text") else '"%s"' % msg.name.encode("latin1").decode("utf-8")
    lines = ["format %d tracks %d division %d" % (mid.type, len(mid.tracks), mid.ticks_per_beat)]
    for index, track in enumerate(mid.tracks):
        tick = 0
        for msg in track:
            tick += msg.time
            kind = msg.type
            if kind == "track_name":
                event = "track-name " + text(msg)
            elif kind in ("text", "copyright", "lyrics", "marker"):
                event = {"text": "text", "copyright": "copyright", "lyrics": "lyric", "marker": "marker"}[kind] + " " + text(msg)
            elif kind == "end_of_track":
                event = "end-of-track"
            elif kind == "set_tempo":
                event = "tempo %d" % msg.tempo
            elif kind == "time_signature":
                event = "time-signature %d/%d clocks %d 32nds %d" % (msg.numerator, msg.denominator,
                                                                     msg.clocks_per_click, msg.notated_32nd_notes_per_beat)
            elif kind == "key_signature":
                sharps, mode = KEY_SHARPS[msg.key]
                event = "key-signature %d %s" % (sharps, mode)
            elif kind == "note_on":
                event = ("note-off ch%d %d 0" % (msg.channel + 1, msg.note) if msg.velocity == 0
                         else "note-on ch%d %d %d" % (msg.channel + 1, msg.note, msg.velocity))
            elif kind == "note_off":
                event = "note-off ch%d %d %d" % (msg.channel + 1, msg.note, msg.velocity)
            elif kind == "control_change":
                event = "control ch%d %d %d" % (msg.channel + 1, msg.control, msg.value)
            elif kind == "program_change":
                event = "program ch%d %d" % (msg.channel + 1, msg.program)
            elif kind == "pitchwheel":
                event = "bend ch%d %d" % (msg.channel + 1, msg.pitch + 8192)
            else:
                event = "mido-%s %r" % (kind, msg)
            lines.append("%d %d %s" % (index, tick, event))
    return "\n".join(lines) + "\n"


def golden_problems(name, mid, limit):
    """mido's reading of the file against the example's golden dump, line for line."""
    path = os.path.join(GOLDENS, name + ".txt")
    if not os.path.exists(path):
        return ["no golden dump %s (every example has one)" % path], False
    with open(path, encoding="utf-8") as f:
        want = f.read().split("\n")
    got = golden_dump(mid).split("\n")
    if got == want:
        return [], True
    first = next((i for i, (w, g) in enumerate(zip(want, got)) if w != g), min(len(want), len(got)))
    return ["mido's reading differs from the golden %s at line %d: mido %r, golden %r"
            % (os.path.relpath(path), first + 1, got[first] if first < len(got) else "<end>",
               want[first] if first < len(want) else "<end>")], True


def check_example(name, stave_path, midi_path, limit):
    """Returns (list of failure lines, short note for the OK line)."""
    failures = []
    if not os.path.exists(midi_path):
        return ["missing MIDI file %s" % midi_path], ""
    try:
        mid = mido.MidiFile(midi_path)
    except Exception as error:  # mido raises several types on malformed files
        return ["mido cannot read %s: %s" % (midi_path, error)], ""

    # (a) structure
    if mid.type != 1:
        failures.append("SMF type is %d, expected 1" % mid.type)
    if not mid.tracks:
        return failures + ["the file has no tracks"], ""
    stave_tracks, title = source_facts(stave_path)
    if len(mid.tracks) != 1 + stave_tracks:
        failures.append("%d MIDI tracks, expected %d (the conductor + %d Stave tracks)"
                        % (len(mid.tracks), 1 + stave_tracks, stave_tracks))
    conductor_notes = [m for m in mid.tracks[0] if m.type in ("note_on", "note_off")]
    if conductor_notes:
        failures.append("track 0 (conductor) has %d note events" % len(conductor_notes))
    for index, track in enumerate(mid.tracks[1:], start=1):
        stray = [m.type for m in track if m.type in CONDUCTOR_META]
        if stray:
            failures.append("track %d carries conductor events (%s); they belong in track 0"
                            % (index, ", ".join(sorted(set(stray)))))
    failures.extend(meter_click_problems(mid.tracks[0]))
    if title is not None:
        name_in_file = track_name(mid.tracks[0])
        if name_in_file is None or not same_text(name_in_file, title):
            failures.append("conductor track name is %r, expected the title %r" % (name_in_file, title))

    # (b) notes
    notes = []
    for index, track in enumerate(mid.tracks):
        track_notes, problems = extract_notes(track, index)
        notes.extend(track_notes)
        problems += order_problems(track, index)
        failures.extend(problems[:limit])
        if len(problems) > limit:
            failures.append("… and %d more problems in track %d" % (len(problems) - limit, index))
    notes.sort()

    # (c) hand-written expectations
    checked = []
    if name in expected.NOTES:
        want = sorted(expected.NOTES[name])
        if notes != want:
            failures.append("notes differ from Tests/referee/expected.py:")
            failures.extend("  " + line for line in diff_notes(want, notes, limit))
        checked.append("%d notes" % len(want))
    if name in expected.CONDUCTOR:
        want = expected.CONDUCTOR[name]
        got = conductor_data(mid)
        for field in ("ppq", "tempos", "meters"):
            if field in want and got[field] != want[field]:
                failures.append("%s: expected %r, got %r" % (field, want[field], got[field]))
        if "key" in want and got["keys"] != [(0, want["key"])]:
            failures.append("key signature: expected %r at tick 0 only, got %r" % (want["key"], got["keys"]))
        checked.append("conductor")
    if name in expected.TRACKS:
        for index, want in sorted(expected.TRACKS[name].items()):
            if index >= len(mid.tracks):
                failures.append("track %d: missing (expected %r)" % (index, want))
                continue
            found, first_note = track_setup(mid.tracks[index])
            channels = {n[1] for n in notes if n[0] == index}
            for field, value in sorted(want.items()):
                if field not in found:
                    failures.append("track %d: no %s message (expected %d)"
                                    % (index, "program change" if field == "program" else field, value))
                    continue
                position, got_value, channel = found[field]
                if got_value != value:
                    failures.append("track %d: %s is %d, expected %d" % (index, field, got_value, value))
                if first_note is not None and position > first_note:
                    failures.append("track %d: the %s message comes after the first note" % (index, field))
                if channels and channel not in channels:
                    failures.append("track %d: %s is sent on channel %d, but the notes use %s"
                                    % (index, field, channel, sorted(channels)))
        checked.append("program/volume/pan")
    events = stave_two_events(mid)
    if name in expected.EVENTS:
        want = expected.EVENTS[name]
        # File order within each track; tracks in index order.
        got = sorted(events, key=lambda e: e[0])
        want = sorted(want, key=lambda e: e[0])
        if got != want:
            failures.append("Stave 2 events differ from Tests/referee/expected.py:")
            for i, (w, g) in enumerate(zip(want + [None] * len(got), got + [None] * len(want))):
                if w != g:
                    failures.append("  first difference at position %d: expected %r, got %r" % (i, w, g))
                    break
            failures.append("  expected %d events, got %d" % (len(want), len(got)))
        checked.append("%d Stave 2 events" % len(want))
    problems, compared = golden_problems(name, mid, limit)
    failures.extend(problems)
    if compared and not problems:
        checked.append("golden dump")
    if events and name not in expected.EVENTS:
        # The Stave 3 examples' lyrics and markers (hundreds of events) are checked event for
        # event by the golden dump above, read by mido; without a golden they must be listed.
        if not compared:
            failures.append("%d Stave 2 events (controllers, bends, lyrics, markers) but no EVENTS entry in expected.py"
                            % len(events))
        else:
            checked.append("%d Stave 2 events by the golden dump" % len(events))
    note = ("checked against expected.py: " + ", ".join(checked)) if checked else "structure only"
    return failures, note


def malformed_expectations():
    """Catches typing slips in expected.py before they turn into confusing diffs."""
    problems = []
    for name, notes in expected.NOTES.items():
        for entry in notes:
            if (not isinstance(entry, tuple) or len(entry) != 6
                    or not all(isinstance(x, int) for x in entry)
                    or not (entry[0] >= 1 and 1 <= entry[1] <= 16 and entry[2] >= 0
                            and entry[3] > 0 and 0 <= entry[4] <= 127 and 1 <= entry[5] <= 127)):
                problems.append("NOTES[%r] has a malformed entry %r" % (name, entry))
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check Stave's MIDI output with mido.")
    parser.add_argument("midi_dir", help="directory with one NAME.mid per Examples/NAME.stave")
    parser.add_argument("--examples", default=DEFAULT_EXAMPLES, help="the Examples directory (default: %(default)s)")
    parser.add_argument("--max-diff", type=int, default=8, help="mismatches shown per kind (default: %(default)s)")
    parser.add_argument("--min-examples", type=int, default=1,
                        help="fail when fewer examples are found (default: %(default)s)")
    args = parser.parse_args(argv)

    if not os.path.isdir(args.midi_dir):
        parser.error("not a directory: %s" % args.midi_dir)
    if not os.path.isdir(args.examples):
        parser.error("no examples directory: %s" % args.examples)

    names = sorted(f[:-len(".stave")] for f in os.listdir(args.examples) if f.endswith(".stave"))
    passed = failed = 0
    for problem in malformed_expectations():
        failed += 1
        print("FAIL  expected.py\n      " + problem)
    if len(names) < max(1, args.min_examples):
        print("FAIL  %d examples found in %s, expected at least %d"
              % (len(names), args.examples, max(1, args.min_examples)))
        failed += 1

    for name in names:
        failures, note = check_example(name, os.path.join(args.examples, name + ".stave"),
                                       os.path.join(args.midi_dir, name + ".mid"), args.max_diff)
        if failures:
            failed += 1
            print("FAIL  %s" % name)
            for line in failures:
                print("      " + line)
        else:
            passed += 1
            print("OK    %s (%s)" % (name, note))

    # Expectations must name real examples, or they silently stop being checked.
    known = set(names)
    for table in ("NOTES", "CONDUCTOR", "TRACKS", "EVENTS"):
        for name in sorted(set(getattr(expected, table)) - known):
            failed += 1
            print("FAIL  %s\n      expected.%s names an example that does not exist in %s"
                  % (name, table, args.examples))

    extra = sorted(f for f in os.listdir(args.midi_dir)
                   if f.endswith(".mid") and f[:-len(".mid")] not in known)
    for f in extra:
        print("note  %s has no example; not checked" % f)

    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
