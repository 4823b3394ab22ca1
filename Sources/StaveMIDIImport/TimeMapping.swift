import StaveComposition

/// A tuplet window: `count` equal parts of a written duration `width` starting at `start`.
struct TupletWindow: Equatable {
    var start: Rational
    var width: Rational
    var count: Int

    var end: Rational { start + width }
    /// The length of one part.
    var part: Rational { width / count }
}

/// Finds, for the sorted boundary ticks of one voice (note starts and ends), exact times that
/// Stave can write and that compile back to the same ticks: a coarse binary grid where one
/// fits (down to sixty-fourths), otherwise a tuplet window — a written duration aligned in its
/// bar, split into n equal parts — that explains every boundary inside it. Windows whose edges
/// fall on boundaries (they cut no note) are tried first; then fewer parts win, then wider
/// windows, so `{c d e}4` comes back as a triplet of eighths and not a sextuplet, and
/// `{c {d e f} g}2` as one window of nine parts rather than small windows cutting notes.
struct TimeMapping {
    /// Binary grids tried first, coarsest first (divisions of a whole note).
    static let binaryGrids = [1, 2, 4, 8, 16, 32, 64]
    /// Tuplet part counts in order of preference; 2, 4 and 8 reach below sixty-fourths.
    static let partCounts = [3, 6, 5, 7, 9, 12, 10, 11, 13, 14, 15, 2, 4, 8, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32,
                             35, 36, 40, 42, 45, 48, 49, 54, 56, 60, 63, 64]
    /// Window widths (whole notes) in order of preference, widest first.
    static let widths = [Rational(1), Rational(1, 2), Rational(1, 4), Rational(1, 8), Rational(1, 16), Rational(1, 32), Rational(1, 64)]
    /// Dotted widths (`{…}8.`), tried from the boundary before, where a tuplet would start.
    static let dottedWidths: [Rational] = widths.flatMap { width in [width * Rational(3, 2), width * Rational(7, 4), width * Rational(15, 8)] }

    let clock: TickTime
    let meterMap: MeterMap

    /// The times of each boundary, the tuplet windows, and how many boundaries had no exact
    /// time Stave can write (moved to the nearest sixty-fourth after the previous one).
    /// The first tick, when it is the tick of `origin`, takes that time.
    /// Ticks in `plainTicks` (tempo changes) stay outside tuplet windows.
    func map(_ ticks: [Int], origin: Rational = .zero, plainTicks: Set<Int> = []) -> (times: [Rational], windows: [TupletWindow], inexact: Int) {
        var times = [Rational](repeating: .zero, count: ticks.count)
        var windows: [TupletWindow] = []
        var inexact = 0
        var index = 0
        if let first = ticks.first, first == clock.tick(origin) {
            times[0] = origin
            index = 1
        }
        while index < ticks.count {
            let tick = ticks[index]
            if let last = windows.last, clock.tick(last.end) == tick {
                times[index] = last.end
                index += 1
                continue
            }
            if let time = binary(tick, grids: TimeMapping.binaryGrids) {
                times[index] = time
                index += 1
                continue
            }
            let earliest = windows.last?.end ?? origin
            if !plainTicks.contains(tick), let (window, next) = window(for: index, ticks: ticks, times: &times, after: earliest, cleanEdges: true, plainTicks: plainTicks) {
                windows.append(window)
                index = next
                continue
            }
            // A tempo change cannot stand inside a tuplet: it may take a finer binary time.
            if plainTicks.contains(tick), let time = binary(tick, grids: [128, 256, 512]), index == 0 || WrittenDuration.isWritable(time - times[index - 1]) {
                times[index] = time
                index += 1
                continue
            }
            if !plainTicks.contains(tick), let (window, next) = window(for: index, ticks: ticks, times: &times, after: earliest, cleanEdges: false, plainTicks: plainTicks) {
                windows.append(window)
                index = next
                continue
            }
            inexact += 1
            var time = Rational(clock.nearest(tick, grid: 64), 64)
            if index > 0, time <= times[index - 1] { time = times[index - 1] + Rational(1, 64) }
            times[index] = time
            index += 1
        }
        return (times, windows, inexact)
    }

    /// The coarsest binary time that compiles to `tick`.
    func binary(_ tick: Int, grids: [Int]) -> Rational? {
        for grid in grids {
            let k = clock.nearest(tick, grid: grid)
            if clock.tick(k, over: grid) == tick { return Rational(k, grid) }
        }
        return nil
    }

    /// A tuplet window around boundary `index` that explains every boundary inside it; the
    /// times of those boundaries are written into `times`. Returns the window and the index of
    /// the first boundary after it.
    func window(for index: Int, ticks: [Int], times: inout [Rational], after earliest: Rational, cleanEdges: Bool,
                plainTicks: Set<Int> = []) -> (TupletWindow, Int)? {
        let exact = clock.time(ticks[index])
        let place = meterMap.locate(exact)
        let barStart = exact - place.offset
        let barEnd = barStart + place.meter.barLength
        // Windows aligned in the bar, then windows starting at the boundary before.
        var shapes: [(start: Rational, width: Rational)] = TimeMapping.widths.map { (barStart + $0 * (place.offset / $0).floor, $0) }
        if index > 0 {
            let anchor = times[index - 1]
            shapes += (TimeMapping.widths + TimeMapping.dottedWidths).compactMap { shape in
                shapes.contains { $0.start == anchor && $0.width == shape } ? nil : (anchor, shape)
            }
        }
        for count in TimeMapping.partCounts {
            for (start, width) in shapes {
                let window = TupletWindow(start: start, width: width, count: count)
                // Plain notes between windows stay on the sixty-fourth grid, so Stave can write them.
                guard start >= earliest, window.end <= barEnd, 64 % window.end.denominator == 0 else { continue }
                let startTick = clock.tick(start), endTick = clock.tick(window.end)
                guard startTick < ticks[index], ticks[index] < endTick else { continue }
                // The boundaries inside: back to the window's start, forward to its end.
                var first = index
                while first > 0, ticks[first - 1] > startTick { first -= 1 }
                var last = index
                while last + 1 < ticks.count, ticks[last + 1] < endTick { last += 1 }
                if cleanEdges {
                    guard first > 0, ticks[first - 1] == startTick, last + 1 < ticks.count, ticks[last + 1] == endTick else { continue }
                }
                if !plainTicks.isEmpty, ticks[first...last].contains(where: plainTicks.contains) { continue }
                var found: [Rational] = []
                found.reserveCapacity(last - first + 1)
                var previousPart = 0
                var fits = true
                for position in first...last {
                    guard let part = self.part(of: ticks[position], in: window, after: previousPart) else { fits = false; break }
                    found.append(start + window.part * part)
                    previousPart = part
                }
                guard fits else { continue }
                if first > 1, ticks[first - 1] == startTick { times[first - 1] = start }
                for (offset, time) in found.enumerated() { times[first + offset] = time }
                return (window, last + 1)
            }
        }
        return nil
    }

    /// The part boundary (1…count−1, after `previous`) of a window that compiles to `tick`.
    func part(of tick: Int, in window: TupletWindow, after previous: Int) -> Int? {
        let estimate = ((clock.time(tick) - window.start) / window.part).roundedHalfUp
        for candidate in [estimate, estimate - 1, estimate + 1] where candidate > previous && candidate < window.count {
            if clock.tick(window.start + window.part * candidate) == tick { return candidate }
        }
        return nil
    }
}
