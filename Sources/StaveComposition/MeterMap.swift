/// Converts between bars and exact time using the song's meter changes.
public struct MeterMap: Sendable {
    /// A run of bars in one meter.
    public struct Segment: Sendable {
        /// First bar of the run (1-based).
        public var bar: Int
        /// Time of that bar's start, in whole notes.
        public var start: Rational
        /// The meter of the run.
        public var meter: MeterChange
    }

    /// Segments in bar order; the first starts at bar 1.
    public private(set) var segments: [Segment]

    /// Builds the map; `meters` must start at bar 1 and be sorted by bar with no duplicates.
    public init(meters: [MeterChange]) {
        var segments: [Segment] = []
        var time = Rational.zero
        var previous: MeterChange?
        for meter in meters {
            if let previous, let last = segments.last {
                time = last.start + previous.barLength * (meter.bar - last.bar)
            }
            segments.append(Segment(bar: meter.bar, start: time, meter: meter))
            previous = meter
        }
        if segments.isEmpty {
            segments = [Segment(bar: 1, start: .zero, meter: MeterChange(bar: 1, numerator: 4, denominator: 4))]
        }
        self.segments = segments
    }

    /// Adds a meter change at or after the last segment's bar, as `init(meters:)` would place
    /// it (one at the last segment's bar replaces it). O(1): a reader of many changes in time
    /// order keeps one map up to date instead of building it again for each.
    public mutating func append(_ meter: MeterChange) {
        guard let last = segments.last else { return }
        if meter.bar == last.bar {
            segments[segments.count - 1].meter = meter
        } else {
            segments.append(Segment(bar: meter.bar, start: last.start + last.meter.barLength * (meter.bar - last.bar), meter: meter))
        }
    }

    /// Drops the last segment; the map of no changes (4/4 from bar 1) when it is the only one.
    public mutating func removeLast() {
        if segments.count > 1 {
            segments.removeLast()
        } else {
            segments = [Segment(bar: 1, start: .zero, meter: MeterChange(bar: 1, numerator: 4, denominator: 4))]
        }
    }

    /// The segment in force at a bar.
    func segment(forBar bar: Int) -> Segment {
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].bar <= bar { low = mid } else { high = mid - 1 }
        }
        return segments[low]
    }

    /// The segment in force at a time.
    func segment(forTime time: Rational) -> Segment {
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].start <= time { low = mid } else { high = mid - 1 }
        }
        return segments[low]
    }

    /// The time at which a bar (1-based) starts.
    public func start(ofBar bar: Int) -> Rational {
        let segment = segment(forBar: bar)
        return segment.start + segment.meter.barLength * (bar - segment.bar)
    }

    /// Where a time falls: the bar it is in, how far into that bar, and the meter in force.
    public func locate(_ time: Rational) -> (bar: Int, offset: Rational, meter: MeterChange) {
        let segment = segment(forTime: time)
        let barLength = segment.meter.barLength
        let bars = ((time - segment.start) / barLength).floor
        let offset = time - segment.start - barLength * bars
        return (segment.bar + bars, offset, segment.meter)
    }
}
