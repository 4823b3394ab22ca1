import StaveAudio
import StaveComposition
import XCTest

/// The bar `stave play` shows, from the tempo and meter maps (hand-computed).
final class PlaybackProgressTests: XCTestCase {
    /// Four bars of 4/4 at 120 (2 s a bar), then 60 from bar 3 (4 s a bar): 12 s in all.
    func song() -> Song {
        let body = PhraseBody(length: Rational(4), notes: [RootNote(position: .zero, width: Rational(4), note: ChordNote(pitch: 60, velocity: 100))])
        return Song(title: "t", tempos: [TempoChange(bar: 1, bpm: Rational(120)), TempoChange(bar: 3, bpm: Rational(60))],
                    tracks: [Track(id: "a", kind: .melody, channel: 1, phrases: [Phrase(id: "p", start: .zero, content: .original(body))])])
    }

    func testBarsFollowTheTempoMap() {
        let progress = PlaybackProgress(of: song(), firstBar: 1, lastBar: 4)
        XCTAssertEqual(progress.bar(after: .zero), 1)
        XCTAssertEqual(progress.bar(after: Rational(19, 10)), 1)
        XCTAssertEqual(progress.bar(after: Rational(2)), 2)
        XCTAssertEqual(progress.bar(after: Rational(4)), 3)
        XCTAssertEqual(progress.bar(after: Rational(7)), 3)
        XCTAssertEqual(progress.bar(after: Rational(8)), 4)
        XCTAssertEqual(progress.bar(after: Rational(12)), 4, "the end is still the last bar")
        XCTAssertEqual(progress.bar(after: Rational(30)), 4, "past the end: the last bar")
        XCTAssertEqual(progress.line(after: Rational(9)), "bar 4 of 4   0:09 / 0:12")
    }

    func testAnExcerptShowsTheSongsBarNumbers() {
        let progress = PlaybackProgress(of: song(), firstBar: 11, lastBar: 20)
        XCTAssertEqual(progress.bar(after: Rational(5)), 13)
    }

    func testTimeAfterSecondsInvertsSeconds() {
        let tempos = Performance.tempos(of: song())
        for whole in [Rational(0), Rational(1, 3), Rational(2), Rational(5, 2), Rational(4)] {
            let seconds = SongFigures.seconds(upTo: whole, tempos: tempos)
            XCTAssertEqual(SongFigures.time(afterSeconds: seconds, tempos: tempos), whole)
        }
        XCTAssertEqual(SongFigures.time(afterSeconds: Rational(6), tempos: tempos), Rational(5, 2))
    }
}
