import XCTest
import StaveComposition
@testable import StavePianoRoll

/// The time axis: the automatic step, the cell a time falls in, beats, and the system layout.
/// Every expectation is worked out by hand from the rhythm written in the test.
final class RollGridTests: XCTestCase {
    /// The automatic step of a one-track song.
    func automaticStep(_ body: String, header: String = "", file: StaticString = #filePath, line: UInt = #line) -> Rational? {
        guard let song = RollTestSupport.compile(RollTestSupport.melody(body, header: header), file: file, line: line) else { return nil }
        let meterMap = MeterMap(meters: song.meters)
        let notes = Performance.notes(of: song.tracks[0], in: song)
        let last = (try? RollRange.lastBar(of: song, meterMap: meterMap)) ?? 0
        return RollGrid.automaticStep(notes: notes, meterMap: meterMap, bars: 1...max(1, last))
    }

    func testAutomaticStepIsTheCoarsestExactGrid() {
        XCTAssertEqual(automaticStep("c4 d e f |"), Rational(1, 4))
        XCTAssertEqual(automaticStep("c8. d16 e4 f2 |"), Rational(1, 16))
        XCTAssertEqual(automaticStep("{c d e}4 f4 g2 |"), Rational(1, 12))          // triplet eighths
        XCTAssertEqual(automaticStep("{c d e f g}4 r4 r2 |"), Rational(1, 20))      // quintuplet sixteenths
        XCTAssertEqual(automaticStep("{c {d e} f}2 r2 |"), Rational(1, 12))         // d and e last 1/12
        XCTAssertEqual(automaticStep("c2~8 r4. |"), Rational(1, 8))                 // the inline tie ends at 5/8
    }

    func testNoteEndsCountSoRestsStayVisible() {
        // Onsets alone fall on quarters; the ends at 1/8 and 3/8 need eighths.
        XCTAssertEqual(automaticStep("c8 r8 c8 r8 c2 |"), Rational(1, 8))
    }

    func testTheGridIsNeverCoarserThanTheBeat() {
        XCTAssertEqual(automaticStep("c2 c2 |"), Rational(1, 4))
        XCTAssertEqual(automaticStep("c1 |"), Rational(1, 4))
        XCTAssertEqual(automaticStep("c4. d4. |", header: "meter 6/8"), Rational(1, 8))
        XCTAssertEqual(automaticStep("c2 d2 |", header: "meter 2/2"), Rational(1, 2))
        // 3/8 then 2/2: the eighths of the first meter set the grid for both.
        XCTAssertEqual(automaticStep("c4. | d1 |", header: "meter 3/8\nmeter 2/2 at 2"), Rational(1, 8))
    }

    func testATooFineGridIsCappedAtTheStepThatMovesFewestOnsets() {
        // Quintuplet eighths (onset offsets 0, 1/40, 1/20, 3/40, 1/10) and triplet sixteenths
        // (1/8, 1/6, 5/24) need 1/120. The candidates are 1/n for n = 4, 8, 12, … 64: 1/40 moves
        // only 1/6 and 5/24 (2 onsets); 1/24 and 1/48 move the four quintuplet onsets, 1/60 moves
        // 1/40, 3/40, 1/8 and 5/24.
        XCTAssertEqual(automaticStep("{c d e f g}8 {a b > c}8 r4 r2 |"), Rational(1, 40))
    }

