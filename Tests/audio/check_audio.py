"""Tests of `stave render` and `stave play` with the real FluidSynth and a GM soundfont.

Usage: check_audio.py STAVE EXAMPLES_DIR WORK_DIR
Lengths are refereed with mido on `stave compile`'s MIDI (Timeline), loudness with the
standard library's wave module. Ends with "N passed, M failed".
"""

import glob
import os
import signal
import subprocess
import sys
import time

from checks import Audio, Checks, Timeline, alive, children

STAVE, EXAMPLES, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
TAIL = 2.0          # the documented release tail of `stave render`
TOLERANCE = 0.5     # the tolerance on the length
SILENT = -60.0      # dBFS RMS: a bar of rests must be quieter than this
SOUNDING = -50.0    # dBFS RMS: a bar where notes start must be louder than this
MIN_EXAMPLES = 12

checks = Checks()
SCRATCH = os.path.join(WORK, "tmp")       # TMPDIR of every stave run: scratch files must not stay
os.makedirs(SCRATCH, exist_ok=True)


def stave(*args, env=None, **kw):
    environment = dict(os.environ, TMPDIR=SCRATCH)
    environment.update(env or {})
    return subprocess.run([STAVE, *args], capture_output=True, text=True, env=environment, **kw)


def scratch_left():
    """Stave's scratch files in its TMPDIR (PulseAudio's client library keeps its own directory there)."""
    return sorted(n for n in os.listdir(SCRATCH) if n.startswith("stave-"))


def temp_files(directory):
    return sorted(n for n in os.listdir(directory) if n.endswith(".tmp"))


# --- every example: length, sound ------------------------------------------------------
examples = sorted(glob.glob(os.path.join(EXAMPLES, "*.stave")))
checks.check("at least %d examples" % MIN_EXAMPLES, len(examples) >= MIN_EXAMPLES, "%d found" % len(examples))
peaks = []
for song in examples:
    name = os.path.basename(song)[:-6]
    midi, wav = os.path.join(WORK, name + ".mid"), os.path.join(WORK, name + ".wav")
    compiled = stave("compile", song, "-o", midi, "-q")
    rendered = stave("render", song, "-o", wav)
    if not checks.check("%s: renders" % name, compiled.returncode == 0 and rendered.returncode == 0,
                        compiled.stderr + rendered.stderr):
        continue
    timeline, audio = Timeline(midi), Audio(wav)
    song_seconds = timeline.seconds(timeline.end_tick())
    checks.check("%s: WAV lasts the song plus the release tail" % name,
                 abs(audio.seconds - (song_seconds + TAIL)) <= TOLERANCE,
                 "%.3f s, song %.3f s + %.1f s" % (audio.seconds, song_seconds, TAIL))
    checks.check("%s: 16-bit stereo at 44100 Hz" % name, (audio.channels, audio.rate) == (2, 44100))
    # Every bar where notes start is heard (its loudness over the whole bar).
    bars = list(zip(*[iter([])] * 2))
    quiet = []
    lines = []
    for tick in timeline.bar_lines():
        lines.append(tick)
        if tick >= timeline.end_tick():
            break
    sounding = 0
    for start, end in zip(lines, lines[1:]):
        if any(start <= on < end for on in timeline.note_ons):
            sounding += 1
            level = audio.rms_dbfs(timeline.seconds(start), timeline.seconds(end))
            if level < SOUNDING:
                quiet.append("bar %d at %.1f dBFS" % (lines.index(start) + 1, level))
    checks.check("%s: every bar with notes is heard (> %d dBFS)" % (name, SOUNDING), sounding > 0 and not quiet,
                 "; ".join(quiet) if quiet else "%d bars" % sounding)
    checks.check("%s: summary line" % name, rendered.stderr.startswith("wrote %s — bars 1–" % wav), rendered.stderr.strip())
    # Loud enough, never clipped: the default loudness puts the peak at -2 dBFS.
    peak = audio.peak_dbfs()
    peaks.append("%s %.2f" % (name, peak))
    checks.check("%s: peak between -6 and -1 dBFS" % name, -6.0 <= peak <= -1.0, "%.2f dBFS" % peak)

print("peaks (dBFS): " + ", ".join(peaks))

# --- --gain DB: a fixed gain on FluidSynth's own level ---------------------------------------
levels = {}
for gain in ["0", "+12", "-6"]:
    out = os.path.join(WORK, "gain%s.wav" % gain)
    result = stave("render", os.path.join(EXAMPLES, "ode-to-joy.stave"), "--gain", gain, "-o", out, "-q")
    if checks.check("render --gain %s: exit 0" % gain, result.returncode == 0, result.stderr):
        levels[gain] = Audio(out).peak_dbfs()
