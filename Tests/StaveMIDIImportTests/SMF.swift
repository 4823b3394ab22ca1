/// Hand-built Standard MIDI Files for the reader's tests.
enum SMF {
    /// `MThd` with a format, a track count and a division.
    static func header(format: Int = 1, tracks: Int, division: Int = 480) -> [UInt8] {
        Array("MThd".utf8) + [0, 0, 0, 6, 0, UInt8(format), UInt8(tracks >> 8), UInt8(tracks & 0xFF), UInt8(division >> 8), UInt8(division & 0xFF)]
    }

    /// An `MTrk` chunk around event bytes (with the right length unless `length` is given).
    static func track(_ events: [UInt8], length: Int? = nil) -> [UInt8] {
        let count = length ?? events.count
        return Array("MTrk".utf8) + [UInt8((count >> 24) & 0xFF), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)] + events
    }

    /// End of track at delta 0.
    static let end: [UInt8] = [0x00, 0xFF, 0x2F, 0x00]

    /// A variable-length quantity.
    static func vlq(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            bytes.insert(UInt8(0x80 | (rest & 0x7F)), at: 0)
            rest >>= 7
        }
        return bytes
    }
}
