import StaveSyntax
import XCTest

/// A pattern note keeps its chord tone as a code in its pitch; the code and the tone of a code
/// are two switches that must agree with the order of the words.
final class ChordToneTests: XCTestCase {
    func testCodesFollowTheWordsAndReadBack() {
        XCTAssertEqual(ChordTone.allCases.map(\.code), Array(0...7))
        for tone in ChordTone.allCases { XCTAssertEqual(ChordTone(code: tone.code), tone) }
        XCTAssertEqual(ChordTone(code: 11), .approach)
        XCTAssertEqual(ChordTone(code: -1), .root)
        XCTAssertEqual(ChordTone.bass.code, 5)
    }
}
