import StaveComposition

/// The time axis of a piano roll: the shown bars, each split into cells of one `step`.
///
/// Every bar's grid starts at its own bar line, so a bar line always falls between two cells.
/// A bar has `barLength / step` cells, rounded up when the step does not divide the bar (only a
/// `--step` chosen by the user can do that). A time maps to the cell whose start is nearest
/// (halves go to the later cell); a time that rounds past its bar's last cell goes to the next
/// bar's first cell. All arithmetic is exact.
struct RollGrid {
    /// The automatic grid is never finer than this many columns per whole note (16 per quarter).
    static let finestAutomaticColumns = 64

    /// Length of one cell, in whole notes.
    let step: Rational
    /// The first shown bar (1-based).
    let firstBar: Int
    /// Start of each shown bar, then the end of the last one (`barCount + 1` entries).
    let barStarts: [Rational]
    /// Cells in each shown bar.
    let barCells: [Int]
    /// Index of each shown bar's first cell, then the total cell count (`barCount + 1` entries).
    let firstCell: [Int]

    /// The number of shown bars.
    var barCount: Int { barCells.count }
    /// The number of cells in all shown bars.
    var cellCount: Int { firstCell[firstCell.count - 1] }
    /// Start of the first shown bar.
    var rangeStart: Rational { barStarts[0] }
    /// End of the last shown bar.
    var rangeEnd: Rational { barStarts[barStarts.count - 1] }

    /// Lays out `bars` (non-empty, valid for `meterMap`) with cells of `step` whole notes.
    init(meterMap: MeterMap, bars: ClosedRange<Int>, step: Rational) {
        self.step = step
        firstBar = bars.lowerBound
        barStarts = RollGrid.barStarts(meterMap: meterMap, bars: bars)
        var cells: [Int] = []
        var first: [Int] = [0]
        cells.reserveCapacity(bars.count)
        first.reserveCapacity(bars.count + 1)
        for index in 0..<bars.count {
            let count = (barStarts[index + 1] - barStarts[index]) / step
            let whole = count.floor + (count.isInteger ? 0 : 1)
            cells.append(max(1, whole))
            first.append(first[index] + cells[index])
        }
        barCells = cells
        firstCell = first
    }

    /// The start of each bar in `bars`, then the end of the last one.
    static func barStarts(meterMap: MeterMap, bars: ClosedRange<Int>) -> [Rational] {
        var starts: [Rational] = []
        starts.reserveCapacity(bars.count + 1)
        for bar in bars.lowerBound...(bars.upperBound + 1) { starts.append(meterMap.start(ofBar: bar)) }
        return starts
    }

    /// The index of the shown bar containing `time` (clamped to the shown bars).
    func barIndex(containing time: Rational) -> Int {
        var low = 0, high = barCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if barStarts[mid] <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The cell nearest to `time`, and whether `time` falls exactly on that cell's start.
    /// Times before the shown range map to cell 0, times after it to `cellCount`.
    func cell(at time: Rational) -> (index: Int, exact: Bool) {
        if time <= rangeStart { return (0, time == rangeStart) }
        if time >= rangeEnd { return (cellCount, time == rangeEnd) }
        let bar = barIndex(containing: time)
        let position = (time - barStarts[bar]) / step
        let nearest = position.roundedHalfUp
        if nearest >= barCells[bar] { return (firstCell[bar + 1], false) }
        return (firstCell[bar] + max(0, nearest), position.isInteger)
    }

    /// The length of a bar's beat, for the ruler's beat marks: the dotted note in compound
    /// meters (6/8, 9/8, 12/16: numerator a multiple of 3 above 3, denominator 8 or finer),
    /// otherwise one `1/denominator`.
    static func beat(of meter: MeterChange) -> Rational {
        if meter.numerator > 3, meter.numerator % 3 == 0, meter.denominator >= 8 { return Rational(3, meter.denominator) }
        return Rational(1, meter.denominator)
    }
}

extension RollGrid {
    /// The automatic step: one column per `1/n` of a whole note, where `n` is the least common
    /// multiple of the meters' denominators and of the denominators of every onset's and note
    /// end's offset from its bar line — the coarsest grid on which every bar line, beat, onset
    /// and end in the range falls exactly. When that needs more than `finestAutomaticColumns`
    /// columns per whole note, ends are dropped from the rule; when onsets alone still need more,
    /// the step is the one (a multiple of the beat grid, at most the finest) that moves the fewest
    /// onsets, then the fewest ends, then the coarsest.
    static func automaticStep(notes: [PerformedNote], meterMap: MeterMap, bars: ClosedRange<Int>) -> Rational {
        let starts = barStarts(meterMap: meterMap, bars: bars)
        let axis = RollGrid(barStarts: starts)
        var beatColumns = 1
        let segments = meterMap.segments
        for (index, segment) in segments.enumerated() where segment.bar <= bars.upperBound {
            let next = index + 1 < segments.count ? segments[index + 1].bar : Int.max
            guard next > bars.lowerBound else { continue }
            beatColumns = Rational.lcm(beatColumns, segment.meter.denominator) ?? finestAutomaticColumns
        }
        beatColumns = min(beatColumns, finestAutomaticColumns)
        var onsets: [Int: Int] = [:]
        var ends: [Int: Int] = [:]
        let (first, last) = (axis.rangeStart, axis.rangeEnd)
        for note in notes {
            if note.start >= first, note.start < last {
                onsets[axis.offsetDenominator(note.start), default: 0] += 1
            }
            if note.end > first, note.end < last {
                ends[axis.offsetDenominator(note.end), default: 0] += 1
            }
        }
        if let columns = lcm(beatColumns, Array(onsets.keys) + Array(ends.keys)) { return Rational(1, columns) }
        if let columns = lcm(beatColumns, Array(onsets.keys)) { return Rational(1, columns) }
        var best = (moved: Int.max, endsMoved: Int.max, columns: beatColumns)
        for columns in stride(from: beatColumns, through: finestAutomaticColumns, by: beatColumns) {
            let moved = onsets.reduce(0) { $0 + (columns % $1.key == 0 ? 0 : $1.value) }
            let endsMoved = ends.reduce(0) { $0 + (columns % $1.key == 0 ? 0 : $1.value) }
            if (moved, endsMoved) < (best.moved, best.endsMoved) { best = (moved, endsMoved, columns) }
        }
        return Rational(1, best.columns)
    }

    /// The lcm of `start` and `values`, or nil when it exceeds `finestAutomaticColumns`.
    static func lcm(_ start: Int, _ values: [Int]) -> Int? {
        var result = start
        for value in values {
            guard value > 0, let next = Rational.lcm(result, value), next <= finestAutomaticColumns else { return nil }
            result = next
        }
        return result
    }

    /// An axis of bar starts without cells, for locating times before the step is known.
    private init(barStarts: [Rational]) {
        step = Rational(1)
        firstBar = 1
        self.barStarts = barStarts
        barCells = Array(repeating: 1, count: barStarts.count - 1)
        firstCell = Array(0..<barStarts.count)
    }

    /// The reduced denominator of a time's offset from the start of its bar.
    func offsetDenominator(_ time: Rational) -> Int {
        let offset = time - barStarts[barIndex(containing: time)]
        return offset.isOverflow ? Int.max : offset.denominator
    }
}
