import StaveComposition

/// Writes a song as a Standard MIDI File, format 1: track 0 is the conductor (title, composer,
/// tempo map, time and key signatures), then one track per Stave track in source order.
///
/// Ticks are each event's exact time × 4 × ppq rounded on its own (halves up), so nothing
/// drifts. At one tick note-offs come before note-ons. The output is deterministic.
public struct MIDIFileWriter: Backend {
    public var formatName: String { "midi" }

    public init() {}

    public func render(_ song: Song) throws -> [UInt8] {
        var file = MIDIBuffer()
        file.append(Array("MThd".utf8))
        file.appendUInt32(6)
        file.appendUInt16(1)
        file.appendUInt16(song.tracks.count + 1)
        file.appendUInt16(song.ppq)
        let ticksPerWhole = Rational(4 * song.ppq)
        file.append(conductor(song, ticksPerWhole: ticksPerWhole))
        for track in song.tracks {
            file.append(encode(track, in: song, ticksPerWhole: ticksPerWhole))
        }
        return file.bytes
    }

    static func tick(_ time: Rational, _ ticksPerWhole: Rational) -> Int {
        (time * ticksPerWhole).roundedHalfUp
    }

    /// Microseconds per quarter note for a tempo, rounded, within the 24-bit field.
    static func microsecondsPerQuarter(_ bpm: Rational) -> Int {
        let exact = Rational(60_000_000) / bpm
        return min(max(exact.roundedHalfUp, 1), 0xFF_FFFF)
    }

    func conductor(_ song: Song, ticksPerWhole: Rational) -> [UInt8] {
        var encoder = TrackEncoder()
        encoder.meta(at: 0, type: 0x03, Array(song.title.utf8))
        if let composer = song.composer { encoder.meta(at: 0, type: 0x02, Array(composer.utf8)) }
        let meterMap = MeterMap(meters: song.meters)
        enum Event { case meter(MeterChange), key, tempo(Rational) }
        var events: [(tick: Int, order: Int, event: Event)] = []
        for (index, meter) in song.meters.enumerated() {
            events.append((MIDIFileWriter.tick(meterMap.start(ofBar: meter.bar), ticksPerWhole), index, .meter(meter)))
        }
        events.append((0, song.meters.count, .key))
        let tempos = Performance.tempos(of: song)
        for (index, tempo) in tempos.enumerated() {
            events.append((MIDIFileWriter.tick(tempo.time, ticksPerWhole), song.meters.count + 1 + index, .tempo(tempo.bpm)))
        }
        events.sort { $0.tick != $1.tick ? $0.tick < $1.tick : $0.order < $1.order }
        var lastTempoTick = -1
        var end = 0
        for (index, entry) in events.enumerated() {
            switch entry.event {
            case .meter(let meter):
                let power = UInt8(meter.denominator.trailingZeroBitCount)
                encoder.meta(at: entry.tick, type: 0x58, [UInt8(meter.numerator), power, 24, 8])
            case .key:
                encoder.meta(at: entry.tick, type: 0x59, [UInt8(bitPattern: Int8(song.key.fifths)), song.key.mode == .minor ? 1 : 0])
            case .tempo(let bpm):
                // Two tempos on one tick: the later wins.
                if let next = events[(index + 1)...].first(where: { if case .tempo = $0.event { return true } else { return false } }), next.tick == entry.tick { continue }
                let micros = MIDIFileWriter.microsecondsPerQuarter(bpm)
                encoder.meta(at: entry.tick, type: 0x51, [UInt8(micros >> 16), UInt8((micros >> 8) & 0xFF), UInt8(micros & 0xFF)])
                lastTempoTick = entry.tick
            }
            end = max(end, entry.tick)
        }
        _ = lastTempoTick
        return encoder.finish(at: end)
    }

    func encode(_ track: Track, in song: Song, ticksPerWhole: Rational) -> [UInt8] {
        var encoder = TrackEncoder()
        let channel = UInt8(track.channel - 1)
        encoder.meta(at: 0, type: 0x03, Array((track.name ?? track.id).utf8))
        encoder.channel(at: 0, status: 0xC0 | channel, UInt8(track.program))
        encoder.channel(at: 0, status: 0xB0 | channel, 7, UInt8(track.volume))
        encoder.channel(at: 0, status: 0xB0 | channel, 10, UInt8(track.pan))

        let notes = Performance.notes(of: track, in: song)
        // Note-ons arrive in start order; pending note-offs wait in a min-heap by (tick, sequence).
        var offs = OffHeap()
        var end = 0
        var sequence = 0
        for note in notes where note.velocity > 0 {
            let start = MIDIFileWriter.tick(note.start, ticksPerWhole)
            let stop = MIDIFileWriter.tick(note.end, ticksPerWhole)
            guard stop > start else { continue }
            while let first = offs.peek(), first.tick <= start {
                offs.pop()
                encoder.channel(at: first.tick, status: 0x80 | channel, first.pitch, 0)
            }
            encoder.channel(at: start, status: 0x90 | channel, UInt8(note.pitch), UInt8(note.velocity))
            offs.push(.init(tick: stop, sequence: sequence, pitch: UInt8(note.pitch)))
            sequence += 1
            end = max(end, stop)
        }
        while let first = offs.peek() {
            offs.pop()
            encoder.channel(at: first.tick, status: 0x80 | channel, first.pitch, 0)
        }
        return encoder.finish(at: end)
    }
}

/// A binary min-heap of pending note-offs, ordered by tick then by the order the notes started.
struct OffHeap {
    struct Entry {
        var tick: Int
        var sequence: Int
        var pitch: UInt8

        func precedes(_ other: Entry) -> Bool {
            tick != other.tick ? tick < other.tick : sequence < other.sequence
        }
    }

    private var items: [Entry] = []

    func peek() -> Entry? { items.first }

    mutating func push(_ entry: Entry) {
        items.append(entry)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func pop() -> Entry? {
        guard !items.isEmpty else { return nil }
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left].precedes(items[smallest]) { smallest = left }
                if right < items.count, items[right].precedes(items[smallest]) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
