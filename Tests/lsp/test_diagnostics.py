"""Diagnostics: published on open and after edits, the same IDs, severities and messages as
`stave check`, with related information, in UTF-16 positions."""
import asyncio

import pytest
from lsprotocol import types

from conftest import EXAMPLES, change, open_song, stave_check_json, uri_of, utf16_column

ERRORS = """title "Errors"
track a {
  instrument flut
  channel 3
  phrase p { c d e f | g }
  phrase p { c }
}
track b {
  channel 3
  phrase q { c1 }
  phrase r at 1 { d1 }
}
"""

UNKNOWN_INSTRUMENT = ("unknown instrument 'flut': expected a General MIDI name such as 'acoustic-grand-piano', "
                      "an alias such as 'piano', or a number 0–127; did you mean 'flute'?")


def summary(diagnostic: types.Diagnostic):
    r = diagnostic.range
    return (diagnostic.code, diagnostic.severity, (r.start.line, r.start.character, r.end.line, r.end.character), diagnostic.message)


async def test_errors_and_warnings_on_open(client):
    published = await open_song(client, ERRORS)
    assert published.version == 1
    got = [summary(d) for d in published.diagnostics]
    assert got == [
        ("unknown-instrument", types.DiagnosticSeverity.Error, (2, 13, 2, 17), UNKNOWN_INSTRUMENT),
        ("duplicate-phrase", types.DiagnosticSeverity.Error, (5, 9, 5, 10), "phrase ID 'p' is already used in track 'a'"),
        ("shared-channel", types.DiagnosticSeverity.Warning, (7, 6, 7, 7), "track 'b' shares MIDI channel 3 with track 'a'"),
        ("phrase-overlap", types.DiagnosticSeverity.Error, (10, 2, 10, 8), "phrase 'r' overlaps phrase 'q' (bar 1)"),
    ]
    assert all(d.source == "stave" for d in published.diagnostics)


async def test_related_information_points_at_the_other_place(client):
    published = await open_song(client, ERRORS)
    by_code = {d.code: d for d in published.diagnostics}
    duplicate = by_code["duplicate-phrase"].related_information
    assert len(duplicate) == 1
    assert duplicate[0].message == "the first phrase 'p' is here"
    assert duplicate[0].location.uri == uri_of("song.stave")
    assert (duplicate[0].location.range.start.line, duplicate[0].location.range.start.character) == (4, 9)
    overlap = by_code["phrase-overlap"].related_information
    assert len(overlap) == 1
    assert overlap[0].message == "phrase 'q' is here"
    assert (overlap[0].location.range.start.line, overlap[0].location.range.start.character) == (9, 2)
    assert by_code["unknown-instrument"].related_information is None


async def test_same_as_stave_check(client, tmp_path):
    """Every diagnostic of `stave check --diagnostics json`, in the same order, and no other."""
    published = await open_song(client, ERRORS)
    checked = stave_check_json(ERRORS, tmp_path)
    assert len(checked) == 4
    assert [(d.code, d.message, "error" if d.severity == 1 else "warning", d.range.start.line + 1, d.range.start.character + 1)
            for d in published.diagnostics] == \
        [(c["id"], c["message"], c["severity"], c["start"]["line"], c["start"]["column"]) for c in checked]
    for lsp, cli in zip(published.diagnostics, checked):
        assert [r.message for r in lsp.related_information or []] == [n["message"] for n in cli["notes"]]


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.stave")))
async def test_examples_as_stave_check(client, tmp_path, example):
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    published = await open_song(client, text, name=example)
    checked = stave_check_json(text, tmp_path, example)
    assert [(d.code, d.message) for d in published.diagnostics] == [(c["id"], c["message"]) for c in checked]
    assert not any(d.severity == types.DiagnosticSeverity.Error for d in published.diagnostics)


def test_there_are_examples():
    assert len(list(EXAMPLES.glob("*.stave"))) >= 10


CLEAN = """track lead {
  instrument flute
  phrase theme { c d e f | g1 | }
  repeat theme
}
"""


