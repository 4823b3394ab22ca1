import StaveComposition

/// The grid of a performance, chosen beat by beat: each quarter note is divided into the
/// subdivision (1, 2, 3, 4, 6 or 8 parts) that best explains the onsets and releases played in
/// it, where a finer subdivision must earn its place. A player's timing wanders by a fraction
/// of a beat, so one grid for the whole piece is either too coarse for its sixteenths or so
/// fine that the jitter of plain eighths lands on the wrong sixteenth; per beat, the eighths
/// stay eighths and the sixteenths sixteenths.
///
/// The cost of a subdivision into n parts in a beat is Σ (r²/(2σ²) + log n) over the distances
/// r from each onset (releases count half) to the nearest point of that subdivision, plus a
/// penalty that grows with the subdivision (`BeatGrid.subdivisions`): the negative log of a
/// Gaussian likelihood, of naming one of n points, and of a prior that favours simple rhythms. σ is the timing spread measured on the piece
/// itself (a robust deviation of the onsets from the sixteenth grid).
struct BeatGrid {
    /// Candidate subdivisions of a quarter note, their penalties, and the natural log of
    /// their number of parts.
    static let subdivisions: [(parts: Int, penalty: Double, log: Double)] = [
        (1, 0, 0), (2, 1.5, 0.6931), (4, 3.5, 1.3863), (3, 4.5, 1.0986), (6, 7, 1.7918), (8, 7, 2.0794),
    ]

    let clock: TickTime
    let meterMap: MeterMap
    /// The chosen subdivision of each beat with notes, by the beat's start tick.
    private(set) var parts: [Int: Int] = [:]
    /// The timing spread measured on the piece, in ticks.
    private(set) var sigma = 1.0

    /// The grid that explains the notes (of all tracks: they share one rhythm). Beats are the
    /// quarter notes of each bar, counted from the bar's start (a bar of 3/8 ends in half a
    /// beat), so that a pickup of an eighth does not put every beat off by an eighth.
    init(notes: [VoiceNote], clock: TickTime, meterMap: MeterMap) {
        self.clock = clock
        self.meterMap = meterMap
        guard !notes.isEmpty else { return }
        let q = max(1, clock.ticksPerWhole / 4)
        // The timing spread: a robust deviation (1.4826 × median |r|) from the sixteenth grid
        // of the beats, at least a 48th of a beat.
        var residuals = notes.map { note -> Double in
            let beat = self.beat(of: note.start)
            return abs(Double(note.start - BeatGrid.point(beat, parts: 4, of: note.start)))
        }
        residuals.sort()
        let sigma = max(Double(q) / 48, 1.4826 * residuals[residuals.count / 2])
        self.sigma = sigma
        // Observations per beat: onsets weigh 1, releases 1/2.
        var byBeat: [Int: (beat: Range<Int>, observations: [(tick: Int, weight: Double)])] = [:]
        for (tick, weight) in notes.flatMap({ [($0.start, 1.0), ($0.end, 0.5)] }) {
            let beat = self.beat(of: tick)
            byBeat[beat.lowerBound, default: (beat, [])].observations.append((tick, weight))
        }
        for (start, entry) in byBeat {
            var best = (parts: 1, cost: Double.infinity)
            for (parts, penalty, choice) in BeatGrid.subdivisions {
                // Naming one of `parts` points costs log(parts) for each observation.
                var cost = penalty
                for observation in entry.observations {
                    let r = Double(observation.tick - BeatGrid.point(entry.beat, parts: parts, of: observation.tick))
                    cost += observation.weight * (r * r / (2 * sigma * sigma) + choice)
                }
                if cost < best.cost { best = (parts, cost) }
            }
            self.parts[start] = best.parts
        }
    }

    /// The subdivisions used and how many beats took each: `beats of 1 part (12), 2 parts (30)`.
    var summary: String {
        var counts: [Int: Int] = [:]
        for count in parts.values { counts[count, default: 0] += 1 }
        return "beats of " + counts.keys.sorted().map { "\($0) part\($0 == 1 ? "" : "s") (\(counts[$0]!))" }.joined(separator: ", ")
    }

