import StaveSyntax
import XCTest

/// Byte offsets → 1-based line and character column, and line texts.
final class SourceTests: XCTestCase {
    func testLineColumnCountsLinesAndCharacters() {
        let source = Source(path: "t", text: "ab\ncd\n\nx")
        let expected: [(Int, Int, Int)] = [
            (0, 1, 1), (1, 1, 2), (2, 1, 3),   // the newline itself is the last column of line 1
            (3, 2, 1), (4, 2, 2), (6, 3, 1), (7, 4, 1), (8, 4, 2),
        ]
        for (offset, line, column) in expected {
            let position = source.lineColumn(of: offset)
            XCTAssertEqual(position.line, line, "offset \(offset)")
            XCTAssertEqual(position.column, column, "offset \(offset)")
        }
    }

    /// The word-at-a-time scan for line feeds against the plain byte loop: every length up to
    /// 40 around the 8-byte boundaries, line feeds at every position, and bytes that differ
    /// from a line feed in one bit (0x0B, 0x08, 0x8A) or that borrow in the zero test (0x00, 0x01).
    func testLineStartsMatchAPlainScan() {
        let fillers: [UInt8] = [0x61, 0x0B, 0x08, 0x8A, 0x00, 0x01, 0xFF, 0x09]
        for length in 0...40 {
            for filler in fillers {
                for stride in 1...9 {
                    let bytes = (0..<length).map { $0 % stride == stride - 1 ? UInt8(0x0A) : filler }
                    var expected = [0]
                    for (index, byte) in bytes.enumerated() where byte == 0x0A { expected.append(index + 1) }
                    XCTAssertEqual(Source(path: "t", bytes: bytes).lineStarts, expected, "length \(length) filler \(filler) stride \(stride)")
                }
            }
        }
    }

    func testColumnsCountCharactersNotBytes() {
        // "é" is 2 bytes, "♪" is 3, "𝄞" is 4: 'x' is the 5th character of its line.
        let source = Source(path: "t", text: "é♪𝄞 x")
        let offset = Array("é♪𝄞 ".utf8).count
        XCTAssertEqual(offset, 10)
        XCTAssertEqual(source.lineColumn(of: offset).column, 5)
        XCTAssertEqual(source.lineColumn(of: 2).column, 2)   // the start of '♪'
        XCTAssertEqual(source.lineColumn(of: 3).column, 2)   // inside '♪': still its column
    }

    func testOffsetsOutsideTheSourceAreClamped() {
        let source = Source(path: "t", text: "ab\nc")
        XCTAssertEqual(source.lineColumn(of: -5).line, 1)
        XCTAssertEqual(source.lineColumn(of: -5).column, 1)
        XCTAssertEqual(source.lineColumn(of: 99).line, 2)
        XCTAssertEqual(source.lineColumn(of: 99).column, 2)
        let empty = Source(path: "t", text: "")
        XCTAssertEqual(empty.lineColumn(of: 0).line, 1)
        XCTAssertEqual(empty.lineColumn(of: 0).column, 1)
    }

    func testLineTextDropsLineBreaks() {
        let source = Source(path: "t", text: "one\r\ntwo\nthree")
        XCTAssertEqual(source.lineText(1), "one")
        XCTAssertEqual(source.lineText(2), "two")
        XCTAssertEqual(source.lineText(3), "three")
        XCTAssertEqual(source.lineText(0), "")
        XCTAssertEqual(source.lineText(4), "")
        XCTAssertEqual(source.text(SourceRange(5, 8)), "two")
    }

    func testRendererPointsAtTheColumn() {
        let source = Source(path: "song.stave", text: "track a {\n  phrase { x }\n}")
        let diagnostic = Diagnostic.error(.invalidPitch, "bad", at: SourceRange(21, 22))
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, in: source),
                       "song.stave:2:12: error: bad\n  phrase { x }\n           ^\n")
    }
}
