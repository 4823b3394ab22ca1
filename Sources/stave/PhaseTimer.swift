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

    /// Records the time since the previous mark under a phase name, and the peak resident
    /// memory so far.
    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let current = PhaseTimer.now()
        lines.append("\(phase): \(Int((current - last) * 1_000_000)) µs, peak \(PhaseTimer.peakMegabytes()) MB")
        last = current
    }

    /// The process's peak resident memory so far, in MB.
    static func peakMegabytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return usage.ru_maxrss >> 20
        #else
        return usage.ru_maxrss >> 10
        #endif
    }

    /// Prints the phases recorded so far.
    func report() {
        guard enabled else { return }
        SystemIO.printError(lines.joined(separator: "\n") + "\n")
    }
}
