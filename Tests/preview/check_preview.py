#!/usr/bin/env python3
"""`stave preview` in a real browser: Debian's headless Chromium driven by selenium through
Debian's chromedriver (given as the Service, so selenium never looks for a driver online).

    check_preview.py STAVE EXAMPLES WORK SCREENSHOTS

For each example (copied into WORK, where it is edited): the page loads with no console error;
the roll has one `.note` per note the song sounds (counted by mido in `stave compile`'s MIDI);
the score appears when MuseScore 3 is installed; an edit that breaks the song shows its error
(LINE:COL, as `stave check` gives it) within 2 s while the roll stays, and the fix brings the
picture back; with FluidSynth, Play starts audio lasting the song plus the 2 s release tail
and moves the cursor. A screenshot of each page is kept in SCREENSHOTS. Then the time from a
save of the 12-bar blues to the new roll in the browser is measured (target: 300 ms).
Ends with "N passed, M failed".
"""
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time

import mido
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

STAVE, EXAMPLES, WORK, SCREENSHOTS = sys.argv[1:5]
passed = failed = 0
HAS_AUDIO = shutil.which("fluidsynth") is not None and os.path.exists("/usr/share/sounds/sf2/FluidR3_GM.sf2")
HAS_ENGRAVER = shutil.which("mscore3") is not None or shutil.which("musescore3") is not None


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)
    return ok


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000",
                     "--autoplay-policy=no-user-gesture-required", "--mute-audio", "--no-first-run", "--disable-extensions"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)


def start(song, log=None):
    process = subprocess.Popen([STAVE, "preview", song], stdout=subprocess.PIPE,
                               stderr=open(log or os.path.join(WORK, "server.log"), "ab"))
    url = process.stdout.readline().decode().strip()
    if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", url):
        raise SystemExit(f"stave preview printed {url!r}, not its URL")
    return process, url


def wait_for(driver, script, timeout, poll=0.02):
    """Runs `script` until it returns something true; returns it (or None after `timeout` s)."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(script)
        if value or time.monotonic() > deadline:
            return value
        time.sleep(poll)


def midi_facts(song):
    """(notes sounding, seconds) of the song, read by mido from `stave compile`'s MIDI file."""
    out = os.path.join(WORK, "facts.mid")
    subprocess.run([STAVE, "compile", song, "-o", out, "-q"], check=True)
    midi = mido.MidiFile(out)
    notes = sum(1 for track in midi.tracks for message in track if message.type == "note_on" and message.velocity > 0)
    return notes, midi.length