async def test_edits_introduce_then_fix_an_error(client):
    uri = uri_of("song.stave")
    assert list((await open_song(client, CLEAN)).diagnostics) == []
    # `flute` → `flu`: an unknown instrument.
    published = await change(client, uri, 2, [(1, 16, 1, 18, "")])
    assert published.version == 2
    assert [summary(d)[:3] for d in published.diagnostics] == [("unknown-instrument", 1, (1, 13, 1, 16))]
    assert published.diagnostics[0].message.startswith("unknown instrument 'flu'")
    # Back to `flute`: no diagnostics.
    published = await change(client, uri, 3, [(1, 16, 1, 16, "te")])
    assert published.version == 3
    assert list(published.diagnostics) == []
    # A bar line off the grid (`g1` → `g2`): reported once, in the phrase, with a note at the
    # repeated copy that has the same problem (rule 7; issue 31: one mistake, one error).
    published = await change(client, uri, 4, [(2, 28, 2, 29, "2")])
    assert [summary(d) for d in published.diagnostics] == [
        ("bar-line-off-grid", 1, (2, 30, 2, 31), "bar line falls 1/2 after the start of bar 2 (meter 4/4)"),
    ]
    related = published.diagnostics[0].related_information
    assert [(r.message, r.location.range.start.line, r.location.range.start.character) for r in related] == [
        ("the same in 1 copy of the phrase: repeat at bar 2", 3, 2)]
    # Fixed by typing a rest that fills the bar.
    published = await change(client, uri, 5, [(2, 29, 2, 29, " r")])
    assert list(published.diagnostics) == []


async def test_several_changes_in_one_notification_apply_in_order(client):
    uri = uri_of("song.stave")
    await open_song(client, CLEAN)
    # Delete line 1, then on the new line 1 (the phrase) rename `theme` to `song`: `repeat theme`
    # now names a missing phrase.
    published = await change(client, uri, 2, [(1, 0, 2, 0, ""), (1, 9, 1, 14, "song")])
    assert [summary(d) for d in published.diagnostics] == [
        ("unknown-phrase", 1, (2, 9, 2, 14), "no Original phrase 'theme' in track 'lead' to repeat")]
    published = await change(client, uri, 3, [(2, 9, 2, 14, "song")])
    assert list(published.diagnostics) == []


async def test_a_whole_text_change(client):
    uri = uri_of("song.stave")
    await open_song(client, CLEAN)
    waiting = client.wait_for_notification("textDocument/publishDiagnostics")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="tempo 2000\n")]))
    published = await asyncio.wait_for(waiting, 15)
    assert published.version == 2
    assert [summary(d) for d in published.diagnostics] == [
        ("value-out-of-range", 1, (0, 6, 0, 10), "tempo 2000 is out of range: expected 1–1000 beats per minute")]


async def test_close_clears_the_diagnostics(client):
    uri = uri_of("song.stave")
    await open_song(client, ERRORS)
    waiting = client.wait_for_notification("textDocument/publishDiagnostics")
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    published = await asyncio.wait_for(waiting, 15)
    assert published.uri == uri and list(published.diagnostics) == []


# UTF-16: "🎵" is 2 code units (4 bytes), "é" 1 unit (2 bytes), "𝄞" 2 units (4 bytes).
UNICODE = """title "🎵 Café" tempo 2000 // naïve ☃ 𝄞
track lead "Mélodie 🎹" { instrument flut }
"""


async def test_diagnostic_columns_count_utf16_units(client):
    published = await open_song(client, UNICODE)
    line0, line1 = UNICODE.splitlines()[:2]
    tempo_value = line0.index("2000")          # in code points
    assert tempo_value == 21 and len(line0[:tempo_value].encode("utf-8")) == 25
    assert utf16_column(line0, tempo_value) == 22
    flut = line1.index("flut")
    assert flut == 36 and utf16_column(line1, flut) == 37
    got = [(d.range.start.line, d.range.start.character, d.range.end.character) for d in published.diagnostics]
    assert got == [(0, 22, 26), (1, 37, 41)]
    assert [d.code for d in published.diagnostics] == ["value-out-of-range", "unknown-instrument"]


async def test_edit_after_an_emoji_uses_utf16_positions(client):
    uri = uri_of("song.stave")
    await open_song(client, UNICODE)
    # Replace `2000` (UTF-16 columns 22–26) by `200`, and `flut` (37–41) by `flute`.
    published = await change(client, uri, 2, [(0, 22, 0, 26, "200"), (1, 37, 1, 41, "flute")])
    assert list(published.diagnostics) == []
    # An insertion just after the emoji in the title: the string stays a string.
    published = await change(client, uri, 3, [(0, 9, 0, 9, "🎶")])
    assert list(published.diagnostics) == []
    # An edit whose range splits the surrogate pair of 🎵 (column 8) must not crash the server;
    # what it changes is the server's choice, but it answers.
    await change(client, uri, 4, [(0, 8, 0, 8, "x")])
