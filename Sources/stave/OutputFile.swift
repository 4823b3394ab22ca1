#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's output so that a failure or an interruption never leaves a partial
/// or damaged file: the bytes go to a temporary file beside the target, which is then renamed
/// over it. `-` is standard output; devices and pipes (`/dev/null`, a FIFO) are written in place.
///
/// - A symbolic link is followed: its target is replaced and the link stays a link.
/// - A replaced file keeps its permission bits (a 0600 file stays 0600), and its owner and
///   group where the process may set them (as root); a new file gets 0666 less the umask,
///   like any other tool's output.
/// - The temporary file is `.NAME.stave-PID.tmp`. SIGINT, SIGTERM and SIGHUP remove it
///   (`InterruptCleanup`); files of that naming left by a `stave` that is no longer running
///   (killed with SIGKILL, or a crash) or untouched for an hour are removed by the next write
///   into the same directory.
/// - Test hook: when `STAVE_TEST_PAUSE_IN_WRITE` is set to a number of seconds, the write
///   stops for that long after half the bytes are in the temporary file, so that tests can
///   interrupt it at a known point. Only the tests of `stave` set it.
enum OutputFile {
    /// Temporary files of this age are stale even when their PID belongs to a live process
    /// (PIDs are reused).
    static let staleAge = 3600

    /// Writes `bytes` to `path` atomically (see the type's description).
    static func write(_ bytes: [UInt8], to path: String) throws {
        let staged = try stage(bytes, to: path)
        defer { InterruptCleanup.disarm() }
        try commit(staged)
    }

    /// Writes several outputs so that either all of them are written or none is: every one is
    /// written to its temporary file first (an error there removes the temporary files written
    /// so far and leaves every output as it was), then all are renamed into place together.
    /// Standard output, devices and pipes are written in place, when their turn comes.
    static func write(_ outputs: [(bytes: [UInt8], path: String)]) throws {
        var staged: [Staged] = []
        defer { InterruptCleanup.disarmScratch() }
        do {
            for output in outputs {
                let next = try stage(output.bytes, to: output.path)
                staged.append(next)
                // The files staged so far are removed on a signal (the first few: see
                // `InterruptCleanup.scratchCapacity`; the rest by the next write's cleanup).
                InterruptCleanup.armScratch(staged.compactMap(\.temporary))
                InterruptCleanup.disarm()
            }
        } catch {
            for file in staged { if let temporary = file.temporary { unlink(temporary) } }
            throw error
        }
        for file in staged { try commit(file) }
    }

    /// An output written to its temporary file and waiting to be renamed into place, or one
    /// already written (standard output, a device).
    struct Staged {
        /// The temporary file; nil when the output is already written.
        var temporary: String?
        /// The file it replaces (symbolic links followed).
        var target: String
        /// The output as the user named it.
        var path: String
    }

