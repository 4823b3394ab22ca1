import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Humanize (LANGUAGE.md "Feel (v3)") with its draws worked out independently (a SplitMix64 and
/// an FNV-1a written in Python from the specification, Tests/feel/humanize_draws.py), ppq 480.
final class HumanizeTests: XCTestCase {
    /// The published SplitMix64 sequence for seed 0 and FNV-1a-64's published values.
    func testTheGeneratorAndTheHashAreTheSpecifiedOnes() {
        var random = SplitMix64(state: 0)
        XCTAssertEqual([random.next(), random.next(), random.next()], [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        XCTAssertEqual(Humanizer.fnv1a64("".utf8), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(Humanizer.fnv1a64("a".utf8), 0xAF63_DC4C_8601_EC8C)
    }

    /// Track a (seed 26 ⊕ FNV("a"), T 10 ms, V 5): at 120 bpm Tt = round(10·480·1000/500000) = 10.
    /// Group 0 draws dt −2 (the chord is clamped at tick 0 and keeps its moved end 478), dv +5 and
    /// 0; group 480 dt −6, dv −1; group 960 dt +5, dv +4; bar 2 at 60 bpm has Tt = round(4.8) = 5:
    /// dt 0, dv −4 (at Tt 10 the same draw would give −8).
    /// Track b (its own `humanize 20 0 seed 26`, Tt = 19): dt +8, then −19, so its second c
    /// (written at 480) would start at 461, before the first c ends at 488: it starts at 488 and
    /// keeps its moved end 941.
    func testTwoTracksDrawnByHand() throws {
        let text = """
        humanize 10 5 seed 26
        tempo 60 at 2
        track a { phrase { [c e]4 d c r | g1 } }
        track b { humanize 20 0 seed 26
          velocity 90
          phrase { c4 c r2 } }
        """
        let played = try notes(text).map { [$0[0], $0[2], $0[3], $0[4], $0[5]] }.sorted { $0.lexicographicallyPrecedes($1) }
        XCTAssertEqual(played, [[1, 0, 478, 60, 105], [1, 0, 478, 64, 100], [1, 474, 480, 62, 99], [1, 965, 480, 60, 104], [1, 1920, 1920, 67, 96],
                                [2, 8, 480, 60, 90], [2, 488, 453, 60, 90]])
    }

    /// Editing one track never changes another's draws; `humanize none` keeps a track exact.
    func testTracksDrawOnTheirOwn() throws {
        let a = "track a { phrase { c4 d e f } }\n"
        let first = try notes("humanize 10 5 seed 26\n" + a + "track b { phrase { c4 r2. } }").filter { $0[0] == 1 }
        let second = try notes("humanize 10 5 seed 26\n" + a + "track b { phrase { g2 a } }").filter { $0[0] == 1 }
        XCTAssertEqual(first, second)
        XCTAssertEqual(try notes("humanize 10 5\ntrack a { humanize none\n phrase { c4 d } }").map { $0[2] }, [0, 480])
    }

    /// A lyric moves with its note's group: dt −6 at 480 (track a, seed 26, as above).
    func testALyricMovesWithItsGroup() throws {
        let dump = try MIDIDump(midi("humanize 10 5 seed 26\ntrack a { phrase p { [c e]4 d c r }\n lyrics p \"one two three\" }"))
        let lyrics = dump.tracks[1].filter { $0.text.hasPrefix("lyric") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(lyrics, ["0 lyric \"one\"", "474 lyric \"two\"", "965 lyric \"three\""])
    }

    /// Velocity 0 stays 0 and still draws; a velocity is kept within 1…127.
    func testVelocitiesStayInRange() {
        var notes = [Humanizer.Note(start: 0, end: 10, pitch: 60, velocity: 0), Humanizer.Note(start: 0, end: 10, pitch: 61, velocity: 127),
                     Humanizer.Note(start: 20, end: 30, pitch: 62, velocity: 1)]
        _ = Humanizer.apply(Humanize(milliseconds: 0, velocity: 30, seed: 3), trackID: "t", ppq: 480, to: &notes) { _ in 500_000 }
        XCTAssertEqual(notes[0].velocity, 0)
        XCTAssertTrue((97...127).contains(notes[1].velocity))
        XCTAssertTrue((1...31).contains(notes[2].velocity))
        XCTAssertEqual(notes.map(\.start), [0, 0, 20])
    }
}
