import StaveJSON
import StaveLanguageServer
import XCTest

/// Each capability on a small song, with results worked out by hand.
final class CapabilityTests: XCTestCase {
    // Line numbers (0-based) are given beside each line.
    let song = """
    title "Café 🎵" // a title with an accent and an emoji
    meter 3/4
    key g major
    track lead {
      instrument flute
      phrase tune { o5 d4 f g | [c e]2. | }
      repeat tune
    }
    drums beat {
      phrase groove { kick4 snare hat | }
    }
    track low {
      sync lead.tune transpose -12
    }

    """
    // 0 title, 1 meter, 2 key, 3 track lead {, 4 instrument, 5 phrase tune, 6 repeat, 7 }, 8 drums,
    // 9 phrase groove, 10 }, 11 track low, 12 sync, 13 }

    func opened() -> TestClient {
        var client = TestClient()
        client.open(song)
        return client
    }

    func testDiagnosticsArePublishedWhenIdleWithIDsSeverityAndRelatedInformation() throws {
        var client = opened()
        XCTAssertEqual(client.idle().first?["params"]?["diagnostics"]?.items.count, 0)
        XCTAssertEqual(client.idle().count, 0, "nothing changed since")
        // A duplicate phrase ID: an error pointing at the first one.
        client.change((6, 2, 6, 13), "phrase tune { a2. | }", version: 2)
        let published = try XCTUnwrap(client.idle().first?["params"])
        XCTAssertEqual(published["version"]?.integer, 2)
        let diagnostic = try XCTUnwrap(published["diagnostics"]?.items.first)
        XCTAssertEqual(diagnostic["code"]?.text, "duplicate-phrase")
        XCTAssertEqual(diagnostic["severity"]?.integer, 1)
        XCTAssertEqual(diagnostic["range"]?.span, [6, 9, 6, 13])
        XCTAssertEqual(diagnostic["relatedInformation"]?.items.first?["location"]?["range"]?.span, [5, 9, 5, 13])
        // Fixed again: the diagnostics go away.
        client.change((6, 2, 6, 23), "repeat tune", version: 3)
        XCTAssertEqual(client.idle().first?["params"]?["diagnostics"]?.items.count, 0)
    }

    func testAWarningIsAWarning() throws {
        var client = TestClient()
        client.open("tempo 90\ntempo 100\ntrack a { phrase { c1 | } }\n")
        let diagnostics = try XCTUnwrap(client.idle().first?["params"]?["diagnostics"]?.items)
        XCTAssertTrue(diagnostics.contains { $0["severity"]?.integer == 1 }, "two tempos without 'at' is an error")
    }

    func testPositionsAfterAnEmojiCountUTF16Units() throws {
        var client = TestClient()
        // `q` stands after "é" (1 UTF-16 unit) and "🎵" (2): at unit 12 (byte 15).
        client.open("title \"é🎵\" q\n")
        let diagnostic = try XCTUnwrap(client.idle().first?["params"]?["diagnostics"]?.items.first)
        XCTAssertEqual(diagnostic["range"]?.span, [0, 12, 0, 13])
        // An edit addressed in UTF-16 units after the emoji replaces `q` by a valid statement.
        client.change((0, 12, 0, 13), "tempo 90", version: 2)
        XCTAssertEqual(client.idle().first?["params"]?["diagnostics"]?.items.count, 0)
    }

    func testHoverOnANoteGivesPitchMIDIBarBeatLengthAndVelocity() throws {
        var client = opened()
        // `f` in G major is F#; o5 → F#5 = MIDI 78; the second beat of bar 1.
        let hover = client.at("textDocument/hover", 5, 22)
        XCTAssertEqual(hover["result"]?["contents"]?["value"]?.text, "**F#5** — MIDI 78, velocity 100\n\nbar 1, beat 2 — a quarter note (1/4)")
        XCTAssertEqual(hover["result"]?["range"]?.span, [5, 22, 5, 23])
        let chord = client.at("textDocument/hover", 5, 29)
        XCTAssertEqual(chord["result"]?["contents"]?["value"]?.text,
                       "chord: C5 E5\n\n- **C5** — MIDI 72, velocity 100\n\n- **E5** — MIDI 76, velocity 100\n\nbar 2, beat 1 — a dotted half note (3/4)")
    }

