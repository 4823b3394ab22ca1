#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock time per compiler phase, printed to standard error when `STAVE_TIMINGS` is set.
/// Used by the benchmark; costs nothing otherwise. A value owned by the command that runs.
struct PhaseTimer {
    private let enabled: Bool
    private var last: Double
    private var lines: [String] = []

    init(enabled: Bool = getenv("STAVE_TIMINGS") != nil) {
        self.enabled = enabled
        self.last = PhaseTimer.now()
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Records the time since the previous mark under a phase name.
    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let current = PhaseTimer.now()
        lines.append("\(phase): \(Int((current - last) * 1_000_000)) µs")
        last = current
    }

    /// Prints the phases recorded so far.
    func report() {
        guard enabled else { return }
        SystemIO.printError(lines.joined(separator: "\n") + "\n")
    }
}