    func testCellsOfAChosenStep() {
        let quarter = RollGrid(meterMap: MeterMap(meters: [MeterChange(bar: 1, numerator: 4, denominator: 4)]), bars: 1...2, step: Rational(1, 4))
        XCTAssertEqual(quarter.barCells, [4, 4])
        XCTAssertEqual(quarter.firstCell, [0, 4, 8])
        XCTAssertTrue(quarter.cell(at: Rational(0)) == (0, true))
        XCTAssertTrue(quarter.cell(at: Rational(3, 4)) == (3, true))
        XCTAssertTrue(quarter.cell(at: Rational(5, 4)) == (5, true))
        XCTAssertTrue(quarter.cell(at: Rational(1, 8)) == (1, false))      // half a cell rounds up
        XCTAssertTrue(quarter.cell(at: Rational(1, 16)) == (0, false))
        XCTAssertTrue(quarter.cell(at: Rational(15, 16)) == (4, false))    // rounds into bar 2
        XCTAssertTrue(quarter.cell(at: Rational(2)) == (8, true))          // the end of the range
        XCTAssertTrue(quarter.cell(at: Rational(3)) == (8, false))

        // 3/8 with a quarter step: 2 cells per bar (1.5 rounded up), each bar's grid at its bar line.
        let odd = RollGrid(meterMap: MeterMap(meters: [MeterChange(bar: 1, numerator: 3, denominator: 8)]), bars: 2...3, step: Rational(1, 4))
        XCTAssertEqual(odd.barCells, [2, 2])
        XCTAssertEqual(odd.barStarts, [Rational(3, 8), Rational(3, 4), Rational(9, 8)])
        XCTAssertTrue(odd.cell(at: Rational(5, 8)) == (1, true))          // bar 2 + 1/4
        XCTAssertTrue(odd.cell(at: Rational(11, 16)) == (1, false))       // bar 2 + 5/16 → 1.25
        // A half step in 3/8: one cell per bar; 1/4 into bar 1 rounds to the next bar.
        let half = RollGrid(meterMap: MeterMap(meters: [MeterChange(bar: 1, numerator: 3, denominator: 8)]), bars: 1...2, step: Rational(1, 2))
        XCTAssertEqual(half.barCells, [1, 1])
        XCTAssertTrue(half.cell(at: Rational(1, 4)) == (1, false))
    }

    func testBeats() {
        let table: [(Int, Int, Rational)] = [
            (4, 4, Rational(1, 4)), (3, 4, Rational(1, 4)), (2, 2, Rational(1, 2)), (3, 8, Rational(1, 8)),
            (6, 8, Rational(3, 8)), (9, 8, Rational(3, 8)), (12, 16, Rational(3, 16)), (6, 4, Rational(1, 4)), (5, 8, Rational(1, 8)),
        ]
        for (numerator, denominator, beat) in table {
            XCTAssertEqual(RollGrid.beat(of: MeterChange(bar: 1, numerator: numerator, denominator: denominator)), beat, "\(numerator)/\(denominator)")
        }
    }

    func testSystemsPackWholeBarsGreedily() {
        typealias Segment = SystemLayout.Segment
        // Room for 18 columns between the boundaries: 8 + 1 + 8 fits, a third bar does not.
        XCTAssertEqual(SystemLayout(barCells: [8, 8, 8], columns: 20).systems.map(\.segments),
                       [[Segment(bar: 0, cells: 0..<8), Segment(bar: 1, cells: 0..<8)], [Segment(bar: 2, cells: 0..<8)]])
        // `|........|........|` is exactly 19 columns.
        XCTAssertEqual(SystemLayout(barCells: [8, 8], columns: 19).systems.count, 1)
        XCTAssertEqual(SystemLayout(barCells: [8, 8], columns: 18).systems.count, 2)
    }

    func testBarsWiderThanALineAreSplit() {
        typealias Segment = SystemLayout.Segment
        XCTAssertEqual(SystemLayout(barCells: [30], columns: 12).systems.map(\.segments),
                       [[Segment(bar: 0, cells: 0..<10)], [Segment(bar: 0, cells: 10..<20)], [Segment(bar: 0, cells: 20..<30)]])
        XCTAssertEqual(SystemLayout(barCells: [4, 25, 4], columns: 12).systems.map(\.segments),
                       [[Segment(bar: 0, cells: 0..<4)], [Segment(bar: 1, cells: 0..<10)], [Segment(bar: 1, cells: 10..<20)],
                        [Segment(bar: 1, cells: 20..<25), Segment(bar: 2, cells: 0..<4)]])
        // Even with no room at all every system holds one cell, so layout always ends.
        XCTAssertEqual(SystemLayout(barCells: [2], columns: 0).systems.count, 2)
    }
}
