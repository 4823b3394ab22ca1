import Foundation
import StaveComposition
import StaveSyntax
import XCTest

/// The size limits of LANGUAGE.md rule 13: beyond them an error naming the limit, quickly, never
/// an allocation the size of the request or a crash.
final class LimitTests: XCTestCase {
    /// Compiles, requiring it to finish within `seconds`, and returns the diagnostics.
    func diagnostics(_ text: String, within seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
        let start = Date()
        let (_, diagnostics) = Lowering.compile(Source(path: "t", text: text), defaultTitle: "t")
        XCTAssertLessThan(Date().timeIntervalSince(start), seconds, "too slow", file: file, line: line)
        return diagnostics
    }

    func testHugeRepeatCountsNameTheLimit() {
        for count in ["x10001", "x999999999", "x99999999999999999999"] {
            let found = diagnostics("track t { phrase p { c } repeat p \(count) }")
            XCTAssertEqual(found.count, 1, count)
            XCTAssertTrue(found.first?.message.contains("10000") ?? false, "\(count): \(found.map(\.message))")
        }
        XCTAssertEqual(diagnostics("track t { phrase p { c } repeat p x10000 }"), [])
    }

    func testAbsurdLengthsNameTheBarLimit() {
        let thousandBars = String(repeating: "c1 ", count: 1000)
        let cases = [
            "track t { phrase p { \(thousandBars) } repeat p x10000 }",             // 10,001,000 bars
            "track t { phrase p at 999999999 { c } }",                             // past the last bar
            "track t { phrase p { c1 } " + String(repeating: "repeat p x10000 ", count: 200) + "}",
            // In 64/1 a thousand whole notes are 15.625 bars: seven times x10000 pass the limit.
            "meter 64/1\ntrack t { phrase p { \(thousandBars) } " + String(repeating: "repeat p x10000 ", count: 7) + "}",
        ]
        for text in cases {
            let found = diagnostics(text)
            XCTAssertEqual(found.filter { $0.severity == .error }.count, 1, "\(text.prefix(60)): \(found.map(\.message))")
            XCTAssertTrue(found.contains { $0.message.contains("1000000") }, "\(text.prefix(60)): \(found.map(\.message))")
        }
    }

    func testTheLastBarIsAllowedAndOneMoreNoteIsNot() {
        // 4/4 up to bar 499,999, then 3/4: bar 1,000,000 is the last one allowed.
        let header = "meter 3/4 at 500000\n"
        XCTAssertEqual(diagnostics(header + "track t { phrase at 1000000 { c2. } }"), [])
        let over = diagnostics(header + "track t { phrase at 1000000 { c2. c64 } }")
        XCTAssertEqual(over.map(\.id), [.limitExceeded])
        XCTAssertEqual(over.first?.range, SourceRange(header.utf8.count + 10, header.utf8.count + 16))
    }

    func testManyCopiesOfAnInexactPhraseAreCheckedQuickly() {
        // 90,010 bars of septuplets (40 million notes, under the expansion limit): every copy is off
        // the 480 grid, and the check must not walk all of them.
        let body = String(repeating: "{c d e f g a b}64 ", count: 640)
        let text = "track a { phrase p { \(body) } " + String(repeating: "repeat p x1000 ", count: 9) + "}"
        let found = diagnostics(text, within: 10)
        XCTAssertEqual(found.map(\.id), [.offTickGrid])
        XCTAssertTrue(found.first?.message.contains("ppq 3360") ?? false, "\(found.map(\.message))")
    }

    func testExpansionIsBounded() {
        // Legal in bars (about 110,000), but 7 × 10,000 copies of 1,600 notes are 112 million notes.
        let body = String(repeating: "{c d e f g a b c d e f g a b c d}64 ", count: 100)
        let text = "track a { phrase p { \(body) } " + String(repeating: "repeat p x10000 ", count: 7) + "}"
        let found = diagnostics(text, within: 10)
        XCTAssertEqual(found.map(\.id), [.limitExceeded])
        XCTAssertTrue(found.first?.message.contains("100000000 notes") ?? false, "\(found.map(\.message))")
        // Tempo changes are bounded too: 4 per copy, 260,000 copies.
        let tempos = "track a { phrase p { tempo 90 c16 tempo 91 c16 tempo 92 c16 tempo 93 c16 } " + String(repeating: "repeat p x10000 ", count: 26) + "}"
        let foundTempos = diagnostics(tempos, within: 10)
        XCTAssertEqual(foundTempos.map(\.id), [.limitExceeded])
        XCTAssertTrue(foundTempos.first?.message.contains("1000000 tempo changes") ?? false, "\(foundTempos.map(\.message))")
    }

    func testTupletsNestedTooFinelyAreAnErrorNotAnOverflow() {
        var nested = ""
        for prime in [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61] {
            nested += "{" + String(repeating: "c ", count: prime - 1)
        }
        let text = "track t { phrase { " + nested + "c" + String(repeating: "}", count: 17) + "4 } }"
        XCTAssertEqual(diagnostics(text).map(\.id), [.timeOverflow])
        // Eight levels of the same primes are fine: 3·5·7·11·13·17·19·23 fits easily.
        var fine = ""
        for prime in [3, 5, 7, 11, 13, 17, 19, 23] { fine += "{" + String(repeating: "c ", count: prime - 1) }
        let ok = diagnostics("track t { phrase { " + fine + "c" + String(repeating: "}", count: 8) + "4 } }")
        XCTAssertFalse(ok.hasErrors, "\(ok.map(\.message))")
    }

    func testDeepNestingIsOneErrorAtTheLimit() {
        let deep = "track t { phrase { " + String(repeating: "{", count: 100_000) + "c" + String(repeating: "}", count: 100_000) + "4 } }"
        let found = diagnostics(deep)
        XCTAssertEqual(found.map(\.id), [.nestingTooDeep])
        XCTAssertTrue(found.first?.message.contains("64") ?? false)
    }
}
