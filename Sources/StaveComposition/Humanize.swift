/// Humanize (LANGUAGE.md "Feel (v3)"): each group of a track's notes that start at one tick
/// moves by one random step of −Tt…Tt ticks, each note's velocity by −V…V, from one SplitMix64
/// generator per track seeded S ⊕ FNV-1a-64(track ID bytes). It works on whole ticks, after
/// swing, so the same song gives the same bytes everywhere and one track's edits never change
/// another's draws.
public enum Humanizer {
    /// A note in whole ticks, as the humanizer moves it.
    public struct Note: Equatable, Sendable {
        /// Start and end ticks.
        public var start: Int, end: Int
        /// MIDI key.
        public var pitch: Int
        /// 0…127.
        public var velocity: Int

        /// Creates a `Note` from its parts.
        public init(start: Int, end: Int, pitch: Int, velocity: Int) {
            self.start = start
            self.end = end
            self.pitch = pitch
            self.velocity = velocity
        }
    }

    /// FNV-1a, 64 bits, of `bytes`.
    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The generator of a track: SplitMix64 seeded S ⊕ FNV-1a-64(track ID bytes).
    public static func generator(seed: UInt64, trackID: String) -> SplitMix64 {
        SplitMix64(state: seed ^ fnv1a64(trackID.utf8))
    }

    /// round(T·ppq·1000 / microseconds per quarter), halves upward: T milliseconds in ticks.
    public static func ticks(milliseconds: Int, ppq: Int, microsecondsPerQuarter: Int) -> Int {
        let micros = max(1, microsecondsPerQuarter)
        return (2 * milliseconds * ppq * 1000 + micros) / (2 * micros)
    }

    /// Moves `notes` (in any order) and returns each start tick's timing step, in tick order,
    /// for the lyric events of those ticks (`step(at:in:)`). Groups go in start order; each draws dt = (next mod (2·Tt + 1)) − Tt
    /// with Tt at the tempo `microsecondsAt(start)`, then its notes, lowest pitch first, draw
    /// dv = (next mod (2V + 1)) − V. Start and end move by dt; a note never starts before tick 0
    /// or before the previous note of its pitch ends (clamped, keeping its moved end, at least one
    /// tick after its start); velocities stay in 1…127 and 0 stays 0.
    public static func apply(_ humanize: Humanize, trackID: String, ppq: Int, to notes: inout [Note],
                             microsecondsAt: (Int) -> Int) -> [(tick: Int, step: Int)] {
        var random = generator(seed: humanize.effectiveSeed, trackID: trackID)
        let order = notes.indices.sorted { a, b in
            let x = notes[a], y = notes[b]
            if x.start != y.start { return x.start < y.start }
            if x.pitch != y.pitch { return x.pitch < y.pitch }
            return a < b
        }
        var steps: [(tick: Int, step: Int)] = []
        // The latest end of each MIDI pitch (a table; a pitch outside 0…127, from a song built
        // in code, keeps its own entry aside).
        var lastEnd = [Int](repeating: 0, count: 128)
        var lastEndOutside: [Int: Int] = [:]
        let velocitySpan = UInt64(2 * humanize.velocity + 1)
        var position = 0
        while position < order.count {
            let tick = notes[order[position]].start
            let spread = ticks(milliseconds: humanize.milliseconds, ppq: ppq, microsecondsPerQuarter: microsecondsAt(tick))
            let dt = Int(random.next() % UInt64(2 * spread + 1)) - spread
            steps.append((tick, dt))
            while position < order.count, notes[order[position]].start == tick {
                let index = order[position]
                var note = notes[index]
                let dv = Int(random.next() % velocitySpan) - humanize.velocity
                if note.velocity > 0 { note.velocity = min(127, max(1, note.velocity + dv)) }
                note.start += dt
                note.end += dt
                let inTable = (0..<128).contains(note.pitch)
                let earliest = max(0, inTable ? lastEnd[note.pitch] : lastEndOutside[note.pitch] ?? 0)
                if note.start < earliest { note.start = earliest }
                if note.end <= note.start { note.end = note.start + 1 }
                if note.velocity > 0 {
                    if inTable { lastEnd[note.pitch] = max(lastEnd[note.pitch], note.end) } else { lastEndOutside[note.pitch] = max(lastEndOutside[note.pitch] ?? 0, note.end) }
                }
                notes[index] = note
                position += 1
            }
        }
        return steps
    }
}

extension Humanizer {
    /// The timing step of the notes starting at `tick` in `steps` (as `apply` returns them); 0
    /// when no note starts there.
    public static func step(at tick: Int, in steps: [(tick: Int, step: Int)]) -> Int {
        var low = 0, high = steps.count
        while low < high {
            let middle = (low + high) / 2
            if steps[middle].tick < tick { low = middle + 1 } else { high = middle }
        }
        return low < steps.count && steps[low].tick == tick ? steps[low].step : 0
    }
}

/// SplitMix64 (Steele, Lea and Flood): state += 0x9E3779B97F4A7C15; z = state;
/// z = (z ⊕ (z ≫ 30))·0xBF58476D1CE4E5B9; z = (z ⊕ (z ≫ 27))·0x94D049BB133111EB; z ⊕ (z ≫ 31),
/// all modulo 2^64.
public struct SplitMix64: Sendable {
    /// The generator's state.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) { self.state = state }

    /// The next 64-bit value.
    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
