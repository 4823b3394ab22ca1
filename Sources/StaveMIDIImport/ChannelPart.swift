/// What one MIDI track says on one channel: its notes (in ticks), its first settings and its
/// controller and bend messages.
struct ChannelPart {
    /// Index of the MTrk chunk.
    var track: Int
    /// MIDI channel 0…15.
    var channel: Int
    var notes: [VoiceNote] = []
    var program: Int?
    var volume: Int?
    var pan: Int?
    /// Controller and bend messages in file order, except the first volume and pan (the
    /// track's settings); a later volume or pan change is a `cc 7 V` / `cc 10 V`.
    var controls: [TimedControl] = []
    /// Program changes after the first (not written).
    var laterSettings = 0
    /// Bend values that no cents compile to exactly (written as the nearest).
    var inexactBends = 0

    /// Every channel part of a track, in channel order, with notes paired first-on first-off:
    /// a note-on of velocity 0 is a note-off, and notes still held at the end of the track end
    /// there. Note-offs without a note are ignored.
    static func parts(of events: MIDITrackEvents, track: Int, scale: Int) -> [ChannelPart] {
        var parts: [ChannelPart?] = Array(repeating: nil, count: 16)
        // Open notes by channel × 128 + pitch: start ticks and velocities, oldest first from `heads`.
        var open: [[(start: Int, velocity: Int)]] = Array(repeating: [], count: 16 * 128)
        var heads = [Int](repeating: 0, count: 16 * 128)
        for event in events.events where event.kind != 0 {
            let channel = event.channel
            let tick = event.tick * scale
            if parts[channel] == nil { parts[channel] = ChannelPart(track: track, channel: channel) }
            switch event.kind {
            case 0x90 where event.data2 > 0:
                open[channel << 7 | Int(event.data1)].append((tick, Int(event.data2)))
            case 0x80, 0x90:
                let key = channel << 7 | Int(event.data1)
                if heads[key] < open[key].count {
                    let first = open[key][heads[key]]
                    heads[key] += 1
                    if heads[key] == open[key].count {
                        open[key].removeAll(keepingCapacity: true)
                        heads[key] = 0
                    }
                    if tick > first.start {
                        parts[channel]!.notes.append(VoiceNote(start: first.start, end: tick, pitch: Int(event.data1), velocity: first.velocity))
                    }
                }
            case 0xC0:
                if parts[channel]!.program == nil { parts[channel]!.program = Int(event.data1) } else { parts[channel]!.laterSettings += 1 }
            case 0xB0 where event.data1 == 7 && parts[channel]!.volume == nil:
                parts[channel]!.volume = Int(event.data2)
            case 0xB0 where event.data1 == 10 && parts[channel]!.pan == nil:
                parts[channel]!.pan = Int(event.data2)
            case 0xB0:
                parts[channel]!.controls.append(TimedControl(tick: tick, event: ControlReading.controller(Int(event.data1), Int(event.data2))))
            case 0xE0:
                let (cents, exact) = ControlReading.bendCents(Int(event.data2) << 7 | Int(event.data1))
                if !exact { parts[channel]!.inexactBends += 1 }
                parts[channel]!.controls.append(TimedControl(tick: tick, event: .bend(cents: cents)))
            default:
                break
            }
        }
        let end = events.endTick * scale
        for key in open.indices where heads[key] < open[key].count {
            for note in open[key][heads[key]...] where end > note.start {
                parts[key >> 7]?.notes.append(VoiceNote(start: note.start, end: end, pitch: key & 0x7F, velocity: note.velocity))
            }
        }
        return parts.compactMap { $0 }
    }
}
