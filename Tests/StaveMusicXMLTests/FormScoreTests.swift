import XCTest
import StaveSyntax
import StaveComposition
import StaveMusicXML

/// The written score keeps the form's signs (LANGUAGE.md "Form (v3)"): repeat barlines with
/// `times`, endings numbered by their passes, segno and coda signs, and the jump words with the
/// `<sound>` attributes players read.
final class FormScoreTests: XCTestCase {
    private func lines(_ header: String, bars: Int) throws -> [String] {
        let body = (0..<bars).map { _ in "c1" }.joined(separator: " | ")
        let text = try musicXML(header + "\ntrack lead {\n  phrase { \(body) }\n}\n")
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("<barline") || $0.hasPrefix("<direction") || $0.hasPrefix("<measure") }
            .filter { !$0.contains("<metronome>") }  // the tempo mark of bar 1
    }

    func testRepeatWithEndingsNumberedByPasses() throws {
        XCTAssertEqual(try lines("repeat bars 2-3 x3 endings 4 5", bars: 6), [
            "<measure number=\"1\">",
            "<measure number=\"2\">",
            "<barline location=\"left\"><bar-style>heavy-light</bar-style><repeat direction=\"forward\"/></barline>",
            "<measure number=\"3\">",
            "<measure number=\"4\">",
            "<barline location=\"left\"><ending number=\"1, 2\" type=\"start\"/></barline>",
            "<barline location=\"right\"><bar-style>light-heavy</bar-style><ending number=\"1, 2\" type=\"stop\"/><repeat direction=\"backward\"/></barline>",
            "<measure number=\"5\">",
            "<barline location=\"left\"><ending number=\"3\" type=\"start\"/></barline>",
            "<barline location=\"right\"><ending number=\"3\" type=\"discontinue\"/></barline>",
            "<measure number=\"6\">",
        ])
    }

    func testPlainRepeatWritesItsTimes() throws {
        XCTAssertEqual(try lines("repeat bars 1-2 x4", bars: 3), [
            "<measure number=\"1\">",
            "<barline location=\"left\"><bar-style>heavy-light</bar-style><repeat direction=\"forward\"/></barline>",
            "<measure number=\"2\">",
            "<barline location=\"right\"><bar-style>light-heavy</bar-style><repeat direction=\"backward\" times=\"4\"/></barline>",
            "<measure number=\"3\">",
        ])
    }

    func testDalSegnoAlCodaSigns() throws {
        XCTAssertEqual(try lines("segno at 2\nds at 4\nto-coda at 3\ncoda at 5", bars: 5), [
            "<measure number=\"1\">",
            "<measure number=\"2\">",
            "<direction placement=\"above\"><direction-type><segno/></direction-type><sound segno=\"segno\"/></direction>",
            "<measure number=\"3\">",
            "<direction placement=\"above\"><direction-type><words>To Coda</words></direction-type><sound tocoda=\"coda\"/></direction>",
            "<measure number=\"4\">",
            "<direction placement=\"above\"><direction-type><words>D.S. al Coda</words></direction-type><sound dalsegno=\"segno\"/></direction>",
            "<measure number=\"5\">",
            "<direction placement=\"above\"><direction-type><coda/></direction-type><sound coda=\"coda\"/></direction>",
        ])
    }

    func testDaCapoAlFineWords() throws {
        XCTAssertEqual(try lines("dc at 3\nfine at 1", bars: 3).filter { $0.hasPrefix("<direction") }, [
            "<direction placement=\"above\"><direction-type><words>Fine</words></direction-type><sound fine=\"yes\"/></direction>",
            "<direction placement=\"above\"><direction-type><words>D.C. al Fine</words></direction-type><sound dacapo=\"yes\"/></direction>",
        ])
    }
}
