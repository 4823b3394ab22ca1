"""Tests of `stave watch`: a song edited in place and by rename (an editor's atomic save),
errors introduced and fixed, the output rewritten only when the song compiles, a WAV output,
--play, idle CPU, Ctrl-C.

Usage: check_watch.py STAVE EXAMPLES_DIR WORK_DIR      Ends with "N passed, M failed".
"""

import os
import signal
import subprocess
import sys
import time

import mido

from checks import Audio, Checks, alive, children, cpu_seconds

STAVE, EXAMPLES, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
SCRATCH = os.path.join(WORK, "tmp")
os.makedirs(SCRATCH, exist_ok=True)
checks = Checks()


def song_text(tempo, body="c4 d e f | g1 |"):
    return 'title "Watched"\ntempo %s\ntrack lead { instrument flute\n  phrase { %s }\n}\n' % (tempo, body)


class Watcher:
    """A running `stave watch`, its standard error collected in a file."""

    def __init__(self, *args, env=None):
        self.log_path = os.path.join(WORK, "watch-%d.log" % time.time_ns())
        self.log = open(self.log_path, "w")
        environment = dict(os.environ, TMPDIR=SCRATCH)
        environment.update(env or {})
        self.process = subprocess.Popen([STAVE, "watch", *args], stdout=subprocess.DEVNULL, stderr=self.log, env=environment)

    def text(self):
        with open(self.log_path) as f:
            return f.read()

    def lines(self, marker):
        return [line for line in self.text().splitlines() if marker in line]

    def wait(self, marker, count, timeout=20):
        """Waits until `marker` appears on `count` lines; True if it did."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if len(self.lines(marker)) >= count:
                return True
            if self.process.poll() is not None:
                return False
            time.sleep(0.05)
        return False

    def interrupt(self):
        sent = time.time()
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        return self.process.returncode, time.time() - sent


def write_in_place(path, text):
    with open(path, "r+") as f:
        f.write(text)
        f.truncate()


def write_by_rename(path, text):
    temporary = os.path.join(os.path.dirname(path), ".%s.swp" % os.path.basename(path))
    with open(temporary, "w") as f:
        f.write(text)
    os.replace(temporary, path)


def tempo_of(midi):
    return [m.tempo for m in mido.MidiFile(midi).tracks[0] if m.type == "set_tempo"]


def read(path):
    with open(path, "rb") as f:
        return f.read()


directory = os.path.join(WORK, "songs")
os.makedirs(directory, exist_ok=True)
song, out = os.path.join(directory, "song.stave"), os.path.join(directory, "song.mid")
with open(song, "w") as f:
    f.write(song_text(120))

watcher = Watcher(song, "-o", out)
checks.check("first compilation written", watcher.wait("wrote %s" % out, 1), watcher.text())
checks.check("first output: tempo 120", os.path.exists(out) and tempo_of(out) == [500000])

write_in_place(song, song_text(90))
checks.check("save in place: recompiled", watcher.wait("wrote %s" % out, 2), watcher.text())
checks.check("save in place: output has tempo 90", tempo_of(out) == [666667], str(tempo_of(out)))

good = read(out)
write_by_rename(song, song_text(90, "c4 d e | g1 |"))
checks.check("save by rename with an error: reported", watcher.wait("has errors", 1), watcher.text())
text = watcher.text()
checks.check("the diagnostic is shown at once, with its place", "song.stave:4:" in text and "error: bar line falls 3/4 after the start of bar 1" in text, text[-400:])
checks.check("the error line says the output was kept", "song.stave has errors; %s left as it was" % out in text)
checks.check("output unchanged while the song has errors", read(out) == good)

write_by_rename(song, song_text(100))
checks.check("save by rename, fixed: recompiled", watcher.wait("wrote %s" % out, 3), watcher.text())
checks.check("fixed: output has tempo 100", tempo_of(out) == [600000], str(tempo_of(out)))

good = read(out)
write_in_place(song, song_text("1200"))
checks.check("save in place with an error: reported", watcher.wait("has errors", 2), watcher.text())
checks.check("error in place: the diagnostic is shown", "tempo 1200 is out of range" in watcher.text())
checks.check("output unchanged again", read(out) == good)

# A backup-then-write save (some editors): the old file renamed away, a new one created.
os.replace(song, song + "~")
with open(song, "w") as f:
    f.write(song_text(80))
checks.check("backup-then-write save: recompiled", watcher.wait("wrote %s" % out, 4), watcher.text())
checks.check("backup-then-write: output has tempo 80", tempo_of(out) == [750000], str(tempo_of(out)))

# Other files of the directory are no concern of the watcher.
before = len(watcher.text())
with open(os.path.join(directory, "other.stave"), "w") as f:
    f.write(song_text(60))
write_by_rename(os.path.join(directory, "other.stave"), song_text(70))
time.sleep(0.6)
checks.check("other files in the directory do not trigger", len(watcher.text()) == before, watcher.text()[before:])
outcomes = [line for line in watcher.text().splitlines() if line.startswith("[") and ("] wrote " in line or " has errors; " in line)]
checks.check("one compilation per save (6 saves, 6 outcome lines)", len(outcomes) == 6, "\n".join(outcomes))

# No busy loop: CPU time while idle.
start_cpu, start_wall = cpu_seconds(watcher.process.pid), time.time()
time.sleep(3)
used, wall = cpu_seconds(watcher.process.pid) - start_cpu, time.time() - start_wall
checks.check("idle: CPU under 1% of wall time", used < 0.01 * wall, "%.3f s CPU in %.2f s (%.2f%%)" % (used, wall, 100 * used / wall))

code, seconds = watcher.interrupt()
checks.check("Ctrl-C ends the watch at once", code == -signal.SIGINT and seconds < 1, "status %s after %.2f s" % (code, seconds))
checks.check("no temporary files left", [n for n in os.listdir(directory) if n.endswith(".tmp")] == [])

# A WAV output: rendered on each good save.
wav = os.path.join(directory, "song.wav")
write_by_rename(song, song_text(120))
watcher = Watcher(song, "-o", wav)
checks.check("watch -o song.wav: rendered", watcher.wait("wrote %s" % wav, 1), watcher.text())
# 120 bpm, two bars of 4/4: 4 s, plus the 2 s release tail.
checks.check("watch -o song.wav: 4 s + 2 s", abs(Audio(wav).seconds - 6.0) < 0.01, "%.3f s" % Audio(wav).seconds)
write_by_rename(song, song_text(60))
checks.check("watch -o song.wav: re-rendered after a save", watcher.wait("wrote %s" % wav, 2), watcher.text())
checks.check("watch -o song.wav: 8 s + 2 s at tempo 60", abs(Audio(wav).seconds - 10.0) < 0.01, "%.3f s" % Audio(wav).seconds)
code, seconds = watcher.interrupt()
checks.check("Ctrl-C ends the WAV watch", code == -signal.SIGINT, "status %s" % code)

# --play through ALSA's null device (a real ALSA output that discards the sound): each good save
# stops the playing version and plays the new one; Ctrl-C kills FluidSynth.
home = os.path.join(WORK, "home-with-null-sound")
os.makedirs(home, exist_ok=True)
with open(os.path.join(home, ".asoundrc"), "w") as f:
    f.write("pcm.!default {\n  type null\n}\n")
long_song = song_text(40, "o4 c1 | d1 | e1 | f1 | g1 | a1 | b1 | > c1 | " * 20)
write_by_rename(song, long_song)
watcher = Watcher(song, "-o", out, "--play", "--driver", "alsa", env={"HOME": home})
checks.check("watch --play: playing", watcher.wait("playing bars 1–160", 1), watcher.text())
time.sleep(0.3)
first = children(watcher.process.pid)
write_by_rename(song, long_song.replace("tempo 40", "tempo 41"))
checks.check("watch --play: a save plays the new version", watcher.wait("playing bars 1–160", 2), watcher.text())
time.sleep(0.3)
second = children(watcher.process.pid)
checks.check("watch --play: the old FluidSynth is gone, a new one plays", first and second and not any(alive(p) for p in first) and first != second,
             "before %s, after %s" % (first, second))
code, seconds = watcher.interrupt()
checks.check("watch --play: Ctrl-C ends it at once", code == -signal.SIGINT and seconds < 1, "status %s after %.2f s" % (code, seconds))
time.sleep(0.2)
checks.check("watch --play: FluidSynth killed by Ctrl-C", not any(alive(p) for p in second), str(second))
checks.check("no scratch files left", [n for n in os.listdir(SCRATCH) if n.startswith("stave-")] == [], str(os.listdir(SCRATCH)))

# -q: a good save writes its output without a line; an error is still said.
quiet_song, quiet_out = os.path.join(directory, "quiet.stave"), os.path.join(directory, "quiet.mid")
with open(quiet_song, "w") as f:
    f.write(song_text(120))
watcher = Watcher(quiet_song, "-o", quiet_out, "-q")
deadline = time.time() + 20
while not os.path.exists(quiet_out) and time.time() < deadline:
    time.sleep(0.05)
checks.check("watch -q: the first compilation written", os.path.exists(quiet_out) and tempo_of(quiet_out) == [500000])
write_in_place(quiet_song, song_text(120, body="c4 d e f | g2 |"))
checks.check("watch -q: an error is still said", watcher.wait("has errors", 1), watcher.text())
write_in_place(quiet_song, song_text(90))
deadline = time.time() + 20
while time.time() < deadline and not (os.path.exists(quiet_out) and tempo_of(quiet_out) == [666667]):
    time.sleep(0.05)
checks.check("watch -q: a fixed save rewrites the output", tempo_of(quiet_out) == [666667])
code, _ = watcher.interrupt()
checks.check("watch -q: no line for a good save", watcher.lines("wrote") == [] and len(watcher.lines("has errors")) == 1, watcher.text())

# The watched directory removed: no save can be seen any more, so the watch ends and says why.
doomed = os.path.join(WORK, "doomed")
os.makedirs(doomed, exist_ok=True)
with open(os.path.join(doomed, "song.stave"), "w") as f:
    f.write(song_text(120))
watcher = Watcher(os.path.join(doomed, "song.stave"), "-o", os.path.join(WORK, "doomed.mid"))
checks.check("watch in a directory to be removed: compiled", watcher.wait("wrote", 1), watcher.text())
for name in os.listdir(doomed):
    os.remove(os.path.join(doomed, name))
os.rmdir(doomed)
try:
    code = watcher.process.wait(timeout=3)
except subprocess.TimeoutExpired:
    watcher.process.kill()
    code = watcher.process.wait()
checks.check("directory removed: the watch ends with status 2 and says why", code == 2 and "was removed or moved away" in watcher.text(),
             "status %s: %s" % (code, watcher.text()[-200:]))

sys.exit(checks.finish())
