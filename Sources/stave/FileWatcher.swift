#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for a file to be saved, without spinning: on Linux with inotify on the file's
/// *directory*, filtered by the file's name, so that an editor's atomic save (write a new
/// file, rename it over the old one) is seen as well as a save in place; elsewhere by
/// looking at the file's modification time, inode and size every 200 ms.
///
/// A burst of events (an editor writes, renames, changes permissions) counts as one save:
/// after the first, the watcher waits until 50 ms pass without another.
struct FileWatcher {
    /// The directory watched, and the file's name in it.
    let directory: String, name: String
    /// True once the watched directory itself was removed or moved away: no save of the file
    /// can be seen any more (on Linux; the fallback keeps looking at the path).
    private(set) var lost = false
    #if os(Linux)
    private let descriptor: Int32
    #else
    private var last: Snapshot?
    #endif

    /// How long a burst of events must be quiet before it counts as one save.
    static let settleMilliseconds: Int32 = 50
    /// How often the portable fallback looks at the file.
    static let pollMilliseconds = 200

    /// Starts watching `path`; throws when its directory cannot be watched.
    init(_ path: String) throws {
        let (directory, name) = OutputFile.split(path)
        self.directory = directory.isEmpty ? "." : directory
        self.name = name
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw SystemIO.Failure(message: "cannot watch '\(path)': \(SystemIO.errorText())") }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_CREATE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(descriptor, self.directory, mask) >= 0 else {
            let message = SystemIO.errorText()
            close(descriptor)
            throw SystemIO.Failure(message: "cannot watch the directory '\(self.directory)': \(message)")
        }
        #else
        last = Snapshot(path)
        #endif
    }

    /// Blocks until the file is saved (true), or `timeout` milliseconds pass, or the directory
    /// is lost (false; nil waits for ever).
    mutating func waitForSave(timeout: Int?) -> Bool {
        #if os(Linux)
        guard waitForEvent(timeout: Int32(clamping: timeout ?? -1)) else { return false }
        // Settle: keep draining until the burst is over.
        while waitForEvent(timeout: FileWatcher.settleMilliseconds) {}
        return true
        #else
        var waited = 0
        while true {
            let now = Snapshot(directory + "/" + name)
            if now != last, now != nil {
                last = now
                return true
            }
            last = now ?? last
            if let timeout, waited >= timeout { return false }
            SystemIO.sleep(milliseconds: FileWatcher.pollMilliseconds)
            waited += FileWatcher.pollMilliseconds
        }
        #endif
    }

    #if os(Linux)
    /// Waits up to `timeout` ms (−1: for ever) for events and reads them all; true when one
    /// of them is about the watched name.
    private mutating func waitForEvent(timeout: Int32) -> Bool {
        guard !lost else { return false }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, timeout)
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var aboutOurFile = false
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemIO.readBytes(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            while offset + 16 <= count {
                let mask = UInt32(buffer[offset + 4]) | UInt32(buffer[offset + 5]) << 8 | UInt32(buffer[offset + 6]) << 16 | UInt32(buffer[offset + 7]) << 24
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { lost = true }
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == name { aboutOurFile = true }
                offset += 16 + length
            }
        }
        return aboutOurFile
    }
    #else
    /// What tells one version of the file from another.
    struct Snapshot: Equatable {
        var modified: Int, inode: UInt64, size: Int64

        init?(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            #if canImport(Darwin)
            modified = Int(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int(status.st_mtimespec.tv_nsec)
            #else
            modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
            #endif
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
        }
    }
    #endif
}
