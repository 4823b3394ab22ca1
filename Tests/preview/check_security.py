#!/usr/bin/env python3
"""The security of `stave preview`, from the outside, with raw sockets.

    check_security.py STAVE EXAMPLES WORK

Paths that are not the page's own (`../`, absolute paths, encoded dots), a foreign or missing
Host, other methods, a 10 MB header and a 10 MB request line, 1,000 idle connections and slowloris
clients are refused or time out, while a normal page load keeps working; the server listens on
127.0.0.1 only; Ctrl-C (while FluidSynth renders) stops it and leaves no file behind.
Ends with "N passed, M failed".
"""
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

STAVE, EXAMPLES, WORK = sys.argv[1:4]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def start(song, tmpdir, *extra):
    env = dict(os.environ, TMPDIR=tmpdir)
    process = subprocess.Popen([STAVE, "preview", song, "-q", *extra], stdout=subprocess.PIPE,
                               stderr=open(os.path.join(WORK, "server.log"), "ab"), env=env)
    url = process.stdout.readline().decode().strip()
    match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/", url)
    if not match:
        raise SystemExit(f"stave preview printed {url!r}, not its URL")
    return process, int(match.group(1))


def exchange(port, data, timeout=5.0, host=None):
    """Sends raw bytes (with a Host header unless the request has one), returns the reply."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(data)
        reply = b""
        try:
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                reply += chunk
        except (ConnectionResetError, socket.timeout):
            pass
        return reply


def status(reply):
    match = re.match(rb"HTTP/1\.1 (\d{3}) ", reply)
    return int(match.group(1)) if match else None


def get(port, target, host=None, method="GET"):
    host = host if host is not None else f"127.0.0.1:{port}"
    head = f"{method} {target} HTTP/1.1\r\n" + (f"Host: {host}\r\n" if host != "" else "") + "\r\n"
    return exchange(port, head.encode())


def page_loads(port, what):
    started = time.monotonic()
    reply = get(port, "/")
    check(status(reply) == 200 and b'<svg id="roll"' in reply and time.monotonic() - started < 2,
          f"a normal page load works {what} (status {status(reply)}, {time.monotonic() - started:.2f} s)")


def listening_addresses(pid):
    """The local addresses of the TCP sockets in LISTEN state that the process holds."""
    inodes = set()
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{name}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        for line in open(table).read().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:
                found.append((table, fields[1]))
    return found


def main():
    global passed, failed
    resource.setrlimit(resource.RLIMIT_NOFILE, (4096, max(4096, resource.getrlimit(resource.RLIMIT_NOFILE)[1])))
    tmpdir = os.path.join(WORK, "tmp")
    os.makedirs(tmpdir, exist_ok=True)
    song = os.path.join(WORK, "ode-to-joy.stave")
    shutil.copy(os.path.join(EXAMPLES, "ode-to-joy.stave"), song)
    server, port = start(song, tmpdir)
    try:
        page_loads(port, "at the start")
        # Only the page's own paths; nothing from the request names a file.
        for target in ["/../etc/passwd", "/../../../../etc/passwd", "/etc/passwd", "//etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                       "/" + os.path.abspath(song), "/ode-to-joy.stave", "/Examples/", "/.", "/roll.svg/..", "/favicon.ico"]:
            reply = get(port, target)
            check(status(reply) == 404, f"{target} is 404 (got {status(reply)})")
            check(b"passwd" not in reply.split(b"\r\n\r\n", 1)[-1] and b"root:" not in reply, f"{target} shows no file")
        check(status(get(port, "http://127.0.0.1:%d/" % port)) == 400, "an absolute-form target is 400")
        for target, kind in [("/roll.svg", b"image/svg+xml"), ("/events", None)]:
            if kind:
                reply = get(port, target)
                check(status(reply) == 200 and kind in reply, f"{target} is served")
        # The Host header: this server's own names only (DNS rebinding).
        for host in ["evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", f"[::1]:{port}", f"0.0.0.0:{port}"]:
            check(status(get(port, "/", host=host)) == 421, f"Host {host} is 421")
        check(status(get(port, "/", host="")) == 400, "no Host is 400")
        check(status(get(port, "/", host=f"localhost:{port}")) == 200, "Host localhost:PORT is served")
        check(status(get(port, "/", method="POST")) == 405, "POST is 405")
        check(status(get(port, "/", method="DELETE")) == 405, "DELETE is 405")
        check(status(exchange(port, b"GET / HTTP/2.0\r\n\r\n")) == 505, "HTTP/2.0 is 505")
        check(status(exchange(port, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n")) == 400, "a TLS hello is 400")

        # 10 MB of header, and a 10 MB request line: refused early, the server unharmed.
        for what, prefix, expected in [("a 10 MB header", f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Big: ", 431),
                                       ("a 10 MB request line", "GET /", 414)]:
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
            def flood():
                try:
                    connection.sendall(prefix.encode())
                    block = b"a" * 65536
                    for _ in range(160):
                        connection.sendall(block)
                except OSError:
                    pass
            sender = threading.Thread(target=flood)
            sender.start()
            reply = b""
            try:
                while len(reply) < 4096:
                    chunk = connection.recv(4096)
                    if not chunk:
                        break
                    reply += chunk
            except OSError:
                pass
            sender.join(10)
            connection.close()
            check(status(reply) == expected, f"{what} is {expected} (got {status(reply)}: {reply[:60]!r})")
            page_loads(port, f"after {what}")

        # 1,000 idle connections: the oldest are pushed out, a page load still works, and the
        # server holds a bounded number of sockets.
        idle = []
        for _ in range(1000):
            try:
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            except OSError as error:
                check(False, f"connection {len(idle)} of 1,000 refused: {error}")
                break
        time.sleep(0.5)
        page_loads(port, "with 1,000 idle connections open")
        descriptors = len(os.listdir(f"/proc/{server.pid}/fd"))
        check(descriptors < 120, f"the server holds {descriptors} descriptors with 1,000 clients (at most 64 connections)")
        closed = 0
        for connection in idle[:900]:
            connection.settimeout(0.01)
            try:
                if connection.recv(1) == b"":
                    closed += 1
            except ConnectionResetError:
                closed += 1
            except OSError:
                pass
        check(closed >= 800, f"the oldest idle connections were closed ({closed} of the first 900)")
        for connection in idle:
            connection.close()
        page_loads(port, "after the idle connections")

        # Slowloris: a byte every 0.4 s never makes a request; each is answered 408 and closed
        # within the time limit (5 s), and page loads work meanwhile.
        slow = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(20)]
        started = time.monotonic()
        request = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode()
        replies = [b""] * len(slow)
        done = [False] * len(slow)
        sent = 0
        while not all(done) and time.monotonic() - started < 12:
            for index, connection in enumerate(slow):
                if done[index]:
                    continue
                try:
                    connection.sendall(request[sent:sent + 1] if sent < len(request) else b"x")
                    connection.settimeout(0.02)
                    chunk = connection.recv(4096)
                    replies[index] += chunk
                    if not chunk:
                        done[index] = True
                except socket.timeout:
                    pass
                except OSError:
                    done[index] = True
            sent += 1
            if sent == 5:
                page_loads(port, "during a slowloris attack")
            time.sleep(0.4)
        elapsed = time.monotonic() - started
        check(all(done), f"every slowloris connection was closed ({sum(done)} of {len(slow)})")
        check(all(status(reply) == 408 for reply in replies), f"each was told 408 ({[status(r) for r in replies][:5]}…)")
        check(elapsed < 8, f"within the time limit ({elapsed:.1f} s)")
        for connection in slow:
            connection.close()
        page_loads(port, "after the slowloris attack")

        # Loopback only.
        addresses = listening_addresses(server.pid)
        check(len(addresses) == 1, f"one listening socket ({addresses})")
        check(all(table == "/proc/net/tcp" and address == f"0100007F:{port:04X}" for table, address in addresses),
              f"listening on 127.0.0.1:{port} only ({addresses})")
        ss = shutil.which("ss")
        if ss:
            listing = subprocess.run([ss, "-ltnp"], capture_output=True, text=True).stdout
            lines = [line for line in listing.splitlines() if f"pid={server.pid}," in line]
            check(len(lines) == 1 and f"127.0.0.1:{port}" in lines[0], f"ss -ltnp shows 127.0.0.1:{port} only: {lines}")
        check(server.poll() is None, "the server is still running after all of this")
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(5)

    # Port already taken: exit 2 and a message.
    blocker, taken = start(song, tmpdir)
    try:
        result = subprocess.run([STAVE, "preview", song, "--port", str(taken)], capture_output=True, text=True, timeout=10)
        check(result.returncode == 2 and f"cannot listen on 127.0.0.1:{taken}" in result.stderr, f"a taken port: {result.returncode} {result.stderr!r}")
    finally:
        blocker.send_signal(signal.SIGINT)
        blocker.wait(5)
    for words, message in [(["--port", "70000"], "--port takes a number from 0 to 65535"), (["-"], "not standard input"),
                           (["--bogus"], "unknown option")]:
        result = subprocess.run([STAVE, "preview", *([song] if words[0] != "-" else []), *words], capture_output=True, text=True, timeout=10)
        check(result.returncode == 2 and message in result.stderr, f"preview {words}: {result.returncode} {result.stderr!r}")

    # Ctrl-C stops it at once, also while FluidSynth renders, and leaves no file behind.
    if shutil.which("fluidsynth"):
        blues = os.path.join(WORK, "twelve-bar-blues.stave")
        shutil.copy(os.path.join(EXAMPLES, "twelve-bar-blues.stave"), blues)
        server, port = start(blues, tmpdir)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not os.listdir(tmpdir):
            time.sleep(0.02)
        check(bool(os.listdir(tmpdir)), "FluidSynth's scratch directory appears while it renders")
        server.send_signal(signal.SIGINT)
        try:
            server.wait(3)
            check(True, "")
        except subprocess.TimeoutExpired:
            server.kill()
            check(False, "Ctrl-C did not stop the server within 3 s")
        time.sleep(0.2)
        check(os.listdir(tmpdir) == [], f"no files left behind: {os.listdir(tmpdir)}")
        check(server.returncode == -signal.SIGINT, f"ended by the signal ({server.returncode})")
    # Ctrl-C while MuseScore engraves: its directory goes too, Qt's lock file in it included.
    if shutil.which("mscore3") or shutil.which("musescore3"):
        server, port = start(song, tmpdir)
        deadline = time.monotonic() + 60
        engraving = False
        while time.monotonic() < deadline and not engraving:
            engraving = any(os.path.exists(os.path.join(tmpdir, entry, "score.musicxml")) for entry in os.listdir(tmpdir))
            time.sleep(0.02)
        check(engraving, "MuseScore's scratch directory appears while it engraves")
        time.sleep(0.3)
        server.send_signal(signal.SIGINT)
        try:
            server.wait(3)
        except subprocess.TimeoutExpired:
            server.kill()
            check(False, "Ctrl-C did not stop the server within 3 s while MuseScore ran")
        time.sleep(0.2)
        check(os.listdir(tmpdir) == [], f"no files left behind by an interrupted engraving: {os.listdir(tmpdir)}")
        check(server.returncode == -signal.SIGINT, f"ended by the signal ({server.returncode})")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
