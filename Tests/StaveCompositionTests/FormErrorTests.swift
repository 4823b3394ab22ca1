import XCTest
import StaveSyntax
import StaveComposition

/// Every error and warning of LANGUAGE.md "Form (v3)": one diagnostic per mistake, at the
/// statement (line:column) that makes it, with its stable ID.
final class FormErrorTests: XCTestCase {
    /// An eight-bar song under `header`.
    private func diagnostics(_ header: String, bars: Int = 8) -> [String] {
        let body = (0..<bars).map { _ in "c1" }.joined(separator: " | ")
        let text = header + "\ntrack lead {\n  phrase { \(body) }\n}\n"
        let (_, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        let source = Source(path: "t.stave", text: text)
        return diagnostics.map {
            let (line, column) = source.lineColumn(of: $0.range.start)
            return "\(line):\(column) \($0.severity.rawValue) \($0.id.rawValue)"
        }
    }

    func testBarsBackwards() {
        XCTAssertEqual(diagnostics("repeat bars 5-3"), ["1:13 error form-bars-backwards"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 4-3"), ["1:25 error form-bars-backwards"])
    }

    func testEndingsThatLeaveAGap() {
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 4"), ["1:25 error form-ending-gap"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 3 5"), ["1:27 error form-ending-gap"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 3-4 5-6"), [])
    }

    func testTwoJumpsAndTwoSigns() {
        XCTAssertEqual(diagnostics("segno at 1\nds at 4\nds at 6"), ["3:1 error form-duplicate-sign"])
        XCTAssertEqual(diagnostics("dc at 4\nds at 6\nsegno at 1"), ["2:1 error form-duplicate-sign"])
        XCTAssertEqual(diagnostics("segno at 1\nsegno at 2\nds at 6"), ["2:1 error form-duplicate-sign"])
        XCTAssertEqual(diagnostics("dc at 6\nfine at 2\nfine at 3"), ["3:1 error form-duplicate-sign"])
    }

    func testCodaBeforeTheJump() {
        XCTAssertEqual(diagnostics("dc at 4\nto-coda at 2\ncoda at 3"), ["3:1 error form-coda-before-jump"])
        XCTAssertEqual(diagnostics("dc at 4\nto-coda at 2\ncoda at 4"), ["3:1 error form-coda-before-jump"])
    }

    func testRepeatCount() {
        XCTAssertEqual(diagnostics("repeat bars 1-2 x101"), ["1:17 error form-repeat-count"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 x1"), ["1:17 error form-repeat-count"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 x100"), [])
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 3 4 5"), ["1:13 error form-repeat-count"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 x3 endings 3 4 5"), [])
    }

    func testBarsPastTheEnd() {
        XCTAssertEqual(diagnostics("repeat bars 5-12"), ["1:15 error form-bar-outside"])
        XCTAssertEqual(diagnostics("repeat bars 5-7 endings 8 9"), ["1:27 error form-bar-outside"])
        XCTAssertEqual(diagnostics("segno at 9\nds at 2"), ["1:10 error form-bar-outside"])
        // A header tempo, meter or marker extends the written score; the form does not.
        XCTAssertEqual(diagnostics("marker \"end\" at 10\nrepeat bars 9-10"), [])
    }

    func testOverlap() {
        XCTAssertEqual(diagnostics("repeat bars 1-4\nrepeat bars 3-6"), ["2:1 error form-repeat-overlap"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 3 4\nrepeat bars 4-6"), ["2:1 error form-repeat-overlap"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 3 4\nrepeat bars 5-6"), [])
    }

    func testDsWithoutSegno() {
        XCTAssertEqual(diagnostics("ds at 4"), ["1:1 error form-ds-without-segno"])
    }

    func testFineOrToCodaWithoutJump() {
        XCTAssertEqual(diagnostics("fine at 3"), ["1:1 error form-sign-without-jump"])
        XCTAssertEqual(diagnostics("to-coda at 3\ncoda at 5"), ["1:1 error form-sign-without-jump"])
    }

    func testFineWithToCoda() {
        XCTAssertEqual(diagnostics("dc at 6\nfine at 2\nto-coda at 3\ncoda at 7"), ["3:1 error form-fine-and-coda"])
    }

    func testCodaUnpaired() {
        XCTAssertEqual(diagnostics("dc at 4\nto-coda at 2"), ["2:1 error form-coda-unpaired"])
        XCTAssertEqual(diagnostics("dc at 4\ncoda at 6"), ["2:1 error form-coda-unpaired"])
    }

    func testSignOutsideTheJumpPass() {
        XCTAssertEqual(diagnostics("segno at 3\nds at 6\nfine at 2"), ["3:1 error form-sign-outside-jump-pass"])
        XCTAssertEqual(diagnostics("dc at 4\nfine at 4"), ["2:1 error form-sign-outside-jump-pass"])
        XCTAssertEqual(diagnostics("dc at 4\nto-coda at 5\ncoda at 6"), ["2:1 error form-sign-outside-jump-pass"])
    }

    func testJumpInsideARepeat() {
        XCTAssertEqual(diagnostics("repeat bars 1-4\ndc at 3"), ["2:1 error form-jump-in-repeat"])
        XCTAssertEqual(diagnostics("repeat bars 1-4\ndc at 4"), ["2:1 error form-jump-in-repeat"])
        // Inside an ending is fine.
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings 3 4\ndc at 3"), [])
    }

    func testSegnoWithoutDsWarns() {
        XCTAssertEqual(diagnostics("segno at 3"), ["1:1 warning form-segno-unused"])
        XCTAssertEqual(diagnostics("segno at 3\ndc at 6"), ["1:1 warning form-segno-unused"])
    }

    func testNeverPlayedBarsWarn() {
        XCTAssertEqual(diagnostics("dc at 4\nto-coda at 2\ncoda at 7"), ["1:1 warning form-bars-unplayed"])
        XCTAssertEqual(diagnostics("dc at 4\nto-coda at 2\ncoda at 5"), [])
    }

    func testSyntaxMistakes() {
        XCTAssertEqual(diagnostics("repeat bars 3"), ["1:13 error expected-token"])
        XCTAssertEqual(diagnostics("repeat bars x2"), ["1:13 error expected-token"])
        XCTAssertEqual(diagnostics("repeat bars 1-2 endings"), ["1:17 error expected-token"])
        XCTAssertEqual(diagnostics("segno at"), ["2:1 error expected-token"])  // as `marker "…" at` reads it
    }

    /// No new reserved words: a phrase or a track may be called `coda`, `segno`, `fine`, and
    /// `repeat` inside a track is still the phrase repeat.
    func testSignWordsStayIdentifiers() {
        let text = """
        track coda {
          phrase fine { c1 }
          phrase segno { d1 }
          repeat fine x2
        }
        drums segno { phrase coda { kick1 } }
        """
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        XCTAssertEqual(diagnostics.map(\.message), [])
        XCTAssertTrue(song.form.isEmpty)
    }

    /// The form as written lands in the Song.
    func testFormAsWritten() {
        let text = "segno at 2\nrepeat bars 2-3 x3 endings 4 5-6\nds at 7\nto-coda at 3\ncoda at 8\ntrack a { phrase { " + (0..<9).map { _ in "c1" }.joined(separator: " | ") + " } }"
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        XCTAssertEqual(diagnostics.map(\.message), [])
        var expected = Form()
        expected.segno = FormMark(bar: 2)
        expected.repeats = [FormRepeat(first: 2, last: 3, writtenPasses: 3, endings: [4...4, 5...6])]
        expected.jump = FormJump(toSegno: true, bar: 7)
        expected.toCoda = FormMark(bar: 3)
        expected.coda = FormMark(bar: 8)
        XCTAssertEqual(song.form, expected)
    }
}
