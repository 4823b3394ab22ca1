/// What one MIDI track says on one channel: its notes (in ticks) and its first settings.
struct ChannelPart {
    /// Index of the MTrk chunk.
    var track: Int
    /// MIDI channel 0…15.
    var channel: Int
    var notes: [VoiceNote] = []
    var program: Int?
    var volume: Int?
    var pan: Int?
    /// Program changes, volume and pan changes after the first (not written).
    var laterSettings = 0

    /// Every channel part of a track, in channel order, with notes paired first-on first-off:
    /// a note-on of velocity 0 is a note-off, and notes still held at the end of the track end
    /// there. Note-offs without a note are ignored.
    static func parts(of events: MIDITrackEvents, track: Int, scale: Int) -> [ChannelPart] {
        var parts: [Int: ChannelPart] = [:]
        // Open notes by channel × 128 + pitch: start ticks and velocities, oldest first.
        var open: [Int: [(start: Int, velocity: Int)]] = [:]
        for event in events.events where event.kind != 0 {
            let channel = event.channel
            let tick = event.tick * scale
            var part = parts[channel] ?? ChannelPart(track: track, channel: channel)
            switch event.kind {
            case 0x90 where event.data2 > 0:
                open[channel << 7 | Int(event.data1), default: []].append((tick, Int(event.data2)))
            case 0x80, 0x90:
                let key = channel << 7 | Int(event.data1)
                if var waiting = open[key], !waiting.isEmpty {
                    let first = waiting.removeFirst()
                    open[key] = waiting
                    if tick > first.start {
                        part.notes.append(VoiceNote(start: first.start, end: tick, pitch: Int(event.data1), velocity: first.velocity))
                    }
                }
            case 0xC0:
                if part.program == nil { part.program = Int(event.data1) } else { part.laterSettings += 1 }
            case 0xB0 where event.data1 == 7:
                if part.volume == nil { part.volume = Int(event.data2) } else { part.laterSettings += 1 }
            case 0xB0 where event.data1 == 10:
                if part.pan == nil { part.pan = Int(event.data2) } else { part.laterSettings += 1 }
            default:
                break
            }
            parts[channel] = part
        }
        let end = events.endTick * scale
        for (key, waiting) in open {
            for note in waiting where end > note.start {
                parts[key >> 7]?.notes.append(VoiceNote(start: note.start, end: end, pitch: key & 0x7F, velocity: note.velocity))
            }
        }
        return parts.keys.sorted().compactMap { parts[$0] }
    }
}