    /// Writes `bytes` to a temporary file beside `path` (armed for removal on a signal), or
    /// straight to standard output or a device.
    static func stage(_ bytes: [UInt8], to path: String) throws -> Staged {
        if path == "-" {
            guard SystemIO.writeAll(1, bytes) else { throw SystemIO.Failure(message: "cannot write to standard output: \(SystemIO.errorText())") }
            return Staged(temporary: nil, target: path, path: path)
        }
        let target = try resolvingSymbolicLinks(path)
        var status = stat()
        var replaced: stat?
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw SystemIO.Failure(message: "cannot write '\(path)': it is a directory")
            case S_IFREG:
                replaced = status
            default:
                try writeInPlace(bytes, to: target, shown: path)
                return Staged(temporary: nil, target: target, path: path)
            }
        }
        let (directory, name) = split(target)
        removeStaleTemporaryFiles(in: directory)
        let temporary = "\(directory).\(name).stave-\(getpid()).tmp"
        InterruptCleanup.arm(temporary)
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        if descriptor < 0, errno == EEXIST {
            // Left by an earlier process with our PID: it is not being written now.
            unlink(temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        }
        guard descriptor >= 0 else {
            InterruptCleanup.disarm()
            throw SystemIO.Failure(message: "cannot write '\(path)': cannot create the temporary file '\(temporary)' beside it: \(SystemIO.errorText())")
        }
        if let replaced {
            // Owner first: changing it can clear the mode's set-ID bits. Failures are fine
            // (only root may give a file away); the permission bits are ours to set.
            _ = fchown(descriptor, replaced.st_uid, replaced.st_gid)
            _ = fchmod(descriptor, replaced.st_mode & 0o777)
        }
        var written = true
        if let pause = getenv("STAVE_TEST_PAUSE_IN_WRITE").flatMap({ UInt32(String(cString: $0)) }) {
            written = SystemIO.writeAll(descriptor, Array(bytes[..<(bytes.count / 2)]))
            sleep(pause)
            written = written && SystemIO.writeAll(descriptor, Array(bytes[(bytes.count / 2)...]))
        } else {
            written = SystemIO.writeAll(descriptor, bytes)
        }
        var message = written ? "" : SystemIO.errorText()
        if close(descriptor) != 0, written {
            written = false
            message = SystemIO.errorText()
        }
        guard written else {
            unlink(temporary)
            InterruptCleanup.disarm()
            throw SystemIO.Failure(message: "cannot write '\(path)': writing the temporary file '\(temporary)' failed: \(message)")
        }
        return Staged(temporary: temporary, target: target, path: path)
    }

    /// Renames a staged output into place (nothing to do for one already written).
    static func commit(_ staged: Staged) throws {
        guard let temporary = staged.temporary else { return }
        guard rename(temporary, staged.target) == 0 else {
            let message = SystemIO.errorText()
            unlink(temporary)
            throw SystemIO.Failure(message: "cannot write '\(staged.path)': cannot rename '\(temporary)' to '\(staged.target)': \(message)")
        }
    }


    /// Writes a device or pipe as it is (it cannot be replaced).
    static func writeInPlace(_ bytes: [UInt8], to target: String, shown path: String) throws {
        let descriptor = open(target, O_WRONLY)
        guard descriptor >= 0 else { throw SystemIO.Failure(message: "cannot write '\(path)': \(SystemIO.errorText())") }
        defer { close(descriptor) }
        guard SystemIO.writeAll(descriptor, bytes) else { throw SystemIO.Failure(message: "cannot write '\(path)': \(SystemIO.errorText())") }
    }

    /// The file a path names once symbolic links in its last component are followed
    /// (a dangling link names the file it would create).
    static func resolvingSymbolicLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { readlink(current, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
            guard count >= 0 else { throw SystemIO.Failure(message: "cannot write '\(path)': cannot read the symbolic link '\(current)': \(SystemIO.errorText())") }
            let link = String(decoding: buffer[0..<count], as: UTF8.self)
            current = link.hasPrefix("/") ? link : split(current).directory + link
        }
        throw SystemIO.Failure(message: "cannot write '\(path)': too many levels of symbolic links")
    }

    /// `dir/name` → (`dir/`, `name`); `name` → (``, `name`).
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// The PID in a temporary file name of ours (`.NAME.stave-PID.tmp`), if it is one.
    static func temporaryFileOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let stem = Array(name.utf8.dropLast(4))
        let digits = stem.reversed().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        let marker = Array(".stave-".utf8)
        guard (1...9).contains(digits), stem.count - digits > marker.count,
              Array(stem[(stem.count - digits - marker.count)..<(stem.count - digits)]) == marker,
              let pid = pid_t(String(decoding: stem.suffix(digits), as: UTF8.self)), pid > 0 else { return nil }
        return pid
    }

    /// Removes our temporary files in `directory` that no running process is writing: their
    /// PID is gone, or they have not been touched for `staleAge` seconds.
    static func removeStaleTemporaryFiles(in directory: String) {
        guard let stream = opendir(directory.isEmpty ? "." : directory) else { return }
        defer { closedir(stream) }
        let now = time(nil)
        while let entry = readdir(stream) {
            // Most entries are not ours: look at the raw name's first byte before making a String.
            let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                guard raw.first == UInt8(ascii: ".") else { return nil }
                return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let name, let owner = temporaryFileOwner(name), owner != getpid() else { continue }
            let path = directory + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let ownerIsGone = kill(owner, 0) != 0 && errno == ESRCH
            if ownerIsGone || Int(now) - Int(modificationTime(status)) > staleAge { unlink(path) }
        }
    }

    static func modificationTime(_ status: stat) -> time_t {
        #if canImport(Darwin)
        return status.st_mtimespec.tv_sec
        #else
        return status.st_mtim.tv_sec
        #endif
    }
}
