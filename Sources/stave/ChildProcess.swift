#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program `stave` runs (FluidSynth), started with `posix_spawn`. While it runs,
/// `InterruptCleanup` knows it, so Ctrl-C, SIGTERM or SIGHUP kill it at once.
struct ChildProcess {
    let pid: pid_t

    /// The first executable `name` on `PATH`, if any.
    static func find(_ name: String) -> String? {
        find(anyOf: [name])
    }

    /// The first executable on `PATH` with one of `names` (in the first directory that holds
    /// one, the earlier name first), if any.
    static func find(anyOf names: [String]) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            for name in names {
                let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
                var status = stat()
                if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
            }
        }
        return nil
    }

    /// Starts `program` with `arguments`; its standard input is /dev/null, its standard output
    /// and error go to the file `messages` (created or truncated). `environment` adds
    /// `NAME=VALUE` entries to this process's environment; `ownGroup` starts the child in a
    /// process group of its own, so that `stopGroup` ends the programs it runs too (LilyPond
    /// runs Ghostscript).
    static func spawn(_ program: String, _ arguments: [String], messages: String,
                      environment extra: [String] = [], ownGroup: Bool = false) throws -> ChildProcess {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, messages, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked (they are blocked here around the spawn).
        // Caught signals are back at their defaults after exec anyway; ignored ones stay
        // ignored, as `nohup` means them to.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)))
        if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        var envp: [UnsafeMutablePointer<CChar>?] = []
        if !extra.isEmpty {
            let names = Set(extra.map { $0.prefix { $0 != "=" } })
            let inherited: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environment
            var index = 0
            while let entry = inherited?[index] {
                let text = String(cString: entry)
                if !names.contains(text.prefix { $0 != "=" }) { envp.append(strdup(entry)) }
                index += 1
            }
            envp += extra.map { strdup($0) }
            envp.append(nil)
        }
        defer { for pointer in envp { free(pointer) } }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        // Signals blocked from the spawn until the child is known to the cleanup, so that an
        // interruption in between cannot leave it running.
        let result = InterruptCleanup.withSignalsBlocked { () -> Int32 in
            let result = envp.isEmpty ? posix_spawn(&pid, program, &actions, &attributes, argv, environment)
                : envp.withUnsafeBufferPointer { posix_spawn(&pid, program, &actions, &attributes, argv, $0.baseAddress) }
            if result == 0 { InterruptCleanup.armChild(pid) }
            return result
        }
        guard result == 0 else { throw SystemIO.Failure(message: "cannot run '\(program)': \(String(cString: strerror(result)))") }
        return ChildProcess(pid: pid)
    }

    /// How the child ended: its exit status, or 128 + the signal that ended it.
    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits for the child to end; returns its exit status (see `exitStatus`).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { InterruptCleanup.disarmChild(); return 127 }
        }
        InterruptCleanup.disarmChild()
        return ChildProcess.exitStatus(status)
    }

    /// The exit status if the child has ended, nil while it runs. Does not block.
    func poll() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 { return nil }
        InterruptCleanup.disarmChild()
        return result == pid ? ChildProcess.exitStatus(status) : 127
    }

    /// Kills the child's process group (it was started with `ownGroup`) and waits for the child.
    func stopGroup() {
        kill(-pid, SIGKILL)
        _ = wait()
    }

    /// Kills the child and waits for it.
    func stop() {
        kill(pid, SIGKILL)
        _ = wait()
    }
}
