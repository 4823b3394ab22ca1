/// Writes the events of one MTrk chunk straight into the file's buffer: delta times,
/// running status, meta events; the chunk length is filled in when the track ends.
struct TrackEncoder {
    /// The largest delta a variable-length quantity holds.
    static let maximumDelta = 0x0FFF_FFFF

    let buffer: MIDIBuffer
    private let lengthOffset: Int
    /// The tick of the last event written.
    private(set) var lastTick = 0
    /// The status byte a channel message may leave out (0: none).
    private(set) var runningStatus: UInt8 = 0

    /// Starts an MTrk chunk at the end of `buffer`.
    init(into buffer: MIDIBuffer) {
        self.buffer = buffer
        buffer.append(Array("MTrk".utf8))
        lengthOffset = buffer.count
        buffer.appendUInt32(0)
    }

    /// Writes the delta time up to `tick`; gaps too long for one delta are bridged with empty text events.
    mutating func advance(to tick: Int) {
        var delta = max(0, tick - lastTick)
        while delta > TrackEncoder.maximumDelta {
            buffer.appendVariableLength(TrackEncoder.maximumDelta)
            buffer.append([0xFF, 0x01, 0x00])
            runningStatus = 0
            delta -= TrackEncoder.maximumDelta
        }
        buffer.appendVariableLength(delta)
        lastTick = max(lastTick, tick)
    }

    /// A channel message, using running status when the status byte repeats.
    mutating func channel(at tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8? = nil) {
        advance(to: tick)
        buffer.reserve(3)
        // Note-ons and note-offs come in no order: the status byte is kept or not without a branch.
        buffer.appendReserved(status, keeping: status != runningStatus ? 1 : 0)
        runningStatus = status
        buffer.appendReserved(data1)
        if let data2 { buffer.appendReserved(data2) }
    }

    /// A meta event (which cancels running status).
    mutating func meta(at tick: Int, type: UInt8, _ data: [UInt8]) {
        advance(to: tick)
        buffer.append(0xFF)
        buffer.append(type)
        buffer.appendVariableLength(data.count)
        buffer.append(data)
        runningStatus = 0
    }

    /// A meta event whose data is a text's UTF-8 bytes (lyrics, markers), written without
    /// building an array.
    mutating func meta(at tick: Int, type: UInt8, text: String) {
        advance(to: tick)
        buffer.append(0xFF)
        buffer.append(type)
        var text = text
        text.withUTF8 { bytes in
            buffer.appendVariableLength(bytes.count)
            buffer.append(bytes)
        }
        runningStatus = 0
    }

    /// A meta event whose data are `bytes` (a lyric's), written without building an array.
    mutating func meta(at tick: Int, type: UInt8, bytes: UnsafeBufferPointer<UInt8>) {
        advance(to: tick)
        buffer.reserve(2)
        buffer.appendReserved(0xFF)
        buffer.appendReserved(type)
        buffer.appendVariableLength(bytes.count)
        buffer.append(bytes)
        runningStatus = 0
    }

    /// Ends the track and fills in the chunk's length.
    mutating func finish(at tick: Int) {
        meta(at: tick, type: 0x2F, [])
        buffer.patchUInt32(buffer.count - lengthOffset - 4, at: lengthOffset)
    }
}
