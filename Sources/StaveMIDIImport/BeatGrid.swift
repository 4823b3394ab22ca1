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

    /// Ticks per quarter note.
    let quarter: Int
    /// The chosen subdivision of each beat (quarter-note index), for beats with notes.
    private(set) var parts: [Int: Int] = [:]

    /// The grid that explains the notes (of all tracks: they share one rhythm).
    init(notes: [VoiceNote], quarter: Int) {
        self.quarter = max(1, quarter)
        guard !notes.isEmpty else { return }
        let q = self.quarter
        // The timing spread: a robust deviation (1.4826 × median |r|) from the sixteenth grid,
        // at least a 48th of a beat.
        var residuals = notes.map { note -> Int in
            let step = Double(q) / 4
            let r = Double(note.start) - (Double(note.start) / step).rounded() * step
            return Int(abs(r))
        }
        residuals.sort()
        let median = Double(residuals[residuals.count / 2])
        let sigma = max(Double(q) / 48, 1.4826 * median)
        // Observations per beat: onsets weigh 1, releases 1/2.
        var byBeat: [Int: [(tick: Int, weight: Double)]] = [:]
        for note in notes {
            byBeat[note.start / q, default: []].append((note.start, 1))
            byBeat[note.end / q, default: []].append((note.end, 0.5))
        }
        for (beat, observations) in byBeat {
            var best = (parts: 1, cost: Double.infinity)
            for (parts, penalty, choice) in BeatGrid.subdivisions {
                // Naming one of `parts` points costs log(parts) for each observation.
                var cost = penalty
                for observation in observations {
                    let r = Double(observation.tick - BeatGrid.point(beat: beat, parts: parts, of: observation.tick, quarter: q))
                    cost += observation.weight * (r * r / (2 * sigma * sigma) + choice)
                }
                if cost < best.cost { best = (parts, cost) }
            }
            self.parts[beat] = best.parts
        }
    }

    /// The subdivisions used and how many beats took each: `beats in 2 parts: 30, in 4 parts: 5`.
    var summary: String {
        var counts: [Int: Int] = [:]
        for count in parts.values { counts[count, default: 0] += 1 }
        return "beats of " + counts.keys.sorted().map { "\($0) part\($0 == 1 ? "" : "s") (\(counts[$0]!))" }.joined(separator: ", ")
    }

    /// The nearest point to `tick` of a beat divided into `parts` (the beat's end included).
    static func point(beat: Int, parts: Int, of tick: Int, quarter: Int) -> Int {
        let start = beat * quarter
        let k = ((tick - start) * parts * 2 + quarter) / (2 * quarter)
        return start + (2 * min(max(k, 0), parts) * quarter + parts) / (2 * parts)
    }

    /// The nearest grid point to a tick.
    func snap(_ tick: Int) -> Int {
        guard tick >= 0 else { return 0 }
        let beat = tick / quarter
        return BeatGrid.point(beat: beat, parts: parts[beat] ?? 1, of: tick, quarter: quarter)
    }

    /// The notes with starts and ends on the grid. A release close to an onset (within a
    /// half of its beat' steps) ends at that onset, as in legato playing;
    /// a note keeps at least one step.
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
            let step = quarter / max(1, parts[note.end / quarter] ?? 1)
            for index in [low - 1, low] where onsets.indices.contains(index) && onsets[index] > note.start {
                if abs(onsets[index] - note.end) * 2 <= step, snap(onsets[index]) > start { end = snap(onsets[index]) }
            }
            if end <= start {
                let beat = start / quarter
                let partCount = parts[beat] ?? 1
                end = start + max(1, quarter / partCount)
            }
            return VoiceNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity)
        }
    }
}

/// How note and event times are placed when they are not kept exactly.
enum Quantizer {
    /// Every time on multiples of 1/N of a whole note (`--grid N`, or a file that is not
    /// performed but has times Stave cannot write).
    case division(Int, TickTime)
    /// A performance: the grid is chosen beat by beat.
    case beats(BeatGrid)

    /// A tick of an event (a controller, a lyric, a tempo change) on the grid.
    func snap(_ tick: Int) -> Int {
        switch self {
        case .division(let division, let clock): return clock.tick(clock.nearest(tick, grid: division), over: division)
        case .beats(let grid): return grid.snap(tick)
        }
    }

    /// Notes on the grid.
    func quantize(_ notes: [VoiceNote]) -> [VoiceNote] {
        switch self {
        case .division(let division, let clock): return MIDIImporter.snap(notes, to: division, clock: clock)
        case .beats(let grid): return grid.quantize(notes)
        }
    }
}
