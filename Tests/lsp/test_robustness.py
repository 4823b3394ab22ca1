"""Any request in any edit state gets an answer or a proper error; the lifecycle
(initialize … shutdown, exit) and the base protocol's framing, on the raw byte level too."""
import json
import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import EXAMPLES, STAVE, doc, open_song, pos, rng, uri_of

URI = uri_of("song.stave")


async def every_request(client, line=0, character=0):
    """Sends each request the server offers at one place; returns the results."""
    d, p = doc(), pos(line, character)
    return [
        await client.text_document_hover_async(types.HoverParams(text_document=d, position=p)),
        await client.text_document_definition_async(types.DefinitionParams(text_document=d, position=p)),
        await client.text_document_references_async(types.ReferenceParams(text_document=d, position=p, context=types.ReferenceContext(include_declaration=True))),
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=d, position=p)),
        await client.text_document_completion_async(types.CompletionParams(text_document=d, position=p)),
        await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=d)),
        await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=d)),
        await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=d)),
        await client.text_document_formatting_async(types.DocumentFormattingParams(text_document=d, options=types.FormattingOptions(tab_size=2, insert_spaces=True))),
        await client.text_document_code_action_async(types.CodeActionParams(text_document=d, range=rng(line, character, line, character), context=types.CodeActionContext(diagnostics=[]))),
    ]


async def test_an_empty_document(client):
    published = await open_song(client, "")
    assert list(published.diagnostics) == []
    hover, definition, refs, prepare, completion, symbols, folds, tokens, formatting, actions = await every_request(client)
    assert hover is None and definition is None and prepare is None
    assert refs in (None, [])
    assert "track" in [i.label for i in completion.items]
    assert list(symbols) == [] and list(folds) == [] and list(tokens.data) == []
    assert list(formatting or []) == [] and list(actions) == []


@pytest.mark.parametrize("text", [
    "track",
    "track a {",
    "track a { phrase p { [c e",
    "track a { phrase p { {c d",
    "track a { phrase p { c4~",
    "drums d { phrase { kick8. sn",
    "track a { sync b.",
    "track a { repeat ",
    "title \"🎵 unterminated",
    "/* 🎵 unterminated comment",
    "key f# minor\nmeter 7/",
    "track a { phrase p { c d | e f } }\ntrack a {",
    "\u0000\u0001 garbage ~~ }}} ]]] {{{",
])
async def test_half_typed_text(client, text):
    """Every request, at every position of a broken text, answers (no error, no crash)."""
    await open_song(client, text)
    lines = text.split("\n")
    for line, content in enumerate(lines):
        for character in range(0, len(content.encode("utf-16-le")) // 2 + 2):
            results = await every_request(client, line, character)
            assert len(results) == 10


async def test_typing_the_first_song_character_by_character(client):
    """Ode to Joy typed one character at a time (incremental changes), asking for completion
    and hover after every character: every request answers, and the finished song is clean."""
    text = (EXAMPLES / "ode-to-joy.stave").read_text(encoding="utf-8")
    await open_song(client, "")
    line, character, version = 0, 0, 1
    for ch in text:
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=rng(line, character, line, character), text=ch)]))
        if ch == "\n":
            line, character = line + 1, 0
        else:
            character += len(ch.encode("utf-16-le")) // 2
        completion = await client.text_document_completion_async(types.CompletionParams(text_document=doc(), position=pos(line, character)))
        assert completion is not None
        await client.text_document_hover_async(types.HoverParams(text_document=doc(), position=pos(line, max(0, character - 1))))
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    assert [s.name for s in symbols] == ["lead", "bass", "beat"]
    # Ask for the diagnostics by closing and reopening with the same text.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc()))
    published = await open_song(client, text, version=version + 1)
    assert list(published.diagnostics) == []


async def test_unknown_request_is_method_not_found(client):
    with pytest.raises(JsonRpcException) as error:
        await client.protocol.send_request_async("stave/noSuchThing", {"x": 1})
    assert error.value.code == -32601
    with pytest.raises(JsonRpcException) as error:
        await client.protocol.send_request_async("workspace/noSuchThing", None)
    assert error.value.code == -32601
    # The server goes on.
    published = await open_song(client, "track a { instrument flut }\n")
    assert [d.code for d in published.diagnostics] == ["unknown-instrument"]


async def test_unknown_notification_is_ignored(client):
    client.protocol.notify("stave/noSuchNotification", {"x": 1})
    client.protocol.notify("$/someOtherThing", None)
    published = await open_song(client, "tempo 2000\n")
    assert [d.code for d in published.diagnostics] == ["value-out-of-range"]


