"""The pytest-lsp fixture that starts `stave lsp` as an editor would, and helpers.

The binary is $STAVE (Tests/lsp/run.sh sets it). Every test gets its own server: the client
sends `initialize`/`initialized` first and `shutdown`/`exit` last.
"""
import asyncio
import json
import os
import pathlib
import subprocess

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
STAVE = os.environ.get("STAVE") or str(ROOT / ".build" / "debug" / "stave")
EXAMPLES = ROOT / "Examples"
TIMEOUT = 15  # seconds to wait for any answer or notification


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[STAVE, "lsp"]))
async def client(lsp_client: LanguageClient):
    capabilities = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True, version_support=True),
            rename=types.RenameClientCapabilities(prepare_support=True),
            completion=types.CompletionClientCapabilities(),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix]))),
            semantic_tokens=types.SemanticTokensClientCapabilities(
                requests=types.ClientSemanticTokensRequestOptions(full=True),
                token_types=["keyword", "class", "function", "enumMember", "number", "macro", "string", "comment", "operator"],
                token_modifiers=[], formats=[types.TokenFormat.Relative]),
        ),
    )
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    yield
    await lsp_client.shutdown_session()


def uri_of(name: str) -> str:
    return f"file:///tmp/stave-lsp-tests/{name}"


async def wait_diagnostics(client: LanguageClient, uri: str) -> types.PublishDiagnosticsParams:
    """The next diagnostics published for `uri`."""
    while True:
        params = await asyncio.wait_for(client.wait_for_notification("textDocument/publishDiagnostics"), TIMEOUT)
        if params.uri == uri:
            return params


async def open_song(client: LanguageClient, text: str, name: str = "song.stave", version: int = 1) -> types.PublishDiagnosticsParams:
    """Opens a document and returns its first published diagnostics."""
    uri = uri_of(name)
    waiting = client.wait_for_notification("textDocument/publishDiagnostics")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="stave", version=version, text=text)))
    params = await asyncio.wait_for(waiting, TIMEOUT)
    while params.uri != uri:
        params = await wait_diagnostics(client, uri)
    return params


async def change(client: LanguageClient, uri: str, version: int, edits) -> types.PublishDiagnosticsParams:
    """Sends incremental edits ((start line, start char, end line, end char, text), …) and
    returns the diagnostics published after them."""
    waiting = client.wait_for_notification("textDocument/publishDiagnostics")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(a, b), types.Position(c, d)), text=text) for a, b, c, d, text in edits]))
    params = await asyncio.wait_for(waiting, TIMEOUT)
    while params.uri != uri:
        params = await wait_diagnostics(client, uri)
    return params


def pos(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


def rng(l1: int, c1: int, l2: int, c2: int) -> types.Range:
    return types.Range(start=pos(l1, c1), end=pos(l2, c2))


def doc(name: str = "song.stave") -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri_of(name))


def stave_check_json(text: str, tmp_path: pathlib.Path, name: str = "song.stave") -> list:
    """`stave check --diagnostics json` of a text: one dict per diagnostic."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([STAVE, "check", "--diagnostics", "json", str(path)], capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in run.stderr.splitlines() if line.startswith("{")]


def stave_fmt(text: str, tmp_path: pathlib.Path) -> str:
    path = tmp_path / "fmt.stave"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([STAVE, "fmt", str(path)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return run.stdout


def utf16_column(line: str, byte_or_char_index: int) -> int:
    """The UTF-16 length of the first `byte_or_char_index` characters of a line."""
    return len(line[:byte_or_char_index].encode("utf-16-le")) // 2
