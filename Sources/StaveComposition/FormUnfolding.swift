/// The one performance of a song (LANGUAGE.md "Form (v3)", rule 17): the order in which its
/// written bars are played, as a list of segments. Every backend that plays the song (MIDI,
/// audio, the piano roll, `--from/--to`) asks this type; MusicXML, the save format and
/// `stave print` keep the written score.
///
/// A segment is a run of consecutive written bars played back to back; two segments never
/// continue each other (where the next segment starts at the next written bar they are one
/// segment), so every segment's end is a seam: notes still sounding there are cut, and the
/// next segment re-establishes the tempo and meter in force at its written start.
public struct FormUnfolding: Equatable, Sendable {
    /// A run of written bars `[firstBar, lastBar]` placed in the performance.
    public struct Segment: Equatable, Sendable {
        /// The first written bar (1-based).
        public var firstBar: Int
        /// The last written bar (inclusive).
        public var lastBar: Int
        /// Where the run starts in the written score, in whole notes.
        public var writtenStart: Rational
        /// Where it ends in the written score (the start of the bar after `lastBar`).
        public var writtenEnd: Rational
        /// Where it starts in the performance, in whole notes.
        public var performedStart: Rational
        /// The performance bar (1-based) where it starts.
        public var performedBar: Int

        /// Written time → performed time, for a time inside the segment.
        @inline(__always)
        public func performed(_ written: Rational) -> Rational { written - writtenStart + performedStart }
        /// How long it lasts.
        public var length: Rational { writtenEnd - writtenStart }
        /// The number of bars it plays.
        public var barCount: Int { lastBar - firstBar + 1 }
    }

    /// The segments in performance order.
    public var segments: [Segment]
    /// The written score's last bar.
    public var writtenBars: Int

    /// True when the performance is the written score played once (a song without a form).
    public var isIdentity: Bool { segments.count <= 1 && (segments.first.map { $0.firstBar == 1 && $0.lastBar == writtenBars } ?? true) }

    /// The performance's length in whole notes.
    public var length: Rational { segments.last.map { $0.performedStart + $0.length } ?? .zero }
    /// The number of bars the performance plays.
    public var performedBars: Int { segments.last.map { $0.performedBar + $0.barCount - 1 } ?? 0 }

    /// The written bar that performance bar `bar` (1-based) plays, or nil past the end.
    public func writtenBar(ofPerformedBar bar: Int) -> Int? {
        guard let index = segmentIndex(ofPerformedBar: bar) else { return nil }
        return segments[index].firstBar + bar - segments[index].performedBar
    }

