import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Swing (LANGUAGE.md "Feel (v3)"), each rule on a song whose ticks are worked out by hand:
/// ppq 480, 4/4, so a whole note is 1920 ticks, a swung window of eighths (a quarter) 480 ticks,
/// and the middle of a swung window moves from 240 to 480·2/3 = 320 (P = 60: 288; P = 75: 360).
/// Each row is (start, duration, pitch, velocity).
final class SwingTests: XCTestCase {
    private func played(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[Int]] {
        try notes(text, file: file, line: line).filter { $0[0] == 1 }.map { [$0[2], $0[3], $0[4], $0[5]] }
    }

    private func events(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let events = try MIDIDump(midi(text, file: file, line: line)).tracks[1]
        return events.dropFirst(4).filter { $0.text != "end-of-track" }.map { "\($0.tick) \($0.text)" }
    }

    func testSwungWindowsMoveTheirMiddles() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { phrase { c8 d e f g4 a } }"),
                       [[0, 320, 60, 100], [320, 160, 62, 100], [480, 320, 64, 100], [800, 160, 65, 100], [960, 480, 67, 100], [1440, 480, 69, 100]])
    }

    /// A sixteenth run keeps its window straight; the next window (a quarter and two eighths) swings.
    func testASixteenthKeepsItsWindowStraight() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { phrase { c16 d e f g8 a r2 } }"),
                       [[0, 120, 60, 100], [120, 120, 62, 100], [240, 120, 64, 100], [360, 120, 65, 100], [480, 320, 67, 100], [800, 160, 69, 100]])
    }

    func testATripletStaysStraight() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { phrase { {c d e}4 f8 g r2 } }"),
                       [[0, 160, 60, 100], [160, 160, 62, 100], [320, 160, 64, 100], [480, 320, 65, 100], [800, 160, 67, 100]])
    }

    func testADottedRhythmStaysStraight() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { phrase { c8. d16 e8 f r2 } }"),
                       [[0, 360, 60, 100], [360, 120, 62, 100], [480, 320, 64, 100], [800, 160, 65, 100]])
    }

    /// A note with a grace counts at its written start; the grace takes min(1/32, L'/2) of the
    /// swung length L' = 1/6: 1/32 = 60 ticks, the main note starts 60 ticks late.
    func testAGraceNoteIsTimedFromTheSwungLength() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { phrase { (d)c8 e f4 r2 } }"),
                       [[0, 60, 62, 100], [60, 260, 60, 100], [320, 160, 64, 100], [480, 480, 65, 100]])
    }

    /// Windows of an eighth; the middle sixteenth moves from 120 to 240·2/3 = 160.
    func testSwingSixteen() throws {
        XCTAssertEqual(try played("swing 16\ntrack a { phrase { c16 d e f g4 r2 } }"),
                       [[0, 160, 60, 100], [160, 80, 62, 100], [240, 160, 64, 100], [400, 80, 65, 100], [480, 480, 67, 100]])
    }

    func testFiftyPercentChangesNothingAndSeventyFiveIsADottedFeel() throws {
        let body = "track a { phrase { c8 d e f r2 } }"
        XCTAssertEqual(try midi("swing 8 50\n" + body), try midi(body))
        XCTAssertEqual(try played("swing 8 75\n" + body), [[0, 360, 60, 100], [360, 120, 62, 100], [480, 360, 64, 100], [840, 120, 65, 100]])
        XCTAssertEqual(try played("swing 8 60\n" + body), [[0, 288, 60, 100], [288, 192, 62, 100], [480, 288, 64, 100], [768, 192, 65, 100]])
    }

    /// 5/8 is 1200 ticks: windows at 0 and 480 swing, the last eighth (a window of 240) stays.
    func testTheShortLastWindowOfABarStaysStraight() throws {
        XCTAssertEqual(try played("meter 5/8\nswing 8\ntrack a { phrase { c8 d e f g | c d e f g } }"),
                       [[0, 320, 60, 100], [320, 160, 62, 100], [480, 320, 64, 100], [800, 160, 65, 100], [960, 240, 67, 100],
                        [1200, 320, 60, 100], [1520, 160, 62, 100], [1680, 320, 64, 100], [2000, 160, 65, 100], [2160, 240, 67, 100]])
    }

    /// `d8~ d8`: one note from the first window's middle (320) to the second's (480 + 320); the
    /// continuation is no onset, so `e` at the second middle still swings.
    func testSwingAcrossATie() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { phrase { c8 d~ d e f2 } }"),
                       [[0, 320, 60, 100], [320, 480, 62, 100], [800, 160, 64, 100], [960, 960, 65, 100]])
    }

    /// Sounding lengths come from the swung times: staccato halves 320 and 160, tenuto keeps 320,
    /// legato 75 sounds 160·3/4 = 120.
    func testStaccatoAndLegatoOnSwungNotes() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { legato 75\n phrase { c8' d' e_ f r2 } }"),
                       [[0, 160, 60, 100], [320, 80, 62, 100], [480, 320, 64, 100], [800, 120, 65, 100]])
    }

    /// Controllers and lyrics at a swung middle move with it; velocities follow the written times:
    /// the crescendo from 40 at 0 to 80 at 1/4 gives d (written at 1/8) 60, not its swung
    /// 40 + 40·(1/6)/(1/4) ≈ 67.
    func testControllersLyricsAndHairpinsUnderSwing() throws {
        XCTAssertEqual(try events("swing 8\ntrack a { phrase p { v40 !< c8 cc 11 90 d v80 e2. }\n lyrics p \"la da di\" }"),
                       ["0 lyric \"la\"", "0 note-on ch1 60 40", "320 note-off ch1 60 0", "320 control ch1 11 90", "320 lyric \"da\"",
                        "320 note-on ch1 62 60", "480 note-off ch1 62 0", "480 lyric \"di\"", "480 note-on ch1 64 80", "1920 note-off ch1 64 0"])
    }

    /// A track's `swing none` replaces the header's; its own `swing` replaces it too.
    func testATrackSettingReplacesTheHeader() throws {
        let all = try notes("swing 8\ntrack a { swing none\n phrase { c8 d r2. } }\ntrack b { phrase { c8 d r2. } }\ntrack c { swing 8 75\n phrase { c8 d r2. } }")
        XCTAssertEqual(all.map { [$0[0], $0[2]] }, [[1, 0], [1, 240], [2, 0], [2, 320], [3, 0], [3, 360]])
    }

    /// Onsets of every placement count: a Repeat copy with a sixteenth keeps its own window straight only.
    func testWindowsFollowEveryPlacement() throws {
        XCTAssertEqual(try played("swing 8\ntrack a { phrase p { c8 d r2. }\n phrase q { c16 d e8 r2. } }").map { $0[0] },
                       [0, 320, 1920, 2040, 2160])
    }

    /// At ppq 25 (100 ticks a whole) an eighth is 12.5 ticks: no tick map, so the exact times
    /// are swung and each rounded on its own: d from 1/6 (16.67 → 17) to 1/4 (25).
    func testSwingBetweenTicksRoundsTheExactTimes() throws {
        XCTAssertEqual(try played("ppq 25\nswing 8\ntrack a { phrase { c8 d e4 r2 } }"), [[0, 17, 60, 100], [17, 8, 62, 100], [25, 25, 64, 100]])
    }

    /// The tick map and the exact map agree on every tick of a song with meter changes, a
    /// short window and windows kept straight.
    func testTheTickMapIsTheExactMap() throws {
        let text = "meter 5/8\nmeter 4/4 at 3\ntrack a { phrase { c8 d e f g | c16 d e8 f g4 | c8 d e f g a b > c | } }"
        let (song, _) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        let placements = Performance.placements(of: song.tracks[0], in: song)
        let meters = MeterMap(meters: song.meters)
        for swing in [Swing(unit: 8), Swing(unit: 8, percent: 60), Swing(unit: 16)] {
            let exact = SwingMap(swing: swing, placements: placements, meterMap: meters)
            let ticks = try XCTUnwrap(TickSwingMap(swing: swing, placements: placements, meterMap: meters, ticksPerWhole: 1920))
            for tick in 0..<(1920 * 4) {
                let mapped = exact.time(Rational(tick, 1920)) * 1920
                XCTAssertEqual(ticks.time(tick), mapped.numerator, "\(swing) at \(tick)")
            }
        }
        XCTAssertNil(TickSwingMap(swing: Swing(unit: 8), placements: placements, meterMap: meters, ticksPerWhole: 100))
    }

    /// `render`/`play --from 2`: the excerpt sounds as the song does from bar 2 on (its notes are
    /// swung before the cut and played straight after it).
    func testAnExcerptKeepsTheSwing() throws {
        let text = "swing 8\ntrack a { phrase { c8 d e f g a b > c | < c8 d e16 f g8 a b4. } }"
        let (song, _) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        guard case .success(let cut) = SongExcerpt.cut(song, from: .bar(2), to: nil) else { return XCTFail("no excerpt") }
        let whole = try MIDIDump(MIDIFileWriter().render(song)).notes.filter { $0[2] >= 1920 }.map { [$0[2] - 1920, $0[3], $0[4]] }
        let excerpt = try MIDIDump(MIDIFileWriter().render(cut.song)).notes.map { [$0[2], $0[3], $0[4]] }
        XCTAssertEqual(excerpt, whole)
        XCTAssertEqual(excerpt.map { $0[0] }, [0, 320, 480, 600, 720, 960, 1280])
    }
}
