import XCTest
import StaveComposition
@testable import StavePianoRoll

/// The `--step`, `--bars`, `--width` and `--track` values, table by table.
final class PianoRollOptionsTests: XCTestCase {
    func testStepValues() {
        let table: [(String, Rational?)] = [
            ("4", Rational(1, 4)), ("8", Rational(1, 8)), ("16", Rational(1, 16)), ("1", Rational(1)),
            ("12", Rational(1, 12)), ("20", Rational(1, 20)), ("1024", Rational(1, 1024)),
            ("8t", Rational(1, 12)), ("16t", Rational(1, 24)), ("4t", Rational(1, 6)), ("1t", Rational(2, 3)),
            ("3/8", Rational(3, 8)), ("1/6", Rational(1, 6)), ("4/1", Rational(4)), ("2/4", Rational(1, 2)),
            // Malformed or out of range.
            ("0", nil), ("-4", nil), ("+4", nil), ("", nil), ("t", nil), ("4tt", nil), ("1025", nil),
            ("5/1", nil), ("1/2048", nil), ("3/8t", nil), ("/8", nil), ("3/", nil), ("0/4", nil), ("4.", nil),
            ("99999999999999999999", nil), ("٤", nil), (" 4", nil), ("1/0", nil),
        ]
        for (text, expected) in table {
            XCTAssertEqual(PianoRollOptions.parseStep(text), expected, "--step \(text)")
        }
    }

    func testBarRanges() {
        let table: [(String, ClosedRange<Int>?)] = [
            ("1-4", 1...4), ("3-3", 3...3), ("7", 7...7), ("2-1000000", 2...1_000_000),
            ("0-3", nil), ("3-2", nil), ("x", nil), ("1-", nil), ("-4", nil), ("1-2-3", nil), ("", nil),
            ("1..4", nil), ("1 - 4", nil), ("2-1000001", nil), ("99999999999999999999-1", nil),
        ]
        for (text, expected) in table {
            XCTAssertEqual(PianoRollOptions.parseBars(text), expected, "--bars \(text)")
        }
    }

    func testWidths() {
        XCTAssertEqual(PianoRollOptions.parseWidth("40"), 40)
        XCTAssertEqual(PianoRollOptions.parseWidth("120"), 120)
        XCTAssertEqual(PianoRollOptions.parseWidth("100000"), 100_000)
        for bad in ["39", "0", "-80", "100001", "wide", "", "80.5"] {
            XCTAssertNil(PianoRollOptions.parseWidth(bad), "--width \(bad)")
        }
    }

    func testTrackLists() {
        XCTAssertEqual(PianoRollOptions.parseTracks("lead"), ["lead"])
        XCTAssertEqual(PianoRollOptions.parseTracks("lead,bass"), ["lead", "bass"])
        XCTAssertNil(PianoRollOptions.parseTracks(""))
        XCTAssertNil(PianoRollOptions.parseTracks("lead,"))
        XCTAssertNil(PianoRollOptions.parseTracks(",bass"))
    }

    func testDefaults() {
        let options = PianoRollOptions()
        XCTAssertNil(options.step)
        XCTAssertNil(options.bars)
        XCTAssertNil(options.tracks)
        XCTAssertEqual(options.width, 120)
        XCTAssertFalse(options.unicode)
    }

    func testErrorMessagesNameTheProblem() {
        XCTAssertEqual(PianoRollError.unknownTrack(id: "x", available: ["lead", "bass"]).description,
                       "unknown track 'x': the song's tracks are lead, bass")
        XCTAssertEqual(PianoRollError.barsOutOfRange(requested: 9...12, lastBar: 8).description,
                       "cannot show bars 9-12: the song has 8 bars")
        XCTAssertEqual(PianoRollError.barsOutOfRange(requested: 2...2, lastBar: 1).description,
                       "cannot show bar 2: the song has 1 bar")
    }
}
