import StaveComposition

/// Which lengths Stave text can write. A single duration is `1 2 4 8 16 32 64` with up to
/// three dots; a note or rest may last any sum of them (`c2~8`, `r2 r8`); a tuplet lasts
/// exactly one. In 512ths of a whole note the singles are 8…960, so every written length is
/// a whole number of 512ths, and every whole number of 512ths from 34 on is a sum of singles.
enum WrittenDurations {
    /// The 28 single durations in 512ths of a whole note.
    static let singles: Set<Int> = {
        var values: Set<Int> = []
        for shift in 0...6 {
            let base = 512 >> shift
            for dots in 0...3 { values.insert(base * ((2 << dots) - 1) / (1 << dots)) }
        }
        return values
    }()

    /// Sums of singles below 34 (every larger count of 512ths is one).
    static let smallSums: Set<Int> = {
        var reachable = [true] + Array(repeating: false, count: 33)
        for total in 1..<34 {
            reachable[total] = singles.contains { $0 <= total && reachable[total - $0] }
        }
        return Set((0..<34).filter { reachable[$0] })
    }()

    /// A length in 512ths of a whole note, when it is a whole number of them.
    static func units(_ length: Rational) -> Int? {
        let scaled = length * 512
        return !scaled.isOverflow && scaled.isInteger ? scaled.numerator : nil
    }

    /// True when a length is one written duration (possibly dotted).
    static func isSingle(_ length: Rational) -> Bool {
        units(length).map { singles.contains($0) } ?? false
    }

    /// True when a positive length is a sum of written durations.
    static func isSum(_ length: Rational) -> Bool {
        guard let count = units(length), count > 0 else { return false }
        return count >= 34 || smallSums.contains(count)
    }

    /// A length for messages: `5/8 of a whole note`, `3 whole notes`.
    static func describe(_ length: Rational) -> String {
        if length.isInteger { return length.numerator == 1 ? "1 whole note" : "\(length.numerator) whole notes" }
        return "\(length) of a whole note"
    }
}