def severe_logs(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


NOTES = "return document.querySelectorAll('#roll .note').length"


def check_example(driver, name):
    song = os.path.join(WORK, name)
    shutil.copy(os.path.join(EXAMPLES, name), song)
    original = open(song, encoding="utf-8").read()
    notes, midi_seconds = midi_facts(song)
    log = os.path.join(WORK, name + ".log")
    server, url = start(song, log)
    try:
        driver.get(url)
        shown = wait_for(driver, NOTES, 3)
        check(shown == notes, f"{name}: {shown} note shapes, the MIDI file sounds {notes}")
        starts = driver.execute_script("return Array.from(document.querySelectorAll('#roll .note')).map(n => parseFloat(n.dataset.start))")
        check(starts and min(starts) >= 0 and max(starts) < midi_seconds + 0.001, f"{name}: note starts within 0…{midi_seconds:.3f} s")
        check(driver.execute_script("return !!document.querySelector('#play') && !!document.querySelector('#cursor') && !!document.querySelector('#score') && !!document.querySelector('#diagnostics')"),
              f"{name}: the page has #play, #cursor, #score and #diagnostics")
        # An edit that breaks the song: its first error, as `stave check` places it, within 2 s.
        broken = original + "\ntrack broken {\n  phrase { c4 d4 q4 }\n}\n"
        result = subprocess.run([STAVE, "check", "-"], input=broken, capture_output=True, text=True)
        place = re.search(r"<stdin>:(\d+):(\d+): error", result.stderr)
        check(place is not None, f"{name}: the broken version has an error ({result.stderr[:200]!r})")
        expected = f"{place.group(1)}:{place.group(2)}" if place else "?"
        started = time.monotonic()
        open(song, "w", encoding="utf-8").write(broken)
        text = wait_for(driver, "const d = document.querySelector('#diagnostics .diagnostic'); return d && d.textContent", 2.5)
        elapsed = time.monotonic() - started
        check(text is not None and text.startswith(expected + " "), f"{name}: the error shows as {expected} ({text!r})")
        check(elapsed <= 2, f"{name}: the error shows within 2 s ({elapsed:.2f} s)")
        check(driver.execute_script(NOTES) == notes, f"{name}: the last good roll stays while the song has errors")
        # The fix brings the picture back and clears the errors.
        started = time.monotonic()
        open(song, "w", encoding="utf-8").write(original)
        cleared = wait_for(driver, "return document.querySelectorAll('#diagnostics .diagnostic').length === 0 && document.querySelector('#problems').hidden", 2.5)
        elapsed = time.monotonic() - started
        check(cleared and elapsed <= 2, f"{name}: the fix clears the errors within 2 s ({elapsed:.2f} s)")
        check(driver.execute_script(NOTES) == notes, f"{name}: the roll is back after the fix")
        if HAS_AUDIO:
            check_playing(driver, name, midi_seconds)
        else:
            text = wait_for(driver, "return document.querySelector('#play').disabled && document.querySelector('#audio-status').textContent", 3)
            check(text and "FluidSynth" in text, f"{name}: without FluidSynth, Play says why ({text!r})")
        if HAS_ENGRAVER:
            pages = wait_for(driver, "return document.querySelectorAll('#score .page svg').length", 300, poll=0.2)
            check(pages and pages > 0, f"{name}: the engraved score appears ({pages} pages)")
            engraved = re.findall(r"engraved (\d+) pages? in ([\d.]+) s", open(log, encoding="utf-8").read())
            if engraved:
                print(f"engraving: {name}: {engraved[0][0]} page(s) in {engraved[0][1]} s (MuseScore 3)")
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(SCREENSHOTS, name.replace(".stave", ".png")))
        logs = severe_logs(driver)
        check(logs == [], f"{name}: no console errors ({logs[:3]})")
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(5)


def check_playing(driver, name, midi_seconds):
    enabled = wait_for(driver, "return !document.querySelector('#play').disabled", 240, poll=0.1)
    if not check(enabled, f"{name}: Play is enabled once the audio is rendered"):
        return
    driver.execute_script("document.querySelector('#play').click()")
    duration = wait_for(driver, "const a = document.querySelector('#audio'); return isFinite(a.duration) && a.duration > 0 && !a.paused && a.duration", 10)
    seconds = driver.execute_script("return parseFloat(document.querySelector('#roll').dataset.seconds)")
    check(duration and abs(duration - (seconds + 2)) < 0.01, f"{name}: the audio lasts the song + 2 s ({duration} s, song {seconds} s)")
    check(abs(seconds - midi_seconds) < 0.01 or seconds > midi_seconds, f"{name}: the song lasts at least the MIDI file ({seconds} s, {midi_seconds:.3f} s)")
    # The cursor follows the audio's own clock (a loaded machine may play late, never out of step).
    moving = wait_for(driver, "return parseFloat(document.querySelector('#cursor').dataset.time) > 0.3", 5)
    check(moving, f"{name}: the cursor starts moving")
    first, clock = driver.execute_script("return [parseFloat(document.querySelector('#cursor').dataset.time), document.querySelector('#audio').currentTime]")
    check(abs(first - clock) < 0.25, f"{name}: the cursor is at the audio's time ({first} s, audio {clock:.3f} s)")
    time.sleep(1.2)
    later = float(driver.execute_script("return document.querySelector('#cursor').dataset.time"))
    check(later - first > 0.3 and later < first + 1.5, f"{name}: the cursor moves with the music ({first} → {later} s in 1.2 s)")
    left = driver.execute_script("return parseFloat(document.querySelector('#cursor').style.left)")
    shown = driver.execute_script("return getComputedStyle(document.querySelector('#cursor')).display")
    check(shown == "block" and abs(left - (120 + later * 60)) < 0.5 * 60, f"{name}: the cursor is over the roll at its time (left {left} px)")
    driver.execute_script("document.querySelector('#play').click()")
    check(driver.execute_script("return document.querySelector('#audio').paused"), f"{name}: Play again stops it")


