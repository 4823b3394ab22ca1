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

    /// A variable-length quantity (at most 0x0FFFFFFF): 7 bits a byte, most significant first,
    /// the high bit set on every byte but the last.
    @inline(__always)
    mutating func appendVariableLength(_ value: Int) {
        if value < 0x80 {
            bytes.append(UInt8(value))
            return
        }
        var shift = 21
        while shift > 0 && value >> shift == 0 { shift -= 7 }
        while shift > 0 {
            bytes.append(UInt8((value >> shift) & 0x7F) | 0x80)
            shift -= 7
        }
        bytes.append(UInt8(value & 0x7F))
    }
}
