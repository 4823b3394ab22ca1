/// An exact fraction, used for musical time in whole notes (a quarter note is 1/4).
///
/// Arithmetic never traps: a result that does not fit in 64 bits becomes `Rational.overflow`
/// (denominator 0), which stays overflow through further arithmetic, so callers check once.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The numerator; the sign lives here.
    public let numerator: Int
    /// The denominator: positive, or 0 for `overflow`.
    public let denominator: Int

    /// Zero.
    public static let zero = Rational(0)
    /// The result of arithmetic that did not fit.
    public static let overflow = Rational(unchecked: 0, 0)

    /// An integer.
    public init(_ value: Int) {
        numerator = value
        denominator = 1
    }

    init(unchecked numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The reduced fraction `numerator / denominator`; overflow when the denominator is 0.
    public init(_ numerator: Int, _ denominator: Int) {
        guard denominator != 0, numerator != Int.min, denominator != Int.min else {
            self = .overflow
            return
        }
        if denominator > 0, denominator & (denominator &- 1) == 0 {
            // A power of two (plain note values): reduce by shifting, without dividing.
            let reduce = min(numerator.trailingZeroBitCount, denominator.trailingZeroBitCount)
            self.numerator = numerator >> reduce
            self.denominator = denominator >> reduce
            return
        }
        let divisor = Rational.gcd(numerator.magnitude, denominator.magnitude)
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / Int(divisor)
        self.denominator = sign * denominator / Int(divisor)
    }

    /// True when arithmetic overflowed.
    public var isOverflow: Bool { denominator == 0 }

    /// True when this is a whole number.
    public var isInteger: Bool { denominator == 1 }

    /// Greatest common divisor (1 for 0 and 0), by Stein's binary algorithm: musical
    /// denominators are mostly powers of two, which it handles in a few shifts.
    @inline(__always)
    static func gcd(_ a: UInt, _ b: UInt) -> UInt {
        if a == 0 { return b == 0 ? 1 : b }
        if b == 0 { return a }
        if a == 1 || b == 1 { return 1 }
        var a = a, b = b
        let shift = (a | b).trailingZeroBitCount
        a >>= a.trailingZeroBitCount
        repeat {
            b >>= b.trailingZeroBitCount
            if a > b { swap(&a, &b) }
            b -= a
        } while b != 0
        return a << shift
    }

    /// Least common multiple, nil on overflow.
    public static func lcm(_ a: Int, _ b: Int) -> Int? {
        let divisor = Int(gcd(a.magnitude, b.magnitude))
        let (product, overflow) = (a / divisor).multipliedReportingOverflow(by: b)
        return overflow ? nil : product.magnitude > Int.max ? nil : abs(product)
    }

    /// Exact sum; `overflow` when it does not fit.
    public static func + (a: Rational, b: Rational) -> Rational {
        guard !a.isOverflow, !b.isOverflow else { return .overflow }
        if b.numerator == 0 { return a }
        if a.numerator == 0 { return b }
        if a.denominator == b.denominator {
            let (sum, o) = a.numerator.addingReportingOverflow(b.numerator)
            if o { return .overflow }
            return a.denominator == 1 ? Rational(unchecked: sum, 1) : Rational(sum, a.denominator)
        }
        // Both denominators powers of two (plain note values): align by shifting, reduce by shifting.
        if a.denominator & (a.denominator - 1) == 0, b.denominator & (b.denominator - 1) == 0 {
            let (large, small) = a.denominator >= b.denominator ? (a, b) : (b, a)
            let shift = large.denominator.trailingZeroBitCount - small.denominator.trailingZeroBitCount
            guard shift < 62, small.numerator.magnitude < (1 << (62 - shift)) else { return .overflow }
            let (sum, o) = large.numerator.addingReportingOverflow(small.numerator << shift)
            if o { return .overflow }
            if sum == 0 { return .zero }
            let reduce = min(sum.trailingZeroBitCount, large.denominator.trailingZeroBitCount)
            return Rational(unchecked: sum >> reduce, large.denominator >> reduce)
        }
        if b.denominator == 1 || a.denominator == 1 {
            // n/d + m = (n + m·d)/d, already reduced.
            let (whole, fraction) = a.denominator == 1 ? (a.numerator, b) : (b.numerator, a)
            let (scaled, o1) = whole.multipliedReportingOverflow(by: fraction.denominator)
            let (sum, o2) = scaled.addingReportingOverflow(fraction.numerator)
            return o1 || o2 ? .overflow : Rational(unchecked: sum, fraction.denominator)
        }
        let divisor = Int(gcd(a.denominator.magnitude, b.denominator.magnitude))
        let (left, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator / divisor)
        let (right, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator / divisor)
        let (sum, o3) = left.addingReportingOverflow(right)
        let (denominator, o4) = (a.denominator / divisor).multipliedReportingOverflow(by: b.denominator)
        if o1 || o2 || o3 || o4 { return .overflow }
        return Rational(sum, denominator)
    }

    /// The negation.
    public static prefix func - (a: Rational) -> Rational {
        a.isOverflow || a.numerator == Int.min ? .overflow : Rational(unchecked: -a.numerator, a.denominator)
    }

    /// Exact difference; `overflow` when it does not fit.
    public static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

    /// Exact product; `overflow` when it does not fit.
    public static func * (a: Rational, b: Rational) -> Rational {
        guard !a.isOverflow, !b.isOverflow else { return .overflow }
        let g1 = Int(gcd(a.numerator.magnitude, b.denominator.magnitude))
        let g2 = Int(gcd(b.numerator.magnitude, a.denominator.magnitude))
        let (n, o1) = (a.numerator / g1).multipliedReportingOverflow(by: b.numerator / g2)
        let (d, o2) = (a.denominator / g2).multipliedReportingOverflow(by: b.denominator / g1)
        return o1 || o2 ? .overflow : Rational(n, d)
    }

    /// Exact product with an integer; `overflow` when it does not fit.
    public static func * (a: Rational, b: Int) -> Rational {
        guard !a.isOverflow else { return .overflow }
        let divisor = Int(gcd(a.denominator.magnitude, b.magnitude))
        let (n, o) = a.numerator.multipliedReportingOverflow(by: b / divisor)
        return o ? .overflow : Rational(unchecked: n, a.denominator / divisor)
    }

    /// Exact quotient; `overflow` for division by zero or when it does not fit.
    public static func / (a: Rational, b: Rational) -> Rational {
        guard !b.isOverflow, b.numerator != 0 else { return .overflow }
        return a * Rational(b.denominator, b.numerator)
    }

    /// Exact quotient by an integer.
    public static func / (a: Rational, b: Int) -> Rational { a / Rational(b) }

    /// Ordering, computed in 128 bits so it never overflows.
    public static func < (a: Rational, b: Rational) -> Bool {
        // Compare without overflow by widening to 128-bit via multipliedFullWidth.
        let left = a.numerator.multipliedFullWidth(by: b.denominator)
        let right = b.numerator.multipliedFullWidth(by: a.denominator)
        return left.high != right.high ? left.high < right.high : left.low < right.low
    }

    /// The largest integer not above this value.
    public var floor: Int {
        guard !isOverflow else { return 0 }
        let quotient = numerator / denominator
        return numerator % denominator != 0 && numerator < 0 ? quotient - 1 : quotient
    }

    /// This time in whole ticks at `perWhole` ticks to the whole note (4 × ppq); nil when it
    /// falls between two ticks or the count overflows.
    @inlinable
    public func ticks(perWhole: Int) -> Int? {
        guard denominator > 0, perWhole % denominator == 0 else { return nil }
        let (ticks, overflow) = numerator.multipliedReportingOverflow(by: perWhole / denominator)
        return overflow ? nil : ticks
    }

    /// The nearest integer, halves rounding upward.
    public var roundedHalfUp: Int {
        guard !isOverflow else { return 0 }
        // floor(x + 1/2) = floor((2n + d) / 2d)
        let (twice, o1) = numerator.multipliedReportingOverflow(by: 2)
        let (sum, o2) = twice.addingReportingOverflow(denominator)
        let (den, o3) = denominator.multipliedReportingOverflow(by: 2)
        if o1 || o2 || o3 { return Int(Double(numerator) / Double(denominator) + 0.5) }
        return Rational(unchecked: sum, den).floor
    }

    /// A readable form, for messages and debugging.
    public var description: String {
        isOverflow ? "overflow" : denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
}
