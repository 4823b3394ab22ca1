/// Reads a Standard MIDI File (formats 0 and 1, PPQ division) into a `MIDIFile`.
///
/// Every length is checked against the bytes actually present before anything is allocated
/// for it, so a damaged file — a 4 GB chunk length, a truncated event, a data byte where a
/// status byte belongs — ends in a `MIDIReadError` naming the byte offset, never in a crash
/// or an unbounded allocation. Running status, SysEx and all meta events are understood;
/// unknown chunk types are skipped, as the specification asks.
public struct MIDIFileReader {
    /// Creates a reader.
    public init() {}

    /// The file in `bytes`, or the first problem found.
    public func read(_ bytes: [UInt8]) throws(MIDIReadError) -> MIDIFile {
        var cursor = ByteCursor(bytes: bytes, end: bytes.count)
        guard bytes.count >= 4, bytes[0] == 0x4D, bytes[1] == 0x54, bytes[2] == 0x68, bytes[3] == 0x64 else {
            throw MIDIReadError(offset: 0, message: "expected the header chunk 'MThd': this is not a Standard MIDI File")
        }
        cursor.offset = 4
        let headerLength = try cursor.uint32("the header chunk's length")
        guard headerLength >= 6 else {
            throw MIDIReadError(offset: 4, message: "expected a header length of at least 6, found \(headerLength)")
        }
        guard headerLength <= bytes.count - cursor.offset else {
            throw MIDIReadError(offset: 4, message: "header length \(headerLength) runs past the end of the file: expected at most \(bytes.count - cursor.offset)")
        }
        let headerEnd = cursor.offset + headerLength
        let format = try cursor.uint16("the format")
        switch format {
        case 0, 1: break
        case 2: throw MIDIReadError(offset: 8, message: "format 2 (independent sequences) is not supported: expected format 0 or 1")
        default: throw MIDIReadError(offset: 8, message: "expected format 0 or 1, found \(format)")
        }
        let trackCount = try cursor.uint16("the number of tracks")
        let division = try cursor.uint16("the division")
        if division & 0x8000 != 0 {
            throw MIDIReadError(offset: 12, message: "SMPTE time division (frames per second) is not supported: expected ticks per quarter note")
        }
        guard division > 0 else { throw MIDIReadError(offset: 12, message: "expected a positive number of ticks per quarter note, found 0") }
        cursor.offset = headerEnd

        var tracks: [MIDITrackEvents] = []
        tracks.reserveCapacity(min(trackCount, 1024))
        while tracks.count < trackCount {
            let chunkStart = cursor.offset
            guard bytes.count - chunkStart >= 8 else {
                let found = bytes.count - chunkStart
                throw MIDIReadError(offset: chunkStart, message: "expected track \(tracks.count + 1) of \(trackCount) (an 8-byte chunk header), found \(found == 0 ? "the end of the file" : "\(found) bytes")")
            }
            let isTrack = bytes[chunkStart] == 0x4D && bytes[chunkStart + 1] == 0x54 && bytes[chunkStart + 2] == 0x72 && bytes[chunkStart + 3] == 0x6B
            cursor.offset += 4
            let length = try cursor.uint32("a chunk length")
            let remaining = bytes.count - cursor.offset
            guard length <= remaining else {
                throw MIDIReadError(offset: chunkStart + 4, message: "chunk length \(length) runs past the end of the file: expected at most \(remaining)")
            }
            let chunkEnd = cursor.offset + length
            if isTrack {
                tracks.append(try readTrack(bytes, from: cursor.offset, to: chunkEnd))
            } else if !(bytes[chunkStart..<chunkStart + 4].allSatisfy { (0x20...0x7E).contains($0) }) {
                throw MIDIReadError(offset: chunkStart, message: "expected a chunk type ('MTrk'), found bytes \(hex(bytes[chunkStart..<chunkStart + 4]))")
            }
            cursor.offset = chunkEnd
        }
        return MIDIFile(format: format, ticksPerQuarter: division, tracks: tracks, bytes: bytes)
    }

