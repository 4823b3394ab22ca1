@testable import StaveSyntax
import XCTest

/// Large sources are lexed and parsed on several cores. These tests hold that path to the
/// one-thread result — tokens, tree and diagnostics alike — on songs big enough to take it,
/// including broken ones (which must fall back and still report exactly the same errors).
final class ParallelParseTests: XCTestCase {
    /// A song well above the parallel thresholds, with everything that could confuse a split:
    /// line and block comments, strings, chords, nested tuplets, ties, drums, syncs.
    static func bigSong(phrases: Int = 200) -> String {
        var text = """
        // a big song for the parallel parser
        title "Big \\"quoted\\" song"
        tempo 120
        meter 4/4
        key d minor

        """
        text += "track lead \"Lead\" {\n  instrument flute\n  velocity 90\n"
        for index in 0..<phrases {
            text += "  phrase p\(index) {\n"
            for bar in 0..<12 {
                switch (index + bar) % 4 {
                case 0: text += "    c4 d8. e16 [f a > c]4 < g4 | // bar \(bar)\n"
                case 1: text += "    {c d e}4 {f {g a} b}4 r4 c~8 c8 | /* block\n       comment */\n"
                case 2: text += "    !mf o5 c2~ c4 tempo 96 v100 [c~ e g]4 |\n"
                default: text += "    > c#16 d## e bb fn g8 < a8 b4 r2 |\n"
                }
            }
            text += "  }\n"
        }
        text += "}\n"
        text += "drums beat {\n  phrase groove {\n"
        for _ in 0..<(phrases * 4) { text += "    [kick hat]8 hat v110 [snare hat] v90 hat {tom-high tom-mid tom-low}4 kick4 |\n" }
        text += "  }\n  repeat groove x2\n}\n"
        text += "track second {\n  sync lead.p1 transpose -12 at 1\n}\n"
        return text
    }

    func assertSameParse(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let source = Source(path: "big.stave", text: text)
        let oneThread = Lexer.tokenize(source, parallel: false)
        let parallel = Lexer.tokenize(source, parallel: true)
        XCTAssertEqual(parallel.tokens, oneThread.tokens, "tokens: \(message)", file: file, line: line)
        XCTAssertEqual(parallel.diagnostics, oneThread.diagnostics, "lexical diagnostics: \(message)", file: file, line: line)
        let sequential = Parser.parse(source, parallel: false)
        let concurrent = Parser.parse(source, parallel: true)
        XCTAssertEqual(concurrent.syntax, sequential.syntax, "tree: \(message)", file: file, line: line)
        XCTAssertEqual(concurrent.diagnostics, sequential.diagnostics, "diagnostics: \(message)", file: file, line: line)
    }

    /// The parallel paths really run on a big clean song (not only fall back), and give the
    /// one-thread tokens and tree.
    func testTheParallelPathsRunAndAgreeWithOneThread() throws {
        // Without block comments, so that the split cannot fall inside one (then the lexer
        // rightly falls back; `testBlockCommentAcrossTheSplitPoint` covers that).
        let text = Self.bigSong().replacingOccurrences(of: "/* block\n       comment */", with: "// block")
        XCTAssertFalse(text.contains("/*"))
        let source = Source(path: "big.stave", text: text)
        let tokens = try XCTUnwrap(Lexer.tokenizeInParallel(source), "the lexer took the parallel path")
        XCTAssertEqual(tokens, Lexer.tokenize(source, parallel: false).tokens)
        let syntax = try XCTUnwrap(Parser.parseInParallel(source), "the parser took the parallel path")
        XCTAssertEqual(syntax, Parser.parse(source, parallel: false).syntax)
        // A broken song must not take it (its errors are reported by the one-thread parse).
        let broken = Source(path: "big.stave", text: text.replacingOccurrences(of: "phrase p33 {", with: "phrase p33 { ]"))
        XCTAssertNil(Parser.parseInParallel(broken))
    }

