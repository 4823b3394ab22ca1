import StaveSyntax
import XCTest

/// The renderer's output stays readable and in proportion, whatever the input.
final class DiagnosticRendererTests: XCTestCase {
    func testALongLineIsShownAsAWindowAroundTheCaret() {
        let line = String(repeating: "c ", count: 100) + "x" + String(repeating: " d", count: 100)
        let source = Source(path: "t", text: line)
        let diagnostic = Diagnostic.error(.invalidPitch, "bad", at: SourceRange(200, 201))
        let window = "…" + String(repeating: "c ", count: 30) + "x" + String(repeating: " d", count: 19) + " …"
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, in: source),
                       "t:1:201: error: bad\n\(window)\n" + String(repeating: " ", count: 61) + "^\n")
    }

    func testAShortLineIsShownWhole() {
        let source = Source(path: "t", text: "\tc x d")
        let diagnostic = Diagnostic.error(.invalidPitch, "bad", at: SourceRange(3, 4))
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, in: source), "t:1:4: error: bad\n\tc x d\n\t  ^\n")
    }

    func testControlCharactersAreEscapedInLinesAndMessages() {
        let source = Source(path: "t", text: "c \u{1B}[2J\u{7} \u{0}x\u{202E}")
        let diagnostic = Diagnostic.error(.invalidCharacter, "found '\u{1B}'", at: SourceRange(9, 10))
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, in: source),
                       "t:1:10: error: found '\\u{1B}'\nc \\u{1B}[2J\\u{7} \\u{0}x\\u{202E}\n" + String(repeating: " ", count: 22) + "^\n")
    }

    func testCarriageReturnLinesAreShownApart() {
        let source = Source(path: "t", text: "one\rtwo x\rthree")
        let diagnostic = Diagnostic.error(.invalidPitch, "bad", at: SourceRange(8, 9))
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, in: source), "t:2:5: error: bad\ntwo x\n    ^\n")
    }

    func testAtMostTheLimitIsShownThenOneLineCountsTheRest() {
        let source = Source(path: "t", text: String(repeating: "x ", count: 150))
        var diagnostics = (0..<150).map { Diagnostic.error(.invalidPitch, "bad", at: SourceRange(2 * $0, 2 * $0 + 1)) }
        diagnostics.append(.warning(.sharedChannel, "shared", at: SourceRange(299, 299)))
        let text = DiagnosticRenderer().render(diagnostics, in: source)
        XCTAssertEqual(text.components(separatedBy: ": error: ").count - 1, 100)
        XCTAssertTrue(text.hasSuffix("t:1:199: error: bad\n…" + String(repeating: "x ", count: 30) + "x" + String(repeating: " x", count: 19) + " …\n" + String(repeating: " ", count: 61) + "^\n50 more errors and 1 more warning not shown\n"), String(text.suffix(300)))
        XCTAssertEqual(DiagnosticRenderer(limit: 2).render(Array(diagnostics.prefix(3)), in: source).components(separatedBy: "\n").last(where: { !$0.isEmpty }), "1 more error not shown")
    }

    func testJSONLinesKeepEveryDiagnosticWithItsColumns() {
        let source = Source(path: "t", text: "é x\ny z")
        let diagnostics = [Diagnostic.error(.invalidPitch, "a", at: SourceRange(3, 4)), .error(.invalidPitch, "b", at: SourceRange(7, 8))]
        XCTAssertEqual(DiagnosticRenderer.jsonLines(diagnostics, in: source),
                       "{\"file\":\"t\",\"start\":{\"line\":1,\"column\":3},\"end\":{\"line\":1,\"column\":4},\"severity\":\"error\",\"id\":\"invalid-pitch\",\"message\":\"a\",\"notes\":[]}\n"
                       + "{\"file\":\"t\",\"start\":{\"line\":2,\"column\":3},\"end\":{\"line\":2,\"column\":4},\"severity\":\"error\",\"id\":\"invalid-pitch\",\"message\":\"b\",\"notes\":[]}\n")
    }

    /// A fuzz finding: a 16 KB line of `@` (now `$`, as `@` became a token) gave 385 MB of messages. Now a 200 KB line is one
    /// diagnostic, rendered in well under a second, and output is bounded even when every
    /// character is its own error.
    /// The output stays bounded; the time (linear in the line's length) is measured by
    /// `Benchmarks/junk_line.py`, not here, where a busy machine made it flaky.
    func testAHugeLineOfJunkGivesBoundedOutput() {
        for text in [String(repeating: "$", count: 200_000),
                     "track a { phrase { " + String(repeating: "] ", count: 100_000) + "} }"] {
            let source = Source(path: "t", text: text)
            let (_, diagnostics) = Parser.parse(source)
            let rendered = DiagnosticRenderer().render(diagnostics, in: source)
            let json = DiagnosticRenderer.jsonLines(diagnostics, in: source)
            XCTAssertLessThan(rendered.utf8.count, 40_000)
            // JSON Lines are capped like the text: the first 100, then one line counting the rest.
            XCTAssertFalse(diagnostics.isEmpty)
            let lines = json.split(separator: "\n")
            XCTAssertEqual(lines.count, min(diagnostics.count, 100) + (diagnostics.count > 100 ? 1 : 0))
            if diagnostics.count > 100 {
                XCTAssertEqual(lines.last, #"{"file":"t","notShown":{"errors":\#(diagnostics.count - 100),"warnings":0}}"#)
            }
        }
        let source = Source(path: "t", text: String(repeating: "$", count: 200_000))
        let (_, diagnostics) = Parser.parse(source)
        XCTAssertEqual(diagnostics.map(\.message), ["200000 unexpected characters '$$$$$$$$$$$$$$$$$$$$'..."])
    }
}
