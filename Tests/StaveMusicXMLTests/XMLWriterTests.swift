import XCTest
@testable import StaveMusicXML

final class XMLWriterTests: XCTestCase {
    func testEscapesTheFiveSpecialCharacters() {
        XCTAssertEqual(XMLWriter.escaped(#"a<b & "c" > 'd'"#), "a&lt;b &amp; &quot;c&quot; &gt; &apos;d&apos;")
    }

    func testDropsCharactersXMLForbidsAndKeepsTheRest() {
        XCTAssertEqual(XMLWriter.escaped("a\u{1}b\u{8}c\td\ne\u{FFFE}"), "abc\td\ne")
        XCTAssertEqual(XMLWriter.escaped("Für Elise — ♩ 𝄞"), "Für Elise — ♩ 𝄞")
    }

    func testIntegers() {
        var writer = XMLWriter()
        for value in [0, 7, 10, 480, -12, Int.max, Int.min] {
            writer.integer(value)
            writer.raw(" ")
        }
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self),
                       "0 7 10 480 -12 9223372036854775807 -9223372036854775808 ")
    }

    func testDecimalsAreExactOrSixPlacesRounded() {
        func decimal(_ numerator: Int, _ denominator: Int) -> String {
            var writer = XMLWriter()
            writer.decimal(numerator: numerator, denominator: denominator)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        XCTAssertEqual(decimal(185, 2), "92.5")
        XCTAssertEqual(decimal(120, 1), "120")
        XCTAssertEqual(decimal(1, 3), "0.333333")
        XCTAssertEqual(decimal(2, 3), "0.666667")
        XCTAssertEqual(decimal(10000, 127), "78.740157")   // volume 100 as percent of 127
        XCTAssertEqual(decimal(8000, 90), "88.888889")     // mf: velocity 80 as percent of 90
        XCTAssertEqual(decimal(-1, 2), "-0.5")
        XCTAssertEqual(decimal(9999999, 10000000), "1")    // rounding carries into the units
    }
}
