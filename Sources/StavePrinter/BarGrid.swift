import StaveComposition

/// Where an Original phrase may carry bar lines: the offsets (from its start) that fall on a
/// bar boundary at every placement of its notes — the Original itself, each Repeat copy and
/// each Sync (LANGUAGE.md rule 7). The start itself (offset 0) is never one.
struct BarGrid {
    /// One placement of an Original: `count` back-to-back copies from `start`.
    struct Placement {
        var start: Rational
        var count: Int
    }

    let meterMap: MeterMap
    /// Placements by track index and phrase index of the Original.
    private(set) var placements: [[Int: [Placement]]]
    /// The length of each Original phrase, by track ID and phrase ID.
    private(set) var lengths: [String: [String: Rational]] = [:]

    init(song: Song) {
        meterMap = MeterMap(meters: song.meters)
        placements = Array(repeating: [:], count: song.tracks.count)
        let originals = song.tracks.map(BarGrid.originals)
        var tracksByID: [String: Int] = [:]
        for (index, track) in song.tracks.enumerated() where tracksByID[track.id] == nil {
            tracksByID[track.id] = index
            lengths[track.id] = originals[index].compactMapValues { phraseIndex in
                guard case .original(let body) = track.phrases[phraseIndex].content else { return nil }
                return body.length
            }
        }
        for (trackIndex, track) in song.tracks.enumerated() {
            for (phraseIndex, phrase) in track.phrases.enumerated() {
                switch phrase.content {
                case .original:
                    placements[trackIndex][phraseIndex, default: []].append(Placement(start: phrase.start, count: 1))
                case .repeat(let source, let count):
                    if let target = originals[trackIndex][source] {
                        placements[trackIndex][target, default: []].append(Placement(start: phrase.start, count: count))
                    }
                case .sync(let sourceTrack, let source, _):
                    if let sourceIndex = tracksByID[sourceTrack], let target = originals[sourceIndex][source] {
                        placements[sourceIndex][target, default: []].append(Placement(start: phrase.start, count: 1))
                    }
                }
            }
        }
    }

    /// The length of an Original phrase (zero when there is none).
    func length(track: String, phrase: String) -> Rational {
        lengths[track]?[phrase] ?? .zero
    }

    /// The index of the first Original phrase with each ID.
    static func originals(_ track: Track) -> [String: Int] {
        var byID: [String: Int] = [:]
        for (index, phrase) in track.phrases.enumerated() {
            if let id = phrase.id, case .original = phrase.content, byID[id] == nil { byID[id] = index }
        }
        return byID
    }

    /// The valid bar-line offsets of an Original, in increasing order.
    func offsets(track: Int, phrase: Int, in song: Song) -> [Rational] {
        let original = song.tracks[track].phrases[phrase]
        guard case .original(let body) = original.content, body.length > .zero else { return [] }
        // Candidates: the bar boundaries inside the Original's own placement.
        var candidates: [Rational] = []
        var bar = meterMap.locate(original.start).bar + 1
        while true {
            let boundary = meterMap.start(ofBar: bar)
            guard !boundary.isOverflow, boundary <= original.start + body.length else { break }
            candidates.append(boundary - original.start)
            bar += 1
        }
        for placement in placements[track][phrase] ?? [] where !candidates.isEmpty {
            for copy in 0..<copiesToCheck(placement, length: body.length) where !candidates.isEmpty {
                let start = placement.start + body.length * copy
                candidates.removeAll { meterMap.locate(start + $0).offset != .zero }
            }
        }
        return candidates
    }

    /// Within one meter the bar positions of back-to-back copies repeat, so only as many
    /// copies as it takes to come back to the same place in the bar need checking.
    func copiesToCheck(_ placement: Placement, length: Rational) -> Int {
        let first = segmentIndex(placement.start)
        let last = segmentIndex(placement.start + length * placement.count)
        guard first == last, length > .zero else { return placement.count }
        let period = (length / meterMap.segments[first].meter.barLength).denominator
        return min(placement.count, max(1, period))
    }

    /// The meter segment in force at a time.
    func segmentIndex(_ time: Rational) -> Int {
        let segments = meterMap.segments
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].start <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
