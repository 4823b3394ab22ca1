import XCTest
@testable import StaveComposition

/// Exact time arithmetic: reduced results, no traps on overflow, rounding halves upward.
final class RationalTests: XCTestCase {
    func testArithmeticReduces() {
        XCTAssertEqual(Rational(1, 4) + Rational(1, 4), Rational(1, 2))
        XCTAssertEqual(Rational(1, 3) + Rational(1, 6), Rational(1, 2))
        XCTAssertEqual(Rational(3, 4) - Rational(1, 4), Rational(1, 2))
        XCTAssertEqual(Rational(2, 3) * Rational(9, 4), Rational(3, 2))
        XCTAssertEqual(Rational(1, 4) / 3, Rational(1, 12))
        XCTAssertEqual(Rational(5, 8) * 4, Rational(5, 2))
        XCTAssertEqual(Rational(7) + Rational(1, 8), Rational(57, 8))
        XCTAssertEqual(Rational(6, -8), Rational(-3, 4))
        XCTAssertEqual(Rational(0, 5), Rational.zero)
        XCTAssertEqual(Rational(-1, 3).denominator, 3)
    }

    /// A power-of-two denominator is reduced by shifting: the same fraction as dividing by
    /// the greatest common divisor, for every sign and zero.
    func testPowerOfTwoDenominatorsReduceAsByDivision() {
        var seed: UInt64 = 4242
        var checked = 0
        for _ in 0..<20_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let numerator = Int(truncatingIfNeeded: seed >> 20) % 1_000_000 - 500_000
            let denominator = 1 << Int(seed % 40)
            let reduced = Rational(numerator, denominator)
            let divisor = Rational.gcd(numerator.magnitude, UInt(denominator))   // gcd(0, d) is d
            XCTAssertEqual(reduced.numerator, numerator / Int(divisor), "\(numerator)/\(denominator)")
            XCTAssertEqual(reduced.denominator, denominator / Int(divisor), "\(numerator)/\(denominator)")
            checked += 1
        }
        XCTAssertEqual(checked, 20_000)
        XCTAssertEqual(Rational(0, 64), .zero)
        XCTAssertEqual(Rational(-12, 16), Rational(unchecked: -3, 4))
        XCTAssertEqual(Rational(12, -16), Rational(unchecked: -3, 4))
        XCTAssertEqual(Rational(Int.max, 1 << 62).denominator, 1 << 62)
    }

    func testGreatestCommonDivisorMatchesEuclid() {
        func euclid(_ a: UInt, _ b: UInt) -> UInt {
            var (a, b) = (a, b)
            while b != 0 { (a, b) = (b, a % b) }
            return a == 0 ? 1 : a
        }
        var seed: UInt64 = 12345
        for _ in 0..<20_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let a = UInt(seed >> 40) % 100_000, b = UInt(seed >> 12) % 5_000
            XCTAssertEqual(Rational.gcd(a, b), euclid(a, b), "gcd(\(a), \(b))")
        }
        XCTAssertEqual(Rational.gcd(0, 0), 1)
        XCTAssertEqual(Rational.gcd(0, 12), 12)
        XCTAssertEqual(Rational.gcd(48, 0), 48)
        XCTAssertEqual(Rational.gcd(1 << 40, 3 << 20), 1 << 20)
    }

    func testSumsAgreeWithTheSchoolbookFormula() {
        var seed: UInt64 = 99
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        let denominators = [1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 96, 128, 1024, 1 << 20, 5, 7]
        for _ in 0..<20_000 {
            let a = Rational(next(2001) - 1000, denominators[next(denominators.count)])
            let b = Rational(next(2001) - 1000, denominators[next(denominators.count)])
            let expected = Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
            XCTAssertEqual(a + b, expected, "\(a) + \(b)")
            XCTAssertEqual(a - b, Rational(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator))
        }
    }

    func testOverflowIsAValueNotATrap() {
        let huge = Rational(Int.max / 2, 3)
        XCTAssertTrue((huge * huge).isOverflow)
        XCTAssertTrue((Rational(1 << 62) + Rational(1 << 62)).isOverflow)
        XCTAssertFalse((huge + huge).isOverflow)
        XCTAssertTrue((Rational.overflow + Rational(1)).isOverflow)
        XCTAssertTrue((Rational(1) / Rational.zero).isOverflow)
        XCTAssertTrue(Rational(1, 0).isOverflow)
        XCTAssertTrue((Rational(1, Int.max) + Rational(1, Int.max - 1)).isOverflow)
    }

    func testComparisonDoesNotOverflow() {
        XCTAssertTrue(Rational(Int.max - 1, Int.max) < Rational(1))
        XCTAssertTrue(Rational(-5, 7) < Rational(-2, 3))
        XCTAssertFalse(Rational(1, 2) < Rational(2, 4))
    }

    func testRoundingHalvesUp() {
        XCTAssertEqual(Rational(5, 2).roundedHalfUp, 3)
        XCTAssertEqual(Rational(-5, 2).roundedHalfUp, -2)
        XCTAssertEqual(Rational(24, 5).roundedHalfUp, 5)
        XCTAssertEqual(Rational(72, 5).roundedHalfUp, 14)
        XCTAssertEqual(Rational(-7, 4).floor, -2)
        XCTAssertEqual(Rational(7, 4).floor, 1)
    }

    func testDecimalText() {
        XCTAssertEqual(Rational(185, 2).decimalText, "92.5")
        XCTAssertEqual(Rational(120).decimalText, "120")
        XCTAssertEqual(Rational(1, 8).decimalText, "0.125")
        XCTAssertEqual(Rational(1, 3).decimalText, "1/3")
    }

    /// Whole ticks at 1920 to the whole note (ppq 480): exact times only, nil between ticks
    /// and on overflow.
    func testTicksPerWholeAreExactOrNil() {
        XCTAssertEqual(Rational(3, 8).ticks(perWhole: 1920), 720)
        XCTAssertEqual(Rational(-1, 4).ticks(perWhole: 1920), -480)
        XCTAssertEqual(Rational(1, 3).ticks(perWhole: 1920), 640)
        XCTAssertNil(Rational(1, 7).ticks(perWhole: 1920))
        XCTAssertNil(Rational(1, 4096).ticks(perWhole: 1920))
        XCTAssertNil(Rational(Int.max / 2, 1).ticks(perWhole: 1920))
    }
}
