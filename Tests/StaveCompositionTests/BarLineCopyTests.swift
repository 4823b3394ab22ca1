import StaveComposition
import StaveSyntax
import XCTest

/// Bar lines at every placement (LANGUAGE.md rule 7, "A bar that holds two"): a problem every
/// copy shares is reported once at the Original with one note listing the copies; a problem
/// only a copy has stays at its statement; a slip of duration is one diagnostic, at the slip.
final class BarLineCopyTests: XCTestCase {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t").diagnostics
    }

    private func lines(_ text: String) -> [String] {
        let source = Source(path: "t.stave", text: text)
        return diagnostics(text).map { diagnostic in
            let line = source.lineColumn(of: diagnostic.range.start).line
            let notes = diagnostic.notes.map { note in
                "[\(note.range.map { String(source.lineColumn(of: $0.start).line) } ?? "-")] \(note.message)"
            }
            return (["\(line) \(diagnostic.severity.rawValue) \(diagnostic.id.rawValue): \(diagnostic.message)"] + notes).joined(separator: " | ")
        }
    }

    /// Two overlong bars (an eighth each) in a groove played by two Repeats (8 and 4 copies)
    /// and two Syncs: two errors, each with one note naming the 14 copies it affects (the first
    /// copy statement, line 9, is where the note points).
    func testAProblemEveryCopySharesIsReportedOnceAtThePhrase() {
        let text = """
        drums beat {
          phrase groove {
            kick8 hat snare hat kick kick snare hat |
            kick8 hat snare hat kick kick snare hat hat |
            kick8 hat snare hat kick kick snare hat |
            kick8 hat snare hat kick kick snare hat crash |
          }
          repeat groove x8
          repeat groove x4
        }
        drums shaker { channel 11 sync beat.groove at 3 sync beat.groove }
        """
        let copies = "[8] the same in 14 copies of the phrase: repeat at bar 5 (8 copies), repeat at bar 39 (4 copies), sync at bar 3, sync at bar 7"
        XCTAssertEqual(lines(text), [
            "4 error bar-line-off-grid: bar line falls 1/8 after the start of bar 3 (meter 4/4) | " + copies,
            "6 error bar-line-off-grid: bar line falls 1/8 after the start of bar 5 (meter 4/4) | " + copies,
        ])
    }

    /// A copy placed off the bar (after a phrase a quarter long in 3/4) has a problem of its
    /// own: an error at its statement, as before, and none at the Original.
    func testAProblemOnlyACopyHasStaysAtItsStatement() {
        XCTAssertEqual(lines("meter 3/4\ntrack a {\n  phrase p { c2. | }\n  phrase q { c4 }\n  repeat p\n}"), [
            "5 error bar-line-off-grid: in this copy of 'p', a bar line falls 1/4 after the start of bar 3 (meter 3/4) | [3] the bar line is here",
        ])
    }

    /// A duration that stayed in force (`a2 b c d`) makes the following bars hold two until a
    /// quarter comes back inside a bar (`f g a4 b`, line 3): one error, at the first bar line
    /// that holds two, with notes at the bar line before it, where it showed, and the copy (the
    /// phrase lasts 7½ bars: the Repeat starts inside bar 8).
    func testASlipOfDurationIsOneErrorAtTheSlip() {
        let text = "track a {\n  phrase v {\n    e4 f g a | a2 b c d | e f g a | f g a4 b |\n    c1 |\n  }\n  repeat v\n  phrase w { c1 | d1 | }\n}"
        XCTAssertEqual(lines(text), [
            "3 error bar-line-off-grid: 2 bars lie between this bar line and the previous one (bars 2–3), and later a bar line falls 1/2 after the start of bar 7 (meter 4/4): did a duration stay in force from here?"
                + " | [3] the previous bar line is here | [3] the bar line off the grid is here | [6] the same in 1 copy of the phrase: repeat at bar 8",
        ])
    }

    /// Without a bar line off the grid after it, the slip is a warning; the bar lines that go on
    /// holding two say nothing more; the phrase start counts as a bar line.
    func testBarsThatHoldTwoAreOneWarning() {
        XCTAssertEqual(lines("track a { phrase { c4 d e f | a2 b c d | e f g a | b4 c d e | } }"), [
            "1 warning bar-holds-several: 2 bars lie between this bar line and the previous one (bars 2–3); a bar line is expected after each bar (did a duration stay in force, or is a '|' missing?) | [1] the previous bar line is here",
        ])
        XCTAssertEqual(diagnostics("track a { phrase { c1 d1 | e1 | } }").map(\.message).first?.hasPrefix("2 bars lie between this bar line and the phrase's start (bars 1–2)"), true)
        XCTAssertEqual(diagnostics("track a { phrase { c2 } phrase { d2 e1 | f1 | } }"), [])
    }

    /// Phrases a track places after an overlong one are counted from its bar lines as written:
    /// one error, not one in every later phrase.
    func testPhrasesAfterAnOverlongOneAreCountedFromItsBarLines() {
        XCTAssertEqual(lines("track a {\n  phrase { c1 c8 | }\n  phrase { c1 | d1 | }\n  phrase at 5 { e1 | }\n}"), [
            "2 error bar-line-off-grid: bar line falls 1/8 after the start of bar 2 (meter 4/4)",
        ])
    }
}
