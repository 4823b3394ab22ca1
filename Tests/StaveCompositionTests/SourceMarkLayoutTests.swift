import StaveComposition
import StaveSyntax
import XCTest

/// Recording where a note was written costs no memory: the mark fits beside the note's storage
/// (whose enum keeps its tag in the spare byte of a 7-byte ChordNote), so a RootNote stays 48
/// bytes, as before marks.
final class SourceMarkLayoutTests: XCTestCase {
    func testARootNoteStaysFortyEightBytes() {
        XCTAssertEqual(MemoryLayout<RootNote>.stride, 48)
    }

    /// Stave 2's marks live in spare bits: a ChordNote's tie shares its byte with the
    /// articulation marks, and a body element (about two per note) stays 48 bytes.
    func testStaveTwoMarksCostNoMemoryPerNote() {
        XCTAssertEqual(MemoryLayout<ChordNote>.size, 7)
        XCTAssertEqual(MemoryLayout<BodyElement>.stride, 48)
    }

    func testAMarkDoesNotChangeEquality() {
        var note = RootNote(position: .zero, width: Rational(1, 4), note: ChordNote(pitch: 60, velocity: 100))
        let plain = note
        note.source = SourceMark(SourceRange(10, 14))
        XCTAssertEqual(note.source.range, SourceRange(10, 14))
        XCTAssertEqual(note, plain)
    }
}
