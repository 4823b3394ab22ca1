"""Go to definition, find references, prepare rename and rename of track and phrase IDs,
including `sync TRACK.ID`; rename refuses reserved words, clashes and non-IDs."""
import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import doc, open_song, pos, uri_of
from songs import NAV_SONG

URI = uri_of("song.stave")


def spans(locations):
    return [(l.range.start.line, l.range.start.character, l.range.end.line, l.range.end.character) for l in locations]


async def definition(client, line, character):
    return await client.text_document_definition_async(types.DefinitionParams(text_document=doc(), position=pos(line, character)))


async def references(client, line, character, declaration=True):
    return await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(), position=pos(line, character), context=types.ReferenceContext(include_declaration=declaration)))


async def rename(client, line, character, name):
    return await client.text_document_rename_async(types.RenameParams(text_document=doc(), position=pos(line, character), new_name=name))


def as_list(result):
    return result if isinstance(result, list) else [result]


@pytest.mark.parametrize("line, character, target", [
    (3, 9, (1, 9, 1, 10)),     # repeat a → lead's phrase a
    (3, 10, (1, 9, 1, 10)),    # cursor just after the name
    (4, 7, (2, 9, 2, 10)),     # sync b (same track)
    (7, 12, (1, 9, 1, 10)),    # sync lead.a → lead's a, not bass's
    (7, 8, (0, 6, 0, 10)),     # sync lead.a, on `lead` → the track
    (9, 9, (8, 9, 8, 10)),     # repeat a in bass → bass's a
    (12, 9, (12, 9, 12, 10)),  # a definition is its own definition
])
async def test_definition(client, line, character, target):
    await open_song(client, NAV_SONG)
    result = as_list(await definition(client, line, character))
    assert [l.uri for l in result] == [URI]
    assert spans(result) == [target]


@pytest.mark.parametrize("line, character", [(1, 13), (7, 16), (0, 0), (40, 3)])
async def test_no_definition(client, line, character):
    """A note, `transpose`, the `track` keyword, past the end."""
    await open_song(client, NAV_SONG)
    assert await definition(client, line, character) in (None, [])


async def test_references_of_a_phrase_across_tracks(client):
    await open_song(client, NAV_SONG)
    expected = [(1, 9, 1, 10), (3, 9, 3, 10), (7, 12, 7, 13)]
    for line, character in [(1, 9), (3, 9), (7, 12)]:
        assert spans(await references(client, line, character)) == expected
    assert spans(await references(client, 1, 9, declaration=False)) == [(3, 9, 3, 10), (7, 12, 7, 13)]


async def test_references_keep_tracks_apart(client):
    await open_song(client, NAV_SONG)
    assert spans(await references(client, 8, 9)) == [(8, 9, 8, 10), (9, 9, 9, 10)]
    assert spans(await references(client, 12, 9)) == [(12, 9, 12, 10)]
    assert spans(await references(client, 2, 9)) == [(2, 9, 2, 10), (4, 7, 4, 8)]


async def test_references_of_a_track(client):
    await open_song(client, NAV_SONG)
    assert spans(await references(client, 0, 7)) == [(0, 6, 0, 10), (7, 7, 7, 11)]


async def test_prepare_rename(client):
    await open_song(client, NAV_SONG)
    result = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=doc(), position=pos(7, 12)))
    r = result if isinstance(result, types.Range) else result.range
    assert (r.start.line, r.start.character, r.end.line, r.end.character) == (7, 12, 7, 13)
    assert await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=doc(), position=pos(1, 13))) is None


def apply(text, edits):
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start = offsets[edit.range.start.line] + edit.range.start.character
        end = offsets[edit.range.end.line] + edit.range.end.character
        text = text[:start] + edit.new_text + text[end:]
    return text


async def test_rename_a_phrase_everywhere(client):
    await open_song(client, NAV_SONG)
    edit = await rename(client, 7, 12, "intro")
    assert list(edit.changes) == [URI]
    assert [(s, e.new_text) for s, e in zip(spans(edit.changes[URI]), edit.changes[URI])] == [
        ((1, 9, 1, 10), "intro"), ((3, 9, 3, 10), "intro"), ((7, 12, 7, 13), "intro")]
    renamed = apply(NAV_SONG, edit.changes[URI])
    assert "phrase intro {" in renamed and "repeat intro x2" in renamed and "sync lead.intro" in renamed
    assert "  phrase a { c1 }\n  repeat a\n" in renamed and "phrase a { kick" in renamed


async def test_rename_a_track(client):
    await open_song(client, NAV_SONG)
    edit = await rename(client, 0, 6, "melody")
    assert spans(edit.changes[URI]) == [(0, 6, 0, 10), (7, 7, 7, 11)]
    assert apply(NAV_SONG, edit.changes[URI]).startswith("track melody {")
    assert "sync melody.a transpose" in apply(NAV_SONG, edit.changes[URI])


async def test_renamed_song_still_compiles(client, tmp_path):
    from conftest import stave_check_json
    await open_song(client, NAV_SONG)
    edit = await rename(client, 3, 9, "verse")
    assert stave_check_json(apply(NAV_SONG, edit.changes[URI]), tmp_path) == []


@pytest.mark.parametrize("line, character, name, message", [
    (1, 9, "tempo", "'tempo' is a reserved word and cannot be an ID"),
    (0, 6, "drums", "'drums' is a reserved word and cannot be an ID"),
    (1, 9, "b", "'b' is already the name of another phrase in this track"),
    (0, 6, "bass", "'bass' is already the name of another track"),
    (1, 9, "9lives", "'9lives' is not an ID: IDs are letters, digits and '_', starting with a letter or '_'"),
    (1, 9, "a-b", "'a-b' is not an ID: IDs are letters, digits and '_', starting with a letter or '_'"),
    (1, 13, "x", "there is no track or phrase name here to rename"),
])
async def test_rename_refused(client, line, character, name, message):
    await open_song(client, NAV_SONG)
    with pytest.raises(JsonRpcException) as refused:
        await rename(client, line, character, name)
    assert refused.value.message == message
    assert refused.value.code == -32803  # RequestFailed


async def test_rename_to_a_name_used_by_another_track_is_fine(client):
    """Phrase IDs are per track: bass's `a` may become `b` (lead has a `b`)."""
    await open_song(client, NAV_SONG)
    edit = await rename(client, 8, 9, "b")
    assert spans(edit.changes[URI]) == [(8, 9, 8, 10), (9, 9, 9, 10)]
