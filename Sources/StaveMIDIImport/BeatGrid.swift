import StaveComposition

/// The grid of a performance, chosen beat by beat: each quarter note is divided into the
/// subdivision (1, 2, 3, 4, 6 or 8 parts) that best explains the notes played in it, where a
/// finer subdivision must earn its place. A player's timing wanders by a fraction of a beat,
/// so one grid for the whole piece is either too coarse for its sixteenths or so fine that the
/// jitter of plain eighths lands on the wrong sixteenth; per beat, the eighths stay eighths
/// and the sixteenths sixteenths.
///
/// Four rules read a performance as written music:
///
/// - **A release near the next onset is a second reading of that onset** (legato: the written
///   end of a note is the written start of the next). Within `reach` of an onset of the same
///   part, a release is tied to the nearest such onset after its own note's start; the onset's
///   time is then the mean of the onset and its tied releases, and the note ends where that
///   onset is placed.
/// - **Notes of a line stay apart and in order.** In each beat the onsets of a part, in the
///   order played, take grid points in that order (`assign`, a dynamic programme): the least
///   total cost, where an onset that a release was tied to must take a later point than that
///   release's note (else the note would have no length) unless that costs `collapseCost`,
///   also across a beat line (the note a beat placed on its end holds the next beat's first
///   point). A run of four notes in a beat of four parts is placed one per sixteenth even when
///   one alone would round to its neighbour.
/// - **The subdivisions of the beats** are a Viterbi path (`choose`) of least cost over all
///   parts: per beat a penalty that grows with the subdivision (`BeatGrid.subdivisions`) plus,
///   for each onset, r²w/(2σ²) (r its distance to its point, w its number of readings) + log n
///   (naming one of n points) + the point's metrical weight, and for each release tied to no
///   onset half of r²/(2σ²) + log n. σ is the timing spread measured on the piece itself (a
///   robust deviation of the onsets from the sixteenth grid).
/// - **The metrical weights are the piece's own**: after a first path with general weights
///   (`offBeatCost`), each kind of point (`kind`) weighs -ln of how often the piece's onsets
///   fell on one such point against the beat, and the path is chosen again. In a chorale a
///   sixteenth must be clearly played to be read; in a reel of sixteenths it costs little.
struct BeatGrid {
    /// Candidate subdivisions of a quarter note, their penalties, and the natural log of
    /// their number of parts.
    static let subdivisions: [(parts: Int, penalty: Double, log: Double)] = [
        (1, 0, 0), (2, 1.5, 0.6931), (4, 3.5, 1.3863), (3, 4.5, 1.0986), (6, 7, 1.7918), (8, 7, 2.0794),
    ]
    /// What it costs to place a tied onset on the same point as the note whose release was
    /// tied to it (the note is then given one step).
    static let collapseCost = 8.0
    /// The kinds of grid point (the denominator of k/n in lowest terms: 1 the beat, 2 the
    /// offbeat eighth, 4 a sixteenth, 3 and 6 triplets, 8 a thirty-second) and how many
    /// points of each a beat has.
    static let kinds: [(kind: Int, positions: Double)] = [(1, 1), (2, 1), (3, 2), (4, 2), (6, 2), (8, 4)]
    /// log n by number of parts n (0…8): the cost of naming one of n points.
    static let naming: [Double] = (0...8).map { n in subdivisions.first { $0.parts == n }?.log ?? 0 }
    /// The metrical weights of the points of each subdivision (0…8 parts).
    static func table(_ metre: [Int: Double]) -> [[Double]] {
        (0...8).map { n in n == 0 ? [0] : (0...n).map { metre[kind($0, of: n)] ?? 1 } }
    }
    /// The largest learned metrical weight (a kind of point the piece never uses).
    static let maximumWeight = 6.0

