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

    /// Compiles a file without timing it; `json` prints diagnostics as JSON Lines; `quiet`
    /// leaves warnings out.
    static func compile(path: String, json: Bool = false, quiet: Bool = false) throws -> Outcome {
        var timer = PhaseTimer(enabled: false)
        return try compile(path: path, timer: &timer, json: json, quiet: quiet)
    }

    /// Compiles a file; throws `SystemIO.Failure` when it cannot be read. A file too large
    /// for the memory available (`memoryPerByte` bytes of memory per byte of text) is refused
    /// before it is built. With `quiet`, warnings are not printed (errors always are).
    static func compile(path: String, timer: inout PhaseTimer, json: Bool = false, quiet: Bool = false,
                        memoryPerByte: Int = MemoryBudget.perTextByte) throws -> Outcome {
        guard let source = try read(path: path, memoryPerByte: memoryPerByte) else { return .invalid }
        timer.mark("read")
        let (syntax, parseDiagnostics) = Parser.parse(source)
        timer.mark("parse")
        let (song, lowerDiagnostics) = Lowering.lower(consume syntax, defaultTitle: Song.defaultTitle(forPath: path))
        timer.mark("lower and check")
        let hasErrors = report(parseDiagnostics + lowerDiagnostics, in: source, json: json, quiet: quiet)
        return hasErrors ? .invalid : .song(Compilation(source: source, song: song))
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

    /// Prints a file's diagnostics in position order (as JSON Lines with `json`; warnings
    /// left out with `quiet`); returns whether any is an error.
    static func report(_ diagnostics: [Diagnostic], in source: Source, json: Bool, quiet: Bool) -> Bool {
        var diagnostics = diagnostics.sortedByPosition()
        if quiet { diagnostics.removeAll { $0.severity != .error } }
        if json {
            SystemIO.printError(DiagnosticRenderer.jsonLines(diagnostics, in: source))
        } else {
            report(diagnostics, in: source)
        }
        return diagnostics.hasErrors
    }

    /// Prints diagnostics to standard error, coloured when it is a terminal and NO_COLOR is unset.
    static func report(_ diagnostics: [Diagnostic], in source: Source) {
        guard !diagnostics.isEmpty else { return }
        let renderer = DiagnosticRenderer(colored: SystemIO.colorOnStandardError)
        SystemIO.printError(renderer.render(diagnostics, in: source))
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var summary: [String] = []
        if errors > 0 { summary.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { summary.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        SystemIO.printError(summary.joined(separator: " and ") + " in \(source.path)\n")
    }
}
