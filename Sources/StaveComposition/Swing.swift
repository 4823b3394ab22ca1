/// Swing on one track's timeline (LANGUAGE.md "Feel (v3)"), in exact time, before any rounding.
///
/// With u the swung value (1/8 or 1/16 of a whole), each bar is cut into windows of 2u from its
/// start; a last window shorter than 2u stays straight. A window is *swung* when every note
/// onset of the track inside it (grace notes aside; a note with graces counts at its written
/// start; tie continuations are no onsets) falls on its start or its middle. In a swung window
/// every event time at offset u — onsets, written ends, controllers, lyrics — moves to offset
/// 2u·P/100 (2u·2/3 without P); every other time stays where it is written. Sounding lengths and
/// grace timing are worked out afterwards from the swung times (`Performance.performedBody`'s
/// `place`), velocities from the written ones (`SwingMap.performedBody`).
public struct SwingMap: Sendable {
    /// The swing in force.
    public let swing: Swing
    let meterMap: MeterMap
    /// u and 2u.
    let value: Rational, pair: Rational
    /// Where the middle of a swung window goes: 2u·ratio.
    let target: Rational
    /// The starts of full windows kept straight by an onset off their start and middle.
    private(set) var straightWindows: Set<Rational> = []

    /// The windows of a track whose notes are `placements` (each copy of each placement counted),
    /// in a song of `meterMap`.
    public init(swing: Swing, placements: [Performance.Placement], meterMap: MeterMap) {
        self.swing = swing
        self.meterMap = meterMap
        value = swing.value
        pair = value * 2
        target = pair * swing.ratio
        for placement in placements {
            let onsets = Performance.joinedNotes(placement.body).map(\.start)
            guard !onsets.isEmpty else { continue }
            for copy in 0..<placement.count {
                let offset = placement.start + placement.body.length * copy
                var lastStart: Rational?
                for onset in onsets where onset != lastStart {
                    lastStart = onset
                    if let window = window(of: onset + offset), window.offset != .zero, window.offset != value {
                        straightWindows.insert(window.start)
                    }
                }
            }
        }
    }

    /// The full window holding `time` (its start and `time`'s offset in it); nil in a short last window.
    func window(of time: Rational) -> (start: Rational, offset: Rational)? {
        let (_, offsetInBar, meter) = meterMap.locate(time)
        let index = (offsetInBar / pair).floor
        guard pair * (index + 1) <= meter.barLength else { return nil }
        let offset = offsetInBar - pair * index
        return (time - offset, offset)
    }

    /// Where an event written at `time` sounds.
    public func time(_ time: Rational) -> Rational {
        guard let window = window(of: time), window.offset == value, !straightWindows.contains(window.start) else { return time }
        return window.start + target
    }

    /// True when the window holding `time` is a full window that swings.
    public func swings(at time: Rational) -> Bool {
        guard let window = window(of: time) else { return false }
        return !straightWindows.contains(window.start)
    }

    /// One copy of a body, starting at `offset`, as a track of `legato` plays it under this
    /// swing: times relative to `offset` and swung; velocities (hairpins included) as the
    /// written times give them.
    public func performedBody(_ body: PhraseBody, legato: Int, at offset: Rational) -> PerformedBody<Rational> {
        var swung = Performance.performedBody(body, legato: legato, place: { self.time(offset + $0) - offset }, convert: { $0 })
            ?? PerformedBody(notes: [], controls: [], lyricStarts: [])
        if !body.expression.hairpins.isEmpty {
            let straight = Performance.performedBody(body, legato: legato)
            if straight.notes.count == swung.notes.count {
                for index in swung.notes.indices { swung.notes[index].velocity = straight.notes[index].velocity }
            }
        }
        return swung
    }
}

extension PhraseBody {
    /// `time(of:afterGraces:)` with the grace notes timed from swung times: `place` maps a
    /// written time (relative to the body) to where it sounds.
    func time(of offset: Rational, afterGraces: Int, place: (Rational) -> Rational) -> Rational {
        let start = place(offset)
        guard afterGraces > 0, let k = graceItems(at: offset), k > 0, let length = writtenLength(at: offset) else { return start }
        let grace = min(Rational(1, 32), (place(offset + length) - start) / (2 * k))
        return start + grace * min(afterGraces, k)
    }
}

