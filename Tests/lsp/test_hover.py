"""Hover: a note's sounding pitch, MIDI number, bar:beat, length and velocity; a phrase's length
and places; a track; an instrument's and a drum's General MIDI number."""
import pytest
from lsprotocol import types

from conftest import EXAMPLES, doc, open_song, pos
from songs import HOVER_SONG


async def hover(client, line, character):
    return await client.text_document_hover_async(types.HoverParams(text_document=doc(), position=pos(line, character)))


async def hover_text(client, line, character):
    result = await hover(client, line, character)
    assert result is not None, f"no hover at {line}:{character}"
    assert result.contents.kind == types.MarkupKind.Markdown
    return result.contents.value


def transposed(name, midi, written, velocity, place):
    return f"**{name}** — MIDI {midi}, velocity {velocity} (written MIDI {written}, track transpose +12)\n\n{place}"


# In F major, octave 5, transpose 12: c = C5 = 72 sounds as C6 = 84; b is B-flat.
@pytest.mark.parametrize("character, expected", [
    (17, transposed("C6", 84, 72, 80, "bar 1, beat 1 — a quarter note (1/4)")),
    (18, transposed("C6", 84, 72, 80, "bar 1, beat 1 — a quarter note (1/4)")),  # on the duration
    (20, transposed("D6", 86, 74, 80, "bar 1, beat 2 — a quarter note (1/4)")),
    (22, transposed("E6", 88, 76, 80, "bar 1, beat 3 — a quarter note (1/4)")),
    (26, transposed("Bb6", 94, 82, 80, "bar 2, beat 1 — a dotted half note (3/4)")),
    (50, transposed("F6", 89, 77, 90, "bar 4, beat 1 — a quarter note (1/4)")),     # after v90
    (55, transposed("C7", 96, 84, 90, "bar 4, beat 2 — a quarter note (1/4)")),     # after >
    (59, transposed("A6", 93, 81, 90, "bar 4, beat 3 — a quarter note (1/4)")),     # after <
])
async def test_note(client, character, expected):
    await open_song(client, HOVER_SONG)
    assert await hover_text(client, 10, character) == expected


async def test_note_range(client):
    await open_song(client, HOVER_SONG)
    result = await hover(client, 10, 27)  # `b2`; the dot is a token of its own
    assert (result.range.start.line, result.range.start.character, result.range.end.character) == (10, 26, 28)


async def test_chord(client):
    await open_song(client, HOVER_SONG)
    expected = ("chord: C6 E6 G6\n\n"
                "- **C6** — MIDI 84, velocity 80 (written MIDI 72, track transpose +12)\n\n"
                "- **E6** — MIDI 88, velocity 80 (written MIDI 76, track transpose +12)\n\n"
                "- **G6** — MIDI 91, velocity 80 (written MIDI 79, track transpose +12)\n\n"
                "bar 3, beat 1 — a half note (1/2)")
    assert await hover_text(client, 10, 35) == expected


async def test_rest(client):
    await open_song(client, HOVER_SONG)
    assert (await hover_text(client, 10, 41)).startswith("rest")


async def test_key_signature_and_octave_of_the_first_song(client):
    """Ode to Joy, D major: `f` is F#4 (MIDI 66); the bass's `d2` in octave 2 is D2 (MIDI 38)."""
    await open_song(client, (EXAMPLES / "ode-to-joy.stave").read_text(encoding="utf-8"))
    assert await hover_text(client, 13, 7) == "**F#4** — MIDI 66, velocity 100\n\nbar 1, beat 1 — a quarter note (1/4)"
    assert await hover_text(client, 13, 38) == "**F#4** — MIDI 66, velocity 100\n\nbar 4, beat 1 — a dotted quarter note (3/8)"
    assert await hover_text(client, 13, 42) == "**E4** — MIDI 64, velocity 100\n\nbar 4, beat 2 1/2 — an eighth (1/8)"
    assert await hover_text(client, 21, 12) == "**D2** — MIDI 38, velocity 100\n\nbar 1, beat 1 — a half note (1/2)"


async def test_phrase_id(client):
    await open_song(client, HOVER_SONG)
    expected = "phrase **melody.verse** — 4 bars, placed at bar 1, 8 notes\n\nrepeated x2 at bar 5; synced in second at bar 9"
    assert await hover_text(client, 10, 11) == expected       # the definition
    assert await hover_text(client, 11, 10) == expected       # repeat verse
    assert await hover_text(client, 16, 16) == expected       # sync melody.verse
    result = await hover(client, 16, 16)
    assert (result.range.start.character, result.range.end.character) == (14, 19)


async def test_track_id(client):
    await open_song(client, HOVER_SONG)
    assert await hover_text(client, 16, 9) == 'track **melody** "Lead" — violin (GM program 40), channel 1, 2 phrases'
    assert await hover_text(client, 14, 8) == "track **second** — flute (GM program 73), channel 2, 1 phrase"


async def test_instrument_name(client):
    await open_song(client, HOVER_SONG)
    assert await hover_text(client, 6, 15) == "**violin**: General MIDI program 40 (`violin`)"
    assert await hover_text(client, 15, 13) == "**flute**: General MIDI program 73 (`flute`)"


