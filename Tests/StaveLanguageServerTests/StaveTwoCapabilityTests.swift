import StaveJSON
import StaveLanguageServer
import XCTest

/// The language server on the Stave 2 marks, with results worked out by hand.
final class StaveTwoCapabilityTests: XCTestCase {
    let song = """
    marker "Intro" at 1
    track lead {
      legato 80
      phrase tune { !p c4' d^ !< (e)f [Am7]4 pedal down bend -50 !f | }
      lyrics tune "la la la *"
      repeat tune
    }

    """
    // 0 marker, 1 track lead {, 2 legato, 3 phrase tune, 4 lyrics tune, 5 repeat tune, 6 }
    // Line 3, by character: `!p` 16, `c4` 19, `'` 21, `d` 23, `^` 24, `!<` 26, `(` 29, `e` 30,
    // `)` 31, `f` 32, `[` 34, `Am7` 35, `]` 38, `4` 39, `pedal` 41, `down` 47, `bend` 52,
    // `-50` 57, `!f` 61, `|` 64.

    func opened() -> TestClient {
        var client = TestClient()
        client.open(song)
        return client
    }

    func hover(_ client: inout TestClient, _ line: Int, _ character: Int) -> String? {
        client.at("textDocument/hover", line, character)["result"]?["contents"]?["value"]?.text
    }

    func testTheSongChecksCleanly() throws {
        var client = opened()
        XCTAssertEqual(client.idle().first?["params"]?["diagnostics"]?.items.count, 0)
    }

    func testHoverNamesMarksChordSymbolsHairpinsAndControllers() throws {
        var client = opened()
        // `c4'`: C4, velocity 49 (`!p`), staccato.
        XCTAssertEqual(hover(&client, 3, 19), "**C4** — MIDI 60, velocity 49, staccato (sounds half its length)\n\nbar 1, beat 1 — a quarter note (1/4)")
        XCTAssertEqual(hover(&client, 3, 23), "**D4** — MIDI 62, velocity 49, accent (+20)\n\nbar 1, beat 2 — a quarter note (1/4)")
        // `!<` from beat 3 (velocity 49) to `!f` (96) at the end of the bar, the next bar's start.
        XCTAssertEqual(hover(&client, 3, 26), "**crescendo** from velocity 49 to 96\n\nbar 1, beat 3 to bar 2, beat 1")
        // `(e)f`: the main note knows its grace note.
        XCTAssertEqual(hover(&client, 3, 32), "after 1 grace note: E4\n\n**F4** — MIDI 65, velocity 49\n\nbar 1, beat 3 — a quarter note (1/4)")
        // `[Am7]4` in octave 4: A4 C5 E5 G5.
        XCTAssertEqual(hover(&client, 3, 35)?.components(separatedBy: "\n\n").first, "**Am7** — chord symbol: A4 C5 E5 G5")
        XCTAssertEqual(hover(&client, 3, 41), "**sustain pedal down** — CC64 127\n\nbar 2, beat 1")
        // bend -50 cents: 8192 + round(-50 x 8192 / 200) = 8192 - 2048 = 6144.
        XCTAssertEqual(hover(&client, 3, 52), "**pitch bend** -50 cents — 14-bit value 6144\n\nbar 2, beat 1")
    }

    /// A chord symbol a lead sheet spells is hovered by its own name, with its tones.
    func testHoverNamesALeadSheetSpellingByItsQuality() throws {
        var client = TestClient()
        let line = "track lead { phrase { [C-7]4 [CΔ9/E]4 [F6/9]4 [Bbø]4 | } }"
        client.open(line + "\n")
        func at(_ word: String) -> Int {
            line.utf16.distance(from: line.startIndex, to: line.range(of: word)!.lowerBound)
        }
        // C4 = 60: m7 60 63 67 70; maj9 60 64 67 71 74 over E3 (52); F4 65: 65 69 72 74 79;
        // Bb4 70, m7b5: 70 73 76 80 (the tones spelt in the key, C major, as for every chord).
        XCTAssertEqual(hover(&client, 0, at("C-7"))?.components(separatedBy: "\n\n").first, "**Cm7** — chord symbol: C4 D#4 G4 A#4")
        XCTAssertEqual(hover(&client, 0, at("CΔ9"))?.components(separatedBy: "\n\n").first, "**Cmaj9/E** — chord symbol: E3 C4 E4 G4 B4 D5")
        XCTAssertEqual(hover(&client, 0, at("F6/9"))?.components(separatedBy: "\n\n").first, "**F69** — chord symbol: F4 A4 C5 D5 G5")
        XCTAssertEqual(hover(&client, 0, at("Bbø"))?.components(separatedBy: "\n\n").first, "**Bbm7b5** — chord symbol: A#4 C#5 E5 G#5")
    }

