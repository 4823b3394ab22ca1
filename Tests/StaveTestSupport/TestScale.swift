import Foundation

/// How many inputs the property, fuzz and grammar loops try, read once from the environment:
/// `STAVE_TEST_SCALE` is a factor on every such loop's full count (1, the default, is the full
/// suite that CI runs; `Tests/run-all.sh --quick` sets 0.05; 20 searches harder). A loop never
/// runs fewer than its own minimum, so a scaled-down run still checks something.
public enum TestScale {
    /// The factor, clamped to 0.001…1000; 1 when the variable is unset or not a number.
    public static let factor: Double = {
        guard let text = ProcessInfo.processInfo.environment["STAVE_TEST_SCALE"],
              let value = Double(text), value.isFinite, value > 0 else { return 1 }
        return min(max(value, 0.001), 1000)
    }()

    /// `full` scaled by the factor, rounded up, and at least `minimum` (and at least 1).
    public static func count(_ full: Int, minimum: Int = 10) -> Int {
        let scaled = Int((Double(full) * factor).rounded(.up))
        return max(scaled, min(full, max(minimum, 1)))
    }
}