@pytest.mark.parametrize("character, expected", [
    (29, "**kick**: General MIDI drum key 36\n\nbar 1, beat 1 — an eighth (1/8)"),
    (36, "**hat**: General MIDI drum key 42\n\nbar 1, beat 1 1/2 — an eighth (1/8)"),
    (40, "**snare**: General MIDI drum key 38\n\nbar 1, beat 2 — an eighth (1/8)"),
    (53, "**kick**: General MIDI drum key 36\n\nbar 1, beat 3 — an eighth (1/8)"),
])
async def test_drum_name_after_non_ascii_comment(client, character, expected):
    """Columns on this line count the emoji as two UTF-16 units."""
    await open_song(client, HOVER_SONG)
    assert await hover_text(client, 20, character) == expected


async def test_drum_hover_range_is_utf16(client):
    await open_song(client, HOVER_SONG)
    result = await hover(client, 20, 29)
    assert (result.range.start.character, result.range.end.character) == (29, 34)


@pytest.mark.parametrize("line, character", [(4, 0), (10, 25), (20, 21), (20, 25), (0, 9), (99, 0)])
async def test_nothing_to_say(client, line, character):
    """A blank line, after a bar line, inside a comment, inside the title string, past the end."""
    await open_song(client, HOVER_SONG)
    assert await hover(client, line, character) is None


# `  phrase p { {c d e}4 {c {d e} [f a]}2 {r g}8 }`: columns
#   { 13, c 14, d 16, e 18, } 19, 4 20; { 22, c 23, { 25, d 26, e 28, [ 31, f 32, a 34, 2 37; { 39, r 40, g 42.
TUPLETS = "track a {\n  phrase p { {c d e}4 {c {d e} [f a]}2 {r g}8 }\n}\ndrums d {\n  phrase { [kick hat]8 {snare snare snare}4 }\n}\n"


@pytest.mark.parametrize("line, character, expected", [
    (1, 13, "tuplet: 3 in a quarter note (1/4): C4 D4 E4\n\nbar 1, beat 1 — a quarter note (1/4)"),
    (1, 20, "tuplet: 3 in a quarter note (1/4): C4 D4 E4\n\nbar 1, beat 1 — a quarter note (1/4)"),
    (1, 14, "**C4** — MIDI 60, velocity 100\n\nbar 1, beat 1 — 1/12 of a whole note, in a tuplet of 3"),
    (1, 16, "**D4** — MIDI 62, velocity 100\n\nbar 1, beat 1 1/3 — 1/12 of a whole note, in a tuplet of 3"),
    (1, 18, "**E4** — MIDI 64, velocity 100\n\nbar 1, beat 1 2/3 — 1/12 of a whole note, in a tuplet of 3"),
    # Nested: {c {d e} [f a]}2 from beat 2; each third lasts 1/6, d and e half of that.
    (1, 23, "**C4** — MIDI 60, velocity 100\n\nbar 1, beat 2 — 1/6 of a whole note, in a tuplet of 3"),
    (1, 26, "**D4** — MIDI 62, velocity 100\n\nbar 1, beat 2 2/3 — 1/12 of a whole note, in a tuplet of 2"),
    (1, 28, "**E4** — MIDI 64, velocity 100\n\nbar 1, beat 3 — 1/12 of a whole note, in a tuplet of 2"),
    (1, 32, "chord: F4 A4\n\n- **F4** — MIDI 65, velocity 100\n\n- **A4** — MIDI 69, velocity 100\n\n"
            "bar 1, beat 3 1/3 — 1/6 of a whole note, in a tuplet of 3"),
    (1, 40, "rest\n\nbar 1, beat 4 — a sixteenth (1/16), in a tuplet of 2"),
    (1, 42, "**G4** — MIDI 67, velocity 100\n\nbar 1, beat 4 1/4 — a sixteenth (1/16), in a tuplet of 2"),
    # Drums: [kick hat]8 then a triplet of snares from 1/8.
    (4, 12, "**kick**: General MIDI drum key 36\n\nbar 1, beat 1 — an eighth (1/8)"),
    (4, 28, "**snare**: General MIDI drum key 38\n\nbar 1, beat 1 1/2 — 1/12 of a whole note, in a tuplet of 3"),
    (4, 32, "**snare**: General MIDI drum key 38\n\nbar 1, beat 1 5/6 — 1/12 of a whole note, in a tuplet of 3"),
])
async def test_tuplets_and_chords(client, line, character, expected):
    await open_song(client, TUPLETS)
    assert await hover_text(client, line, character) == expected


async def test_cursor_between_two_tokens(client):
    """At `{|c` the cursor is on the note; at `f4|.` on the note too (the word wins over the dot)."""
    await open_song(client, TUPLETS)
    assert (await hover(client, 1, 14)).range.start.character == 14
    await open_song(client, HOVER_SONG, name="other.stave")
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri="file:///tmp/stave-lsp-tests/other.stave"), position=pos(10, 28)))
    assert result.range.start.character == 26
