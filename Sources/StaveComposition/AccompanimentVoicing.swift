import StaveSyntax

/// The pitches of chord-tone words (LANGUAGE.md "Accompaniment (v3)", "Pitches" and "`chord`"):
/// with r the root's pitch class and base = 12·(octave + 1), the root is base + r and each other
/// word adds its role's interval; `chord` is the voiced chord, each voicing chosen closest to the
/// one before. It remembers the last voicing, so one value serves one comp track in time order.
struct Voicing {
    /// The pitches of the last `chord`, empty before the first.
    var previous: [Int] = []

    /// The pitches `tone` plays over `chord` at `base` (`approach` is the caller's: it needs the
    /// chord at the note's end).
    mutating func pitches(_ tone: ChordTone, of chord: Accompaniment.Chord, base: Int) -> [Int] {
        let intervals = chord.symbol.quality.intervals
        let root = base + chord.root
        switch tone {
        case .root, .approach: return [root]
        case .third: return [root + Voicing.third(intervals)]
        case .fifth: return [root + Voicing.fifth(intervals)]
        case .seventh: return [root + Voicing.seventh(chord.symbol.quality)]
        case .ninth: return [root + 14]
        case .bass: return [base + chord.bass]
        case .chord:
            let voiced = voice(Voicing.voicedIntervals(intervals, quality: chord.symbol.quality), root: chord.root, base: base)
            previous = voiced
            return voiced
        }
    }

    /// The third: the chord's 3 or 4, else its 2 or 5 (sus chords), else the fifth.
    static func third(_ intervals: [Int]) -> Int {
        intervals.first { $0 == 3 || $0 == 4 } ?? intervals.first { $0 == 2 || $0 == 5 } ?? fifth(intervals)
    }

    /// The fifth: the chord's 6, 7 or 8, else the root (0).
    static func fifth(_ intervals: [Int]) -> Int {
        intervals.first { $0 >= 6 && $0 <= 8 } ?? 0
    }

    /// The seventh: 9 in `dim7` only, else the chord's 10 or 11, else the octave (12).
    static func seventh(_ quality: ChordSymbol.Quality) -> Int {
        if quality == .diminishedSeventh { return 9 }
        return quality.intervals.first { $0 == 10 || $0 == 11 } ?? 12
    }

    /// The intervals `chord` voices: at most four; beyond four the fifth (6, 7 or 8) goes, then
    /// the root, then the lowest tone above the seventh (`13` keeps 3 7 9 13, `alt` 3 7 #9 b13).
    static func voicedIntervals(_ intervals: [Int], quality: ChordSymbol.Quality) -> [Int] {
        var kept = intervals
        if kept.count > 4, let fifth = kept.firstIndex(where: { $0 >= 6 && $0 <= 8 }) { kept.remove(at: fifth) }
        if kept.count > 4, let root = kept.firstIndex(of: 0) { kept.remove(at: root) }
        let seventh = seventh(quality)
        while kept.count > 4 {
            let above = kept.enumerated().filter { $0.element > seventh }.min { $0.element < $1.element }
            kept.remove(at: above?.offset ?? 0)
        }
        return kept
    }

    /// The close-position candidate for `intervals` over a root of class `root`: every rotation
    /// of the pitch classes stacked upward within an octave, its lowest pitch in base…base + 11.
    /// The first chord takes the rotation from the root (or the lowest interval kept); later
    /// ones the candidate nearest the previous voicing (the sum over its pitches of the
    /// distance to the nearest previous pitch), ties to the lower.
    func voice(_ intervals: [Int], root: Int, base: Int) -> [Int] {
        var classes: [Int] = []
        for interval in intervals {
            let pitchClass = (root + interval) % 12
            if !classes.contains(pitchClass) { classes.append(pitchClass) }
        }
        let sorted = classes.sorted()
        guard !sorted.isEmpty else { return [] }
        // The candidate whose lowest pitch is class sorted[start], into `pitches`.
        func candidate(_ start: Int, into pitches: inout [Int]) {
            pitches.removeAll(keepingCapacity: true)
            pitches.append(base + sorted[start])
            for step in 1..<max(1, sorted.count) where sorted.count > 1 {
                let pitchClass = sorted[(start + step) % sorted.count]
                let last = pitches[pitches.count - 1]
                pitches.append(last + ((pitchClass - last % 12) % 12 + 12) % 12)
            }
        }
        var pitches: [Int] = []
        pitches.reserveCapacity(sorted.count)
        guard !previous.isEmpty else {
            let lowest = intervals.min() ?? 0
            let first = (root + lowest) % 12
            candidate(sorted.firstIndex(of: first) ?? 0, into: &pitches)
            return pitches
        }
        var best: [Int] = []
        var bestDistance = Int.max
        for start in sorted.indices {
            candidate(start, into: &pitches)
            var distance = 0
            for pitch in pitches {
                var nearest = Int.max
                for before in previous { nearest = min(nearest, abs(before - pitch)) }
                distance += nearest
            }
            if distance < bestDistance || (distance == bestDistance && pitches[0] < best[0]) {
                best = pitches
                bestDistance = distance
            }
        }
        return best
    }
}
