#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file of an unfinished output when the process is interrupted
/// (SIGINT from Ctrl-C, SIGTERM, SIGHUP), then lets the signal do what it would have done.
/// The audio commands also leave here the synthesizer they run (killed at once, so Ctrl-C
/// stops the sound) and their scratch files (the MIDI file handed to it, its output, its
/// messages), which are removed too.
///
/// A signal handler may only do async-signal-safe work, so the paths to remove live in a C
/// buffer allocated once, before the handler is installed: the handler reads it, calls
/// `kill` and `unlink`, restores the default action and raises the signal again. The buffer
/// is changed only while those signals are blocked, so the handler never sees half a path.
/// This is the one piece of process-wide mutable state in `stave`; it exists because signals are.
enum InterruptCleanup {
    /// The signals whose default action ends the process and that a user sends on purpose.
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Longest path that can be remembered (with its terminating NUL); longer ones are left
    /// to the stale-file cleanup of the next write.
    private static let capacity = 4096
    /// Byte 0 is 1 while a temporary file is pending, else 0; the path follows from byte 1,
    /// NUL-terminated. The pointer never changes; only its bytes do.
    private static let pending: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity + 1)
        buffer.initialize(repeating: 0, count: capacity + 1)
        return buffer
    }()
    /// How many scratch files can be remembered at once.
    static let scratchCapacity = 4
    /// `scratchCapacity` slots laid out like `pending`: a flag byte, then a NUL-terminated path.
    private static let scratch: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: scratchCapacity * (capacity + 1))
        buffer.initialize(repeating: 0, count: scratchCapacity * (capacity + 1))
        return buffer
    }()
    /// The running child process to kill, or 0.
    private static let child: UnsafeMutablePointer<pid_t> = {
        let pointer = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()

    /// Remembers `path` as the file to remove if a signal arrives, and installs the handler.
    static func arm(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < capacity, !bytes.contains(0) else { return }
        let buffer = pending
        withSignalsBlocked {
            for (index, byte) in bytes.enumerated() { buffer[1 + index] = CChar(bitPattern: byte) }
            buffer[1 + bytes.count] = 0
            buffer[0] = 1
        }
        for signal in signals { installHandler(signal) }
    }

    /// Forgets the pending file: it was renamed into place or removed.
    static func disarm() {
        let buffer = pending
        withSignalsBlocked { buffer[0] = 0 }
    }

    /// Removes the pending temporary file, if any, and (killing the child first, so that it
    /// writes no more) the scratch files. Async-signal-safe: for other handlers.
    static func removePending() {
        if child.pointee > 0 { _ = kill(child.pointee, SIGKILL) }
        let buffer = pending
        if buffer[0] == 1 { _ = unlink(buffer + 1) }
        for slot in 0..<scratchCapacity {
            // A file is unlinked; a directory (emptied by the slots before it) is removed.
            let entry = scratch + slot * (capacity + 1)
            if entry[0] == 1, unlink(entry + 1) != 0 { _ = rmdir(entry + 1) }
        }
    }

    /// Remembers scratch files to remove on a signal, in order (at most `scratchCapacity`,
    /// replacing the ones remembered before; an empty directory may come last), and installs
    /// the handler.
    static func armScratch(_ paths: [String]) {
        let buffer = scratch
        let encoded = paths.prefix(scratchCapacity).map { Array($0.utf8) }.filter { $0.count < capacity && !$0.contains(0) }
        withSignalsBlocked {
            for slot in 0..<scratchCapacity {
                let entry = buffer + slot * (capacity + 1)
                entry[0] = 0
                guard slot < encoded.count else { continue }
                for (index, byte) in encoded[slot].enumerated() { entry[1 + index] = CChar(bitPattern: byte) }
                entry[1 + encoded[slot].count] = 0
                entry[0] = 1
            }
        }
        for signal in signals { installHandler(signal) }
    }

    /// Forgets the scratch files: they were removed.
    static func disarmScratch() {
        let buffer = scratch
        withSignalsBlocked { for slot in 0..<scratchCapacity { buffer[slot * (capacity + 1)] = 0 } }
    }

    /// Remembers a child process to kill on a signal (0: none), and installs the handler.
    /// Call it with the signals blocked (`withSignalsBlocked`) around the spawn, so that no
    /// signal falls between the child's start and this.
    static func armChild(_ pid: pid_t) {
        let pointer = child
        withSignalsBlocked { pointer.pointee = pid }
        for signal in signals { installHandler(signal) }
    }

    /// Forgets the child: it has ended and been waited for.
    static func disarmChild() {
        let pointer = child
        withSignalsBlocked { pointer.pointee = 0 }
    }

    /// Installs the handler for a signal, unless the signal is ignored (as for a job started
    /// with `nohup`, or in the background by a shell): then it stays ignored.
    private static func installHandler(_ number: Int32) {
        let previous = signal(number) { received in
            // Async-signal-safe only: kill the child, unlink the files, restore the default, raise.
            InterruptCleanup.removePending()
            _ = signal(received, SIG_DFL)
            _ = raise(received)
        }
        if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { _ = signal(number, SIG_IGN) }
    }

    /// True when one of the cleanup signals arrived while they were blocked (`withSignalsBlocked`):
    /// a command that waits with them blocked cleans up itself, then lets the signal through.
    static func signalIsPending() -> Bool {
        var set = sigset_t()
        sigemptyset(&set)
        sigpending(&set)
        return signals.contains { sigismember(&set, $0) == 1 }
    }

    /// Runs `body` with the cleanup signals blocked for the calling thread. The calls to
    /// `pthread_sigmask` also keep the compiler from moving the buffer's stores outside.
    static func withSignalsBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
