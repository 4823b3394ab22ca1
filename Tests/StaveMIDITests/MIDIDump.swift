/// A small, independent Standard MIDI File reader for tests: it parses the bytes the writer
/// produced and prints one readable line per event, so golden files can be reviewed by eye.
struct MIDIDump {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One decoded event with its absolute tick.
    struct Event: Equatable {
        var track: Int
        var tick: Int
        var text: String
    }

    var format = 0
    var division = 0
    var tracks: [[Event]] = []

    init(_ bytes: [UInt8]) throws {
        var index = 0
        func need(_ count: Int) throws {
            guard index + count <= bytes.count else { throw Failure(description: "truncated at byte \(index)") }
        }
        func u32() throws -> Int {
            try need(4)
            defer { index += 4 }
            return Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
        }
        func u16() throws -> Int {
            try need(2)
            defer { index += 2 }
            return Int(bytes[index]) << 8 | Int(bytes[index + 1])
        }
        try need(4)
        guard Array(bytes[0..<4]) == Array("MThd".utf8) else { throw Failure(description: "no MThd") }
        index = 4
        guard try u32() == 6 else { throw Failure(description: "header length is not 6") }
        format = try u16()
        let count = try u16()
        division = try u16()
        for trackIndex in 0..<count {
            try need(4)
            guard Array(bytes[index..<index + 4]) == Array("MTrk".utf8) else { throw Failure(description: "no MTrk for track \(trackIndex)") }
            index += 4
            let length = try u32()
            let end = index + length
            guard end <= bytes.count else { throw Failure(description: "track \(trackIndex) overruns the file") }
            var events: [Event] = []
            var tick = 0
            var running: UInt8 = 0
            var ended = false
            while index < end {
                var delta = 0
                for _ in 0..<4 {
                    try need(1)
                    let byte = bytes[index]
                    index += 1
                    delta = delta << 7 | Int(byte & 0x7F)
                    if byte & 0x80 == 0 { break }
                }
                tick += delta
                try need(1)
                var status = bytes[index]
                if status & 0x80 == 0 {
                    guard running != 0 else { throw Failure(description: "running status without a status byte") }
                    status = running
                } else {
                    index += 1
                }
                let text: String
                switch status {
                case 0xFF:
                    try need(2)
                    let type = bytes[index]
                    index += 1
                    var length = 0
                    for _ in 0..<4 {
                        let byte = bytes[index]
                        index += 1
                        length = length << 7 | Int(byte & 0x7F)
                        if byte & 0x80 == 0 { break }
                    }
                    try need(length)
                    let data = Array(bytes[index..<index + length])
                    index += length
                    running = 0
                    switch type {
                    case 0x01: text = "text \"\(String(decoding: data, as: UTF8.self))\""
                    case 0x02: text = "copyright \"\(String(decoding: data, as: UTF8.self))\""
                    case 0x05: text = "lyric \"\(String(decoding: data, as: UTF8.self))\""
                    case 0x06: text = "marker \"\(String(decoding: data, as: UTF8.self))\""
                    case 0x03: text = "track-name \"\(String(decoding: data, as: UTF8.self))\""
                    case 0x2F: text = "end-of-track"; ended = true
                    case 0x51: text = "tempo \(Int(data[0]) << 16 | Int(data[1]) << 8 | Int(data[2]))"
                    case 0x58: text = "time-signature \(data[0])/\(1 << Int(data[1])) clocks \(data[2]) 32nds \(data[3])"
                    case 0x59: text = "key-signature \(Int8(bitPattern: data[0])) \(data[1] == 0 ? "major" : "minor")"
                    default: text = "meta \(type) \(data)"
                    }
                default:
                    running = status
                    let channel = Int(status & 0x0F) + 1
                    let twoBytes = status & 0xF0 != 0xC0 && status & 0xF0 != 0xD0
                    try need(twoBytes ? 2 : 1)
                    let a = bytes[index], b = twoBytes ? bytes[index + 1] : 0
                    index += twoBytes ? 2 : 1
                    switch status & 0xF0 {
                    case 0x80: text = "note-off ch\(channel) \(a) \(b)"
                    case 0x90: text = b == 0 ? "note-off ch\(channel) \(a) 0" : "note-on ch\(channel) \(a) \(b)"
                    case 0xB0: text = "control ch\(channel) \(a) \(b)"
                    case 0xC0: text = "program ch\(channel) \(a)"
                    case 0xE0: text = "bend ch\(channel) \(Int(a) | Int(b) << 7)"
                    default: text = "channel-message \(status) \(a) \(b)"
                    }
                }
                events.append(Event(track: trackIndex, tick: tick, text: text))
            }
            guard index == end else { throw Failure(description: "track \(trackIndex) length mismatch") }
            guard ended else { throw Failure(description: "track \(trackIndex) has no end-of-track") }
            tracks.append(events)
        }
        guard index == bytes.count else { throw Failure(description: "trailing bytes after the last track") }
    }

    /// The readable dump: a header line, then `track tick event` lines.
    var text: String {
        var lines = ["format \(format) tracks \(tracks.count) division \(division)"]
        for events in tracks {
            for event in events { lines.append("\(event.track) \(event.tick) \(event.text)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Notes as (track, channel, start, duration, pitch, velocity), paired in order.
    var notes: [[Int]] {
        var result: [[Int]] = []
        for (trackIndex, events) in tracks.enumerated() {
            var open: [String: [(Int, Int)]] = [:]
            for event in events {
                let parts = event.text.split(separator: " ")
                guard parts.count == 4, parts[0] == "note-on" || parts[0] == "note-off" else { continue }
                let channel = Int(parts[1].dropFirst(2))!, pitch = Int(parts[2])!, velocity = Int(parts[3])!
                let key = "\(channel)/\(pitch)"
                if parts[0] == "note-on" {
                    open[key, default: []].append((event.tick, velocity))
                } else if var list = open[key], !list.isEmpty {
                    let (start, velocity) = list.removeFirst()
                    open[key] = list
                    result.append([trackIndex, channel, start, event.tick - start, pitch, velocity])
                }
            }
        }
        return result.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
