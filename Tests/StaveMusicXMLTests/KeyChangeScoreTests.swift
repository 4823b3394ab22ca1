import XCTest
import StaveSyntax
import StaveComposition
@testable import StaveMusicXML

/// Key changes in MusicXML (LANGUAGE.md "Form (v3)"): a `<key>` in the `<attributes>` of the
/// measure where the key changes, and accidentals measured against the key in force.
final class KeyChangeScoreTests: XCTestCase {
    func testKeyElementAtTheMeasureOfTheChange() throws {
        let xml = try musicXML("key c major\nkey d major at 2\nkey bb major at 3\ntrack a { phrase { f4 c f c | f c fn c | b1 | f4 c f c } }")
        XCTAssertEqual(xml.components(separatedBy: "<key>").count - 1, 3)
        XCTAssertTrue(xml.contains("<measure number=\"2\">\n      <attributes><key><fifths>2</fifths><mode>major</mode></key></attributes>"), xml)
        XCTAssertTrue(xml.contains("<measure number=\"3\">\n      <attributes><key><fifths>-2</fifths><mode>major</mode></key></attributes>"), xml)
        XCTAssertFalse(xml.contains("<measure number=\"4\">\n      <attributes>"), xml)
        let bars = measures(xml)
        XCTAssertEqual(bars[1], ["F#4:1q", "C#4:1q", "F4:1q", "C#4:1q"])
        XCTAssertEqual(bars[2], ["Bb4:4w"])
        XCTAssertEqual(bars[3], ["F4:1q", "C4:1q", "F4:1q", "C4:1q"])
        // The natural in bar 2 shows; the key's own sharps do not.
        guard let bar2 = between(Substring(xml), "<measure number=\"2\">", "</measure>") else { return XCTFail() }
        XCTAssertEqual(bar2.components(separatedBy: "<accidental>").count - 1, 1)
        XCTAssertTrue(bar2.contains("<accidental>natural</accidental>"))
    }
}