extension Performance {
    /// All notes of a track as `notes(of:in:)` gives them, swung when the track swings (the
    /// piano roll and the language server's timing; humanize is left to the MIDI writer).
    public static func feltNotes(of track: Track, in song: Song) -> [PerformedNote] {
        guard let swing = song.swing(of: track) else { return notes(of: track, in: song) }
        let placements = placements(of: track, in: song)
        let map = SwingMap(swing: swing, placements: placements, meterMap: MeterMap(meters: song.meters))
        var out: [PerformedNote] = []
        for placement in placements {
            for copy in 0..<placement.count {
                let offset = placement.start + placement.body.length * copy
                for note in map.performedBody(placement.body, legato: placement.legato, at: offset).notes {
                    var shifted = note
                    shifted.start = note.start + offset
                    shifted.end = note.end + offset
                    shifted.pitch = note.pitch + placement.shift
                    out.append(shifted)
                }
            }
        }
        return out.enumerated().sorted { $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset }.map(\.element)
    }
}

/// `SwingMap` in whole MIDI ticks: the same windows and the same moves, for the MIDI writer's
/// fast path. Exists only when every bar, window and swung middle falls on a tick and every
/// onset of the track is a whole tick; the MIDI writer otherwise times in exact `Rational`s
/// (`SwingMap`) and rounds each event on its own, with the same result.
public struct TickSwingMap: Sendable {
    /// Meter runs: first tick, ticks per bar.
    let runs: [(start: Int, barTicks: Int)]
    /// u, 2u and where the middle of a swung window goes, in ticks.
    let value: Int, pair: Int, target: Int
    /// The starts of full windows kept straight.
    private(set) var straightWindows: Set<Int> = []

    /// The windows of a track whose notes are `placements`, at `ticksPerWhole` (4 × ppq).
    public init?(swing: Swing, placements: [Performance.Placement], meterMap: MeterMap, ticksPerWhole: Int) {
        func ticks(_ time: Rational) -> Int? { time.ticks(perWhole: ticksPerWhole) }
        guard let value = ticks(swing.value), let target = ticks(swing.value * 2 * swing.ratio), value > 0 else { return nil }
        var runs: [(start: Int, barTicks: Int)] = []
        for segment in meterMap.segments {
            guard let start = ticks(segment.start), let bar = ticks(segment.meter.barLength), bar > 0 else { return nil }
            runs.append((start, bar))
        }
        guard !runs.isEmpty else { return nil }
        self.runs = runs
        self.value = value
        self.pair = 2 * value
        self.target = target
        for placement in placements {
            guard let onsets = Performance.joinedNotes(placement.body, convert: ticks)?.map(\.start) else { return nil }
            guard !onsets.isEmpty else { continue }
            for copy in 0..<placement.count {
                guard let base = ticks(placement.start + placement.body.length * copy) else { return nil }
                var lastStart = Int.min
                for onset in onsets where onset != lastStart {
                    lastStart = onset
                    if let window = window(of: onset + base), window.offset != 0, window.offset != value {
                        straightWindows.insert(window.start)
                    }
                }
            }
        }
    }

    /// The full window holding `tick` (its start and `tick`'s offset in it); nil in a short last window.
    @inline(__always)
    func window(of tick: Int) -> (start: Int, offset: Int)? {
        var run = runs[0]
        if runs.count > 1 {
            var low = 0, high = runs.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if runs[middle].start <= tick { low = middle } else { high = middle - 1 }
            }
            run = runs[low]
        }
        let into = tick - run.start
        guard into >= 0 else { return nil }
        let offsetInBar = into % run.barTicks
        let index = offsetInBar / pair
        guard pair * (index + 1) <= run.barTicks else { return nil }
        let offset = offsetInBar - pair * index
        return (tick - offset, offset)
    }

    /// Where an event written at `tick` sounds.
    @inline(__always)
    public func time(_ tick: Int) -> Int {
        guard let window = window(of: tick), window.offset == value, !straightWindows.contains(window.start) else { return tick }
        return window.start + target
    }
}
