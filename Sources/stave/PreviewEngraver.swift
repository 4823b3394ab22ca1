#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveComposition
import StaveMusicXML

/// MuseScore 3, run headless to engrave the preview's score: the song's MusicXML in, one SVG
/// document per page out. (A stand-in for `stave engrave`'s engraver, to share its code once
/// both exist.) Its files are in a private scratch directory, removed after each run and on
/// Ctrl-C (`InterruptCleanup`), and a run that takes longer than `timeLimitSeconds` is killed.
struct PreviewEngraver {
    /// MuseScore's path.
    let program: String
    /// `env`'s path: MuseScore runs as `env QT_QPA_PLATFORM=offscreen mscore3 …`, so it needs
    /// no display and this process's environment is left alone.
    let env: String
    static let timeLimitSeconds = 120
    /// What to install when MuseScore is missing.
    static let missingMessage = "no engraved score: MuseScore 3 is not installed (Debian/Ubuntu: apt-get install musescore3)"

    /// MuseScore 3 on PATH (`mscore3`, then `musescore3`), or nil.
    static func locate() -> PreviewEngraver? {
        guard let program = ChildProcess.find("mscore3") ?? ChildProcess.find("musescore3"), let env = ChildProcess.find("env") else { return nil }
        return PreviewEngraver(program: program, env: env)
    }

    /// The engraving was given up because `superseded` said so.
    struct Superseded: Error {}

    /// The pages of `song` as SVG documents (from `<svg`, without the XML declaration).
    /// Throws `SystemIO.Failure` when MuseScore fails or takes too long, and `Superseded`
    /// (MuseScore killed) as soon as `superseded` returns true (a newer version waits).
    /// `scratch` is told the scratch directory as soon as it exists.
    func engrave(_ song: Song, superseded: () -> Bool = { false }, scratch: (String) -> Void = { _ in }) throws -> [String] {
        let xml = try MusicXMLWriter().render(song)
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base.hasSuffix("/") ? base : base + "/")stave-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemIO.Failure(message: "cannot make a scratch directory in '\(base)': \(SystemIO.errorText())")
        }
        let directory = String(cString: made)
        scratch(directory)
        let (input, output, messages) = ("\(directory)/score.musicxml", "\(directory)/score.svg", "\(directory)/mscore.log")
        InterruptCleanup.armScratch([input, messages, "\(directory)/score-1.svg", directory])
        defer {
            PreviewEngraver.removeAll(in: directory)
            InterruptCleanup.disarmScratch()
        }
        let descriptor = open(input, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw SystemIO.Failure(message: "cannot write the scratch file '\(input)': \(SystemIO.errorText())") }
        let written = SystemIO.writeAll(descriptor, xml)
        close(descriptor)
        guard written else { throw SystemIO.Failure(message: "cannot write the scratch file '\(input)': \(SystemIO.errorText())") }
        // Qt's own files (a lock file, a runtime directory) go to the scratch directory too.
        let child = try ChildProcess.spawn(env, ["QT_QPA_PLATFORM=offscreen", "TMPDIR=\(directory)", "XDG_RUNTIME_DIR=\(directory)",
                                                 program, "-o", output, input], messages: messages)
        var waited = 0
        var status: Int32?
        while status == nil {
            status = child.poll()
            if status == nil {
                if superseded() {
                    child.stop()
                    throw Superseded()
                }
                guard waited < PreviewEngraver.timeLimitSeconds * 1000 else {
                    child.stop()
                    throw SystemIO.Failure(message: "MuseScore took more than \(PreviewEngraver.timeLimitSeconds) s")
                }
                SystemIO.sleep(milliseconds: 50)
                waited += 50
            }
        }
        // MuseScore numbers the pages `score-1.svg` …, or `score-01.svg` … when there are ten or more.
        var pages: [String] = []
        for name in PreviewEngraver.pageNames(in: directory) {
            guard let bytes = try? SystemIO.read("\(directory)/\(name)") else { continue }
            // From `<svg` on: no XML declaration or doctype inside the page.
            let start = PreviewEngraver.firstIndex(of: Array("<svg".utf8), in: bytes) ?? 0
            pages.append(String(decoding: bytes[start...], as: UTF8.self))
        }
        guard status == 0, !pages.isEmpty else {
            let log = (try? SystemIO.read(messages)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let last = log.split(separator: "\n").suffix(2).joined(separator: "; ")
            throw SystemIO.Failure(message: "MuseScore could not engrave the song (exit status \(status ?? -1))\(last.isEmpty ? "" : ": " + last)")
        }
        return pages
    }

    /// The pages MuseScore wrote in `directory` (`score.svg`, or `score-N.svg` with N padded
    /// or not), in page order.
    static func pageNames(in directory: String) -> [String] {
        var numbered: [(Int, String)] = []
        if let stream = opendir(directory) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "score.svg" { numbered.append((0, name)) }
                guard name.hasPrefix("score-"), name.hasSuffix(".svg"), let number = Int(name.dropFirst(6).dropLast(4)) else { continue }
                numbered.append((number, name))
            }
            closedir(stream)
        }
        return numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Where `needle` first occurs in `bytes`.
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Removes the scratch directory and everything in it (folders to `depth` levels).
    static func removeAll(in directory: String, depth: Int = 4) {
        if let stream = opendir(directory) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != "." && name != ".." else { continue }
                let path = "\(directory)/\(name)"
                if unlink(path) != 0, depth > 0 { removeAll(in: path, depth: depth - 1) }
            }
            closedir(stream)
        }
        rmdir(directory)
    }
}
