import Foundation
@testable import StaveSyntax
import XCTest

/// The parser reads tokens in chunks that it releases as it passes them. The tree and the
/// diagnostics must not depend on where chunks end: every example, error fixture and grammar
/// sample parses identically with chunks of 1, 2, 4 and 8 tokens (every boundary crossed) as
/// with the default 65,536.
final class TokenChunkTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func songs() -> [URL] {
        ["Examples", "Tests/Fixtures/errors", "Tests/Fixtures/grammar"].flatMap { folder -> [URL] in
            let directory = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
            return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".stave") }.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    func testTreesAndDiagnosticsDoNotDependOnChunkSize() throws {
        let songs = TokenChunkTests.songs()
        XCTAssertGreaterThanOrEqual(songs.count, 50)
        for song in songs {
            let source = Source(path: song.lastPathComponent, bytes: Array(try Data(contentsOf: song)))
            let expected = Parser.parse(source)
            for shift in 0...3 {
                let chunked = Parser.parse(source, tokenChunkShift: shift)
                XCTAssertEqual(chunked.syntax, expected.syntax, "\(song.lastPathComponent), chunks of \(1 << shift)")
                XCTAssertEqual(chunked.diagnostics, expected.diagnostics, "\(song.lastPathComponent), chunks of \(1 << shift)")
            }
        }
    }

    func testChunksHoldEveryTokenInOrder() {
        let source = Source(path: "s.stave", text: "track a { phrase { c d e [f a > c]2 {g a b}4 | } }")
        let flat = Lexer.tokenize(source).tokens
        for shift in 0...4 {
            let chunks = Lexer.tokenizeInChunks(source, shift: shift).tokens
            XCTAssertEqual(chunks.count, flat.count)
            XCTAssertEqual((0..<chunks.count).map { chunks[$0] }, flat)
        }
    }
}
