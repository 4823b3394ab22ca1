#!/usr/bin/env python3
"""Inspect a Standard MIDI File produced by the benchmark and, optionally,
compare its notes with the music of a generated .stave/.abc song.

  midicheck.py OUT.mid                        # summary: format, tracks, notes
  midicheck.py OUT.mid --notes 300000         # assert the number of notes
  midicheck.py OUT.mid --against SONG.stave   # assert the exact notes
  midicheck.py OUT.mid --against SONG.abc --tolerance 1   # abc2midi: onsets +1 tick

A note is a note-on with velocity > 0 matched to its note-off (or note-on
with velocity 0) on the same channel and key. --against compares the sorted
list of (onset tick, key, length in ticks) with the song's events at the
file's division (ticks per quarter), shifted so the first notes line up.
Exit status 0 when every requested check passes, 1 otherwise.
"""

import argparse
import os
import sys


class MidiError(Exception):
    pass


def read_vlq(b, i):
    v = 0
    while True:
        c = b[i]
        i += 1
        v = (v << 7) | (c & 0x7F)
        if not c & 0x80:
            return v, i


def parse(path, collect=True):
    """Returns dict(format, ntracks, division, notes(list or None), count)."""
    with open(path, "rb") as f:
        b = f.read()
    if b[:4] != b"MThd":
        raise MidiError("not a MIDI file (no MThd)")
    hlen = int.from_bytes(b[4:8], "big")
    fmt = int.from_bytes(b[8:10], "big")
    ntr = int.from_bytes(b[10:12], "big")
    div = int.from_bytes(b[12:14], "big")
    if div & 0x8000:
        raise MidiError("SMPTE division not supported")
    i = 8 + hlen
    notes = [] if collect else None
    count = 0
    unmatched = 0
    for tr in range(ntr):
        if b[i:i + 4] != b"MTrk":
            raise MidiError("track %d: no MTrk chunk at byte %d" % (tr, i))
        ln = int.from_bytes(b[i + 4:i + 8], "big")
        j, end = i + 8, i + 8 + ln
        if end > len(b):
            raise MidiError("track %d: truncated" % tr)
        t, status, on = 0, 0, {}
        while j < end:
            dt, j = read_vlq(b, j)
            t += dt
            c = b[j]
            if c & 0x80:
                status = c
                j += 1
            elif not status:
                raise MidiError("track %d: running status without status" % tr)
            s = status
            if s == 0xFF:
                j += 1
                l, j = read_vlq(b, j)
                j += l
                status = 0
                continue
            if s in (0xF0, 0xF7):
                l, j = read_vlq(b, j)
                j += l
                status = 0
                continue
            hi = s & 0xF0
            if hi in (0xC0, 0xD0):
                j += 1
                continue
            k, v = b[j], b[j + 1]
            j += 2
            if hi == 0x90 and v > 0:
                count += 1
                if collect:
                    on.setdefault((s & 0x0F, k), []).append(t)
            elif hi == 0x80 or (hi == 0x90 and v == 0):
                if collect:
                    lst = on.get((s & 0x0F, k))
                    if lst:
                        t0 = lst.pop(0)
                        notes.append((t0, k, t - t0))
                    else:
                        unmatched += 1
        if collect:
            unmatched += sum(len(v) for v in on.values())
        i = end
    if i != len(b):
        raise MidiError("%d bytes after the last track (truncated or damaged file)" % (len(b) - i))
    if collect:
        notes.sort()
    return {"format": fmt, "ntracks": ntr, "division": div, "notes": notes,
            "count": count, "unmatched": unmatched, "bytes": len(b)}


def expected_notes(song, division):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    import generate  # noqa: E402
    ev = []
    scale = 4 * division

    def collect_stave(path):
        from fractions import Fraction as Fr
        import re
        in_phrase, body, t = False, [], Fr(0)
        with open(path) as f:
            for line in f:
                s = line.strip()
                if not in_phrase:
                    if re.match(r"phrase (\w+) \{$", s):
                        in_phrase, body = True, []
                    continue
                if s == "}":
                    e, _, _, t = generate.StaveBody("\n".join(body), path).run(t)
                    ev.extend(e)
                    in_phrase = False
                else:
                    body.append(line)

    if song.endswith(".stave"):
        collect_stave(song)
    else:
        raise SystemExit("--against takes a .stave file (the .abc file holds the same music)")
    out = []
    for t, p, d in ev:
        on = t * scale
        off = (t + d) * scale
        out.append((round(on), p, round(off) - round(on)))
    out.sort()
    return out


def compare(got, want, tol):
    if len(got) != len(want):
        return "note count differs: MIDI has %d, song has %d" % (len(got), len(want))
    if not got:
        return None
    shift = got[0][0] - want[0][0]
    for n, (g, w) in enumerate(zip(got, want)):
        if g[1] != w[1] or abs(g[0] - shift - w[0]) > tol or abs(g[2] - w[2]) > tol:
            return ("note %d differs: MIDI (tick %d, key %d, len %d) vs song "
                    "(tick %d, key %d, len %d) [shift %d, tolerance %d]"
                    % (n + 1, g[0], g[1], g[2], w[0] + shift, w[1], w[2], shift, tol))
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("midi")
    ap.add_argument("--notes", type=int, help="expected number of notes")
    ap.add_argument("--against", metavar="SONG.stave", help="expected music")
    ap.add_argument("--tolerance", type=int, default=0, help="ticks of slack (onset and length)")
    ap.add_argument("--quiet", "-q", action="store_true")
    a = ap.parse_args(argv)
    try:
        if not os.path.exists(a.midi) or os.path.getsize(a.midi) == 0:
            raise MidiError("missing or empty")
        info = parse(a.midi, collect=bool(a.against))
    except (MidiError, IndexError) as e:
        print("midicheck %s: FAIL: %s" % (a.midi, e if str(e) else "truncated"))
        return 1
    ok = True
    msg = ("format %d, %d tracks, division %d, %d notes, %d bytes"
           % (info["format"], info["ntracks"], info["division"], info["count"], info["bytes"]))
    problems = []
    if a.notes is not None and info["count"] != a.notes:
        problems.append("expected %d notes, found %d" % (a.notes, info["count"]))
    if a.against:
        if info["unmatched"]:
            problems.append("%d unmatched note-on/off events" % info["unmatched"])
        err = compare(info["notes"], expected_notes(a.against, info["division"]), a.tolerance)
        if err:
            problems.append(err)
        else:
            msg += ", notes identical to %s" % os.path.basename(a.against)
            if a.tolerance:
                msg += " (±%d tick)" % a.tolerance
    if problems:
        ok = False
        print("midicheck %s: FAIL: %s (%s)" % (a.midi, "; ".join(problems), msg))
    elif not a.quiet:
        print("midicheck %s: OK: %s" % (a.midi, msg))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
