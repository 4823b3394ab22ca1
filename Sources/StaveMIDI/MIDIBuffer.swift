/// A growable byte buffer with the primitives of the Standard MIDI File format.
struct MIDIBuffer {
    var bytes: [UInt8] = []

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func append(_ data: [UInt8]) { bytes.append(contentsOf: data) }

    mutating func append<S: Sequence>(contentsOf data: S) where S.Element == UInt8 { bytes.append(contentsOf: data) }

    mutating func appendUInt32(_ value: Int) {
        bytes.append(UInt8((value >> 24) & 0xFF))
        bytes.append(UInt8((value >> 16) & 0xFF))
        bytes.append(UInt8((value >> 8) & 0xFF))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func appendUInt16(_ value: Int) {
        bytes.append(UInt8((value >> 8) & 0xFF))
        bytes.append(UInt8(value & 0xFF))
    }

    /// A variable-length quantity (at most 0x0FFFFFFF).
    mutating func appendVariableLength(_ value: Int) {
        var value = value
        var buffer = [UInt8](repeating: 0, count: 4)
        var count = 0
        repeat {
            buffer[count] = UInt8(value & 0x7F)
            value >>= 7
            count += 1
        } while value > 0 && count < 4
        for index in stride(from: count - 1, through: 0, by: -1) {
            bytes.append(buffer[index] | (index > 0 ? 0x80 : 0))
        }
    }
}
