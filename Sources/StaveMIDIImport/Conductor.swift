import StaveComposition
import StaveSyntax

/// The song-wide facts of a MIDI file: title and composer (track-name and copyright meta
/// events of the first track), meters, the key, the tempo map — changes at bar starts go
/// to the header, changes inside bars into the first track's body — and the markers.
struct Conductor {
    var title: String?
    var composer: String?
    var key = Key.cMajor
    var meters = [MeterChange(bar: 1, numerator: 4, denominator: 4)]
    var meterMap: MeterMap
    var tempos = [TempoChange(bar: 1, bpm: Rational(120))]
    /// Tempo changes inside bars: their tick and tempo.
    var bodyTempos: [(tick: Int, bpm: Rational)] = []
    /// Marker meta events (FF 06) of any track, in time order (file order at one tick).
    var markers: [(tick: Int, text: String)] = []

    init(file: MIDIFile, scale: Int, clock: TickTime, remarks: inout [String]) {
        var tempoEvents: [Int: Int] = [:]
        var meterEvents: [(tick: Int, numerator: Int, power: Int)] = []
        var keyEvents: [(tick: Int, fifths: Int, minor: Bool)] = []
        for (index, track) in file.tracks.enumerated() {
            for event in track.events where event.isMeta {
                let payload = file.payload(of: event)
                let bytes = Array(payload)
                switch event.data1 {
                case 0x03 where index == 0 && title == nil: title = file.text(of: event)
                case 0x02 where index == 0 && composer == nil: composer = file.text(of: event)
                case 0x51 where bytes.count >= 3:
                    let micros = Int(bytes[0]) << 16 | Int(bytes[1]) << 8 | Int(bytes[2])
                    if micros > 0 { tempoEvents[event.tick * scale] = micros }
                case 0x58 where bytes.count >= 2:
                    meterEvents.append((event.tick * scale, Int(bytes[0]), Int(bytes[1])))
                case 0x06: markers.append((event.tick * scale, file.text(of: event)))
                case 0x59 where bytes.count >= 2:
                    keyEvents.append((event.tick * scale, Int(Int8(bitPattern: bytes[0])), bytes[1] == 1))
                default: break
                }
            }
        }
        // Meters, in time order; one that does not fall on a bar start waits for the next bar.
        // Bars only grow with time, so the changes from a bar on are the last ones: `meters` and
        // its map lose and gain them at the end (linear in the number of events).
        meterEvents.sort { $0.tick < $1.tick }
        var map = MeterMap(meters: meters)
        for event in meterEvents {
            guard (1...64).contains(event.numerator), (0...6).contains(event.power) else {
                remarks.append("time signature \(event.numerator)/2^\(event.power) at tick \(event.tick) is outside Stave's meters; left out")
                continue
            }
            let (bar, exact) = Conductor.bar(at: event.tick, in: map, clock: clock)
            if !exact { remarks.append("a time signature inside bar \(bar - 1) starts at bar \(bar) instead") }
            let change = MeterChange(bar: bar, numerator: event.numerator, denominator: 1 << event.power)
            while let last = meters.last, last.bar >= bar {
                meters.removeLast()
                map.removeLast()
            }
            if meters.last.map({ $0.numerator == change.numerator && $0.denominator == change.denominator }) != true || meters.isEmpty {
                meters.append(change)
                map.append(change)
            }
        }
        if meters.first?.bar != 1 { meters.insert(MeterChange(bar: 1, numerator: 4, denominator: 4), at: 0) }
        meterMap = MeterMap(meters: meters)

        if let first = keyEvents.min(by: { $0.tick < $1.tick }) {
            if let key = Conductor.key(fifths: first.fifths, minor: first.minor) { self.key = key }
            if Set(keyEvents.map { "\($0.fifths) \($0.minor)" }).count > 1 {
                remarks.append("key changes are not kept: the whole song is in \(key.stave)")
            }
        }

        for tick in tempoEvents.keys.sorted() {
            guard let micros = tempoEvents[tick] else { continue }
            let bpm = Conductor.bpm(microsecondsPerQuarter: micros)
            if micros < 60_000 { remarks.append("a tempo faster than 1000 beats per minute is written as 1000") }
            let (bar, exact) = Conductor.bar(at: tick, in: meterMap, clock: clock)
            if exact {
                // In time order, bars only grow: only the last change can stand at this bar.
                if tempos.last?.bar == bar { tempos.removeLast() }
                tempos.append(TempoChange(bar: bar, bpm: bpm))
            } else {
                bodyTempos.append((tick, bpm))
            }
        }
        tempos.sort { $0.bar < $1.bar }
        // Stable: markers of one tick keep their order (the conductor's come first).
        markers = markers.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
    }

    /// The bar whose start compiles to `tick` (exact), or else the next bar after it.
    static func bar(at tick: Int, in meterMap: MeterMap, clock: TickTime) -> (bar: Int, exact: Bool) {
        let place = meterMap.locate(clock.time(tick))
        if clock.tick(meterMap.start(ofBar: place.bar)) == tick { return (place.bar, true) }
        return (place.bar + 1, clock.tick(meterMap.start(ofBar: place.bar + 1)) == tick)
    }

    /// The shortest decimal tempo (1–1000 beats per minute) that compiles back to `micros`.
    /// Nine decimals, the most a Stave tempo takes, always find one: a step of 10⁻⁹ beats per
    /// minute moves the slowest tempo a file can hold (16,777,215 µs, 3.58 bpm) by less than
    /// 0.005 µs. Six were not enough for the slowest tempos, and a fraction cannot be written.
    static func bpm(microsecondsPerQuarter micros: Int) -> Rational {
        var scale = 1
        for _ in 0...9 {
            let bpm = Rational((2 * 60_000_000 * scale + micros) / (2 * micros), scale)
            if bpm >= Rational(1), bpm <= Rational(1000), (Rational(60_000_000) / bpm).roundedHalfUp == micros { return bpm }
            scale *= 10
        }
        return min(max(Rational(60_000_000, micros), Rational(1)), Rational(1000))
    }

    /// The key with a number of sharps (positive) or flats and a mode.
    static func key(fifths: Int, minor: Bool) -> Key? {
        let mode: KeyMode = minor ? .minor : .major
        for letter in "cdefgab" {
            for accidental in [0, 1, -1] {
                if let key = Key(tonic: PitchSpelling(letter: letter, accidental: accidental == 0 ? nil : accidental), mode: mode), key.fifths == fifths {
                    return key
                }
            }
        }
        return nil
    }
}
