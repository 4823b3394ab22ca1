import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Found by the model referee (Tests/model, `--v3`): the tempo re-established at a seam is the one
/// a listener of the written score hears (rule 8: of two tempos on one tick the later in the file
/// wins), not the later in time.
final class FormSeamTempoTests: XCTestCase {
    /// ppq 24 (a bar is 96 ticks): track a sets 140 BPM at 3/128 (tick 2.25 → 2), track b, later
    /// in the file, 1000 BPM at 1/64 (tick 1.5 → 2): 1000 wins tick 2 and holds to bar 2, where
    /// 60 BPM stands at its middle (tick 144). `repeat bars 2-2` goes back to bar 2 at tick 192:
    /// the tempo in force there is 1000 (not 140), written again; 60 again at tick 240.
    func testTheTempoInForceAtASeamFollowsRuleEight() throws {
        let text = """
            ppq 24
            repeat bars 2-2
            track a { phrase { r64. tempo 140 r64. } phrase at 2 { r2 tempo 60 r2 } phrase at 3 { c1 } }
            track b { phrase { r64 tempo 1000 c64 } }
            """
        let tempos = try MIDIDump(midi(text)).tracks[0].filter { $0.text.hasPrefix("tempo") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(tempos, ["0 tempo 500000", "2 tempo 60000", "144 tempo 1000000", "192 tempo 60000", "240 tempo 1000000"])
    }
}