    let clock: TickTime
    let meterMap: MeterMap
    /// The chosen subdivision of each beat with notes, by the beat's start tick.
    private(set) var parts: [Int: Int] = [:]
    /// The starts of the beats from tick 0 to `beatsEnd`, where the beats follow one another
    /// (empty when they do not, or would be too many): `beat(of:)` looks them up.
    private var beatStarts: [Int] = []
    private var beatsEnd = 0
    /// The timing spread measured on the piece, in ticks.
    private(set) var sigma = 1.0
    /// The metrical weight of each kind of grid point (`kind`): the piece's own, learned from
    /// a first placement (`offBeatCost` until then).
    private(set) var metre: [Int: Double] = [1: 0, 2: 0.35, 3: 0.7, 4: 0.7, 6: 1, 8: 1]
    /// The metrical weights by number of parts and point (0…parts), from `metre`.
    private var metreTable = BeatGrid.table([1: 0, 2: 0.35, 3: 0.7, 4: 0.7, 6: 1, 8: 1])
    /// How near an onset a release is read as that onset, in ticks: three timing spreads,
    /// at most three eighths of a beat.
    private(set) var reach = 0.0

    /// The grid that explains the notes of the parts (all tracks and channels: they share one
    /// rhythm). Beats are the quarter notes of each bar, counted from the bar's start (a bar of
    /// 3/8 ends in half a beat), so that a pickup of an eighth does not put every beat off by
    /// an eighth.
    init(parts notesOfParts: [[VoiceNote]], clock: TickTime, meterMap: MeterMap) {
        self.clock = clock
        self.meterMap = meterMap
        let notes = notesOfParts.flatMap { $0 }
        guard !notes.isEmpty else { return }
        // The beats up to the last release, each starting where the one before ends.
        let lastTick = notes.reduce(0) { max($0, $1.start, $1.end) }
        var tick = 0
        while tick <= lastTick, beatStarts.count <= 4 * notes.count + 1024 {
            let beat = BeatGrid.beat(of: tick, clock: clock, meterMap: meterMap)
            guard beat.lowerBound == tick else { break }
            beatStarts.append(tick)
            tick = beat.upperBound
        }
        if tick > lastTick { beatsEnd = tick } else { beatStarts = [] }
        let q = Double(max(1, clock.ticksPerWhole / 4))
        // The timing spread: a robust deviation (1.4826 × median |r|) from the sixteenth grid
        // of the beats, at least a 48th of a beat.
        var residuals = notes.map { note -> Double in
            let beat = self.beat(of: note.start)
            return abs(Double(note.start - BeatGrid.point(beat, parts: 4, of: note.start)))
        }
        residuals.sort()
        sigma = max(q / 48, 1.4826 * residuals[residuals.count / 2])
        reach = min(3 * sigma, 3 * q / 8)
        // The onsets of each part by beat, and the releases tied to no onset.
        let readings = notesOfParts.map { read($0) }
        var loose: [Int: [Int]] = [:]
        for (partNotes, reading) in zip(notesOfParts, readings) {
            for index in partNotes.indices where reading.tiedTo[index] == nil {
                loose[beat(of: partNotes[index].end).lowerBound, default: []].append(partNotes[index].end)
            }
        }
        choose(readings, loose: loose)
        // The piece's own metrical weights: how often its onsets fell on each kind of point.
        var counts = [Int: Double]()
        for (partNotes, reading) in zip(notesOfParts, readings) {
            for start in place(partNotes, reading) {
                let (beat, parts) = self.parts(at: start)
                let length = beat.upperBound - beat.lowerBound
                let k = ((start - beat.lowerBound) * parts * 2 + length) / (2 * length)
                counts[BeatGrid.kind(k, of: parts), default: 0] += 1
            }
        }
        let onBeat = (counts[1] ?? 0) + 1
        for (kind, positions) in BeatGrid.kinds {
            guard kind > 1 else { continue }
            let share = ((counts[kind] ?? 0) + 1) / positions / onBeat
            metre[kind] = min(BeatGrid.maximumWeight, max(0, -BeatGrid.naturalLog(share)))
        }
        metreTable = BeatGrid.table(metre)
        choose(readings, loose: loose)
    }

