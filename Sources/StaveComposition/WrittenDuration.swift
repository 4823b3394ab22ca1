/// A written duration: `4`, `8.`, `2..` — and, as static members, the one rule of which lengths
/// Stave text can write. A single duration is `1 2 4 8 16 32 64` with up to three dots; a note
/// or rest may last any sum of them (`c2~8`, `r2 r8`); a tuplet lasts exactly one. In 512ths of
/// a whole note the singles are 8…960, so every written length is a whole number of 512ths, and
/// every whole number of 512ths from 34 on is a sum of singles. The save validator, the printer
/// and the MIDI import all ask here.
public struct WrittenDuration: Equatable, Sendable {
    /// 1, 2, 4, 8, 16, 32 or 64.
    public var value: Int
    /// 0…3.
    public var dots: Int

    public init(value: Int, dots: Int) {
        self.value = value
        self.dots = dots
    }

    /// The length in 512ths of a whole note.
    public var units: Int {
        let base = 512 / value
        return base * ((2 << dots) - 1) / (1 << dots)
    }

    /// The exact length in whole notes.
    public var length: Rational { Rational(units, 512) }

    /// As written: `8.`.
    public var text: String { "\(value)" + String(repeating: ".", count: dots) }
}

extension WrittenDuration {
    /// The 28 written durations.
    public static let all: [WrittenDuration] = [1, 2, 4, 8, 16, 32, 64].flatMap { value in (0...3).map { WrittenDuration(value: value, dots: $0) } }

    /// The lengths of the 28 singles in 512ths.
    static let singleUnits = Set(all.map(\.units))

    /// Sums of singles below 34 512ths (every larger count of 512ths is one).
    static let smallSums: Set<Int> = {
        var reachable = [true] + Array(repeating: false, count: 33)
        for total in 1..<34 {
            reachable[total] = singleUnits.contains { $0 <= total && reachable[total - $0] }
        }
        return Set((0..<34).filter { reachable[$0] })
    }()

    /// A length in 512ths of a whole note, when it is a whole number of them.
    public static func units(_ length: Rational) -> Int? {
        let scaled = length * 512
        return !scaled.isOverflow && scaled.isInteger ? scaled.numerator : nil
    }

    /// True when a length is one written duration (possibly dotted).
    public static func isSingle(_ length: Rational) -> Bool {
        units(length).map { singleUnits.contains($0) } ?? false
    }

    /// True when a positive length is a sum of written durations (a note tied inline, a run of rests).
    public static func isWritable(_ length: Rational) -> Bool {
        guard let count = units(length), count > 0 else { return false }
        return count >= 34 || smallSums.contains(count)
    }

    /// Lengths up to this many 512ths are spelled by search; longer ones start with whole notes.
    static let searchLimit = 2048

    /// The best spelling of every length up to `searchLimit`: nil when it cannot be written.
    static let spellings: [[WrittenDuration]?] = {
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

    /// The durations that add up to a length, longest first: one duration when it can, otherwise
    /// the fewest tied ones (`2~8`), preferring fewer dots, largest first (deterministic, so
    /// printing is too); nil when Stave cannot write it.
    public static func spell(_ length: Rational) -> [WrittenDuration]? {
        guard let total = units(length), total > 0 else { return nil }
        var remaining = total
        var wholes = 0
        if remaining > searchLimit {
            wholes = (remaining - searchLimit + 511) / 512
            remaining -= wholes * 512
        }
        guard let parts = spellings[remaining] else { return nil }
        guard wholes > 0 else { return parts }
        let whole = WrittenDuration(value: 1, dots: 0)
        return (parts + Array(repeating: whole, count: wholes)).sorted { $0.units > $1.units }
    }

    /// The single duration of a length, if it is one.
    public static func single(_ length: Rational) -> WrittenDuration? {
        // Written durations have lengths of their own, so a length that is one is spelled by it.
        guard let parts = spell(length), parts.count == 1 else { return nil }
        return parts[0]
    }

    /// A length for messages: `5/8 of a whole note`, `3 whole notes`.
    public static func describe(_ length: Rational) -> String {
        if length.isInteger { return length.numerator == 1 ? "1 whole note" : "\(length.numerator) whole notes" }
        return "\(length) of a whole note"
    }
}
