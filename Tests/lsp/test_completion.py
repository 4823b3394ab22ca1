"""Completion: instruments after `instrument`, kits after `kit`, phrase IDs after `repeat` and
`sync` (also `TRACK.`), drum names in drum bodies, durations right after a note, keywords and
settings where they may stand."""
import pytest
from lsprotocol import types

from conftest import doc, open_song, pos

GM_FLUTE = 73


async def complete(client, text, line, character):
    await open_song(client, text)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=doc(), position=pos(line, character)))
    items = result.items if isinstance(result, types.CompletionList) else result
    assert items is not None
    return items


def labels(items):
    return [i.label for i in items]


async def test_instruments_after_instrument(client):
    items = await complete(client, "track a {\n  instrument \n}\n", 1, 13)
    names = labels(items)
    assert names[:3] == ["acoustic-grand-piano", "bright-acoustic-piano", "electric-grand-piano"]
    assert names[127] == "gunshot"
    assert {"piano", "guitar", "strings", "sax", "lead-1-square", "electric-piano-1"} <= set(names)
    assert len(names) == len(set(names)), "each instrument once"
    flute = [i for i in items if i.label == "flute"]
    assert len(flute) == 1 and flute[0].detail == f"GM program {GM_FLUTE}"
    assert [i.detail for i in items if i.label == "sax"] == ["GM program 65"]


async def test_instruments_while_typing_a_name(client):
    items = await complete(client, "track a {\n  instrument fl\n}\n", 1, 15)
    assert "flute" in labels(items) and "acoustic-grand-piano" in labels(items)


async def test_kits_after_kit(client):
    items = await complete(client, "drums d {\n  kit \n}\n", 1, 6)
    assert {(i.label, i.detail) for i in items} >= {("standard", "GM drum kit, program 0"), ("tr-808", "GM drum kit, program 25"),
                                                      ("orchestra", "GM drum kit, program 48")}
    assert len(items) == 8


SONG = """track lead {
  phrase verse { c d e f | }
  phrase chorus { g1 | }
  repeat 
  sync 
}
track bass {
  sync lead.
}
drums beat {
  phrase groove { kick snare }
}
"""


async def test_phrase_ids_after_repeat(client):
    assert labels(await complete(client, SONG, 3, 9)) == ["verse", "chorus"]


async def test_phrase_ids_after_sync(client):
    """This track's phrases, then other melody tracks' as TRACK.ID: never a drum track's."""
    assert labels(await complete(client, SONG, 4, 7)) == ["verse", "chorus"]


async def test_phrase_ids_after_sync_in_another_track(client):
    items = await complete(client, SONG.replace("sync lead.", "sync "), 7, 7)
    assert labels(items) == ["lead.verse", "lead.chorus"]


async def test_phrase_ids_after_track_dot(client):
    assert labels(await complete(client, SONG, 7, 12)) == ["verse", "chorus"]


async def test_drum_names_in_a_drum_body(client):
    items = await complete(client, SONG, 10, 29)  # after `snare `, before `}`
    names = labels(items)
    assert {"kick", "bass-drum", "snare", "acoustic-snare", "open-hat", "open-hi-hat", "open-triangle"} <= set(names)
    assert [i.detail for i in items if i.label == "kick"] == ["GM drum key 36"]
    assert [i.detail for i in items if i.label == "open-triangle"] == ["GM drum key 81"]
    assert "c" not in names and "o4" not in names  # octave commands are errors in drum tracks
    assert {"r", "v90", "!mf", "tempo"} <= set(names)


async def test_pitches_in_a_melody_body(client):
    names = labels(await complete(client, SONG, 1, 16))  # right after `{`
    assert ["c", "d", "e", "f", "g", "a", "b", "r"] == names[:8]
    assert {"o4", "v90", "!mf", "tempo"} <= set(names) and "kick" not in names


@pytest.mark.parametrize("text, line, character, expected", [
    ("track a {\n  phrase { c d e }\n}\n", 1, 15, ["e1", "e2", "e4", "e8", "e16", "e32", "e64"]),
    ("track a {\n  phrase { c d f# }\n}\n", 1, 17, ["f#1", "f#2", "f#4", "f#8", "f#16", "f#32", "f#64"]),
    ("track a {\n  phrase { c [c e] }\n}\n", 1, 18, ["1", "2", "4", "8", "16", "32", "64"]),
    ("drums a {\n  phrase { kick snare }\n}\n", 1, 21, ["snare1", "snare2", "snare4", "snare8", "snare16", "snare32", "snare64"]),
])
async def test_durations_right_after_a_note(client, text, line, character, expected):
    items = await complete(client, text, line, character)
    assert labels(items) == expected
    assert items[2].detail == "quarter note"


TOP_LEVEL = ["title", "composer", "tempo", "meter", "key", "ppq", "marker", "track", "drums", "swing", "humanize", "style",
             "repeat bars", "segno at", "dc at", "ds at", "fine at", "to-coda at", "coda at"]


async def test_settings_in_a_track_body(client):
    names = labels(await complete(client, "track a {\n  \n}\n", 1, 2))
    # Stave 3 adds the settings `staff`, `swing`, `humanize`, `symbols` and the statement `comp`.
    assert names == ["instrument", "channel", "volume", "pan", "velocity", "octave", "transpose", "legato", "staff", "swing", "humanize",
                     "symbols", "phrase", "repeat", "sync", "lyrics", "comp"]
    names = labels(await complete(client, "drums a {\n  \n}\n", 1, 2))
    assert names == ["kit", "channel", "volume", "pan", "velocity", "legato", "swing", "humanize", "phrase", "repeat", "sync", "comp"]


async def test_top_level_words(client):
    names = labels(await complete(client, "title \"x\"\n\n", 1, 0))
    # Stave 3: the header's `swing`, `humanize`, `style` and the form's statements.
    assert names == TOP_LEVEL


async def test_completion_in_an_empty_document(client):
    assert labels(await complete(client, "", 0, 0)) == TOP_LEVEL


async def test_key_tonics(client):
    names = labels(await complete(client, "key \n", 0, 4))
    assert names[:3] == ["c", "g", "d"] and "bb" in names and "f#" in names and len(names) == 15