if len(levels) == 3:
    checks.check("--gain 0 is FluidSynth's own level (ode-to-joy peaks near -18 dBFS)", -20 < levels["0"] < -15, "%.2f dBFS" % levels["0"])
    checks.check("--gain +12 is 12 dB above --gain 0", abs(levels["+12"] - levels["0"] - 12) < 0.05, "%.2f dB" % (levels["+12"] - levels["0"]))
    checks.check("--gain -6 is 6 dB below --gain 0", abs(levels["0"] - levels["-6"] - 6) < 0.05, "%.2f dB" % (levels["0"] - levels["-6"]))
result = stave("render", os.path.join(EXAMPLES, "ode-to-joy.stave"), "--gain", "loud", "-o", os.path.join(WORK, "never.wav"))
checks.check("render --gain loud: usage error", result.returncode == 2 and "--gain takes 'auto' or a number of decibels from -60 to +40, not 'loud'" in result.stderr, result.stderr.strip())

# --- compile -o SONG.wav: the same audio as render, beside the other outputs --------------
ode = os.path.join(EXAMPLES, "ode-to-joy.stave")
both = stave("compile", ode, "-o", os.path.join(WORK, "both.mid"), "-o", os.path.join(WORK, "both.wav"), "-o", os.path.join(WORK, "both.json"))
rendered = stave("render", ode, "-o", os.path.join(WORK, "alone.wav"), "-q")
if checks.check("compile -o .mid -o .wav -o .json: exit 0", both.returncode == 0 and rendered.returncode == 0, both.stderr + rendered.stderr):
    with open(os.path.join(WORK, "both.wav"), "rb") as f, open(os.path.join(WORK, "alone.wav"), "rb") as g:
        checks.check("compile -o SONG.wav renders as stave render does (same bytes)", f.read() == g.read())
    checks.check("compile -o SONG.wav: one summary line per output", both.stderr.count("wrote ") == 3, both.stderr.strip())

# --- silence where the song rests ---------------------------------------------------------
rests = os.path.join(WORK, "rests.stave")
with open(rests, "w") as f:
    f.write("""title "Rests for the audio test"
tempo 120
track keys { instrument piano
  phrase { r1 | c4 e g > c | r1 | r1 | r1 | < [c e g]1 | }
}
drums beat { phrase { r1 | kick4 snare kick snare | r1 | r1 | r1 | kick1 | } }
""")
result = stave("render", rests, "-o", os.path.join(WORK, "rests.wav"))
if checks.check("rests song renders", result.returncode == 0, result.stderr):
    audio = Audio(os.path.join(WORK, "rests.wav"))
    # 120 bpm in 4/4: a bar lasts 2 s. Bars 1 and 5 are rests (bar 5 two bars after the last note).
    checks.check("rests song lasts 6 bars + tail", abs(audio.seconds - 14.0) < 0.01, "%.3f s" % audio.seconds)
    for bar in (1, 5):
        level = audio.rms_dbfs(2 * (bar - 1), 2 * bar)
        checks.check("bar %d of rests is silent (< %d dBFS)" % (bar, SILENT), level < SILENT, "%.1f dBFS" % level)
    for bar in (2, 6):
        level = audio.rms_dbfs(2 * (bar - 1), 2 * bar)
        checks.check("bar %d with notes is heard" % bar, level > SOUNDING, "%.1f dBFS" % level)

# --- --from / --to --------------------------------------------------------------------
cuts = [("ode-to-joy", 3, 5), ("changing-times", 2, 6), ("when-the-saints", 5, None), ("tied-together", 2, 3)]
for name, first, last in cuts:
    song, midi = os.path.join(EXAMPLES, name + ".stave"), os.path.join(WORK, name + ".mid")
    out = os.path.join(WORK, "%s-%s-%s.wav" % (name, first, last))
    args = ["render", song, "-o", out, "--from", str(first)] + (["--to", str(last)] if last else [])
    result = stave(*args)
    if not checks.check("%s --from %s --to %s renders" % (name, first, last), result.returncode == 0, result.stderr):
        continue
    timeline = Timeline(midi)
    end = timeline.bar_tick(last) if last else timeline.end_tick()
    want = timeline.seconds(end) - timeline.seconds(timeline.bar_tick(first)) + TAIL
    audio = Audio(out)
    checks.check("%s bars %s to %s: length" % (name, first, last), abs(audio.seconds - want) <= TOLERANCE,
                 "%.3f s, want %.3f s" % (audio.seconds, want))
    checks.check("%s bars %s to %s: heard from the start" % (name, first, last), audio.rms_dbfs(0, 0.5) > SOUNDING,
                 "%.1f dBFS in the first half second" % audio.rms_dbfs(0, 0.5))

