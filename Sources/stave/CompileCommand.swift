import StaveComposition
import StaveMIDI

/// `stave compile SONG.stave [-o OUT] [--format midi|song|roll]`.
enum CompileCommand {
    static let help = """
    USAGE: stave compile SONG.stave [-o OUT] [--format midi|song|roll]

    Compiles a song. The output format follows OUT's extension (.mid/.midi → MIDI,
    .json → save format, .txt → piano roll) unless --format says otherwise.
    Default OUT: SONG.mid (or .json / .txt for the other formats); standard output
    when the song is read from '-'. Use '-o -' for standard output.
    The output is written atomically: on any error or interruption nothing is
    written and an existing file is left as it was (a replaced file keeps its
    permissions; a symbolic link is followed and stays a link). An output that is
    the song itself is refused.

    OPTIONS:
      -o, --output OUT     where to write
      --format FORMAT      midi, song or roll
      -h, --help           show this help
      --version            show the version

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "compile", needs: "a song", valued: ["-o", "--output", "--format"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        let output = arguments.options["--output"]
        let format: OutputFormat
        if let name = arguments.options["--format"] {
            guard let chosen = OutputFormat(rawValue: name) else {
                return Stave.usageError("unknown format '\(name)': expected midi, song or roll", help: help)
            }
            format = chosen
        } else {
            format = output.flatMap(OutputFormat.init(extensionOf:)) ?? .midi
        }
        let destination = output ?? (input == "-" ? "-" : OutputFormat.replacingExtension(of: input, with: format.fileExtension))
        if SystemIO.isSameFile(input: input, output: destination) { return Stave.refuseOverwritingInput(input, destination) }
        do {
            var timer = PhaseTimer()
            let perByte = format == .song ? MemoryBudget.perTextByteForSave : MemoryBudget.perTextByte
            guard case .song(let compilation) = try Frontend.compile(path: input, timer: &timer, memoryPerByte: perByte) else { return 1 }
            let bytes = try format.backend.render(compilation.song)
            timer.mark("render \(format.rawValue)")
            try SystemIO.writeAtomically(bytes, to: destination)
            timer.mark("write")
            timer.report()
            // Done: exit without tearing down the song, as compilers do (it can be large).
            withExtendedLifetime(compilation) { SystemIO.exitNow(0) }
        } catch let failure as SystemIO.Failure {
            SystemIO.printError("stave: error: \(failure.message)\n")
            return 2
        } catch let failure as BackendError {
            SystemIO.printError("stave: error: \(failure.message)\n")
            return 1
        } catch {
            SystemIO.printError("stave: error: \(error)\n")
            return 2
        }
    }
}

/// The output formats and the backend behind each: the one place backends are chosen.
enum OutputFormat: String {
    case midi, song, roll

    init?(extensionOf path: String) {
        guard path != "-", let dot = path.lastIndex(of: ".") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "mid", "midi": self = .midi
        case "json": self = .song
        case "txt": self = .roll
        default: return nil
        }
    }

    var fileExtension: String {
        switch self {
        case .midi: return "mid"
        case .song: return "json"
        case .roll: return "txt"
        }
    }

    /// `songs/ode.stave` → `songs/ode.mid`.
    static func replacingExtension(of path: String, with newExtension: String) -> String {
        let slash = path.lastIndex(of: "/")
        if let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true, dot != (slash.map { path.index(after: $0) } ?? path.startIndex) {
            return String(path[..<dot]) + "." + newExtension
        }
        return path + "." + newExtension
    }
}
