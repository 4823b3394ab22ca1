import XCTest
import StaveSyntax
import StaveComposition
import StaveMusicXML

/// Swing in MusicXML (LANGUAGE.md "Feel (v3)"): the notes stay as written (straight) and a
/// words direction marks where each part's feel starts.
final class FeelWordsTests: XCTestCase {
    private let body = """
        track a { phrase { c8 d e f g4 a } }
        track b { swing 16
          phrase { c16 d e f g4 r2 } }
        track c { swing none
          phrase { c8 d e f g4 a } }
        track d { swing 8 60
          phrase { c8 d e f g4 a } }
        """

    func testWordsWhereTheFeelStartsAndStraightNotes() throws {
        let swung = try musicXML("title \"t\"\nswing 8\n" + body)
        let words = swung.split(separator: "\n").filter { $0.contains("<words>") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(words, [
            "<direction placement=\"above\"><direction-type><words>Swing</words></direction-type><voice>1</voice></direction>",
            "<direction placement=\"above\"><direction-type><words>Swing 16ths</words></direction-type><voice>1</voice></direction>",
            "<direction placement=\"above\"><direction-type><words>Swing 60%</words></direction-type><voice>1</voice></direction>",
        ])
        // Take the words away and the sheet is the straight song's, note for note.
        let straight = try musicXML("title \"t\"\n" + body.replacingOccurrences(of: "swing 16\n", with: "").replacingOccurrences(of: "swing none\n", with: "").replacingOccurrences(of: "swing 8 60\n", with: ""))
        XCTAssertEqual(swung.split(separator: "\n").filter { !$0.contains("<words>") }, straight.split(separator: "\n"))
    }
}
