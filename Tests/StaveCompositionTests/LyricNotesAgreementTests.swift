import StaveComposition
import XCTest

/// "Lyric notes" has one definition (`ExpressionRule.forEachSound`: a note or chord with some
/// pitch not held by a tie); the performer finds them while joining ties. Both must count
/// alike, or a verse the checker accepts would sing on other notes than it counted.
final class LyricNotesAgreementTests: XCTestCase {
    let bodies = [
        "c d e f |",                                   // plain notes
        "c2~ c4 d | [c e]2~ [c e] |",                  // tie continuations do not count
        "[c~ e]2 [c g]4 r4 |",                        // a chord with one new pitch counts
        "{c d e}2 {f~ f g}2 |",                        // tuplet items, a tie inside a tuplet
        "(b)c d (e f)g r8 a8 |",                       // grace notes do not count
        "[C~]2 [C] |",                                 // a tied chord symbol
        "c2~8 d8 r4 | {c [e g]~ [e g]}2 r2 |",         // inline ties, chords tied inside a tuplet
    ]

    func testTheRuleAndThePerformerCountTheSameLyricNotes() {
        var checked = 0
        for text in bodies {
            let body = melody(text + "", settings: "")
            var withWords = body
            withWords.expression.verses = ["la"]
            let rule = ExpressionRule.lyricNotes(in: withWords)
            let performed = Performance.performedBody(withWords, legato: 100).lyricStarts.count
            XCTAssertEqual(rule, performed, "lyric notes of \(text)")
            XCTAssertGreaterThan(rule, 0, text)
            checked += 1
        }
        XCTAssertEqual(checked, bodies.count)
    }
}