def measure_latency(driver):
    """Saves the 12-bar blues ten times, each a different title, and measures write → new roll
    in the browser (the page records when its roll is replaced)."""
    name = "twelve-bar-blues.stave"
    song = os.path.join(WORK, name)
    shutil.copy(os.path.join(EXAMPLES, name), song)
    original = open(song, encoding="utf-8").read()
    server, url = start(song)
    latencies = []
    try:
        driver.get(url)
        wait_for(driver, NOTES, 5)
        driver.execute_script("""
            window.rollSeen = [];
            new MutationObserver(() => { window.rollSeen.push(Date.now()); })
              .observe(document.querySelector('#roll-box'), { childList: true });
        """)
        for attempt in range(10):
            time.sleep(0.4)
            edited = re.sub(r'^title "([^"]*)"', lambda m: f'title "{m.group(1)} {attempt}"', original, count=1, flags=re.M)
            before = driver.execute_script("return window.rollSeen.length")
            written = time.time()
            with open(song, "w", encoding="utf-8") as handle:
                handle.write(edited)
            seen = wait_for(driver, f"return window.rollSeen.length > {before} && window.rollSeen[{before}]", 3, poll=0.005)
            if seen:
                latencies.append(seen / 1000 - written)
        check(len(latencies) == 10, f"every save of the blues reached the browser ({len(latencies)} of 10)")
        if latencies:
            median, worst = statistics.median(latencies), max(latencies)
            print(f"latency: save of {name} → new roll in the browser: median {median * 1000:.0f} ms, "
                  f"max {worst * 1000:.0f} ms over {len(latencies)} saves (target 300 ms)")
            check(worst <= 1.0, f"every update reaches the browser within a second (max {worst * 1000:.0f} ms)")
        # The server's part alone: write → the whole new roll event read from /events.
        port = int(url.rsplit(":", 1)[1].strip("/"))
        served = []
        with socket.create_connection(("127.0.0.1", port), timeout=5) as stream:
            stream.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            def next_roll(buffer):
                while True:
                    start = buffer.find(b"event: roll\n")
                    end = buffer.find(b"\n\n", start) if start >= 0 else -1
                    if end >= 0:
                        return buffer[end + 2:]
                    buffer += stream.recv(1 << 20)
            rest = next_roll(b"")
            for attempt in range(10):
                time.sleep(0.4)
                edited = re.sub(r'^title "([^"]*)"', lambda m: f'title "{m.group(1)} served {attempt}"', original, count=1, flags=re.M)
                written = time.time()
                with open(song, "w", encoding="utf-8") as handle:
                    handle.write(edited)
                rest = next_roll(rest)
                served.append(time.time() - written)
        median = statistics.median(served)
        print(f"latency: save of {name} → new roll read from /events: median {median * 1000:.0f} ms, max {max(served) * 1000:.0f} ms")
        check(median <= 0.3, f"the server sends the new roll within 300 ms of a save (median {median * 1000:.0f} ms)")
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(5)


def main():
    os.makedirs(SCREENSHOTS, exist_ok=True)
    only = os.environ.get("STAVE_PREVIEW_EXAMPLES")
    names = sorted(name for name in os.listdir(EXAMPLES) if name.endswith(".stave"))
    if only:
        names = [name for name in names if name in only.split(",")]
    print(f"FluidSynth: {'yes' if HAS_AUDIO else 'no'}; MuseScore 3: {'yes' if HAS_ENGRAVER else 'no'}; {len(names)} examples")
    driver = browser()
    try:
        for name in names:
            try:
                check_example(driver, name)
            except Exception as error:  # one broken example must not hide the others
                check(False, f"{name}: {type(error).__name__}: {error}")
        measure_latency(driver)
    finally:
        driver.quit()
    shots = [name for name in os.listdir(SCREENSHOTS) if name.endswith(".png")]
    check(len(shots) == len(names), f"a screenshot per example ({len(shots)} of {len(names)}) in {SCREENSHOTS}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
