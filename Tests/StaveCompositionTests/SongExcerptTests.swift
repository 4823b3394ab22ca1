import StaveComposition
import XCTest

/// `SongExcerpt.cut` on a small song whose every time is computed by hand:
///
///     bar 1 (4/4, ♩=120)  [0, 1)      c1                     c = 60 + 2 (track transpose)
///     bar 2 (4/4, ♩=90)   [1, 2)      d2 e2~                 d = 64, e = 66 tied into bar 3
///     bar 3 (3/4, ♩=90)   [2, 11/4)   e4 f4 g4               f = 67, g = 69
///     bar 4 (3/4, ♩=100)  [11/4, 7/2) a2.                    a = 71
final class SongExcerptTests: XCTestCase {
    let text = """
    tempo 120
    tempo 90 at 2
    tempo 100 at 4
    meter 4/4
    meter 3/4 at 3
    track lead {
      instrument violin
      volume 90
      pan 20
      transpose 2
      phrase { c1 | d2 e2~ | e4 f4 g4 | a2. | }
    }
    """

    func excerpt(from: Int, to: Int?, file: StaticString = #filePath, line: UInt = #line) -> Song? {
        switch SongExcerpt.cut(compileClean(text), from: .bar(from), to: to.map(CutPoint.bar)) {
        case .success(let cut):
            XCTAssertEqual(cut.firstBar, from, file: file, line: line)
            return cut.song
        case .failure(let problem):
            XCTFail(problem.message, file: file, line: line)
            return nil
        }
    }

    /// (start, end, pitch) of every note of the excerpt's only track.
    func notes(_ song: Song) -> [String] {
        Performance.notes(of: song.tracks[0], in: song).map { "\($0.start)..\($0.end) \($0.pitch)" }
    }

    func testATiedNoteIntoTheCutSoundsFromTheCut() throws {
        let song = try XCTUnwrap(excerpt(from: 3, to: 4))
        XCTAssertEqual(notes(song), ["0..1/4 66", "1/4..1/2 67", "1/2..3/4 69"])
        XCTAssertEqual(song.meters, [MeterChange(bar: 1, numerator: 3, denominator: 4)])
        XCTAssertEqual(song.tempos, [TempoChange(bar: 1, bpm: Rational(90))])
        XCTAssertEqual(Performance.tempos(of: song), [PerformedTempo(time: .zero, bpm: Rational(90))])
        // Three quarter notes at 90: two seconds.
        XCTAssertEqual(SongFigures(song).seconds, Rational(2))
        XCTAssertEqual(SongFigures(song).bars, 1)
    }

    func testTheTrackKeepsItsSettingsAndLosesNoTranspose() throws {
        let track = try XCTUnwrap(excerpt(from: 3, to: 4)).tracks[0]
        XCTAssertEqual(track.program, 40)
        XCTAssertEqual(track.volume, 90)
        XCTAssertEqual(track.pan, 20)
        XCTAssertEqual(track.channel, 1)
        XCTAssertEqual(track.transpose, 0, "pitches are already transposed")
    }

    func testANoteSoundingAtTheEndIsCutThere() throws {
        let song = try XCTUnwrap(excerpt(from: 2, to: 3))
        XCTAssertEqual(notes(song), ["0..1/2 64", "1/2..1 66"])
        XCTAssertEqual(SongFigures(song).end, Rational(1))
    }

    func testToTheEndKeepsLaterMetersAndTemposInPlace() throws {
        let song = try XCTUnwrap(excerpt(from: 2, to: nil))
        XCTAssertEqual(notes(song), ["0..1/2 64", "1/2..5/4 66", "5/4..3/2 67", "3/2..7/4 69", "7/4..5/2 71"])
        XCTAssertEqual(song.meters, [MeterChange(bar: 1, numerator: 4, denominator: 4), MeterChange(bar: 2, numerator: 3, denominator: 4)])
        // 90 carried to the start (it begins exactly at the cut); 100 at bar 4, now bar 3 = 7/4.
        XCTAssertEqual(Performance.tempos(of: song), [PerformedTempo(time: .zero, bpm: Rational(90)), PerformedTempo(time: Rational(7, 4), bpm: Rational(100))])
        // Bars 2–3 at 90 (7 quarters: 14/3 s), bar 4 at 100 (3 quarters: 9/5 s).
        XCTAssertEqual(SongFigures(song).seconds, Rational(14, 3) + Rational(9, 5))
    }

