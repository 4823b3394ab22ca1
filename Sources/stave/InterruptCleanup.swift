#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file of an unfinished output when the process is interrupted
/// (SIGINT from Ctrl-C, SIGTERM, SIGHUP), then lets the signal do what it would have done.
///
/// A signal handler may only do async-signal-safe work, so the path to remove lives in a C
/// buffer allocated once, before the handler is installed: the handler reads it, calls
/// `unlink`, restores the default action and raises the signal again. The buffer is changed
/// only while those signals are blocked, so the handler never sees half a path. This is the
/// one piece of process-wide mutable state in `stave`; it exists because signals are.
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

    /// Removes the pending temporary file, if any. Async-signal-safe: for other handlers.
    static func removePending() {
        let buffer = pending
        if buffer[0] == 1 { _ = unlink(buffer + 1) }
    }

    /// Installs the handler for a signal, unless the signal is ignored (as for a job started
    /// with `nohup`, or in the background by a shell): then it stays ignored.
    private static func installHandler(_ number: Int32) {
        let previous = signal(number) { received in
            // Async-signal-safe only: unlink the pending file, restore the default, raise.
            InterruptCleanup.removePending()
            _ = signal(received, SIG_DFL)
            _ = raise(received)
        }
        if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { _ = signal(number, SIG_IGN) }
    }

    /// Runs `body` with the cleanup signals blocked for the calling thread. The calls to
    /// `pthread_sigmask` also keep the compiler from moving the buffer's stores outside.
    private static func withSignalsBlocked(_ body: () -> Void) {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        body()
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
