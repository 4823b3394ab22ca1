import Foundation
import StaveComposition
import StaveSyntax
import XCTest

/// Hand-computed song figures (tracks, notes, exact seconds, bars) for the summary line of
/// `stave compile`, and the note count against the notes `Performance` joins.
final class SongFiguresTests: XCTestCase {
    func testRepeatsSyncsTiesAndTempoChanges() {
        let song = compileClean("""
        tempo 120
        tempo 60 at 3
        track lead {
          phrase theme { c4 d e2~ | e4 r [c e]2 | }
          repeat theme x2
        }
        track bass {
          sync lead.theme transpose -12 at 2
          phrase { {c d e}4 e4~ e v0 f | }
        }
        """)
        let figures = SongFigures(song)
        XCTAssertEqual(figures.tracks, 2)
        // theme: c d e~e (one) [c e] = 5 notes; 3 copies in lead, 1 sync; bass phrase:
        // c d e, then e~e (one) = 4; the v0 f sounds nothing.
        XCTAssertEqual(figures.notes, 5 * 3 + 5 + 4)
        let performed = song.tracks.map { Performance.notes(of: $0, in: song).filter { $0.velocity > 0 }.count }.reduce(0, +)
        XCTAssertEqual(figures.notes, performed)
        // lead spans bars 1-6; the sync sits at bar 2 (bars 2-3), the bass phrase after it (bar 4).
        XCTAssertEqual(figures.end, Rational(6))
        XCTAssertEqual(figures.bars, 6)
        // Bars 1-2 at 120 (2 s each), bars 3-6 at 60 (4 s each).
        XCTAssertEqual(figures.seconds, Rational(20))
    }

    func testEmptySongsAndEndsInsideABar() {
        let empty = SongFigures(compileClean("track t { }"))
        XCTAssertEqual([empty.tracks, empty.notes, empty.bars], [1, 0, 0])
        XCTAssertEqual(empty.seconds, .zero)
        let short = SongFigures(compileClean("tempo 90\nmeter 3/4\ntrack t { phrase { c4 d e | f } }"))
        XCTAssertEqual(short.bars, 2)
        XCTAssertEqual(short.end, Rational(1))
        XCTAssertEqual(short.seconds, Rational(8, 3), "4 quarters at 90 per minute")
    }

    func testSecondsUnderATempoMap() {
        let tempos = [PerformedTempo(time: .zero, bpm: Rational(120)), PerformedTempo(time: Rational(1), bpm: Rational(185, 2))]
        XCTAssertEqual(SongFigures.seconds(upTo: Rational(1, 2), tempos: tempos), Rational(1))
        XCTAssertEqual(SongFigures.seconds(upTo: Rational(2), tempos: tempos), Rational(2) + Rational(480, 185))
        XCTAssertEqual(SongFigures.seconds(upTo: Rational(1), tempos: []), Rational(2), "120 without a tempo")
    }

    func testNoteCountMatchesThePerformedNotesOfEveryExample() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".stave") }
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let text = try String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8)
            let song = compileClean(text, allowWarnings: true)
            let performed = song.tracks.map { Performance.notes(of: $0, in: song).filter { $0.velocity > 0 }.count }.reduce(0, +)
            XCTAssertEqual(SongFigures(song).notes, performed, file)
        }
    }
}