    func testHoverOnATupletListsItsSounds() throws {
        var client = TestClient()
        client.open("track a {\n  phrase { c4 {d [e g] r}4 c2 | }\n}\n")
        XCTAssertEqual(client.at("textDocument/hover", 1, 14)["result"]?["contents"]?["value"]?.text,
                       "tuplet: 3 in a quarter note (1/4): D4 [E4 G4] r\n\nbar 1, beat 2 — a quarter note (1/4)")
        XCTAssertEqual(client.at("textDocument/hover", 1, 18)["result"]?["contents"]?["value"]?.text,
                       "chord: E4 G4\n\n- **E4** — MIDI 64, velocity 100\n\n- **G4** — MIDI 67, velocity 100\n\nbar 1, beat 2 1/3 — 1/12 of a whole note, in a tuplet of 3")
    }

    func testHoverOnNamesInstrumentsAndDrums() throws {
        var client = opened()
        XCTAssertEqual(client.at("textDocument/hover", 5, 10)["result"]?["contents"]?["value"]?.text,
                       "phrase **lead.tune** — 2 bars, placed at bar 1, 4 notes\n\nrepeated x1 at bar 3; synced in low at bar 1 transposed -12")
        XCTAssertEqual(client.at("textDocument/hover", 4, 14)["result"]?["contents"]?["value"]?.text,
                       "**flute**: General MIDI program 73 (`flute`)")
        XCTAssertEqual(client.at("textDocument/hover", 9, 21)["result"]?["contents"]?["value"]?.text,
                       "**kick**: General MIDI drum key 36\n\nbar 1, beat 1 — a quarter note (1/4)")
        XCTAssertEqual(client.at("textDocument/hover", 3, 7)["result"]?["contents"]?["value"]?.text,
                       "track **lead** — flute (GM program 73), channel 1, 2 phrases")
        XCTAssertEqual(client.at("textDocument/hover", 2, 1)["result"], .null, "a keyword has no hover")
    }

    func testDefinitionReferencesAndRenameOfPhrasesAndTracks() throws {
        var client = opened()
        // From `tune` in `sync lead.tune` to its definition.
        XCTAssertEqual(client.at("textDocument/definition", 12, 13)["result"]?["range"]?.span, [5, 9, 5, 13])
        XCTAssertEqual(client.at("textDocument/definition", 12, 7)["result"]?["range"]?.span, [3, 6, 3, 10], "`lead` in the sync")
        let references = client.at("textDocument/references", 5, 10, extra: ",\"context\":{\"includeDeclaration\":true}")["result"]?.items.map { $0["range"]?.span ?? [] }
        XCTAssertEqual(references, [[5, 9, 5, 13], [6, 9, 6, 13], [12, 12, 12, 16]])
        let noDeclaration = client.at("textDocument/references", 5, 10, extra: ",\"context\":{\"includeDeclaration\":false}")["result"]?.items.count
        XCTAssertEqual(noDeclaration, 2)
        XCTAssertEqual(client.at("textDocument/prepareRename", 3, 8)["result"]?.span, [3, 6, 3, 10])
        let rename = client.at("textDocument/rename", 3, 8, extra: ",\"newName\":\"melody\"")
        let edits = rename["result"]?["changes"]?["file:///song.stave"]?.items ?? []
        XCTAssertEqual(edits.map { $0["range"]?.span ?? [] }, [[3, 6, 3, 10], [12, 7, 12, 11]])
        XCTAssertEqual(edits.map { $0["newText"]?.text ?? "" }, ["melody", "melody"])
        XCTAssertEqual(client.at("textDocument/rename", 3, 8, extra: ",\"newName\":\"tempo\"")["error"]?["message"]?.text,
                       "'tempo' is a reserved word and cannot be an ID")
        XCTAssertEqual(client.at("textDocument/rename", 3, 8, extra: ",\"newName\":\"beat\"")["error"]?["message"]?.text,
                       "'beat' is already the name of another track")
        XCTAssertEqual(client.at("textDocument/rename", 3, 8, extra: ",\"newName\":\"9lives\"")["error"]?["code"]?.integer, -32803)
        XCTAssertEqual(client.at("textDocument/rename", 2, 1, extra: ",\"newName\":\"x\"")["error"]?["code"]?.integer, -32803, "nothing to rename")
    }

