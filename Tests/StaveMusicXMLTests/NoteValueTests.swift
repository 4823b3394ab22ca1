import XCTest
import StaveComposition
@testable import StaveMusicXML

final class NoteValueTests: XCTestCase {
    /// Units are 1/1024 of a whole note: a quarter is 256.
    func testPlainValuesWithDots() {
        XCTAssertEqual(NoteValue.single(units: 256)?.description, "quarter")
        XCTAssertEqual(NoteValue.single(units: 384)?.description, "quarter.")
        XCTAssertEqual(NoteValue.single(units: 448)?.description, "quarter..")
        XCTAssertEqual(NoteValue.single(units: 480)?.description, "quarter...")
        XCTAssertEqual(NoteValue.single(units: 3072)?.description, "breve.")
        XCTAssertEqual(NoteValue.single(units: 1)?.description, "1024th")
        XCTAssertNil(NoteValue.single(units: 320), "a quarter and a sixteenth is two notes")
        XCTAssertNil(NoteValue.single(units: 0))
    }

    func testLengthsSplitLongestFirst() {
        XCTAssertEqual(NoteValue.split(units: 640).map(\.description), ["half", "eighth"])          // 5/8
        XCTAssertEqual(NoteValue.split(units: 320).map(\.description), ["quarter", "16th"])         // 5/16
        XCTAssertEqual(NoteValue.split(units: 5120).map(\.description), ["breve...", "whole", "quarter"]) // 5 wholes
        XCTAssertEqual(NoteValue.split(units: 0), [])
        for units in 1...4096 {
            XCTAssertEqual(NoteValue.split(units: units).reduce(0) { $0 + $1.units }, units)
        }
    }

    func testDivisionsMakeEveryTimeWhole() {
        XCTAssertEqual(Divisions.perQuarter(times: [Rational(1, 4), Rational(1, 8)]), 2)
        XCTAssertEqual(Divisions.perQuarter(times: [Rational(1, 12)]), 3)          // triplet eighth
        XCTAssertEqual(Divisions.perQuarter(times: [Rational(1, 20)]), 5)          // quintuplet 16th
        XCTAssertEqual(Divisions.perQuarter(times: [Rational(1, 6), Rational(1, 20)]), 15)
        XCTAssertEqual(Divisions.perQuarter(times: [Rational(3, 64)]), 16)
        XCTAssertEqual(Divisions.perQuarter(times: [Rational(1), Rational(1, 2)]), 1)
        XCTAssertNil(Divisions.perQuarter(times: [Rational(1, 1_000_003), Rational(1, 1_000_033), Rational(1, 1_000_037), Rational(1, 999_983)]))
    }

    func testDrumPositionsNameTheirKey() {
        var seen: [String: Int] = [:]
        for key in 35...81 {
            let place = DrumNotation.of(key: key)
            let name = "\(place.step)\(place.octave) \(place.notehead)"
            XCTAssertNil(seen[name], "keys \(seen[name] ?? 0) and \(key) share \(name)")
            seen[name] = key
        }
        XCTAssertEqual(seen.count, 47)
        XCTAssertEqual(DrumNotation.of(key: 36), DrumNotation(step: "F", octave: 4, notehead: "normal"))
        XCTAssertEqual(DrumNotation.of(key: 42), DrumNotation(step: "G", octave: 5, notehead: "x"))
    }
}
