#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock time per compiler phase, printed to standard error when `STAVE_TIMINGS` is set.
/// Used by the benchmark; costs nothing otherwise.
enum PhaseTimer {
    nonisolated(unsafe) private static var enabled = getenv("STAVE_TIMINGS") != nil
    nonisolated(unsafe) private static var last = now()
    nonisolated(unsafe) private static var lines: [String] = []

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Records the time since the previous mark under a phase name.
    static func mark(_ phase: String) {
        guard enabled else { return }
        let current = now()
        lines.append("\(phase): \(Int((current - last) * 1_000_000)) µs")
        last = current
    }

    static func report() {
        guard enabled else { return }
        SystemIO.printError(lines.joined(separator: "\n") + "\n")
    }
}