    /// The segment that plays performance bar `bar`, by binary search.
    public func segmentIndex(ofPerformedBar bar: Int) -> Int? {
        guard bar >= 1, bar <= performedBars else { return nil }
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].performedBar <= bar { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The unfolding of a song whose form checked without errors.
    public init(_ song: Song) {
        let bars = Form.writtenBars(of: song)
        self.init(runs: FormUnfolding.runs(of: song.form, writtenBars: bars), writtenBars: bars, meterMap: MeterMap(meters: song.meters))
    }

    /// Segments from runs of written bars (merged where one continues the other).
    init(runs: [ClosedRange<Int>], writtenBars: Int, meterMap: MeterMap) {
        self.writtenBars = writtenBars
        var segments: [Segment] = []
        var performed = Rational.zero
        var performedBar = 1
        for run in FormUnfolding.merged(runs) {
            let start = meterMap.start(ofBar: run.lowerBound), end = meterMap.start(ofBar: run.upperBound + 1)
            segments.append(Segment(firstBar: run.lowerBound, lastBar: run.upperBound, writtenStart: start, writtenEnd: end,
                                    performedStart: performed, performedBar: performedBar))
            performed = performed + (end - start)
            performedBar += run.count
        }
        self.segments = segments
    }

    /// Runs joined where the next starts at the bar after the one before ends.
    static func merged(_ runs: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for run in runs {
            if let last = out.last, last.upperBound + 1 == run.lowerBound {
                out[out.count - 1] = last.lowerBound...run.upperBound
            } else {
                out.append(run)
            }
        }
        return out
    }

    /// The runs of written bars in performance order: passes and endings by LilyPond's rule,
    /// the jump taken once at the end of its bar, then the jump pass (each repeat once with
    /// its last ending) up to the Fine, or via To Coda to the coda, or to the end.
    /// Linear in the number of repeats plus the number of runs.
    public static func runs(of form: Form, writtenBars: Int) -> [ClosedRange<Int>] {
        guard writtenBars >= 1 else { return [] }
        let repeats = form.repeats.sorted { $0.first < $1.first }
        var out: [ClosedRange<Int>] = []
        // The first pass, until the jump (or the end).
        var bar = 1, next = 0
        var jumped = false
        func reachesJump(_ run: ClosedRange<Int>) -> Bool {
            guard let jump = form.jump, run.contains(jump.bar) else { return false }
            out.append(run.lowerBound...jump.bar)
            return true
        }
        firstPass: while bar <= writtenBars {
            while next < repeats.count, repeats[next].first < bar { next += 1 }
            if next < repeats.count, repeats[next].first == bar {
                let section = repeats[next]
                for pass in 0..<section.passes {
                    if reachesJump(section.first...section.last) { jumped = true; break firstPass }
                    out.append(section.first...section.last)
                    if let ending = section.ending(onPass: pass) {
                        let run = section.endings[ending]
                        if reachesJump(run) { jumped = true; break firstPass }
                        out.append(run)
                    }
                }
                bar = section.end + 1
                continue
            }
            let stop = min(next < repeats.count ? repeats[next].first - 1 : writtenBars, writtenBars)
            if reachesJump(bar...stop) { jumped = true; break }
            out.append(bar...stop)
            bar = stop + 1
        }
        guard jumped, let jump = form.jump else { return out }
        // The jump pass.
        let target = jump.toSegno ? (form.segno?.bar ?? 1) : 1
        let stop = form.fine?.bar ?? form.toCoda?.bar
        var stopped = false
        // Runs from `from` to the end with every repeat collapsed; `stopAt` cuts the walk.
        func collapsed(from start: Int, stopAt: Int?) {
            var bar = start
            var index = 0
            func emit(_ run: ClosedRange<Int>) -> Bool {
                guard run.lowerBound <= run.upperBound else { return false }
                if let stopAt, run.contains(stopAt) {
                    out.append(run.lowerBound...stopAt)
                    stopped = true
                    return true
                }
                out.append(run)
                return false
            }
            while bar <= writtenBars {
                while index < repeats.count, repeats[index].end < bar { index += 1 }
                if index < repeats.count, repeats[index].first <= bar {
                    let section = repeats[index]
                    if bar <= section.last {
                        if emit(bar...section.last) { return }
                        if let last = section.endings.last, emit(last) { return }
                    } else if let ending = section.endings.first(where: { $0.contains(bar) }) {
                        if emit(bar...ending.upperBound) { return }
                    }
                    bar = section.end + 1
                    continue
                }
                let end = min(index < repeats.count ? repeats[index].first - 1 : writtenBars, writtenBars)
                if emit(bar...end) { return }
                bar = end + 1
            }
        }
        collapsed(from: target, stopAt: stop)
        if stopped, form.toCoda != nil, let coda = form.coda {
            collapsed(from: coda.bar, stopAt: nil)
        }
        return out
    }
}

extension Form {
    /// The written score's last bar: the last bar that any phrase reaches, or the last bar a
    /// header `tempo`, `meter` or `marker` statement names, whichever is later (the form's own
    /// statements do not extend it).
    public static func writtenBars(of song: Song) -> Int {
        var bars = phraseBars(of: song)
        for tempo in song.tempos { bars = max(bars, tempo.bar) }
        for ramp in song.tempoRamps { bars = max(bars, ramp.through) }
        for meter in song.meters { bars = max(bars, meter.bar) }
        for marker in song.markers { bars = max(bars, marker.bar) }
        return bars
    }
}

extension Form {
    /// The last bar any phrase (with its copies) reaches: the bar its end falls in (an end on
    /// a bar line does not reach into the next bar); 0 without phrases.
    static func phraseBars(of song: Song) -> Int {
        var end = Rational.zero
        for track in song.tracks {
            for phrase in track.phrases {
                let length: Rational, copies: Int
                switch phrase.content {
                case .original(let body): (length, copies) = (body.length, 1)
                case .repeat(let source, let times):
                    guard let body = track.original(source) else { continue }
                    (length, copies) = (body.length, times)
                case .sync(let sourceTrack, let source, _):
                    guard let body = song.track(sourceTrack)?.original(source) else { continue }
                    (length, copies) = (body.length, 1)
                }
                end = max(end, phrase.start + length * copies)
            }
        }
        guard !end.isOverflow, end > .zero else { return 0 }
        let (bar, offset, _) = MeterMap(meters: song.meters).locate(end)
        return offset == .zero ? bar - 1 : bar
    }
}

extension FormUnfolding {
    /// For each segment in performance order, the indices of `times` (sorted ascending, in
    /// written time) that lie inside it: O(segments · log n).
    public func ranges(ofSorted times: [Rational]) -> [Range<Int>] {
        func firstIndex(notBefore time: Rational) -> Int {
            var low = 0, high = times.count
            while low < high {
                let mid = (low + high) / 2
                if times[mid] < time { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return segments.map { firstIndex(notBefore: $0.writtenStart)..<firstIndex(notBefore: $0.writtenEnd) }
    }

    /// The segments (indices, in performance order) that play some of the written span
    /// `[start, end)`, given `barSegments` (`segmentsByBar()`): each found once, from the bars
    /// the span covers.
    public func segments(overlapping start: Rational, _ end: Rational, meterMap: MeterMap, barSegments: [[Int]]) -> [Int] {
        guard end > start else { return [] }
        let first = meterMap.locate(start).bar
        let (endBar, offset, _) = meterMap.locate(end)
        let last = min(offset == .zero ? endBar - 1 : endBar, barSegments.count - 1)
        guard first <= last else { return [] }
        var found: [Int] = []
        for bar in first...last {
            for index in barSegments[bar] where max(first, segments[index].firstBar) == bar { found.append(index) }
        }
        return found.sorted()
    }

    /// For every written bar (index 0 unused), the segments that play it, in performance order.
    public func segmentsByBar() -> [[Int]] {
        var byBar = [[Int]](repeating: [], count: writtenBars + 1)
        for (index, segment) in segments.enumerated() {
            for bar in segment.firstBar...min(segment.lastBar, writtenBars) { byBar[bar].append(index) }
        }
        return byBar
    }
}
