#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few system calls the composition root needs: read a file or standard input, write
/// output atomically (`OutputFile`), print to the standard streams. Plain libc keeps start-up
/// fast; the imports above make it the C library of Linux (glibc or musl) or of Darwin.
enum SystemIO {
    /// Something went wrong reading or writing; the message is shown to the user (exit status 2).
    struct Failure: Error {
        var message: String
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// Reads a whole file, or standard input for `-`.
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(message: "cannot read '\(path)': \(errorText())") }
        defer { if descriptor != 0 { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "cannot read '\(path)': it is a directory")
        }
        var bytes: [UInt8] = []
        if status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read '\(path)': \(errorText())")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// The C library's `read(2)` (the name `read` is taken by the function above).
    static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Writes all bytes to a descriptor.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// True when both paths name one file (same device and inode, symbolic links followed);
    /// `-` as the input is standard input. Writing the output would then destroy the input.
    static func isSameFile(input: String, output: String) -> Bool {
        guard output != "-" else { return false }
        var inputStatus = stat(), outputStatus = stat()
        let found = input == "-" ? fstat(0, &inputStatus) == 0 : stat(input, &inputStatus) == 0
        guard found, stat(output, &outputStatus) == 0 else { return false }
        return inputStatus.st_dev == outputStatus.st_dev && inputStatus.st_ino == outputStatus.st_ino
    }

    /// True when something exists at `path` (errno says why not, when not).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Writes output atomically; see `OutputFile`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        try OutputFile.write(bytes, to: path)
    }

    /// Sleeps for `milliseconds`, resuming after a signal.
    static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// Exits at once, skipping the release of everything still alive.
    static func exitNow(_ status: Int32) -> Never {
        exit(status)
    }

    /// Ends the process without tearing `value` down: a large song takes a tenth of a run to
    /// free, note by note, and the system takes the memory back at once. (`withExtendedLifetime`
    /// around a call that never returns does not do it: what would follow the call is dead code
    /// to the optimizer, which may then free the value first — and did.)
    static func exitNow<Kept>(_ status: Int32, keeping value: Kept) -> Never {
        _ = Unmanaged.passRetained(KeptAlive(value))
        exit(status)
    }

    static func printError(_ text: String) {
        _ = writeAll(2, Array(text.utf8))
    }

    static func printOut(_ text: String) {
        _ = writeAll(1, Array(text.utf8))
    }

    /// True when standard error is a terminal and `NO_COLOR` is unset.
    static var colorOnStandardError: Bool {
        isatty(2) != 0 && getenv("NO_COLOR") == nil
    }

    /// True when standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(1) != 0 }

    /// The terminal's width in columns, if standard output is a terminal.
    static var terminalColumns: Int? {
        guard isatty(1) != 0 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// A value kept for the rest of the process (`SystemIO.exitNow(_:keeping:)`).
private final class KeptAlive<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