    func testBigSongIsAboveTheThresholdsAndParsesCleanly() {
        let text = Self.bigSong()
        XCTAssertGreaterThan(text.utf8.count, 2 * 64 * 1024)
        let source = Source(path: "big.stave", text: text)
        let (tokens, lexical) = Lexer.tokenize(source)
        XCTAssertEqual(lexical, [])
        XCTAssertGreaterThan(tokens.count, 40_000)
        let (syntax, diagnostics) = Parser.parse(source)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(syntax.tracks.map(\.phrases.count), [200, 2, 1])
        guard case .original(_, let body)? = syntax.tracks.first?.phrases.last?.kind else { return XCTFail("no body") }
        XCTAssertEqual(body.filter { $0.kind == .barLine }.count, 12)
        assertSameParse(text, "clean song")
    }

    /// Deletions and insertions spread over the file: every one either stays clean or breaks
    /// something, and the parallel result must equal the one-thread result each time.
    func testMutatedBigSongsParseTheSameOnBothPaths() {
        let original = Array(Self.bigSong(phrases: 160).utf8)
        XCTAssertGreaterThan(original.count, 64 * 1024)
        let inserts: [[UInt8]] = [Array("{".utf8), Array("}".utf8), Array("/*".utf8), Array("\"".utf8), Array("[".utf8),
                                  Array(" track".utf8), Array(" phrase x {".utf8), Array("@".utf8), [0xFF], Array("\n".utf8)]
        for step in 0..<24 {
            var bytes = original
            let position = (step * 7_919 + step * step * 104_729) % bytes.count
            if step % 2 == 0 {
                bytes.remove(at: position)
            } else {
                bytes.insert(contentsOf: inserts[(step / 2) % inserts.count], at: position)
            }
            assertSameParse(String(decoding: bytes, as: UTF8.self), "step \(step) at byte \(position)")
        }
    }

    /// A block comment around the line break where the lexer splits the file: the halves
    /// cannot be lexed apart, and the parallel path must notice and give the same result.
    func testBlockCommentAcrossTheSplitPoint() {
        let song = Self.bigSong(phrases: 100)
        var more = "track more {\n"
        for index in 0..<80 { more += "  phrase q\(index) { c4 d e f | [c e g]1 | }\n" }
        more += "}\n"
        let songBytes = song.utf8.count, moreBytes = more.utf8.count
        // No line break in the filler, and the middle of the file falls inside it.
        let filler = String(repeating: "x", count: abs(songBytes - moreBytes) + 100)
        let text = song + "/*" + filler + "\n*/\n" + more
        let bytes = Array(text.utf8)
        let split = bytes[(bytes.count / 2)...].firstIndex(of: 0x0A)!
        XCTAssertEqual(split, songBytes + 2 + filler.utf8.count, "the split falls inside the comment")
        let source = Source(path: "big.stave", text: text)
        XCTAssertEqual(Lexer.tokenize(source).diagnostics, [])
        XCTAssertEqual(Parser.parse(source).syntax.tracks.map(\.id.text), ["lead", "beat", "second", "more"])
        assertSameParse(text, "comment across the split")
    }

    /// Tokens denser than real songs (more than one per two bytes, past the capacity the lexer
    /// reserves up front): both halves grow their arrays, and the result must still be the
    /// one-thread result.
    func testDenseTokensStillLexTheSame() {
        var text = "track dense {\n"
        for index in 0..<60 {
            text += "  phrase d\(index) {\n"
            for _ in 0..<40 { text += "    [c]8 [d]8 [e]8 [f]8 [g]8 [a]8 [b]8 [c]8 |\n" }
            text += "  }\n"
        }
        text += "}\n"
        let source = Source(path: "dense.stave", text: text)
        XCTAssertGreaterThan(source.bytes.count, 64 * 1024)
        XCTAssertGreaterThan(Lexer.tokenize(source, parallel: false).tokens.count, source.bytes.count / 2)
        assertSameParse(text, "dense tokens")
    }

    /// An error deep inside one body: reported once, at the same place, on both paths.
    func testErrorInsideOneBodyIsReportedExactlyOnce() {
        var text = Self.bigSong()
        let marker = "phrase p33 {\n"
        let range = text.range(of: marker)!
        text.insert(contentsOf: "    c4 ] h4 |\n", at: range.upperBound)
        let (_, diagnostics) = Parser.parse(Source(path: "big.stave", text: text))
        XCTAssertEqual(diagnostics.map(\.id), [.unexpectedToken, .invalidPitch])
        assertSameParse(text, "error in p33")
    }
}
