"""Document symbols, folding ranges, semantic tokens, formatting and quick fixes."""
import pytest
from lsprotocol import types

from conftest import EXAMPLES, doc, open_song, stave_fmt, uri_of

ODE = (EXAMPLES / "ode-to-joy.stave").read_text(encoding="utf-8")
URI = uri_of("song.stave")


def span(r):
    return (r.start.line, r.start.character, r.end.line, r.end.character)


async def test_document_symbols_of_the_first_song(client):
    await open_song(client, ODE)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    got = [(s.name, s.detail, s.kind, span(s.range), span(s.selection_range),
            [(c.name, c.detail, c.kind, span(c.range), span(c.selection_range)) for c in s.children]) for s in symbols]
    Class, Function = types.SymbolKind.Class, types.SymbolKind.Function
    assert got == [
        ("lead", "track", Class, (10, 0, 16, 1), (10, 6, 10, 10), [
            ("phrase theme", "bars 1–4", Function, (12, 2, 14, 3), (12, 9, 12, 14)),
            ("repeat theme", "bars 5–8", Function, (15, 2, 15, 14), (15, 9, 15, 14)),
        ]),
        ("bass", "track", Class, (18, 0, 23, 1), (18, 6, 18, 10), [
            ("phrase", "bars 1–4", Function, (21, 2, 21, 38), (21, 2, 21, 8)),
            ("sync lead.theme", "bars 5–8", Function, (22, 2, 22, 36), (22, 7, 22, 17)),
        ]),
        ("beat", "drums", Class, (25, 0, 28, 1), (25, 6, 25, 10), [
            ("phrase groove", "bar 1", Function, (26, 2, 26, 61), (26, 9, 26, 15)),
            ("repeat groove", "bars 2–8", Function, (27, 2, 27, 18), (27, 9, 27, 15)),
        ]),
    ]


async def test_document_symbols_with_meter_changes_and_places(client):
    """3/4 up to bar 2, 2/4 from bar 3: a phrase at bar 2 lasting 3/4 + 2/4 covers bars 2–3; its
    repeat, 5/4 from bar 4 in 2/4, covers bars 4, 5 and half of 6."""
    text = "meter 3/4\nmeter 2/4 at 3\ntrack t {\n  phrase a at 2 { c2. d2 }\n  repeat a\n}\n"
    await open_song(client, text)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    assert [(c.name, c.detail) for c in symbols[0].children] == [("phrase a", "bars 2–3"), ("repeat a", "bars 4–6")]


async def test_folding_ranges(client):
    text = ODE + "/* a block comment\n   over two lines */\n"
    await open_song(client, text)
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc()))
    assert [(f.start_line, f.end_line, f.kind) for f in folds] == [
        (10, 16, None), (12, 14, None), (18, 23, None), (25, 28, None), (29, 30, types.FoldingRangeKind.Comment)]


LEGEND = ["keyword", "class", "function", "enumMember", "number", "macro", "string", "comment", "operator"]


def decode(data):
    """Relative LSP semantic tokens → (line, start, length, type name)."""
    assert len(data) % 5 == 0
    out, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        delta_line, delta_start, length, kind, modifiers = data[i:i + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        out.append((line, start, length, LEGEND[kind]))
        assert modifiers == 0
    return out


async def semantic(client, text):
    await open_song(client, text)
    result = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc()))
    return decode(list(result.data))


async def test_semantic_token_legend(client):
    # Every decoded type is a name of the legend (the legend itself: test_robustness.py).
    tokens = await semantic(client, ODE)
    assert tokens and all(t[3] in LEGEND for t in tokens)


async def test_semantic_tokens_of_the_first_song(client):
    tokens = await semantic(client, ODE)
    by_line = {}
    for t in tokens:
        by_line.setdefault(t[0], []).append(t[1:])
    assert by_line[0] == [(0, 59, "comment")]            # the em dash is one UTF-16 unit
    assert by_line[4] == [(0, 5, "keyword"), (6, 12, "string")]
    assert by_line[10] == [(0, 5, "keyword"), (6, 4, "class"), (11, 8, "string")]
    assert by_line[12] == [(2, 6, "keyword"), (9, 5, "function")]
    assert by_line[13] == [
        (4, 2, "macro"), (7, 1, "enumMember"), (8, 1, "number"), (10, 1, "enumMember"), (12, 1, "enumMember"),
        (14, 1, "enumMember"), (16, 1, "operator"), (18, 1, "enumMember"), (20, 1, "enumMember"), (22, 1, "enumMember"),
        (24, 1, "enumMember"), (26, 1, "operator"), (28, 1, "enumMember"), (30, 1, "enumMember"), (32, 1, "enumMember"),
        (34, 1, "enumMember"), (36, 1, "operator"), (38, 1, "enumMember"), (39, 1, "number"), (40, 1, "number"),
        (42, 1, "enumMember"), (43, 1, "number"), (45, 1, "enumMember"), (46, 1, "number"), (48, 1, "operator")]
    assert by_line[15] == [(2, 6, "keyword"), (9, 5, "function")]
    assert by_line[22] == [(2, 4, "keyword"), (7, 4, "class"), (12, 5, "function"), (18, 9, "keyword"), (28, 3, "number"),
                           (32, 2, "keyword"), (35, 1, "number")]
    assert by_line[26][:4] == [(2, 6, "keyword"), (9, 6, "function"), (18, 4, "enumMember"), (22, 1, "number")]


