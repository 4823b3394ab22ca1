#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory before and after the fact: a song too large for the memory the process may use is
/// refused before it is built, and running out anyway ends with a one-line error and exit
/// status 1 instead of a crash report.
enum MemoryBudget {
    /// Bytes of memory per byte of song text, measured (Benchmarks/memory.py: about 25 for
    /// check and MIDI; 90 for the save format before version 4, about 55 since) and rounded up.
    static let perTextByte = 30
    static let perTextByteForSave = 100
    /// `stave fmt` keeps the lossless tree besides the syntax tree (Benchmarks/memory.py).
    static let perTextByteForFormat = 60
    /// Songs needing less than this are not checked (64 MB).
    static let checkedAbove = 64 << 20

    /// An error message when compiling `byteCount` bytes of text would need more memory than
    /// the process may use (its address-space limit, or the memory the system has available);
    /// nil when it fits or nothing is known.
    static func refusal(forTextBytes byteCount: Int, perByte: Int, path: String) -> String? {
        let (needed, overflow) = byteCount.multipliedReportingOverflow(by: perByte)
        // Everyday songs need a few megabytes: not worth reading the system's figures for.
        guard overflow || needed > MemoryBudget.checkedAbove, let available = available() else { return nil }
        guard overflow || needed > available else { return nil }
        return "\(path) (\(megabytes(byteCount))) needs about \(overflow ? "more than \(megabytes(Int.max))" : megabytes(needed)) of memory to compile, but only \(megabytes(available)) is available"
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 10 << 30 ? "\(bytes >> 30) GB" : "\(max(1, bytes >> 20)) MB"
    }

    /// The smaller of the address-space limit (`ulimit -v`) and, on Linux, the memory the
    /// system reports available; nil when neither is known.
    static func available() -> Int? {
        var candidates: [Int] = []
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        #else
        let resource = RLIMIT_AS
        #endif
        if getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int.max) {
            candidates.append(Int(limit.rlim_cur))
        }
        if let meminfo = try? SystemIO.read("/proc/meminfo") {
            for line in String(decoding: meminfo, as: UTF8.self).split(separator: "\n") where line.hasPrefix("MemAvailable:") {
                let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                if let kilobytes = digits { candidates.append(kilobytes * 1024) }
            }
        }
        return candidates.min()
    }

    /// Ends the process with "out of memory" (exit status 1) when an allocation fails: the
    /// Swift runtime then aborts (SIGABRT). The handler only writes a fixed message and exits,
    /// which is async-signal-safe; a pending output file is removed by `InterruptCleanup` first.
    static func installOutOfMemoryHandler() {
        _ = signal(SIGABRT) { _ in
            InterruptCleanup.removePending()
            let message: StaticString = "stave: error: out of memory\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(1)
        }
    }
}