    func testTheWholeSongSoundsTheSame() throws {
        let whole = compileClean(text)
        let song = try XCTUnwrap(excerpt(from: 1, to: 5))
        XCTAssertEqual(Performance.notes(of: song.tracks[0], in: song), Performance.notes(of: whole.tracks[0], in: whole))
        XCTAssertEqual(Performance.tempos(of: song), Performance.tempos(of: whole))
        XCTAssertEqual(SongFigures(song).seconds, SongFigures(whole).seconds)
    }

    func testBarsOutOfRangeAreProblems() {
        let song = compileClean(text)
        let cases: [(CutPoint, CutPoint?, String)] = [
            (.bar(0), nil, "there is no bar 0: bars count from 1"),
            (.bar(5), nil, "there is no bar 5: the song has 4 bars"),
            (.bar(1), .bar(6), "there is no bar 6: the song has 4 bars (--to may name bar 5, the end)"),
            (.bar(3), .bar(3), "--to 3 does not come after --from 3: the excerpt runs from the start of bar 3 up to the start of bar 3"),
        ]
        for (from, to, message) in cases {
            guard case .failure(let problem) = SongExcerpt.cut(song, from: from, to: to) else { XCTFail("\(from) \(String(describing: to)) was cut"); continue }
            XCTAssertEqual(problem.message, message)
        }
        XCTAssertEqual(cases.count, 4)
    }

    func testCutPointsAreBarNumbersOrMarkerNames() {
        XCTAssertEqual(CutPoint(parsing: "12"), .bar(12))
        XCTAssertEqual(CutPoint(parsing: "Chorus"), .marker("Chorus"))
        XCTAssertEqual(CutPoint(parsing: "Verse 2"), .marker("Verse 2"))
        for text in ["", "-1", "+3", "1.5", "2b", "99999999999999999999999"] {
            XCTAssertNil(CutPoint(parsing: text), text)
        }
    }

    func testAMarkerNameMeansTheBarWhereItFirstStands() throws {
        let song = compileClean("""
        marker "Intro" at 1
        marker "Outro" at 4
        track a {
          phrase v { c4 d e f | marker "Chorus" g a b c | }
          repeat v
        }
        """)
        XCTAssertEqual(SongExcerpt.markerBars(of: song).map { "\($0.text) \($0.bar)" }, ["Intro 1", "Chorus 2", "Outro 4"])
        for (point, bar) in [(CutPoint.marker("Chorus"), 2), (.marker("Outro"), 4), (.marker("Intro"), 1)] {
            XCTAssertEqual(try SongExcerpt.bar(of: point, in: song, bars: 4, isEnd: false).get(), bar)
        }
        guard case .success(let cut) = SongExcerpt.cut(song, from: .marker("Chorus"), to: .marker("Outro")) else { return XCTFail("not cut") }
        XCTAssertEqual(cut.firstBar, 2)
        XCTAssertEqual(SongFigures(cut.song).bars, 2)
        guard case .failure(let problem) = SongExcerpt.cut(song, from: .marker("Chrous"), to: nil) else { return XCTFail("cut") }
        XCTAssertEqual(problem.message, "there is no marker 'Chrous'; did you mean 'Chorus'? (the song's markers: 'Intro', 'Chorus', 'Outro')")
        guard case .failure(let none) = SongExcerpt.cut(compileClean(text), from: .marker("Chorus"), to: nil) else { return XCTFail("cut") }
        XCTAssertEqual(none.message, "there is no marker 'Chorus': the song has no markers (give a bar number)")
    }

    func testDrumsAndChordsAreCutNoteByNote() throws {
        let song = compileClean("""
        track keys { phrase { [c e g]1 | [d f a]2 r2 | } }
        drums beat { phrase { kick4 snare kick snare | crash1 | } }
        """)
        guard case .success(let excerpt) = SongExcerpt.cut(song, from: .bar(2), to: nil) else { return XCTFail("not cut") }
        let cut = excerpt.song
        XCTAssertEqual(notes(cut), ["0..1/2 62", "0..1/2 65", "0..1/2 69"])
        XCTAssertEqual(Performance.notes(of: cut.tracks[1], in: cut).map(\.pitch), [49])
        XCTAssertEqual(cut.tracks[1].channel, 10)
        XCTAssertEqual(SongFigures(cut).end, Rational(1))
    }
}