async def test_semantic_tokens_count_utf16_and_split_comments(client):
    text = "// 🎵 é\ntrack a { phrase { c } } /* 𝄞 */\n/* one\ntwo 🎶 */\n"
    tokens = await semantic(client, text)
    assert tokens == [
        (0, 0, 7, "comment"),
        (1, 0, 5, "keyword"), (1, 6, 1, "class"), (1, 10, 6, "keyword"), (1, 19, 1, "enumMember"), (1, 25, 8, "comment"),
        (2, 0, 6, "comment"), (3, 0, 9, "comment"),
    ]


MESSY = """title   "Messy"
track lead{instrument flute
phrase theme{c d   e f|g1|}
    repeat theme x2 // twice
}
"""


async def test_formatting_equals_stave_fmt(client, tmp_path):
    await open_song(client, MESSY)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=doc(), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1
    assert span(edits[0].range) == (0, 0, 5, 0)
    expected = stave_fmt(MESSY, tmp_path)
    assert edits[0].new_text == expected
    assert expected == 'title "Messy"\n\ntrack lead {\n  instrument flute\n  phrase theme { c d e f | g1 | }\n  repeat theme x2 // twice\n}\n'


async def test_formatting_a_formatted_song_changes_nothing(client):
    await open_song(client, ODE)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=doc(), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert list(edits or []) == []


async def test_no_formatting_of_a_song_with_errors(client):
    await open_song(client, MESSY.replace("flute", "flut"))
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=doc(), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert list(edits or []) == []


FIXABLE = """track lead {
  instrument flut
  phrase theme { c d e f | }
  repeat them
  sync lead.them
  phrase x { c 2 d }
  sync laed.theme
}
drums beat {
  phrase { kik8 snare }
}
"""


async def quick_fixes(client, published, line):
    diagnostics = [d for d in published.diagnostics if d.range.start.line == line]
    assert diagnostics, f"no diagnostic on line {line}"
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc(), range=diagnostics[0].range, context=types.CodeActionContext(diagnostics=diagnostics)))
    return [(a.title, a.kind, [(span(e.range), e.new_text) for e in a.edit.changes[URI]], [d.code for d in a.diagnostics])
            for a in actions]


@pytest.mark.parametrize("line, expected", [
    (1, [("Change to 'flute'", "quickfix", [((1, 13, 1, 17), "flute")], ["unknown-instrument"])]),
    (3, [("Change to 'theme'", "quickfix", [((3, 9, 3, 13), "theme")], ["unknown-phrase"])]),
    (4, [("Change to 'theme'", "quickfix", [((4, 12, 4, 16), "theme")], ["unknown-phrase"])]),
    (5, [("Join the duration to its note", "quickfix", [((5, 14, 5, 15), "")], ["duration-not-attached"])]),
    (6, [("Change to 'lead'", "quickfix", [((6, 7, 6, 11), "lead")], ["unknown-track"])]),
    (9, [("Change to 'kick'", "quickfix", [((9, 11, 9, 14), "kick")], ["unknown-drum"])]),  # keeps the `8`
])
async def test_quick_fixes(client, line, expected):
    published = await open_song(client, FIXABLE)
    assert await quick_fixes(client, published, line) == expected


async def test_quick_fixes_fix_the_song(client, tmp_path):
    """All fixes applied (bottom up): the song has no diagnostics left."""
    from conftest import stave_check_json
    published = await open_song(client, FIXABLE)
    lines = FIXABLE.split("\n")
    for line in sorted({d.range.start.line for d in published.diagnostics}, reverse=True):
        for _, _, edits, _ in await quick_fixes(client, published, line):
            for (l1, c1, l2, c2), text in edits:
                assert l1 == l2 == line
                lines[line] = lines[line][:c1] + text + lines[line][c2:]
    assert stave_check_json("\n".join(lines), tmp_path) == []


async def test_no_quick_fix_without_a_guess(client):
    published = await open_song(client, "track a {\n  instrument zzzzzzzz\n}\n")
    assert published.diagnostics[0].code == "unknown-instrument"
    assert await quick_fixes(client, published, 1) == []
