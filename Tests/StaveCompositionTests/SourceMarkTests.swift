import StaveComposition
import StaveSyntax
import XCTest

/// The Composition tree records where each track, phrase, note (chord, tuplet) and header
/// tempo and meter change was written, and equality ignores it.
final class SourceMarkTests: XCTestCase {
    let text = """
    tempo 90
    meter 3/4
    tempo 120 at 2
    track lead {
      phrase theme { c4 [e g]4 {f e d}4 | c2~8 r8 | }
      repeat theme
    }
    track low {
      sync lead.theme transpose -12
    }
    """

    func written(_ mark: SourceMark) -> String? {
        mark.range.map { String(decoding: Array(text.utf8)[$0.start..<$0.end], as: UTF8.self) }
    }

    func testEveryPartRecordsTheTextItCameFrom() throws {
        let (song, diagnostics) = Lowering.compile(Source(path: "marks.stave", bytes: Array(text.utf8)), defaultTitle: "marks")
        XCTAssertFalse(diagnostics.hasErrors)
        XCTAssertEqual(song.tempos.map { written($0.source) }, ["tempo 90", "tempo 120 at 2"])
        XCTAssertEqual(song.meters.map { written($0.source) }, ["meter 3/4"])
        XCTAssertEqual(song.tracks.map { written($0.source)?.prefix(10) }, ["track lead", "track low "])
        XCTAssertEqual(song.tracks[0].phrases.map { written($0.source)?.split(separator: "{").first.map(String.init) },
                       ["phrase theme ", "repeat theme"])
        XCTAssertEqual(song.tracks[1].phrases.map { written($0.source) }, ["sync lead.theme transpose -12"])
        let body = try XCTUnwrap(song.tracks[0].original("theme"))
        XCTAssertEqual(body.notes.map { written($0.source) }, ["c4", "[e g]4", "{f e d}4", "c2~8"])
    }

    func testMarksAreNotPartOfEquality() {
        let spaced = text.replacingOccurrences(of: "\n", with: "\n\n  ")
        let first = Lowering.compile(Source(path: "a.stave", bytes: Array(text.utf8)), defaultTitle: "t").song
        let second = Lowering.compile(Source(path: "b.stave", bytes: Array(spaced.utf8)), defaultTitle: "t").song
        XCTAssertNotEqual(first.tracks[0].source.range, second.tracks[0].source.range)
        XCTAssertEqual(first, second)
        XCTAssertNil(SourceMark.none.range)
        XCTAssertEqual(SourceMark.none, SourceMark(SourceRange(1, 2)))
    }
}
