import StaveLanguageServer
import XCTest

/// The language server on LANGUAGE.md "Lyrics, easier": a lyrics string over two lines is one
/// string token split per line, `from` is a keyword there, and `from TRACK.ID2` names the track
/// and phrase (rename, references) as `sync` does.
final class LyricsEasierCapabilityTests: XCTestCase {
    let song = """
    track soprano {
      phrase verse { c d }
      lyrics verse "la
        la"
    }
    track alto {
      phrase verse { e f }
      lyrics verse from soprano.verse
    }
    """

    func testTheSongChecksCleanly() {
        var client = TestClient()
        client.open(song)
        XCTAssertEqual(client.idle().first?["params"]?["diagnostics"]?.items.count, 0)
    }

    func testSemanticTokensOfAStringOverTwoLinesAndOfFrom() {
        var client = TestClient()
        client.open(song)
        let tokens = client.semanticTokens()
        XCTAssertTrue(tokens.contains([2, 15, 3, 6]) && tokens.contains([3, 0, 7, 6]), "the string, line by line: \(tokens)")
        XCTAssertTrue(tokens.contains([7, 15, 4, 0]), "`from`: keyword")
        XCTAssertTrue(tokens.contains([7, 20, 7, 1]), "`soprano`: the track")
        XCTAssertTrue(tokens.contains([7, 28, 5, 2]), "`verse`: the phrase")
    }

    func testRenamingThePhraseRenamesTheLyricsThatSingItsWords() {
        var client = TestClient()
        client.open(song)
        let rename = client.at("textDocument/rename", 1, 10, extra: ",\"newName\":\"hymn\"")
        let edits = rename["result"]?["changes"]?["file:///song.stave"]?.items ?? []
        XCTAssertEqual(edits.map { $0["range"]?.span ?? [] }.sorted { $0.lexicographicallyPrecedes($1) },
                       [[1, 9, 1, 14], [2, 9, 2, 14], [7, 28, 7, 33]])
        let references = client.at("textDocument/references", 7, 22, extra: ",\"context\":{\"includeDeclaration\":true}")["result"]?.items ?? []
        XCTAssertEqual(references.count, 2, "the track's definition and `soprano` after `from`")
    }
}
