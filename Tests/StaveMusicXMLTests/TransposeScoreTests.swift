import XCTest
import StaveSyntax
import StaveComposition
@testable import StaveMusicXML

/// The header `transpose N` in MusicXML (LANGUAGE.md "Form (v3)"): the key signature moves and
/// every written pitch and chord symbol is respelled by the interval between the tonics.
final class TransposeScoreTests: XCTestCase {
    func testDMajorUpASemitoneIsEFlatMajor() throws {
        let xml = try musicXML("key d major\ntranspose 1\ntrack a { phrase { f#4 [A7] d e | g1 } }")
        XCTAssertTrue(xml.contains("<key><fifths>-3</fifths><mode>major</mode></key>"), xml)
        XCTAssertEqual(measures(xml)[0], ["G4:1q", "Bb4:1q", "+D5:1q", "+F5:1q", "+Ab5:1q", "Eb4:1q", "F4:1q"])
        XCTAssertEqual(measures(xml)[1], ["Ab4:4w"])
        XCTAssertTrue(xml.contains("<root><root-step>B</root-step><root-alter>-1</root-alter></root>"), xml)
    }

    /// A key change moves with the song, and the interval follows the key in force.
    func testKeyChangesMoveWithTheirOwnInterval() throws {
        let xml = try musicXML("key c major\nkey e major at 2\ntranspose 2\ntrack a { phrase { c1 | g#1 } }")
        XCTAssertTrue(xml.contains("<measure number=\"2\">\n      <attributes><key><fifths>6</fifths><mode>major</mode></key></attributes>"), xml)
        XCTAssertEqual(measures(xml).map { $0 }, [["D4:4w"], ["A#4:4w"]])
    }
}
