import StaveComposition
import StaveSyntax
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

    /// The front end counts lyric notes as it lowers them (the tie rule's arrival): a verse of
    /// exactly that many syllables fits, one more is the error naming the rule's count.
    func testTheFrontEndCountsTheSameLyricNotes() {
        var checked = 0
        for text in bodies {
            let count = ExpressionRule.lyricNotes(in: melody(text))
            func diagnostics(syllables: Int) -> [Diagnostic] {
                let verse = Array(repeating: "la", count: syllables).joined(separator: " ")
                let song = "track t {\nphrase p {\n\(text)\n}\nlyrics p \"\(verse)\"\n}\n"
                return Lowering.compile(Source(path: "t.stave", text: song), defaultTitle: "t").diagnostics
            }
            XCTAssertEqual(diagnostics(syllables: count).map(\.message), [], text)
            let over = diagnostics(syllables: count + 1)
            XCTAssertEqual(over.count, 1, text)
            XCTAssertTrue(over.first?.message.contains("\(count) lyric note") == true, "\(text): \(over.map(\.message))")
            checked += 1
        }
        XCTAssertEqual(checked, bodies.count)
    }

    /// A grace group before a tie continuation: the front end (note by note) and the rule on a
    /// stored body (`ExpressionRule.graceProblems`) find the same groups.
    func testGraceBeforeATieContinuationIsFoundByBothPaths() {
        let cases: [(text: String, bad: [Int])] = [
            ("c2~ (d)c2 |", [0]),
            ("(d)c2~ c2 |", []),
            ("[c e]2~ (d)[c e]2 |", [0]),
            ("[c e]2~ (d)[c g]2 |", [0]),
            ("(e)c4 {c~ (d)c e}2 (f)g4 |", [1]),
            ("c4~ {(d)c e f}2 r4 |", [0]),
        ]
        for (text, bad) in cases {
            let song = "track t {\nphrase {\n\(text)\n}\n}\n"
            let diagnostics = Lowering.compile(Source(path: "t.stave", text: song), defaultTitle: "t").diagnostics
            let found = diagnostics.filter { $0.id == .graceOnTiedNote }
            XCTAssertEqual(found.count, bad.count, "\(text): \(diagnostics.map(\.message))")
            // The same body without the check's error: graces are kept, so the stored rule sees them too.
            var body = PhraseBody(length: .zero)
            let (lowered, _) = Lowering.compile(Source(path: "t.stave", text: song), defaultTitle: "t")
            if case .original(let stored)? = lowered.tracks.first?.phrases.first?.content { body = stored }
            XCTAssertEqual(ExpressionRule.graceProblems(in: body).map(\.index), bad, text)
        }
    }
}