    /// The beat a tick falls in, in ticks: a quarter note of its bar, or the shorter rest of the bar.
    func beat(of tick: Int) -> Range<Int> {
        let time = clock.time(max(0, tick))
        let place = meterMap.locate(time)
        let barStart = time - place.offset
        let quarter = Rational(1, 4)
        let start = barStart + quarter * (place.offset / quarter).floor
        let end = min(start + quarter, barStart + place.meter.barLength)
        let startTick = clock.tick(start), endTick = clock.tick(end)
        return startTick..<max(endTick, startTick + 1)
    }

    /// The nearest point to `tick` of a beat divided into `parts` (the beat's end included).
    static func point(_ beat: Range<Int>, parts: Int, of tick: Int) -> Int {
        let length = beat.upperBound - beat.lowerBound
        let k = ((tick - beat.lowerBound) * parts * 2 + length) / (2 * length)
        return beat.lowerBound + (2 * min(max(k, 0), parts) * length + parts) / (2 * parts)
    }

    /// The number of parts of the beat a tick falls in.
    func parts(at tick: Int) -> (beat: Range<Int>, parts: Int) {
        let beat = self.beat(of: tick)
        return (beat, parts[beat.lowerBound] ?? 1)
    }

    /// The likeliest grid point for a tick: the least r²/(2σ²) plus the point's metrical
    /// weight (`offBeatCost`: on the beat costs nothing, an offbeat eighth a little, an offbeat
    /// sixteenth or a triplet more), so that within a beat of sixteenths a late eighth stays an
    /// eighth unless it is clearly nearer a sixteenth.
    func snap(_ tick: Int) -> Int {
        let (beat, count) = parts(at: tick)
        let nearest = BeatGrid.point(beat, parts: count, of: tick)
        guard count > 1 else { return nearest }
        let length = beat.upperBound - beat.lowerBound
        var best = (point: nearest, cost: Double.infinity)
        for k in 0...count {
            let point = beat.lowerBound + (2 * k * length + count) / (2 * count)
            let r = Double(tick - point)
            let cost = r * r / (2 * sigma * sigma) + BeatGrid.offBeatCost(k, of: count)
            if cost < best.cost { best = (point, cost) }
        }
        return best.point
    }

    /// The metrical weight of point k of a beat in n parts, by the denominator of k/n in
    /// lowest terms: 1 (the beat) 0, 2 (an eighth) 0.35, 3 or 4 0.7, finer 1.
    static func offBeatCost(_ k: Int, of n: Int) -> Double {
        var (a, b) = (k, n)
        while b != 0 { (a, b) = (b, a % b) }
        switch n / max(1, a) {
        case 1: return 0
        case 2: return 0.35
        case 3, 4: return 0.7
        default: return 1
        }
    }

    /// The notes with starts and ends on the grid. A release near an onset of the notes
    /// (`reach`) ends where that onset is placed, as in legato playing; a note keeps at least
    /// one step.
    func quantize(_ notes: [VoiceNote]) -> [VoiceNote] {
        let onsets = Set(notes.map(\.start)).sorted()
        return notes.map { note in
            let start = snap(note.start)
            var end = snap(note.end)
            // The onsets next to the release.
            var low = 0, high = onsets.count
            while low < high {
                let mid = (low + high) / 2
                if onsets[mid] < note.end { low = mid + 1 } else { high = mid }
            }
            let (endBeat, endParts) = parts(at: note.end)
            // Near: within half a step of the release's beat, or two timing spreads (at most a
            // sixteenth), whichever is wider.
            let reach = max(Double(endBeat.count / endParts) / 2, min(2 * sigma, Double(endBeat.count) / 4))
            var nearest: Int?
            for index in [low - 1, low] where onsets.indices.contains(index) && onsets[index] > note.start {
                if Double(abs(onsets[index] - note.end)) <= reach, snap(onsets[index]) > start,
                   nearest.map({ abs(onsets[index] - note.end) < abs($0 - note.end) }) ?? true {
                    nearest = onsets[index]
                }
            }
            if let nearest { end = snap(nearest) }
            if end <= start {
                let (beat, count) = parts(at: start)
                end = start + max(1, beat.count / count)
            }
            return VoiceNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity)
        }
    }
}
