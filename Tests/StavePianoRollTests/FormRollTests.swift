import XCTest
import StaveSyntax
import StaveComposition
import StavePianoRoll

/// The piano roll of a song with a form plays its performance (rule 17) and labels a bar that
/// plays another written bar with that bar (`5 (=2)`).
final class FormRollTests: XCTestCase {
    func testRollPlaysThePerformanceWithWrittenBars() throws {
        let text = "repeat bars 2-3 endings 4 5\ntrack lead {\n  phrase { c1 | d1 | e1 | f1 | g1 | a1 }\n}\n"
        let song = try XCTUnwrap(RollTestSupport.compile(text))
        let unfolding = FormUnfolding(song)
        var options = PianoRollOptions(step: Rational(1, 8), width: 120)
        options.writtenBars = (1...unfolding.performedBars).map { unfolding.writtenBar(ofPerformedBar: $0) ?? $0 }
        let roll = RollTestSupport.roll(FormUnfolding.performedSong(song), options)
        let lines = roll.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[1], "key C major, meter 4/4, bars 1-8 of 8, 1 column = 1/8 note, 2 columns per quarter note")
        XCTAssertEqual(lines[4], "    |1 ' ' ' |2 ' ' ' |3 ' ' ' |4 ' ' ' |5 (=2)' |6 (=3)' |7 (=5)' |8 (=6)' |")
        // D (written bar 2) sounds in performance bars 2 and 5.
        let d = try XCTUnwrap(lines.first { $0.hasPrefix("D4 ") })
        XCTAssertEqual(d, "D4  |........|#=======|........|........|#=======|........|........|........|")
    }

    /// `--from/--to` count performance bars: bars 5–6 of the performance are written bars 2–3.
    func testExcerptCountsPerformanceBars() throws {
        let text = "repeat bars 2-3 endings 4 5\ntrack lead {\n  phrase { c1 | d1 | e1 | f1 | g1 | a1 }\n}\n"
        let song = try XCTUnwrap(RollTestSupport.compile(text))
        guard case .success(let cut) = SongExcerpt.cut(FormUnfolding.performedSong(song), from: .bar(5), to: .bar(7)) else { return XCTFail("no excerpt") }
        let notes = cut.song.tracks[0].phrases.flatMap { phrase -> [Int] in
            guard case .original(let body) = phrase.content else { return [] }
            return body.notes.compactMap { $0.singleNote?.pitch }
        }
        XCTAssertEqual(notes, [62, 64])
    }
}