async def test_requests_on_a_document_never_opened(client):
    other = types.TextDocumentIdentifier(uri=uri_of("never-opened.stave"))
    assert await client.text_document_hover_async(types.HoverParams(text_document=other, position=pos(0, 0))) is None
    assert await client.text_document_definition_async(types.DefinitionParams(text_document=other, position=pos(0, 0))) is None


async def test_positions_past_the_end(client):
    await open_song(client, "track a { phrase p { c d } }\n")
    for line, character in [(0, 500), (1, 0), (1, 7), (100, 100)]:
        assert len(await every_request(client, line, character)) == 10


async def test_a_one_megabyte_song(client):
    bar = "c d e f | "
    body = "".join(f"  phrase p{i} {{ {bar * 40}}}\n" for i in range(2600))
    text = "track a {\n" + body + "}\n"
    assert len(text.encode()) > 1_000_000
    published = await open_song(client, text)
    assert list(published.diagnostics) == []
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc(), position=pos(2600, 17)))
    assert hover.contents.value.startswith("**C4** — MIDI 60, velocity 100\n\nbar 103961, beat 1")
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    assert len(symbols[0].children) == 2600
    # Semantic tokens: `track`, `a`, then on each phrase line `phrase`, its ID and 40 bars of
    # 4 pitches and a bar line. The last token is the last `|` of line 2600 (`  phrase p2599 { `,
    # then bars of 10 columns from column 17): column 17 + 39 × 10 + 8 = 415, an operator.
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc()))
    data = list(tokens.data)
    assert len(data) == 5 * (2 + 2600 * 202)
    line = sum(data[0::5])
    last_line_start = len(data) - 5 * 202
    assert data[last_line_start] == 1 and data[last_line_start + 1] == 2           # `phrase` at column 2
    column = sum(data[last_line_start + 1::5])
    assert (line, column, data[-3], data[-2]) == (2600, 415, 1, 8)


# ---- The raw protocol: bytes on stdin, bytes on stdout, the exit status. ----

