/// Finds overlapping phrases on one track's timeline. Shared by the front end (which reports at
/// a source position) and the save-file validator (which reports at a JSON path).
public struct PhraseOverlap: Equatable, Sendable {
    /// The phrase later in the track's order, which the problem is reported at.
    public var later: Int
    /// The phrase it overlaps.
    public var earlier: Int
    /// The bars they share, as shown in messages: `bar 3` or `bars 3–4`.
    public var bars: String

    /// The overlaps among phrase spans `[start, end)` given in track order. Empty phrases overlap
    /// nothing; each overlapping phrase is reported once, against the one that reaches furthest.
    public static func find(_ spans: [(start: Rational, end: Rational)], meterMap: MeterMap) -> [PhraseOverlap] {
        let order = spans.indices.sorted { spans[$0].start != spans[$1].start ? spans[$0].start < spans[$1].start : $0 < $1 }
        var found: [PhraseOverlap] = []
        var latest: Int?
        for index in order {
            let current = spans[index]
            if let previous = latest, spans[previous].end > current.start, current.end > current.start {
                let overlapEnd = min(spans[previous].end, current.end)
                let firstBar = meterMap.locate(current.start).bar
                // The bar holding the overlap's last instant: a boundary belongs to the bar before it.
                let (endBar, endOffset, _) = meterMap.locate(overlapEnd)
                let lastBar = endOffset == .zero ? endBar - 1 : endBar
                let bars = firstBar >= lastBar ? "bar \(firstBar)" : "bars \(firstBar)–\(lastBar)"
                found.append(PhraseOverlap(later: max(previous, index), earlier: min(previous, index), bars: bars))
            }
            if latest == nil || current.end > spans[latest!].end { latest = index }
        }
        return found
    }
}
