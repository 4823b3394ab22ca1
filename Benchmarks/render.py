#!/usr/bin/env python3
"""Render speed of `stave render` against real time, on the five-minute, four-track example
(Examples/twelve-bar-blues.stave). Target: at least 20x faster than real time.

    python3 Benchmarks/render.py [--stave PATH] [--runs N] [--song FILE]

Runs `stave render SONG -o Benchmarks/work/render.wav` once to warm up (the soundfont into the
page cache), then N times (default 5); prints the median and fastest wall times and the speed:
the WAV's duration divided by the wall time. For comparison it times FluidSynth alone on the
same MIDI file, with the same options, so that Stave's own share shows. Exits 1 when a run
fails; a missed target shows as MISS only. Needs fluidsynth and a GM soundfont (see README).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
import wave

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TARGET = 20.0


def timed(command, env=None):
    began = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - began
    if result.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (result.returncode, " ".join(command), result.stderr))
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = os.path.join(ROOT, ".build", "release", "stave")
    if not os.path.exists(default):
        default = os.path.join(ROOT, ".build", "debug", "stave")
    parser.add_argument("--stave", default=default)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--song", default=os.path.join(ROOT, "Examples", "twelve-bar-blues.stave"))
    args = parser.parse_args()
    work = os.path.join(HERE, "work")
    os.makedirs(work, exist_ok=True)
    wav, midi = os.path.join(work, "render.wav"), os.path.join(work, "render.mid")
    render = [args.stave, "render", args.song, "-o", wav, "-q"]
    timed(render)
    times = [timed(render) for _ in range(args.runs)]
    with wave.open(wav) as w:
        audio = w.getnframes() / w.getframerate()
    subprocess.run([args.stave, "compile", args.song, "-o", midi, "-q"], check=True)
    soundfont = os.environ.get("STAVE_SOUNDFONT", "/usr/share/sounds/sf2/FluidR3_GM.sf2")
    alone = [timed(["fluidsynth", "-n", "-i", "-q", "-o", "synth.dynamic-sample-loading=1", "-T", "wav", "-F", os.path.join(work, "alone.wav"), "-r", "44100", soundfont, midi])
             for _ in range(args.runs)]
    median, fastest = statistics.median(times), min(times)
    speed = audio / median
    print("song:        %s (%.1f s of audio with the release tail)" % (os.path.relpath(args.song, ROOT), audio))
    print("stave:       %s" % args.stave)
    print("stave render: median %.2f s, fastest %.2f s over %d runs" % (median, fastest, args.runs))
    print("fluidsynth alone on the same MIDI: median %.2f s" % statistics.median(alone))
    print("speed:       %.0fx real time (median; fastest %.0fx)  target >= %.0fx: %s"
          % (speed, audio / fastest, TARGET, "ok" if speed >= TARGET else "MISS"))


if __name__ == "__main__":
    main()
