import StaveLanguageServer
import XCTest

/// The language server and `comp` (Accompaniment v3): a chord symbol's hover names the comps
/// that play it; completion offers the source tracks, the styles and a style's parts.
final class AccompanimentCapabilityTests: XCTestCase {
    let song = """
    track lead { symbols off phrase { [Am7]1 } }
    track piano { comp lead bossa.piano }
    drums beat { comp lead mine.drums }
    style mine { part drums 4/4 { kick1 } part hats 4/4 { hat1 } }

    """

    func testHoverOfAChordSymbolNamesTheCompsThatPlayIt() throws {
        var client = TestClient()
        client.open(song)
        let hover = client.at("textDocument/hover", 0, 35)["result"]?["contents"]?["value"]?.text
        XCTAssertEqual(hover?.components(separatedBy: "\n\n").prefix(2), ["**Am7** — chord symbol: A4 C5 E5 G5", "played by piano (bossa.piano), beat (mine.drums)"])
    }

    func testCompletionOfSourcesStylesAndParts() throws {
        var client = TestClient()
        client.open("track lead { phrase { [C]1 } }\ntrack piano { comp  }\ntrack bass { comp lead  }\ntrack organ { comp lead waltz. }\nstyle mine { part bass 4/4 { root1 } }\n")
        func labels(_ line: Int, _ character: Int) -> [String] {
            client.at("textDocument/completion", line, character)["result"]?["items"]?.items.compactMap { $0["label"]?.text } ?? []
        }
        XCTAssertEqual(labels(1, 19), ["lead", "bass", "organ"])
        XCTAssertEqual(labels(2, 23), ["block", "pop", "rock", "ballad", "swing", "bossa", "waltz", "mine"])
        XCTAssertEqual(labels(3, 30), ["piano", "bass", "drums"])
    }
}