# A marker's name is the bar where it stands: amazing-grace has marker "Verse 2" at 17.
grace = os.path.join(EXAMPLES, "amazing-grace.stave")
by_name, by_number = os.path.join(WORK, "verse2-name.wav"), os.path.join(WORK, "verse2-number.wav")
named = stave("render", grace, "-o", by_name, "--from", "Verse 2", "-q")
numbered = stave("render", grace, "-o", by_number, "--from", "17", "-q")
if checks.check("render --from 'Verse 2' (a marker) renders", named.returncode == 0 and numbered.returncode == 0, named.stderr + numbered.stderr):
    with open(by_name, "rb") as f, open(by_number, "rb") as g:
        checks.check("render --from 'Verse 2' is --from 17 (same bytes)", f.read() == g.read())
result = stave("render", grace, "-o", os.path.join(WORK, "bad.wav"), "--from", "Verse 3")
checks.check("render --from 'Verse 3': usage error with a did-you-mean", result.returncode == 2
             and "there is no marker 'Verse 3'; did you mean 'Verse 1'? (the song's markers: 'Verse 1', 'Verse 2')" in result.stderr, result.stderr.strip())

ode = os.path.join(EXAMPLES, "ode-to-joy.stave")
for args, wanted in [(["--from", "chorus"], "there is no marker 'chorus': the song has no markers"), (["--from", "1.5"], "--from takes a bar number"), (["--from", "9"], "there is no bar 9: the song has 8 bars"),
                     (["--from", "4", "--to", "3"], "--to 3 does not come after --from 4"), (["--sample-rate", "7"], "--sample-rate takes a number")]:
    result = stave("render", ode, "-o", os.path.join(WORK, "bad.wav"), *args)
    checks.check("render %s: usage error" % " ".join(args), result.returncode == 2 and wanted in result.stderr, result.stderr.strip())
checks.check("no WAV written by usage errors", not os.path.exists(os.path.join(WORK, "bad.wav")))

# --- missing FluidSynth or soundfont: documented errors, exit 1, nothing written ---------------
out = os.path.join(WORK, "missing.wav")
result = stave("render", ode, "-o", out, "--soundfont", os.path.join(WORK, "no-such.sf2"))
checks.check("missing --soundfont: exit 1", result.returncode == 1, str(result.returncode))
checks.check("missing --soundfont: says which file", "the soundfont '%s' (--soundfont) does not exist" % os.path.join(WORK, "no-such.sf2") in result.stderr, result.stderr.strip())
result = stave("render", ode, "-o", out, env={"STAVE_SOUNDFONT": "/nonexistent/gm.sf2"})
checks.check("missing STAVE_SOUNDFONT: exit 1 and the message", result.returncode == 1 and "(STAVE_SOUNDFONT) does not exist" in result.stderr, result.stderr.strip())
empty_path = os.path.join(WORK, "empty-bin")
os.makedirs(empty_path, exist_ok=True)
result = stave("render", ode, "-o", out, env={"PATH": empty_path})
checks.check("missing fluidsynth: exit 1, says what to install", result.returncode == 1 and "fluidsynth is not installed" in result.stderr
             and "apt-get install fluidsynth" in result.stderr, result.stderr.strip())
checks.check("nothing written when something is missing", not os.path.exists(out))

# --- atomic output: a failing render leaves an existing WAV as it was ------------------------
target = os.path.join(WORK, "atomic", "song.wav")
os.makedirs(os.path.dirname(target), exist_ok=True)
with open(target, "wb") as f:
    f.write(b"the previous rendering")
broken = os.path.join(WORK, "broken.stave")
with open(broken, "w") as f:
    f.write("track a { phrase { c4 d e | f g a b | } }\n")
not_a_soundfont = os.path.join(WORK, "not-a-soundfont.sf2")
with open(not_a_soundfont, "wb") as f:
    f.write(b"RIFF\x04\x00\x00\x00junk")
failures = [("a song with errors", ["render", broken, "-o", target], 1),
            ("a missing soundfont", ["render", ode, "-o", target, "--soundfont", "/nonexistent.sf2"], 1),
            ("a file FluidSynth cannot load", ["render", ode, "-o", target, "--soundfont", not_a_soundfont], 1)]
