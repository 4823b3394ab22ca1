import XCTest
import StaveSyntax
import StaveComposition
import StavePianoRoll

/// The piano roll under swing (LANGUAGE.md "Feel (v3)", rule 17): swung onsets are drawn where
/// they sound (a swung eighth's cell starts a third of a beat late) and the legend names the
/// swing.
final class SwingRollTests: XCTestCase {
    func testSwungEighthsAtATwentyFourthStep() throws {
        let song = try XCTUnwrap(RollTestSupport.compile("title \"t\"\nswing 8\ntrack a { phrase { c8 d e4 } }"))
        let roll = try PianoRollRenderer(options: PianoRollOptions(step: Rational(1, 24), tracks: nil)).roll(song)
        XCTAssertEqual(roll, """
            t
            key C major, meter 4/4, bar 1 of 1, 1 column = 1/24 note, 6 columns per quarter note
            legend: # onset, = sustain, swing 8 (2:1)

            track a: acoustic-grand-piano, channel 1
                |1     '     '     '     |
            E4  |......#=====............|
            D#4 |........................|
            D4  |....#=..................|
            C#4 |........................|
            C4  |#===....................|

            """)
    }

    func testTheLegendNamesEachSwing() throws {
        let song = try XCTUnwrap(RollTestSupport.compile("title \"t\"\nswing 8 60\ntrack a { phrase { c8 d e4 } }\ntrack b { swing 16\n phrase { c4 } }\ntrack c { swing none\n phrase { c4 } }"))
        let roll = try PianoRollRenderer().roll(song)
        XCTAssertTrue(roll.contains("legend: # onset, = sustain, swing 8 (60%), swing 16 (2:1)\n"), roll)
    }
}