    /// Chooses the beats' subdivisions: a Viterbi path over the beats, whose state is a beat's
    /// subdivision, carrying for each part the note placed on the beat's end (the next beat's
    /// start), which a note tied to it in the next beat may not share without `collapseCost`.
    mutating func choose(_ readings: [Reading], loose: [Int: [Int]]) {
        let count = BeatGrid.subdivisions.count
        // Per state: its cost, and for each part the note on the beat's end (-1: none).
        var costs = [Double](repeating: 0, count: count)
        var atEnds = [[Int]](repeating: [Int](repeating: -1, count: readings.count), count: count)
        var pointerStarts: [Int] = []
        var pointers: [[Int]] = []
        var previousEnd = Int.min
        var hereParts: [Int] = [], hereOnsets: [[Onset]] = [], free: [Placement] = []
        for start in Set(readings.flatMap(\.byBeat.keys)).union(loose.keys).sorted() {
            let beat = self.beat(of: start)
            hereParts.removeAll(keepingCapacity: true)
            hereOnsets.removeAll(keepingCapacity: true)
            for part in readings.indices {
                if let onsets = readings[part].byBeat[start] {
                    hereParts.append(part)
                    hereOnsets.append(onsets)
                }
            }
            let adjacent = beat.lowerBound == previousEnd
            var nextCosts = costs, nextAtEnds = atEnds
            var from = [Int](repeating: 0, count: count)
            for choice in 0..<count {
                let (parts, penalty, log) = BeatGrid.subdivisions[choice]
                var base = penalty
                for tick in loose[start] ?? [] {
                    let r = Double(tick - BeatGrid.point(beat, parts: parts, of: tick))
                    base += 0.5 * (r * r / (2 * sigma * sigma) + log)
                }
                free.removeAll(keepingCapacity: true)
                for onsets in hereOnsets { free.append(assign(onsets, in: beat, parts: parts, placing: false)) }
                // A part's placement after a state: placed again only where the state's note on
                // this beat's start is tied to one of the part's onsets here.
                func placement(_ index: Int, after state: Int) -> Placement {
                    let taken = atEnds[state][hereParts[index]]
                    guard adjacent, taken >= 0, hereOnsets[index].contains(where: { $0.previous == taken }) else { return free[index] }
                    return assign(hereOnsets[index], in: beat, parts: parts, taken: taken, placing: false)
                }
                var best = (cost: Double.infinity, state: 0)
                for state in 0..<count {
                    var cost = costs[state] + base
                    for index in hereParts.indices { cost += placement(index, after: state).cost }
                    if cost < best.cost { best = (cost, state) }
                }
                var atEnd = [Int](repeating: -1, count: readings.count)
                for index in hereParts.indices { atEnd[hereParts[index]] = placement(index, after: best.state).atEnd ?? -1 }
                nextCosts[choice] = best.cost
                nextAtEnds[choice] = atEnd
                from[choice] = best.state
            }
            costs = nextCosts
            atEnds = nextAtEnds
            pointerStarts.append(start)
            pointers.append(from)
            previousEnd = beat.upperBound
        }
        var choice = costs.indices.min { costs[$0] < costs[$1] } ?? 0
        for (start, from) in zip(pointerStarts, pointers).reversed() {
            self.parts[start] = BeatGrid.subdivisions[choice].parts
            choice = from[choice]
        }
    }

    /// A grid with a given timing spread and subdivisions (by beat start), as the tests build it.
    init(clock: TickTime, meterMap: MeterMap, sigma: Double, parts: [Int: Int]) {
        self.clock = clock
        self.meterMap = meterMap
        self.sigma = max(1, sigma)
        self.reach = min(3 * self.sigma, Double(max(1, clock.ticksPerWhole / 4)) * 3 / 8)
        self.parts = parts
    }

    /// The grid for notes of one part.
    init(notes: [VoiceNote], clock: TickTime, meterMap: MeterMap) {
        self.init(parts: [notes], clock: clock, meterMap: meterMap)
    }

    /// A part's onsets grouped by beat (each beat's in the order of their times), and for each
    /// note the note whose onset its release is tied to.
    struct Reading {
        var byBeat: [Int: [Onset]]
        var tiedTo: [Int?]
    }

    /// Where `assign` put a beat's onsets of one part, at what cost, and the note it put on
    /// the beat's end.
    struct Placement {
        var cost: Double
        var points: [Int]
        var atEnd: Int?
    }

    /// An onset as the grid reads it: the note, its time (the mean of its readings) and their
    /// number, and the note whose release is tied to it (the one before it in its line).
    struct Onset {
        var note: Int
        var time: Double
        var weight: Double
        var previous: Int?
    }