class Raw:
    """`stave lsp` driven by hand: framed messages in, framed messages out."""

    def __init__(self):
        self.process = subprocess.Popen([STAVE, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send_bytes(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, id, method, params=None):
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self) -> dict:
        length = None
        while True:
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            if line == b"\r\n":
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def answer(self, id) -> dict:
        """The response to request `id` (notifications before it are skipped)."""
        while True:
            message = self.read()
            if message.get("id") == id and "method" not in message:
                return message

    def finish(self, timeout=10) -> int:
        self.process.stdin.close()
        return self.process.wait(timeout=timeout)


def initialize(raw: Raw):
    raw.request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    result = raw.answer(1)["result"]
    raw.notify("initialized", {})
    return result


def test_initialize_result():
    raw = Raw()
    capabilities = initialize(raw)["capabilities"]
    assert capabilities["positionEncoding"] == "utf-16"
    assert capabilities["textDocumentSync"] == {"openClose": True, "change": 2, "save": False}
    assert capabilities["semanticTokensProvider"]["legend"]["tokenTypes"] == \
        ["keyword", "class", "function", "enumMember", "number", "macro", "string", "comment", "operator"]
    for provider in ["hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider",
                     "foldingRangeProvider", "documentFormattingProvider"]:
        assert capabilities[provider] is True
    assert capabilities["renameProvider"] == {"prepareProvider": True}
    raw.request(2, "shutdown")
    assert raw.answer(2)["result"] is None
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0


def test_shutdown_then_exit_is_status_0():
    raw = Raw()
    initialize(raw)
    raw.request(2, "shutdown")
    assert raw.answer(2) == {"jsonrpc": "2.0", "id": 2, "result": None}
    raw.request(3, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    assert raw.answer(3)["error"]["code"] == -32600   # after shutdown: InvalidRequest
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0


def test_exit_without_shutdown_is_status_1():
    raw = Raw()
    initialize(raw)
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 1


def test_end_of_input_is_status_1():
    raw = Raw()
    initialize(raw)
    assert raw.finish() == 1


def test_requests_before_initialize_are_refused():
    raw = Raw()
    raw.request(7, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    answer = raw.answer(7)
    assert answer["error"]["code"] == -32002   # ServerNotInitialized
    initialize(raw)
    raw.request(8, "shutdown")
    raw.answer(8)
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0


def test_malformed_messages_get_errors_and_the_server_goes_on():
    raw = Raw()
    initialize(raw)
    raw.send_bytes(b"Content-Length: 9\r\n\r\n{not json")
    assert raw.read()["error"]["code"] == -32700                    # parse error, id null
    raw.send_bytes(b"Content-Length: 2\r\n\r\n[]")
    assert raw.read()["error"]["code"] == -32600                    # not an object
    raw.send({"jsonrpc": "2.0", "id": 5, "method": 42})
    answer = raw.read()
    assert answer["id"] == 5 and answer["error"]["code"] == -32600  # method not a string
    raw.send_bytes(b"X-Nonsense: 1\r\n\r\n")                          # no Content-Length: a Parse error, skipped
    raw.request(6, "textDocument/rename", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}, "newName": "x"})
    assert raw.answer(6) == {"jsonrpc": "2.0", "id": 6, "result": None}   # a document never opened
    raw.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "stave", "version": 1, "text": "tempo 0\n"}})
    published = raw.read()
    assert published["method"] == "textDocument/publishDiagnostics"
    assert [d["code"] for d in published["params"]["diagnostics"]] == ["value-out-of-range"]
    raw.request(7, "textDocument/rename", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    assert raw.answer(7)["error"]["code"] == -32602                   # no new name: InvalidParams
    raw.request(9, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": -1, "character": -5}})
    assert raw.answer(9) == {"jsonrpc": "2.0", "id": 9, "error": {
        "code": -32602, "message": "params.position.line must be an unsigned integer, not -1"}}
    raw.request(10, "shutdown")
    raw.answer(10)
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0
    assert b"Content-Length" in raw.process.stderr.read()


def test_a_burst_of_edits_is_published_once_with_the_last_version():
    """Edits sent together are analysed when the input is idle: the diagnostics published carry
    the last version, and describe the last text."""
    raw = Raw()
    initialize(raw)
    messages = []
    for version, text in enumerate(["tempo 0\n", "tempo 5000\n", "tempo 90\n", "track a { instrument flut }\n"], start=1):
        if version == 1:
            message = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": URI, "languageId": "stave", "version": 1, "text": text}}}
        else:
            message = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}}
        body = json.dumps(message).encode()
        messages.append(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    hover = {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
             "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 22}}}
    body = json.dumps(hover).encode()
    raw.send_bytes(b"".join(messages) + b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert raw.read() == {"jsonrpc": "2.0", "id": 2, "result": None}   # the hover answers first (no such instrument)
    published = raw.read()
    assert published["method"] == "textDocument/publishDiagnostics"
    assert published["params"]["version"] == 4
    assert [d["code"] for d in published["params"]["diagnostics"]] == ["unknown-instrument"]
    # Nothing else was published: the next message is the answer to shutdown.
    raw.request(3, "shutdown")
    assert raw.read() == {"jsonrpc": "2.0", "id": 3, "result": None}
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0


# ---- Framing and validation: exact errors, and the server goes on (issue 31). ----

def parse_error(message):
    return {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": message}}


def invalid_request(message, id=None):
    return {"jsonrpc": "2.0", "id": id, "error": {"code": -32600, "message": message}}


INITIALIZED = json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}).encode()
HOVER = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover",
                    "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}}).encode()

# Each malformed header (bytes as a client might write them), and what the server sends for it.
MALFORMED_HEADERS = {
    "non-numeric": (b"Content-Length: abc\r\n\r\n" + INITIALIZED,
                    [parse_error('a Content-Length that is not a number: "abc"')]),
    "negative": (b"Content-Length: -5\r\n\r\n" + INITIALIZED,
                 [parse_error('a negative Content-Length: "-5"')]),
    "too large": (b"Content-Length: 99999999999\r\n\r\n" + INITIALIZED,
                  [parse_error("a message of 99999999999 bytes (the limit is 268435456)")]),
    # A duplicated Content-Length is reported; the header is read again from the second one,
    # so the message after it is answered.
    "duplicated": (b"Content-Length: %d\r\nContent-Length: %d\r\n\r\n" % (len(HOVER), len(HOVER)) + HOVER,
                   [parse_error("a second Content-Length"), {"jsonrpc": "2.0", "id": 5, "result": None}]),
    "missing": (b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + INITIALIZED,
                [parse_error("a header without Content-Length")]),
    "unknown field": (b"X-Nonsense: 1\r\n\r\n",
                      [parse_error('an unknown header field "X-Nonsense" (LSP has Content-Length and Content-Type)')]),
    "LF without CR": (b"Content-Length: 2\n\n{}",
                      [parse_error('a header line that ends in LF without CR: "Content-Length: 2"')]),
    "half a header": (b"Content-Length: 1",
                      [parse_error('a Content-Length that is not a number: "1Content-Length: 65"')]),
    "length too short": (b"Content-Length: 5\r\n\r\n{}",
                         [parse_error("the message is not JSON: expected the end of the document after the top-level value, found 'Con'")]),
    "not JSON": (b"Content-Length: 9\r\n\r\n{not json",
                 [parse_error("the message is not JSON: expected a key in double quotes, found 'not'")]),
    "binary garbage": (bytes(range(1, 9)) + b"\r\n",
                       [parse_error('a header line without a colon: "\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08"')]),
}


@pytest.mark.parametrize("case", list(MALFORMED_HEADERS))
def test_a_malformed_header_is_answered_and_shutdown_and_exit_still_work(case):
    data, expected = MALFORMED_HEADERS[case]
    raw = Raw()
    initialize(raw)
    raw.send_bytes(data)
    raw.request(2, "shutdown")
    assert [raw.read() for _ in expected] == expected
    assert raw.read() == {"jsonrpc": "2.0", "id": 2, "result": None}
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0
    assert raw.process.stderr.read().decode() == "".join(
        f"stave lsp: {e['error']['message']}\n" for e in expected if e["id"] is None)


def test_a_length_longer_than_the_message_is_recovered_when_the_input_ends():
    """The header claims 300 bytes: shutdown and exit become its body. When the input ends,
    the server gives the body up, finds them in its bytes and answers: status 0."""
    raw = Raw()
    initialize(raw)
    raw.send_bytes(b"Content-Length: 300\r\n\r\n{}")
    raw.request(2, "shutdown")
    raw.notify("exit")
    raw.process.stdin.close()
    assert raw.read() == parse_error("the input ended 163 bytes into a body of 300")
    assert raw.read() == {"jsonrpc": "2.0", "id": 2, "result": None}
    assert raw.process.wait(timeout=10) == 0


@pytest.mark.parametrize("id, shown", [({"a": 1}, "an object"), ([1], "an array"), (True, "true"), (False, "false")])
def test_a_request_id_json_rpc_forbids_is_an_invalid_request(id, shown):
    raw = Raw()
    initialize(raw)
    raw.send({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
              "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}})
    assert raw.read() == invalid_request(f"an id is a string, a number or null, not {shown}")
    raw.request(2, "shutdown")
    assert raw.read() == {"jsonrpc": "2.0", "id": 2, "result": None}
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0


def test_the_ids_json_rpc_allows_are_answered():
    raw = Raw()
    initialize(raw)
    for id in ["a string", 7, -2.5, None]:
        raw.request(id, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
        assert raw.read() == {"jsonrpc": "2.0", "id": id, "result": None}
    raw.request(2, "shutdown")
    raw.answer(2)
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0


@pytest.mark.parametrize("method, params, message", [
    ("textDocument/hover", "x", 'params must be an object, not a string "x"'),
    ("textDocument/hover", None, "params is missing (an object)"),
    ("textDocument/hover", {"textDocument": {"uri": URI}}, "params.position is missing (an object)"),
    ("textDocument/definition", {"textDocument": {"uri": 5}, "position": {"line": 0, "character": 0}},
     "params.textDocument.uri must be a string, not 5"),
    ("textDocument/references", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}},
     "params.context is missing (an object)"),
    ("textDocument/formatting", {"textDocument": {"uri": URI}}, "params.options is missing (an object)"),
    ("textDocument/codeAction", {"textDocument": {"uri": URI}, "context": {"diagnostics": []}}, "params.range is missing (an object)"),
    ("shutdown", 3, "params must be absent (this method takes no params), not 3"),
])
def test_params_without_the_shape_lsp_requires_are_invalid_params(method, params, message):
    raw = Raw()
    initialize(raw)
    raw.request(2, method, params)
    assert raw.read() == {"jsonrpc": "2.0", "id": 2, "error": {"code": -32602, "message": message}}
    raw.request(3, "shutdown")
    assert raw.read() == {"jsonrpc": "2.0", "id": 3, "result": None}
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0


def test_batches_and_envelopes():
    """A batch is refused whole (LSP does not allow them): the shutdown in it is not handled."""
    raw = Raw()
    initialize(raw)
    raw.send([{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}])
    assert raw.read() == invalid_request("a batch of 2 messages: LSP does not allow batches, so none of them was handled")
    raw.send([])
    assert raw.read() == invalid_request("an empty batch (LSP sends messages one at a time)")
    raw.send({"id": 3, "method": "shutdown"})
    assert raw.read() == invalid_request('a message needs "jsonrpc": "2.0", not nothing', id=3)
    raw.send_bytes(b"Content-Length: 5\r\n\r\n{\"a\":")
    assert raw.read() == parse_error("the message is not JSON: expected a value, found the end of the document")
    raw.request(4, "shutdown")
    assert raw.read() == {"jsonrpc": "2.0", "id": 4, "result": None}
    raw.notify("exit")
    assert raw.process.wait(timeout=10) == 0
