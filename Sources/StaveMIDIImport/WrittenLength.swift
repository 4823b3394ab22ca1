import StaveComposition

/// Which lengths Stave can write as a note's or a rest's duration: sums of the 28 written
/// durations (1 … 64 with up to three dots), that is whole multiples of 1/512 of a whole note
/// that such a sum reaches (`StavePrinter` spells them, tied inline where needed).
enum WrittenLength {
    /// Lengths in 512ths up to this are looked up; longer ones are whole notes plus a looked-up rest.
    static let limit = 2048

    /// `reachable[n]`: n 512ths is a sum of written durations.
    static let reachable: [Bool] = {
        let units = [1, 2, 4, 8, 16, 32, 64].flatMap { value in (0...3).map { dots in (512 / value) * ((2 << dots) - 1) / (1 << dots) } }
        var table = [Bool](repeating: false, count: limit + 1)
        table[0] = true
        for total in 1...limit {
            table[total] = units.contains { $0 <= total && table[total - $0] }
        }
        return table
    }()

    /// True when a positive length can be written.
    static func isWritable(_ length: Rational) -> Bool {
        guard length > .zero, 512 % length.denominator == 0 else { return false }
        var units = length.numerator * (512 / length.denominator)
        if units > limit { units -= ((units - limit + 511) / 512) * 512 }
        return reachable[units]
    }
}