    func testHoverFindsACommandInsideAChordAndNeverAnotherMark() throws {
        var client = TestClient()
        // 0: `[c pedal down e]2` holds the first control; `cc 11 90` is the second.
        client.open("track a {\n  phrase { [c pedal down e]2 cc 11 90 d2 | }\n}\n")
        XCTAssertEqual(hover(&client, 1, 15), "**sustain pedal down** — CC64 127\n\nbar 1, beat 1")
        XCTAssertEqual(hover(&client, 1, 29), "**controller 11** set to 90\n\nbar 1, beat 3")
        // A hairpin that starts while another is open (at 21) is an error and not lowered: the
        // hairpins of the text and of the song differ, so no hover rather than a wrong one.
        client.change(nil, "track a {\n  phrase { !p c !< d !< e !f f | }\n}\n", version: 2)
        XCTAssertNil(hover(&client, 1, 21))
        XCTAssertNil(hover(&client, 1, 16))
    }

    func testRenamingAPhraseRenamesItsLyricsStatement() throws {
        var client = opened()
        let rename = client.at("textDocument/rename", 3, 10, extra: ",\"newName\":\"verse\"")
        let edits = rename["result"]?["changes"]?["file:///song.stave"]?.items ?? []
        XCTAssertEqual(edits.map { $0["range"]?.span ?? [] }.sorted { $0.lexicographicallyPrecedes($1) },
                       [[3, 9, 3, 13], [4, 9, 4, 13], [5, 9, 5, 13]])
        let references = client.at("textDocument/references", 4, 10, extra: ",\"context\":{\"includeDeclaration\":true}")["result"]?.items ?? []
        XCTAssertEqual(references.count, 3)
    }

    func testCompletionOffersTheStaveTwoWordsWhereTheyStand() throws {
        var client = TestClient()
        client.open("track lead {\n  phrase tune { c pedal  [Am] }\n  \n}\n")
        func labels(_ line: Int, _ character: Int) -> [String] {
            client.at("textDocument/completion", line, character)["result"]?["items"]?.items.compactMap { $0["label"]?.text } ?? []
        }
        XCTAssertEqual(labels(1, 24), ["down", "up"], "after `pedal`")
        let body = labels(1, 18)
        XCTAssertTrue(["!<", "!>", "pedal down", "cc", "bend", "marker"].allSatisfy(body.contains), "body commands: \(body)")
        let symbols = labels(1, 28)
        XCTAssertTrue(symbols.contains("Am7") && symbols.contains("Amaj7") && symbols.contains("Am7b5"), "qualities after the root: \(symbols.prefix(5))")
        XCTAssertEqual(symbols.count, 38)
        XCTAssertTrue(symbols.contains("A7b9") && symbols.contains("Aalt") && symbols.contains("Amaj13"), "the v3 qualities")
        let track = labels(2, 2)
        XCTAssertTrue(track.contains("legato") && track.contains("lyrics"), "track body words: \(track)")
        XCTAssertTrue(labels(3, 1).contains("marker"), "header words")
    }

    func testSemanticTokensForTheNewWords() throws {
        var client = opened()
        let tokens = client.semanticTokens()
        XCTAssertTrue(tokens.contains([0, 0, 6, 0]), "header `marker`: keyword")
        XCTAssertTrue(tokens.contains([2, 2, 6, 0]), "`legato`: keyword")
        XCTAssertTrue(tokens.contains([4, 2, 6, 0]), "`lyrics`: keyword")
        XCTAssertTrue(tokens.contains([4, 9, 4, 2]), "the lyrics' phrase ID: function")
        XCTAssertTrue(tokens.contains([3, 21, 1, 8]) && tokens.contains([3, 24, 1, 8]), "marks: operator")
        XCTAssertTrue(tokens.contains([3, 26, 2, 5]), "`!<`: macro")
        XCTAssertTrue(tokens.contains([3, 35, 3, 3]), "`Am7`: one name")
        XCTAssertTrue(tokens.contains([3, 41, 5, 5]) && tokens.contains([3, 47, 4, 5]), "`pedal down`: macro")
    }
}
