import XCTest
import StaveComposition

/// The one rule of which lengths Stave can write (`WrittenDuration`): its three questions agree
/// with each other, and with lengths worked out by hand.
final class WrittenDurationTests: XCTestCase {
    func testWritableSingleAndSpellingAgreeOnEveryLengthUpToEightWholeNotes() {
        for units in 0...4096 {
            let length = Rational(units, 512)
            let parts = WrittenDuration.spell(length)
            XCTAssertEqual(WrittenDuration.isWritable(length), parts != nil, "\(units)/512")
            XCTAssertEqual(WrittenDuration.isSingle(length), WrittenDuration.single(length) != nil, "\(units)/512")
            if let parts {
                XCTAssertEqual(parts.reduce(0) { $0 + $1.units }, units, "\(units)/512")
                XCTAssertEqual(parts.map(\.units), parts.map(\.units).sorted(by: >), "longest first: \(units)/512")
            }
        }
    }

    func testHandWorkedLengths() {
        XCTAssertEqual(WrittenDuration.spell(Rational(5, 8))?.map(\.text), ["2", "8"])
        XCTAssertEqual(WrittenDuration.spell(Rational(7, 16))?.map(\.text), ["4.."])
        XCTAssertEqual(WrittenDuration.single(Rational(15, 16))?.text, "2...")
        XCTAssertEqual(WrittenDuration.single(Rational(15, 8))?.text, "1...")
        XCTAssertTrue(WrittenDuration.isWritable(Rational(37, 4)))
        XCTAssertFalse(WrittenDuration.isWritable(Rational(1, 128)))  // 4/512: shorter than a 64th
        XCTAssertFalse(WrittenDuration.isWritable(Rational(9, 512)))  // 8 + 1
        XCTAssertFalse(WrittenDuration.isWritable(Rational(1, 12)))   // a triplet's part
        XCTAssertFalse(WrittenDuration.isWritable(.zero))
        XCTAssertEqual(WrittenDuration.all.count, 28)
        XCTAssertEqual(WrittenDuration.describe(Rational(5, 8)), "5/8 of a whole note")
        XCTAssertEqual(WrittenDuration.describe(Rational(3, 1)), "3 whole notes")
    }
}
