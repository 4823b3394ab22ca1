import XCTest
import StaveComposition

/// The syllable splitter (LANGUAGE.md "Lyrics"), which works on UTF-8 bytes.
final class LyricsTests: XCTestCase {
    func testWordsSplitAtSpacesAndDashes() {
        XCTAssertEqual(Lyrics.syllables(of: "Twin-kle twin-kle lit-tle star"),
                       ["Twin-", "kle", "twin-", "kle", "lit-", "tle", "star"].map { .sung($0) })
    }

    func testHoldSkipAndOddSpacing() {
        XCTAssertEqual(Lyrics.syllables(of: " a _\t*\nb-_ \r c*d "),
                       [.sung("a"), .held, .skipped, .sung("b-"), .held, .sung("c*d")])
        // Empty parts are left out; a trailing dash adds nothing.
        XCTAssertEqual(Lyrics.syllables(of: "a--b- -- -c"), [.sung("a-"), .sung("b"), .sung("c")])
        XCTAssertEqual(Lyrics.syllables(of: ""), [])
    }

    func testLettersBeyondASCIIStayWhole() {
        XCTAssertEqual(Lyrics.syllables(of: "Frè-re Jac-ques, dor-mez-vous? 春-の"),
                       ["Frè-", "re", "Jac-", "ques,", "dor-", "mez-", "vous?", "春-", "の"].map { .sung($0) })
    }
}
