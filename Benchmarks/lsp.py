#!/usr/bin/env python3
"""stave lsp latency: from a change notification to the published diagnostics, and hover.

Starts `stave lsp`, opens a song, then RUNS times edits it (a note's pitch changes back and
forth, so every version is analysed in full) and measures the time from writing the
didChange notification to reading the publishDiagnostics of that version; then RUNS hovers
on a note. Prints medians. Targets (issue 13): diagnostics on a 10,000-note file at most
20 ms, on the 300,000-note song at most 300 ms; hover on the 300,000-note song at most 10 ms.

usage: Benchmarks/lsp.py --stave PATH SONG.stave [SONG.stave ...] [--runs N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


class Server:
    def __init__(self, stave):
        self.process = subprocess.Popen([stave, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            if not byte:
                raise RuntimeError("the server closed its output")
            header += byte
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == request_id:
                return message

    def close(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=10)


def first_note(text):
    """(line, character) of the first pitch letter standing alone after `{ ` in a phrase body."""
    for number, line in enumerate(text.split("\n")):
        if "phrase" in line and "{" in line:
            after = line.index("{") + 1
            rest = line[after:]
            stripped = rest.lstrip()
            if stripped and stripped[0] in "abcdefg":
                return number, after + len(rest) - len(stripped)
        elif line.strip() and line.strip()[0] in "abcdefg" and not line.strip().startswith(("drums",)):
            return number, len(line) - len(line.lstrip())
    raise RuntimeError("no note found to edit")


def measure(stave, path, runs):
    text = open(path, encoding="utf-8").read()
    server = Server(stave)
    server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file://" + os.path.abspath(path)
    start = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "stave", "version": 1, "text": text}}})
    while server.receive().get("method") != "textDocument/publishDiagnostics":
        pass
    opened = time.perf_counter() - start
    line, character = first_note(text)
    letter = text.split("\n")[line][character]
    changes = []
    for run in range(runs):
        new = letter if run % 2 else ("d" if letter != "d" else "e")
        version = run + 2
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": character},
                                          "end": {"line": line, "character": character + 1}}, "text": new}]}})
        while True:
            message = server.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
                break
        changes.append(time.perf_counter() - start)
    hovers = []
    for _ in range(runs):
        start = time.perf_counter()
        reply = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        hovers.append(time.perf_counter() - start)
        if not reply.get("result"):
            raise RuntimeError(f"no hover at {line}:{character}: {reply}")
    server.close()
    return opened, statistics.median(changes), statistics.median(hovers)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stave", required=True)
    ap.add_argument("songs", nargs="+")
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    print(f"{'song':<28} {'MB':>6} {'open':>9} {'change→diagnostics':>19} {'hover':>9}   (medians of {args.runs})")
    for path in args.songs:
        opened, change, hover = measure(args.stave, path, args.runs)
        print(f"{os.path.basename(path):<28} {os.path.getsize(path) / 1e6:6.2f} {opened * 1000:7.1f}ms {change * 1000:17.1f}ms {hover * 1000:7.2f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
