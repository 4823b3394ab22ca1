import StaveSyntax
import StaveComposition

/// A compiled file: the song and the source it was made from. Commands that exit right after
/// their work keep it alive to the end, so the process does not spend time tearing it down.
/// (The syntax tree is not kept: lowering releases it body by body.)
struct Compilation {
    var source: Source
    var song: Song
}

/// Reads a `.stave` file, compiles it, prints its diagnostics. Shared by the commands.
enum Frontend {
    /// The outcome of compiling one file.
    enum Outcome {
        /// The song, with the source and syntax tree it came from.
        case song(Compilation)
        /// The input has errors (exit status 1); diagnostics were printed.
        case invalid
    }

    /// Compiles a file without timing it; `quiet` leaves warnings out.
    static func compile(path: String, quiet: Bool = false) throws -> Outcome {
        try compile(path: path, diagnostics: DiagnosticOutput(quiet: quiet))
    }

    /// Compiles a file without timing it, printing its diagnostics as `diagnostics` says.
    static func compile(path: String, diagnostics: DiagnosticOutput) throws -> Outcome {
        var timer = PhaseTimer(enabled: false)
        return try compile(path: path, timer: &timer, diagnostics: diagnostics)
    }

    /// Compiles a file; throws `SystemIO.Failure` when it cannot be read. A file too large
    /// for the memory available (`memoryPerByte` bytes of memory per byte of text) is refused
    /// before it is built. The diagnostics are printed as `diagnostics` says.
    /// `transpose` (`stave compile --transpose N`, Stave 3) adds to the song's header `transpose`.
    static func compile(path: String, timer: inout PhaseTimer, diagnostics output: DiagnosticOutput,
                        memoryPerByte: Int = MemoryBudget.perTextByte, transpose: Int = 0) throws -> Outcome {
        guard let source = try read(path: path, memoryPerByte: memoryPerByte) else { return .invalid }
        timer.mark("read")
        let (syntax, parseDiagnostics) = Parser.parse(source)
        timer.mark("parse")
        var (song, lowerDiagnostics) = Lowering.lower(consume syntax, defaultTitle: Song.defaultTitle(forPath: path))
        timer.mark("lower and check")
        let hasErrors = output.report(parseDiagnostics + lowerDiagnostics, in: source)
        if hasErrors { return .invalid }
        if transpose != 0 {
            song.transpose += transpose
            if let problem = Frontend.transpositionProblem(song, added: transpose) {
                SystemIO.printError("\(source.path): error: \(problem)\n")
                return .invalid
            }
        }
        return .song(Compilation(source: source, song: song))
    }

    /// Why a song cannot sound at its transposition once `--transpose` added `added`, or nil.
    static func transpositionProblem(_ song: Song, added: Int) -> String? {
        if !Lowering.songTransposeRange.contains(song.transpose) {
            return "--transpose \(added) makes the song's transposition \(song.transpose), outside −48…48"
        }
        if let outside = song.pitchOutsideTransposition() {
            return "--transpose \(added) (in all \(song.transpose)) takes a note of track '\(outside.track)' to MIDI \(outside.pitch), outside 0–127"
        }
        return nil
    }

    /// Reads a file as a `Source`; nil (after saying so) when it is too large for the memory
    /// available (`memoryPerByte` bytes of memory per byte of text). Throws
    /// `SystemIO.Failure` when it cannot be read.
    static func read(path: String, memoryPerByte: Int = MemoryBudget.perTextByte) throws -> Source? {
        let bytes = try SystemIO.read(path)
        let shownPath = path == "-" ? "<stdin>" : path
        if let refusal = MemoryBudget.refusal(forTextBytes: bytes.count, perByte: memoryPerByte, path: shownPath) {
            SystemIO.printError("stave: error: \(refusal)\n")
            return nil
        }
        return Source(path: shownPath, bytes: bytes)
    }

    /// Prints a file's diagnostics as text (warnings left out with `quiet`); returns whether
    /// any is an error.
    static func report(_ diagnostics: [Diagnostic], in source: Source, json: Bool, quiet: Bool) -> Bool {
        var output = DiagnosticOutput(quiet: quiet)
        output.style = json ? .json : .text
        return output.report(diagnostics, in: source)
    }
}
