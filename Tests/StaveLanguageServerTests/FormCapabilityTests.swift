import StaveLanguageServer
import XCTest

/// The language server on a song with a form (LANGUAGE.md "Form (v3)", rule 17): diagnostics,
/// hover with every time a note sounds, completion of the header words.
final class FormCapabilityTests: XCTestCase {
    let song = """
    tempo 120
    repeat bars 1-1 x3
    track lead {
      phrase { c1 | d1 }
    }

    """
    // Line 3, by character: `c1` 11, `d1` 16.

    func hover(_ client: inout TestClient, _ line: Int, _ character: Int) -> String? {
        client.at("textDocument/hover", line, character)["result"]?["contents"]?["value"]?.text
    }

    func testHoverSaysWhenANoteSounds() throws {
        var client = TestClient()
        client.open(song)
        XCTAssertEqual(client.idle().first?["params"]?["diagnostics"]?.items.count, 0)
        // Bar 1 plays three times (2 s a bar at 120), bar 2 once, as performance bar 4.
        XCTAssertEqual(hover(&client, 3, 11), "**C4** — MIDI 60, velocity 100\n\nbar 1, beat 1 — a whole note (1/1)\n\nplays at 0:00 (bar 1), 0:02 (bar 2) and 0:04 (bar 3)")
        XCTAssertEqual(hover(&client, 3, 16), "**D4** — MIDI 62, velocity 100\n\nbar 2, beat 1 — a whole note (1/1)\n\nplays at 0:06 (bar 4)")
    }

    func testFormMistakesAreDiagnosed() throws {
        var client = TestClient()
        client.open("repeat bars 3-1\ntrack lead { phrase { c1 | d1 | e1 } }\n")
        let diagnostics = client.idle().first?["params"]?["diagnostics"]?.items ?? []
        XCTAssertEqual(diagnostics.map { $0["code"]?.text ?? "" }, ["form-bars-backwards"])
    }

    func testCompletionOffersTheFormWords() throws {
        var client = TestClient()
        client.open(song)
        let labels = client.at("textDocument/completion", 5, 0)["result"]?["items"]?.items.compactMap { $0["label"]?.text } ?? []
        XCTAssertTrue(["repeat bars", "segno at", "ds at", "to-coda at", "coda at"].allSatisfy(labels.contains), "\(labels)")
    }
}