for what, args, status in failures:
    result = stave(*args)
    with open(target, "rb") as f:
        kept = f.read() == b"the previous rendering"
    checks.check("render failing on %s: exit %d, WAV untouched" % (what, status), result.returncode == status and kept,
                 "exit %d: %s" % (result.returncode, result.stderr.strip()[-200:]))
checks.check("no temporary files beside the WAV", temp_files(os.path.dirname(target)) == [], str(temp_files(os.path.dirname(target))))

# Interrupted while FluidSynth renders the five-minute song: FluidSynth is killed at once,
# the old WAV stays, no temporary or scratch file is left.
blues = os.path.join(EXAMPLES, "twelve-bar-blues.stave")


def interrupt_while_running(args, env=None, after=0.8):
    """Starts stave, waits for its FluidSynth child, sends SIGINT; returns (returncode, child, seconds to end, child gone)."""
    environment = dict(os.environ, TMPDIR=SCRATCH)
    environment.update(env or {})
    process = subprocess.Popen([STAVE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
    child, deadline = None, time.time() + 10
    while child is None and time.time() < deadline and process.poll() is None:
        found = children(process.pid)
        child = found[0] if found else None
        time.sleep(0.02)
    time.sleep(after)
    sent = time.time()
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    stopped = time.time() - sent
    gone_deadline = time.time() + 2
    while child is not None and alive(child) and time.time() < gone_deadline:
        time.sleep(0.01)
    return process.returncode, child, stopped, child is None or not alive(child), process.stderr.read().decode()


code, child, stopped, gone, err = interrupt_while_running(["render", blues, "-o", target], after=0.5)
checks.check("render interrupted: FluidSynth was running", child is not None)
checks.check("render interrupted: ends by SIGINT within 1 s", code == -signal.SIGINT and stopped < 1.0, "status %s after %.2f s" % (code, stopped))
checks.check("render interrupted: FluidSynth killed", gone)
with open(target, "rb") as f:
    checks.check("render interrupted: WAV untouched", f.read() == b"the previous rendering")
checks.check("render interrupted: no temporary files", temp_files(os.path.dirname(target)) == [], str(temp_files(os.path.dirname(target))))
checks.check("no scratch files left by render", scratch_left() == [], str(scratch_left()))

# --- play: no audio device, a real (null) ALSA device, Ctrl-C --------------------------------
no_sound = os.path.join(WORK, "home-without-sound")
os.makedirs(no_sound, exist_ok=True)
result = stave("play", ode, "--driver", "alsa", env={"HOME": no_sound})
checks.check("play without an audio device: exit 1", result.returncode == 1, "exit %d" % result.returncode)
checks.check("play without an audio device: says so", "cannot play: no audio device could be opened with FluidSynth's 'alsa' driver" in result.stderr
             and "stave render" in result.stderr, result.stderr.strip())
result = stave("play", ode, "--driver", "file")
checks.check("play --driver file is refused (that is render)", result.returncode == 2 and "use 'stave render'" in result.stderr, result.stderr.strip())
checks.check("no scratch files left by play", scratch_left() == [], str(scratch_left()))

# ALSA's null device: a real ALSA output that discards the sound (as fast as FluidSynth makes it).
null_sound = os.path.join(WORK, "home-with-null-sound")
os.makedirs(null_sound, exist_ok=True)
with open(os.path.join(null_sound, ".asoundrc"), "w") as f:
    f.write("pcm.!default {\n  type null\n}\n")
result = stave("play", blues, "--driver", "alsa", "--from", "100", env={"HOME": null_sound}, timeout=120)
checks.check("play to ALSA's null device: exit 0", result.returncode == 0, result.stderr.strip()[-300:])
bars = [int(line.split()[1]) for line in result.stderr.splitlines() if line.startswith("bar ") and " of 121 " in line]
checks.check("play shows the bar being played, counting up from --from", bars != [] and bars == sorted(bars) and bars[0] >= 100 and bars[-1] <= 121,
             "bars %s" % bars[:3] + ("…%s" % bars[-1] if bars else ""))
code, child, stopped, gone, err = interrupt_while_running(["play", blues, "--driver", "alsa"], env={"HOME": null_sound}, after=0.8)
checks.check("play interrupted: FluidSynth was playing", child is not None)
checks.check("play interrupted: ends by SIGINT within 0.5 s", code == -signal.SIGINT and stopped < 0.5, "status %s after %.2f s" % (code, stopped))
checks.check("play interrupted: FluidSynth killed", gone)
checks.check("no scratch files left by play", scratch_left() == [], str(scratch_left()))

sys.exit(checks.finish())
