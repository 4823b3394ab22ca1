import StaveComposition
import XCTest

/// An excerpt of a Stave 2 song keeps what the whole song would have in force at the cut:
/// the pedal when it is down, each controller's last value, the last bend (worked by hand).
final class SongExcerptControlTests: XCTestCase {
    let text = """
    track p {
      legato 50
      phrase { pedal down cc 11 90 c4 bend 50 d4 pedal up cc 11 60 e4 pedal down f4' | g1 | }
    }
    """

    func cut(from: Int, to: Int?) throws -> Song {
        switch SongExcerpt.cut(compileClean(text), from: .bar(from), to: to.map(CutPoint.bar)) {
        case .success(let cut): return cut.song
        case .failure(let problem):
            XCTFail(problem.message)
            return Song(title: "failed")
        }
    }

    func testControlsInForceAtTheCutAreSentAtItsStart() throws {
        let song = try cut(from: 2, to: nil)
        XCTAssertEqual(Performance.controls(of: song.tracks[0], in: song), [
            PerformedControl(time: .zero, event: .pedal(down: true)),
            PerformedControl(time: .zero, event: .controller(number: 11, value: 60)),
            PerformedControl(time: .zero, event: .bend(cents: 50)),
        ])
        // g1 under legato 50 sounds half a bar, already shortened: the excerpt's track plays it as is.
        XCTAssertEqual(Performance.notes(of: song.tracks[0], in: song).map { [$0.start, $0.end] }, [[.zero, Rational(1, 2)]])
    }

    func testControlsInsideKeepTheirPlaces() throws {
        let song = try cut(from: 1, to: 2)
        XCTAssertEqual(Performance.controls(of: song.tracks[0], in: song).map(\.time),
                       [.zero, .zero, Rational(1, 4), Rational(1, 2), Rational(1, 2), Rational(3, 4)])
        // f4' is staccato: an eighth; the others sound half their length under legato 50.
        XCTAssertEqual(Performance.notes(of: song.tracks[0], in: song).map(\.end),
                       [Rational(1, 8), Rational(3, 8), Rational(5, 8), Rational(7, 8)])
    }
}
