import XCTest
@testable import StaveMIDI

/// Variable-length quantities, byte for byte as the Standard MIDI File specification lists
/// them, one after another in one buffer (so a shorter one must not leave a stray byte).
final class VariableLengthTests: XCTestCase {
    func testTheSpecificationsExamples() {
        let examples: [(Int, [UInt8])] = [
            (0x00, [0x00]), (0x40, [0x40]), (0x7F, [0x7F]),
            (0x80, [0x81, 0x00]), (0x2000, [0xC0, 0x00]), (0x3FFF, [0xFF, 0x7F]),
            (0x4000, [0x81, 0x80, 0x00]), (0x100000, [0xC0, 0x80, 0x00]), (0x1FFFFF, [0xFF, 0xFF, 0x7F]),
            (0x200000, [0x81, 0x80, 0x80, 0x00]), (0x8000000, [0xC0, 0x80, 0x80, 0x00]), (0xFFFFFFF, [0xFF, 0xFF, 0xFF, 0x7F]),
        ]
        let buffer = MIDIBuffer(capacity: 16)
        var expected: [UInt8] = []
        for (value, bytes) in examples + examples.reversed() {
            buffer.appendVariableLength(value)
            expected += bytes
        }
        XCTAssertEqual(buffer.bytes, expected)
    }

    /// A byte kept or not: one not kept is replaced by the next.
    func testBytesKeptOrReplaced() {
        let buffer = MIDIBuffer(capacity: 16)
        buffer.reserve(3)
        buffer.appendReserved(0x90, keeping: 1)
        buffer.appendReserved(0x90, keeping: 0)
        buffer.appendReserved(0x3C)
        XCTAssertEqual(buffer.bytes, [0x90, 0x3C])
    }
}