    func testCompletionKnowsWhereTheCursorIs() throws {
        var client = opened()
        func labels(_ line: Int, _ character: Int) -> [String] {
            client.at("textDocument/completion", line, character)["result"]?["items"]?.items.compactMap { $0["label"]?.text } ?? []
        }
        XCTAssertTrue(labels(4, 13).contains("acoustic-grand-piano"), "instruments after 'instrument '")
        XCTAssertEqual(labels(6, 9), ["tune"], "phrase IDs after 'repeat '")
        XCTAssertEqual(labels(12, 7), ["lead.tune"], "after 'sync ' in track low: the phrases of the other melody tracks")
        XCTAssertTrue(labels(12, 12).contains("tune"), "after 'lead.'")
        XCTAssertTrue(labels(9, 18).contains("open-hat"), "drum names in a drum body")
        XCTAssertEqual(Array(labels(5, 23).prefix(3)), ["f1", "f2", "f4"], "durations after a pitch")
        XCTAssertTrue(labels(3, 0).contains("track"), "statements at the top level")
        XCTAssertTrue(labels(7, 0).contains("volume") || labels(4, 2).contains("volume"), "settings in a track")
    }

    func testSymbolsFoldingAndSemanticTokens() throws {
        var client = opened()
        let symbols = client.request("textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"file:///song.stave\"}}")["result"]?.items ?? []
        XCTAssertEqual(symbols.map { $0["name"]?.text ?? "" }, ["lead", "beat", "low"])
        XCTAssertEqual(symbols.first?["children"]?.items.map { ($0["name"]?.text ?? "") + " " + ($0["detail"]?.text ?? "") },
                       ["phrase tune bars 1–2", "repeat tune bars 3–4"])
        XCTAssertEqual(symbols.last?["children"]?.items.first?["name"]?.text, "sync lead.tune")
        let folds = client.request("textDocument/foldingRange", "{\"textDocument\":{\"uri\":\"file:///song.stave\"}}")["result"]?.items ?? []
        XCTAssertEqual(folds.map { [$0["startLine"]?.integer ?? -1, $0["endLine"]?.integer ?? -1] }, [[3, 7], [8, 10], [11, 13]])
        let data = client.request("textDocument/semanticTokens/full", "{\"textDocument\":{\"uri\":\"file:///song.stave\"}}")["result"]?["data"]?.items.compactMap(\.integer) ?? []
        XCTAssertEqual(data.count % 5, 0)
        let tokens = client.semanticTokens()
        XCTAssertTrue(tokens.contains([0, 0, 5, 0]), "title: keyword")
        XCTAssertTrue(tokens.contains([0, 6, 9, 6]), "the title string, 9 UTF-16 units")
        XCTAssertTrue(tokens.contains([0, 16, 38, 7]), "the comment")
        XCTAssertTrue(tokens.contains([5, 9, 4, 2]), "phrase ID: function")
        XCTAssertTrue(tokens.contains([5, 16, 2, 5]), "o5: macro")
        XCTAssertTrue(tokens.contains([5, 19, 1, 3]) && tokens.contains([5, 20, 1, 4]), "d4: pitch then duration")
        XCTAssertTrue(tokens.contains([3, 6, 4, 1]), "track ID: class")
    }

    func testFormattingAndQuickFixes() throws {
        var client = TestClient()
        client.open("track a {   phrase { c4  d e f | } }")
        let edits = client.request("textDocument/formatting", "{\"textDocument\":{\"uri\":\"file:///song.stave\"},\"options\":{\"tabSize\":2,\"insertSpaces\":true}}")["result"]?.items ?? []
        XCTAssertEqual(edits.first?["newText"]?.text, "track a {\n  phrase { c4 d e f | }\n}\n")
        XCTAssertEqual(edits.first?["range"]?.span, [0, 0, 0, 36])
        client.change(nil, "track a {\n  instrument flutte\n  phrase { c4 d e f | }\n}\n", version: 2)
        let actions = client.request("textDocument/codeAction", "{\"textDocument\":{\"uri\":\"file:///song.stave\"},\"range\":{\"start\":{\"line\":1,\"character\":13},\"end\":{\"line\":1,\"character\":13}},\"context\":{\"diagnostics\":[]}}")["result"]?.items ?? []
        XCTAssertEqual(actions.first?["title"]?.text, "Change to 'flute'")
        let change = actions.first?["edit"]?["changes"]?["file:///song.stave"]?.items.first
        XCTAssertEqual(change?["range"]?.span, [1, 13, 1, 19])
        XCTAssertEqual(change?["newText"]?.text, "flute")
        let none = client.request("textDocument/formatting", "{\"textDocument\":{\"uri\":\"file:///song.stave\"},\"options\":{\"tabSize\":4,\"insertSpaces\":true}}")["result"]?.items.count
        XCTAssertEqual(none, 0, "a song with errors is not formatted")
    }

    /// A misspelt phrase in `sync TRACK.ID`: the compiler's message suggests the closest ID and
    /// the quick fix replaces the phrase name alone, not `lead.` before it.
    func testAMisspeltSyncPhraseIsFixedInPlace() throws {
        var client = TestClient()
        client.open("track lead { phrase chorus { c1 | } }\ntrack bass { sync lead.chorsu }\n")
        let diagnostics = client.idle().first?["params"]?["diagnostics"]?.items ?? []
        XCTAssertEqual(diagnostics.first?["message"]?.text, "no Original phrase 'chorsu' in track 'lead' to sync; did you mean 'chorus'?")
        let actions = client.request("textDocument/codeAction", "{\"textDocument\":{\"uri\":\"file:///song.stave\"},\"range\":{\"start\":{\"line\":1,\"character\":24},\"end\":{\"line\":1,\"character\":24}},\"context\":{\"diagnostics\":[]}}")["result"]?.items ?? []
        XCTAssertEqual(actions.first?["title"]?.text, "Change to 'chorus'")
        let change = actions.first?["edit"]?["changes"]?["file:///song.stave"]?.items.first
        XCTAssertEqual(change?["range"]?.span, [1, 23, 1, 29])
        XCTAssertEqual(change?["newText"]?.text, "chorus")
    }

    func testAOneMegabyteSongAnswersEveryRequest() throws {
        var client = TestClient()
        let bars = String(repeating: "c4 d e f | ", count: 95_000)
        client.open("track a {\n  phrase theme {\n    " + bars + "\n  }\n  repeat theme\n}\n")
        XCTAssertEqual(client.idle().first?["params"]?["diagnostics"]?.items.count, 0)
        let hover = client.at("textDocument/hover", 2, 4 + 11 * 90_000 + 3)
        XCTAssertEqual(hover["result"]?["contents"]?["value"]?.text, "**D4** — MIDI 62, velocity 100\n\nbar 90001, beat 2 — a quarter note (1/4)")
        let tokens = client.request("textDocument/semanticTokens/full", "{\"textDocument\":{\"uri\":\"file:///song.stave\"}}")["result"]?["data"]?.items.count ?? 0
        XCTAssertEqual(tokens, 5 * (2 + 2 + 95_000 * (2 + 3 + 1) + 2), "track, a, phrase, theme; per bar c, 4, d, e, f, |; repeat, theme")
        XCTAssertEqual(client.at("textDocument/references", 1, 10, extra: ",\"context\":{\"includeDeclaration\":true}")["result"]?.items.count, 2)
    }
}

/// Hover under swing (LANGUAGE.md "Feel (v3)"): a note that swing moves shows where it sounds
/// beside where it is written; one that stays shows nothing more.
final class SwingHoverTests: XCTestCase {
    func testHoverShowsTheSwungStart() throws {
        var client = TestClient()
        client.open("swing 8\ntrack a {\n  phrase { c8 d e4 }\n}\n")
        XCTAssertEqual(client.at("textDocument/hover", 2, 14)["result"]?["contents"]?["value"]?.text,
                       "**D4** — MIDI 62, velocity 100\n\nbar 1, beat 1 1/2 — an eighth (1/8)\n\nswung (swing 8 (2:1)): sounds at bar 1, beat 1 2/3")
        XCTAssertEqual(client.at("textDocument/hover", 2, 11)["result"]?["contents"]?["value"]?.text,
                       "**C4** — MIDI 60, velocity 100\n\nbar 1, beat 1 — an eighth (1/8)")
    }
}
