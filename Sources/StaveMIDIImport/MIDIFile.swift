/// A Standard MIDI File as read: its header and each track's events in file order, with
/// absolute ticks. Payloads of meta and SysEx events stay in the file's bytes and are read
/// on demand, so reading allocates little beyond one event array per track.
public struct MIDIFile: Sendable {
    /// SMF format: 0 (one track) or 1 (simultaneous tracks).
    public var format: Int
    /// Ticks per quarter note (the PPQ division).
    public var ticksPerQuarter: Int
    /// The MTrk chunks in file order.
    public var tracks: [MIDITrackEvents]
    /// The whole file, which event payloads point into.
    public let bytes: [UInt8]

    /// The payload bytes of a meta or SysEx event.
    public func payload(of event: MIDIEvent) -> ArraySlice<UInt8> {
        bytes[event.payloadStart..<(event.payloadStart + event.payloadCount)]
    }

    /// The payload of a meta event as text (UTF-8, or Latin-1 when it is not valid UTF-8).
    public func text(of event: MIDIEvent) -> String {
        let payload = payload(of: event)
        if let text = String(validating: payload, as: UTF8.self) { return text }
        return String(payload.map { Character(Unicode.Scalar($0)) })
    }
}

/// The events of one MTrk chunk.
public struct MIDITrackEvents: Sendable {
    /// Events in file order (ticks never decrease).
    public var events: [MIDIEvent]
    /// The tick of the end-of-track event, or of the last event when it is missing.
    public var endTick: Int
}

/// One event: a channel message, a meta event or a SysEx message.
public struct MIDIEvent: Equatable, Sendable {
    /// Absolute tick from the start of the track.
    public var tick: Int
    /// The status byte: 0x80…0xEF channel messages, 0xF0/0xF7 SysEx, 0xFF meta.
    public var status: UInt8
    /// First data byte of a channel message; the type of a meta event.
    public var data1: UInt8
    /// Second data byte of a channel message (0 when it has none).
    public var data2: UInt8
    /// Where a meta or SysEx payload starts in the file (0 for channel messages).
    public var payloadStart: Int
    /// The payload's length in bytes.
    public var payloadCount: Int

    /// Creates an event from its parts.
    public init(tick: Int, status: UInt8, data1: UInt8 = 0, data2: UInt8 = 0, payloadStart: Int = 0, payloadCount: Int = 0) {
        self.tick = tick
        self.status = status
        self.data1 = data1
        self.data2 = data2
        self.payloadStart = payloadStart
        self.payloadCount = payloadCount
    }

    /// The message kind of a channel message (0x80, 0x90, … 0xE0); 0 otherwise.
    public var kind: UInt8 { status < 0xF0 ? status & 0xF0 : 0 }
    /// The channel, 0…15, of a channel message.
    public var channel: Int { Int(status & 0x0F) }
    /// True for a meta event.
    public var isMeta: Bool { status == 0xFF }
}

/// Why a file cannot be imported: the byte offset where reading stopped and what was expected
/// there, or (no offset) a song beyond one of Stave's limits, which is found from the file's
/// events before anything is built.
public struct MIDIReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Offset from the start of the file, in bytes; nil for a song beyond a limit.
    public var offset: Int?
    /// What was found and what was expected.
    public var message: String

    /// Creates an error from its parts.
    public init(offset: Int?, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `byte 14: expected …`, or the message alone.
    public var description: String { offset.map { "byte \($0): \(message)" } ?? message }
}