    /// The events of one MTrk chunk between two offsets.
    func readTrack(_ bytes: [UInt8], from start: Int, to end: Int) throws(MIDIReadError) -> MIDITrackEvents {
        var cursor = ByteCursor(bytes: bytes, end: end)
        cursor.offset = start
        var events: [MIDIEvent] = []
        // A channel message takes at least 3 bytes with its delta; never reserve beyond that.
        events.reserveCapacity((end - start) / 3)
        var tick = 0
        var running: UInt8 = 0
        while cursor.offset < end {
            tick += try cursor.variableLength("a delta time")
            let statusOffset = cursor.offset
            var status = try cursor.byte("a status byte")
            if status < 0x80 {
                guard running != 0 else {
                    throw MIDIReadError(offset: statusOffset, message: "expected a status byte, found data byte \(hex(status)) with no running status")
                }
                status = running
                cursor.offset -= 1
            }
            switch status {
            case 0x80...0xEF:
                running = status
                let first = try cursor.dataByte()
                let kind = status & 0xF0
                var second: UInt8 = 0
                if kind != 0xC0, kind != 0xD0 { second = try cursor.dataByte() }
                events.append(MIDIEvent(tick: tick, status: status, data1: first, data2: second))
            case 0xF0, 0xF7:
                running = 0
                let length = try cursor.variableLength("a SysEx length")
                let payload = try cursor.skip(length, "the SysEx data")
                events.append(MIDIEvent(tick: tick, status: status, payloadStart: payload, payloadCount: length))
            case 0xFF:
                running = 0
                let type = try cursor.byte("a meta event type")
                let length = try cursor.variableLength("a meta event length")
                let payload = try cursor.skip(length, "the meta event's data")
                guard type != 0x2F else { return MIDITrackEvents(events: events, endTick: tick) }
                events.append(MIDIEvent(tick: tick, status: status, data1: type, payloadStart: payload, payloadCount: length))
            default:
                throw MIDIReadError(offset: statusOffset, message: "expected a channel message, SysEx or meta event, found status \(hex(status))")
            }
        }
        return MIDITrackEvents(events: events, endTick: tick)
    }
}

/// `0x4D`, or `0x4D 0x54` for several bytes.
func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    bytes.map { hex($0) }.joined(separator: " ")
}

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
}

/// A read position in a byte array that never reads past `end`.
struct ByteCursor {
    let bytes: [UInt8]
    let end: Int
    var offset = 0

    mutating func byte(_ expected: @autoclosure () -> String) throws(MIDIReadError) -> UInt8 {
        guard offset < end else { throw truncated(expected()) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func dataByte() throws(MIDIReadError) -> UInt8 {
        let value = try byte("a data byte")
        guard value < 0x80 else { throw MIDIReadError(offset: offset - 1, message: "expected a data byte (0–127), found \(hex(value))") }
        return value
    }

    mutating func uint16(_ expected: String) throws(MIDIReadError) -> Int {
        guard end - offset >= 2 else { throw truncated(expected) }
        defer { offset += 2 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    mutating func uint32(_ expected: String) throws(MIDIReadError) -> Int {
        guard end - offset >= 4 else { throw truncated(expected) }
        defer { offset += 4 }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    /// A variable-length quantity of at most four bytes.
    mutating func variableLength(_ expected: String) throws(MIDIReadError) -> Int {
        let start = offset
        var value = 0
        for _ in 0..<4 {
            let next = try byte(expected)
            value = value << 7 | Int(next & 0x7F)
            if next < 0x80 { return value }
        }
        throw MIDIReadError(offset: start, message: "expected \(expected) of at most 4 bytes, found a longer variable-length quantity")
    }

    /// Skips `count` bytes that must all be present; returns where they start.
    mutating func skip(_ count: Int, _ expected: String) throws(MIDIReadError) -> Int {
        guard count <= end - offset else {
            throw MIDIReadError(offset: offset, message: "expected \(expected) (\(count) bytes), found \(end - offset) bytes before the end of the \(end == bytes.count ? "file" : "track chunk")")
        }
        defer { offset += count }
        return offset
    }

    func truncated(_ expected: String) -> MIDIReadError {
        MIDIReadError(offset: offset, message: "expected \(expected), found the end of the \(end == bytes.count ? "file" : "track chunk")")
    }
}
