"""Shared helpers of the audio tests: a check counter, WAV loudness, song lengths from MIDI,
and a look at running processes through /proc."""

import array
import math
import os
import sys
import wave

import mido


class Checks:
    """Counts checks; prints each failure with its detail, and a final "N passed, M failed"."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            # A passing check shows its measured figure, on one short line.
            shown = detail.strip().splitlines()[0][:110] if detail.strip() else ""
            print("ok    %s%s" % (name, " (%s)" % shown if shown else ""))
        else:
            self.failed += 1
            print("FAIL  %s%s" % (name, ": %s" % detail if detail else ""))
        sys.stdout.flush()
        return ok

    def finish(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


class Audio:
    """A 16-bit WAV file's samples, for loudness in a time window."""

    def __init__(self, path):
        with wave.open(path, "rb") as w:
            self.channels = w.getnchannels()
            self.rate = w.getframerate()
            self.width = w.getsampwidth()
            self.frames = w.getnframes()
            raw = w.readframes(self.frames)
        if self.width != 2:
            raise ValueError("%s: %d-byte samples, expected 2" % (path, self.width))
        self.samples = array.array("h")
        self.samples.frombytes(raw)
        if sys.byteorder == "big":
            self.samples.byteswap()

    @property
    def seconds(self):
        return self.frames / self.rate

    def peak_dbfs(self):
        """The loudest sample, in dB relative to full scale (-inf: digital silence)."""
        peak = max((abs(value) for value in self.samples), default=0)
        return 20 * math.log10(peak / 32768) if peak else float("-inf")

    def rms_dbfs(self, start, end):
        """RMS loudness of [start, end) seconds, in dB relative to full scale (-inf: digital silence)."""
        a = max(0, int(start * self.rate)) * self.channels
        b = min(self.frames, int(end * self.rate)) * self.channels
        if b <= a:
            return float("-inf")
        total = 0
        for value in self.samples[a:b]:
            total += value * value
        if total == 0:
            return float("-inf")
        return 20 * math.log10(math.sqrt(total / (b - a)) / 32768)


class Timeline:
    """Bars and seconds of a Standard MIDI File, read with mido: the tempo map and meters of its
    conductor, the last note-off, and the first bar line at or after it (where a song whose
    phrases fill their bars ends, rests included)."""

    def __init__(self, path):
        mid = mido.MidiFile(path)
        self.tpb = mid.ticks_per_beat
        self.tempos = [(0, 500000)]
        self.meters = [(0, 4, 4)]
        self.note_ons = []
        self.last_off = 0
        for track in mid.tracks:
            tick = 0
            for msg in track:
                tick += msg.time
                if msg.type == "set_tempo":
                    self.tempos.append((tick, msg.tempo))
                elif msg.type == "time_signature":
                    self.meters.append((tick, msg.numerator, msg.denominator))
                elif msg.type == "note_on" and msg.velocity > 0:
                    self.note_ons.append(tick)
                elif msg.type == "note_off" or (msg.type == "note_on" and msg.velocity == 0):
                    self.last_off = max(self.last_off, tick)
        # At one tick the last change wins.
        self.tempos = sorted(dict(sorted(self.tempos, key=lambda t: t[0])).items())
        self.meters = sorted({t: (t, n, d) for t, n, d in sorted(self.meters, key=lambda m: m[0])}.values())
        self.note_ons.sort()

    def seconds(self, tick):
        total, at, tempo = 0.0, 0, 500000
        for t, value in self.tempos:
            if t >= tick:
                break
            total += (t - at) * tempo / 1e6 / self.tpb
            at, tempo = t, value
        return total + (tick - at) * tempo / 1e6 / self.tpb

    def bar_lines(self):
        """Ticks of the bar lines, from bar 1's start on, for ever."""
        tick, index = 0, 0
        while True:
            yield tick
            while index + 1 < len(self.meters) and self.meters[index + 1][0] <= tick:
                index += 1
            _, num, den = self.meters[index]
            tick += num * self.tpb * 4 // den

    def end_tick(self):
        """The first bar line at or after the last note-off."""
        for tick in self.bar_lines():
            if tick >= self.last_off:
                return tick

    def bar_tick(self, bar):
        """Tick where 1-based `bar` starts."""
        for number, tick in enumerate(self.bar_lines(), start=1):
            if number == bar:
                return tick


def children(pid):
    """PIDs of the live (not zombie) children of `pid`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def alive(pid):
    """True while `pid` runs (a zombie counts as gone)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2:].split()[0] != "Z"


def cpu_seconds(pid):
    """User + system CPU time of `pid` so far, from /proc/PID/stat."""
    with open("/proc/%d/stat" % pid) as f:
        stat = f.read()
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