    /// How a part's notes read (`Reading`).
    func read(_ notes: [VoiceNote]) -> Reading {
        let order = notes.indices.sorted { notes[$0].start < notes[$1].start }
        let starts = order.map { notes[$0].start }
        var tiedTo = [Int?](repeating: nil, count: notes.count)
        var sums = notes.map { Double($0.start) }
        var weights = [Double](repeating: 1, count: notes.count)
        for index in notes.indices {
            let end = notes[index].end
            // The first onset at or after the release, and the one before it.
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] < end { low = mid + 1 } else { high = mid }
            }
            var nearest: Int?
            for position in [low - 1, low] where starts.indices.contains(position) {
                let other = order[position]
                guard other != index, notes[other].start > notes[index].start, Double(abs(notes[other].start - end)) <= reach else { continue }
                if nearest.map({ abs(notes[other].start - end) < abs(notes[$0].start - end) }) ?? true { nearest = other }
            }
            if let nearest {
                tiedTo[index] = nearest
                sums[nearest] += Double(end)
                weights[nearest] += 1
            }
        }
        var previous = [Int?](repeating: nil, count: notes.count)
        for index in notes.indices { if let next = tiedTo[index] { previous[next] = index } }
        var byBeat: [Int: [Onset]] = [:]
        for index in notes.indices {
            let time = sums[index] / weights[index]
            byBeat[beat(of: Int(time.rounded())).lowerBound, default: []]
                .append(Onset(note: index, time: time, weight: weights[index], previous: previous[index]))
        }
        for start in byBeat.keys { byBeat[start]!.sort { $0.time < $1.time } }
        return Reading(byBeat: byBeat, tiedTo: tiedTo)
    }

    /// The grid points (0…parts, the beat's end included) of a beat's onsets in their order,
    /// with the least cost (see the type's comment), and that cost. A dynamic programme over
    /// onsets × points: each onset's point is at or after the one before it.
    func assign(_ onsets: [Onset], in beat: Range<Int>, parts: Int, taken: Int? = nil, placing: Bool = true)
        -> Placement {
        guard !onsets.isEmpty, parts > 0 else { return Placement(cost: 0, points: [], atEnd: nil) }
        let naming = BeatGrid.naming[min(parts, BeatGrid.naming.count - 1)]
        let metre = metreTable[min(parts, metreTable.count - 1)]
        let length = beat.upperBound - beat.lowerBound
        func point(_ k: Int) -> Int { beat.lowerBound + (2 * k * length + parts) / (2 * parts) }
        let width = parts + 1
        let scale = 1 / (2 * sigma * sigma)
        // cost[j * width + k]: the least cost of onsets 0…j with onset j on point k; from[…]: the
        // point of onset j - 1. Only the last two rows of costs are kept.
        let cells = onsets.count * width
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * width) { cost in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: placing ? cells : 0) { from in
                var (row, previous) = (0, width)
                for j in onsets.indices {
                    let onset = onsets[j]
                    (row, previous) = (previous, row)
                    // The best point for the onsets before, up to each k (prefix minimum).
                    var bestBefore = (cost: Double.infinity, point: 0)
                    let collapse = j > 0 && onset.previous == onsets[j - 1].note ? BeatGrid.collapseCost : 0
                    for k in 0..<width {
                        let r = onset.time - Double(point(k))
                        var own = onset.weight * r * r * scale + naming + metre[min(k, metre.count - 1)]
                        if k == 0, taken != nil, onset.previous == taken { own += BeatGrid.collapseCost }
                        if j == 0 {
                            cost[row + k] = own
                            if placing { from[k] = 0 }
                            continue
                        }
                        // Strictly before: the prefix minimum over points < k; on the same point: a chord, or a collapse.
                        var best = bestBefore
                        let same = cost[previous + k] + collapse
                        if same < best.cost { best = (same, k) }
                        cost[row + k] = own + best.cost
                        if placing { from[j * width + k] = best.point }
                        if cost[previous + k] < bestBefore.cost { bestBefore = (cost[previous + k], k) }
                    }
                }
                var k = 0
                for candidate in 1..<width where cost[row + candidate] < cost[row + k] { k = candidate }
                let total = cost[row + k]
                let atEnd = k == parts ? onsets[onsets.count - 1].note : nil
                guard placing else { return Placement(cost: total, points: [], atEnd: atEnd) }
                var placed = [Int](repeating: 0, count: onsets.count)
                for j in stride(from: onsets.count - 1, through: 0, by: -1) {
                    placed[j] = point(k)
                    k = from[j * width + k]
                }
                return Placement(cost: total, points: placed, atEnd: atEnd)
            }
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
        if tick >= 0, let last = beatStarts.last, tick < beatsEnd {
            var low = 0, high = beatStarts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if beatStarts[mid] <= tick { low = mid } else { high = mid - 1 }
            }
            return beatStarts[low]..<(low + 1 < beatStarts.count ? beatStarts[low + 1] : max(beatsEnd, last + 1))
        }
        return BeatGrid.beat(of: tick, clock: clock, meterMap: meterMap)
    }

    /// The beat a tick falls in, from the meters.
    static func beat(of tick: Int, clock: TickTime, meterMap: MeterMap) -> Range<Int> {
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
            let cost = r * r / (2 * sigma * sigma) + (metre[BeatGrid.kind(k, of: count)] ?? 1)
            if cost < best.cost { best = (point, cost) }
        }
        return best.point
    }

    /// The metrical weight of point k of a beat in n parts, by the denominator of k/n in
    /// lowest terms: 1 (the beat) 0, 2 (an eighth) 0.35, 3 or 4 0.7, finer 1.
    static func offBeatCost(_ k: Int, of n: Int) -> Double {
        switch kind(k, of: n) {
        case 1: return 0
        case 2: return 0.35
        case 3, 4: return 0.7
        default: return 1
        }
    }

    /// The kind of point k of a beat in n parts: the denominator of k/n in lowest terms.
    static func kind(_ k: Int, of n: Int) -> Int {
        var (a, b) = (k, n)
        while b != 0 { (a, b) = (b, a % b) }
        return n / max(1, a)
    }

    /// The natural logarithm of a positive number (the library has no Foundation): x = m·2^e
    /// with m in [1, 2), ln m = 2 atanh((m - 1)/(m + 1)) by its series.
    static func naturalLog(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
        let m = x.significand, y = (m - 1) / (m + 1), y2 = y * y
        var (term, sum) = (y, 0.0)
        for odd in stride(from: 1.0, through: 41, by: 2) {
            sum += term / odd
            term *= y2
        }
        return 2 * sum + Double(x.exponent) * 0.6931471805599453
    }

    /// The placed onsets of a part's notes: each beat's by `assign` on its subdivision, after
    /// the note the beat before placed on its end.
    func place(_ notes: [VoiceNote], _ reading: Reading) -> [Int] {
        var starts = notes.map(\.start)
        var (previousEnd, atEnd) = (Int.min, nil as Int?)
        for start in reading.byBeat.keys.sorted() {
            let beat = self.beat(of: start)
            let onsets = reading.byBeat[start]!
            let placed = assign(onsets, in: beat, parts: parts[start] ?? 1, taken: beat.lowerBound == previousEnd ? atEnd : nil)
            for (onset, point) in zip(onsets, placed.points) { starts[onset.note] = point }
            (previousEnd, atEnd) = (beat.upperBound, placed.atEnd)
        }
        return starts
    }

    /// The notes of one part with starts and ends on the grid: each beat's onsets placed by
    /// `assign` on the beat's subdivision; a release tied to an onset ends where that onset is
    /// placed, any other is snapped; a note keeps at least one step.
    func quantize(_ notes: [VoiceNote]) -> [VoiceNote] {
        let reading = read(notes)
        let starts = place(notes, reading)
        return notes.indices.map { index in
            let start = starts[index]
            var end = reading.tiedTo[index].map { starts[$0] } ?? snap(notes[index].end)
            if end <= start {
                let (beat, count) = parts(at: start)
                end = start + max(1, beat.count / count)
            }
            return VoiceNote(start: start, end: end, pitch: notes[index].pitch, velocity: notes[index].velocity)
        }
    }
}
