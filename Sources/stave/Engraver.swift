#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveMusicXML

/// An engraver found on this machine (MuseScore 3 or LilyPond, `Engraving`): what `stave
/// engrave` runs on the song's MusicXML. Its scratch files (the MusicXML handed over, LilyPond's
/// `.ly`, the pages, the programs' messages) are in a private directory `$TMPDIR/stave-XXXXXX`,
/// removed after each run, on a time-out and on Ctrl-C.
struct Engraver {
    /// No engraver, or the engraver failed or took too long (exit status 1, as for a missing
    /// FluidSynth: nothing the user typed was wrong, but the song cannot be engraved).
    struct Problem: Error {
        var message: String
    }

    let kind: Engraving.Engraver
    /// The programs' paths, in `kind.programs` order.
    let programs: [String]

    /// The engraver asked for, or the first installed (MuseScore 3, then LilyPond).
    static func locate(_ asked: Engraving.Engraver?) throws -> Engraver {
        for kind in asked.map({ [$0] }) ?? Engraving.Engraver.allCases {
            let found = kind.programs.compactMap { ChildProcess.find(anyOf: $0) }
            if found.count == kind.programs.count { return Engraver(kind: kind, programs: found) }
        }
        throw Problem(message: Engraving.missingMessage(asked: asked))
    }

    /// The program's name as the user knows it (`mscore3`).
    var name: String { programs[0].split(separator: "/").last.map(String.init) ?? programs[0] }

    /// The pages of the score engraved from `musicXML`, in order, as file contents. Throws
    /// `Problem` when the engraver fails, writes no page or takes more than `timeLimit` seconds
    /// in all; on a signal the children are killed and the scratch files removed before the
    /// signal ends the process.
    func engrave(_ musicXML: [UInt8], format: Engraving.PageFormat, timeLimit: Int) throws -> [[UInt8]] {
        let scratch = try Synthesizer.Scratch()
        defer { Engraver.removeTree(scratch.directory); InterruptCleanup.disarmScratch() }
        let input = "\(scratch.directory)/score.musicxml"
        // Outside a program's run a signal is handled by `InterruptCleanup`: these are the files
        // there can be then.
        InterruptCleanup.armScratch([input, "\(scratch.directory)/score.ly", scratch.messages, scratch.directory])
        try scratch.write(musicXML, to: input)
        let deadline = Engraver.now() + Double(timeLimit)
        // The programs' own temporary and runtime files (MuseScore's Qt lock file and runtime
        // directory) go into the scratch directory too, and leave with it.
        let isolated = ["TMPDIR=\(scratch.directory)", "XDG_RUNTIME_DIR=\(scratch.directory)"]
        switch kind {
        case .musescore:
            try run(programs[0], Engraving.museScoreArguments(input: input, output: "\(scratch.directory)/score.\(format.rawValue)"),
                    environment: Engraving.museScoreEnvironment + isolated, scratch: scratch, deadline: deadline, timeLimit: timeLimit)
        case .lilypond:
            let ly = "\(scratch.directory)/score.ly"
            try run(programs[0], Engraving.musicXML2lyArguments(input: input, output: ly), environment: isolated, scratch: scratch, deadline: deadline, timeLimit: timeLimit)
            try run(programs[1], Engraving.lilyPondArguments(format: format, base: "\(scratch.directory)/score", input: ly),
                    environment: isolated, scratch: scratch, deadline: deadline, timeLimit: timeLimit)
        }
        let pages = Engraving.pages(among: Engraver.names(in: scratch.directory), base: "score", format: format)
        guard !pages.isEmpty else {
            throw Problem(message: "\(name) wrote no \(format.rawValue.uppercased()) page" + Engraver.lastLines(scratch.messagesText()))
        }
        return try pages.map { try SystemIO.read("\(scratch.directory)/\($0)") }
    }

    /// Runs one program to its end with the cleanup signals blocked, watching for a signal and
    /// the deadline: either kills the program's process group and removes the scratch files
    /// (a signal then ends `stave` as soon as it is unblocked).
    private func run(_ program: String, _ arguments: [String], environment: [String], scratch: Synthesizer.Scratch,
                     deadline: Double, timeLimit: Int) throws {
        let shown = program.split(separator: "/").last.map(String.init) ?? program
        let status = try InterruptCleanup.withSignalsBlocked { () throws -> Int32? in
            let child = try ChildProcess.spawn(program, arguments, messages: scratch.messages, environment: environment, ownGroup: true)
            while true {
                if InterruptCleanup.signalIsPending() {
                    child.stopGroup()
                    Engraver.removeTree(scratch.directory)
                    return nil
                }
                if let status = child.poll() {
                    // What it started (Ghostscript) ends with it.
                    kill(-child.pid, SIGKILL)
                    return status
                }
                if Engraver.now() >= deadline {
                    child.stopGroup()
                    throw Problem(message: "\(shown) did not finish within \(timeLimit) s (--time-limit) and was stopped")
                }
                SystemIO.sleep(milliseconds: 10)
            }
        }
        guard let status else { return }
        guard status == 0 else {
            throw Problem(message: "\(shown) could not engrave the song (exit status \(status))" + Engraver.lastLines(scratch.messagesText()))
        }
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `: LAST LINES` of a program's messages (at most three non-empty lines), or nothing.
    static func lastLines(_ messages: String) -> String {
        let lines = messages.split(whereSeparator: \.isNewline).map { String($0.drop { $0 == " " || $0 == "\t" }) }.filter { !$0.isEmpty }
        return lines.isEmpty ? "" : ": " + lines.suffix(3).joined(separator: "; ")
    }

    /// The names of the entries of a directory (not `.` and `..`).
    static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes the scratch directory and every file in it (the engravers make no directories).
    static func removeTree(_ directory: String) {
        for name in names(in: directory) { unlink("\(directory)/\(name)") }
        rmdir(directory)
    }
}
