import StaveComposition

/// A written duration: `4`, `8.`, `2..`.
struct WrittenDuration: Equatable {
    /// 1, 2, 4, 8, 16, 32 or 64.
    var value: Int
    /// 0…3.
    var dots: Int

    /// The length in 512ths of a whole note.
    var units: Int {
        let base = 512 / value
        return base * ((2 << dots) - 1) / (1 << dots)
    }

    /// The exact length in whole notes.
    var length: Rational { Rational(units, 512) }

    /// As written: `8.`.
    var text: String { "\(value)" + String(repeating: ".", count: dots) }
}

/// Spells lengths as written durations: one duration when it can, otherwise the fewest tied
/// ones (`2~8`), preferring fewer dots, largest first. Deterministic, so printing is too.
enum DurationSpeller {
    /// The 28 written durations.
    static let all: [WrittenDuration] = [1, 2, 4, 8, 16, 32, 64].flatMap { value in (0...3).map { WrittenDuration(value: value, dots: $0) } }

    /// Lengths up to this many 512ths are spelled by search; longer ones start with whole notes.
    static let searchLimit = 2048

    /// The best spelling of every length up to `searchLimit`: nil when it cannot be written.
    static let table: [[WrittenDuration]?] = {
        var best: [(terms: Int, dots: Int, parts: [WrittenDuration])?] = Array(repeating: nil, count: searchLimit + 1)
        best[0] = (0, 0, [])
        let byLength = all.sorted { $0.units > $1.units }
        for total in 1...searchLimit {
            for duration in byLength where duration.units <= total {
                guard let rest = best[total - duration.units] else { continue }
                if let current = best[total], (current.terms, current.dots) <= (rest.terms + 1, rest.dots + duration.dots) { continue }
                // The parts longest first: the new one goes before the first shorter one.
                var parts = rest.parts
                parts.insert(duration, at: parts.firstIndex { $0.units < duration.units } ?? parts.count)
                best[total] = (rest.terms + 1, rest.dots + duration.dots, parts)
            }
        }
        return best.map { $0?.parts }
    }()

    /// The durations that add up to a length, longest first; nil when Stave cannot write it.
    static func spell(_ length: Rational) -> [WrittenDuration]? {
        let scaled = length * 512
        guard !scaled.isOverflow, scaled.isInteger, scaled.numerator > 0 else { return nil }
        var remaining = scaled.numerator
        var wholes = 0
        if remaining > searchLimit {
            wholes = (remaining - searchLimit + 511) / 512
            remaining -= wholes * 512
        }
        guard let parts = table[remaining] else { return nil }
        guard wholes > 0 else { return parts }
        let whole = WrittenDuration(value: 1, dots: 0)
        return (parts + Array(repeating: whole, count: wholes)).sorted { $0.units > $1.units }
    }

    /// The single duration of a length, if it is one.
    static func single(_ length: Rational) -> WrittenDuration? {
        // Written durations have lengths of their own, so a length that is one is spelled by it.
        guard let parts = spell(length), parts.count == 1 else { return nil }
        return parts[0]
    }
}
