import StaveComposition
import StaveMIDI

/// `stave compile SONG.stave [-o OUT] [--format midi|song|roll|musicxml]`.
enum CompileCommand {
    static let help = """
    USAGE: stave compile SONG.stave [-o OUT] [--format midi|song|roll|musicxml] [--pretty]
                         [--diagnostics text|json] [-q]

    Compiles a song. The output format follows OUT's extension (.mid/.midi → MIDI,
    .json → save format, .txt → piano roll, .musicxml/.xml → MusicXML 3.1 sheet
    music) unless --format says otherwise; any other extension is refused.
    Default OUT: SONG.mid (or .json / .txt / .musicxml for the other formats);
    standard output when the song is read from '-'. Use '-o -' for standard
    output.
    MusicXML: a part per track, every repeat and sync written out, notes spelled
    as written, tied across bar lines, tuplets bracketed, velocities as dynamics;
    MuseScore, Finale, Sibelius, Dorico and music21 read it.
    The output is written atomically: on any error or interruption nothing is
    written and an existing file is left as it was (a replaced file keeps its
    permissions; a symbolic link is followed and stays a link). An output that is
    the song itself is refused.
    On success one line on standard error says what was written:
      wrote ode-to-joy.mid — 3 tracks, 117 notes, 0:16, 8 bars
    (notes counting every repeat and sync, the length from the tempo map); not
    with -q, nor when the output is standard output.

    OPTIONS:
      -o, --output OUT     where to write (also -oOUT, --output=OUT)
      --format FORMAT      midi, song, roll or musicxml
      --pretty             save files: indented JSON for people to read (the
                           default is compact JSON on one line; both load alike)
    \(DiagnosticOutput.help)
      -q, --quiet          no summary line and no warnings (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 0 success, 1 the song has errors, 2 usage or I/O error.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "compile", needs: "a song", valued: ["-o", "--output", "--format", DiagnosticOutput.optionName], flags: ["-q", "--quiet", "--pretty"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        let output = arguments.options["--output"]
        // Overwriting the song is the worse mistake: refuse it first, whatever the extension.
        if let output, SystemIO.isSameFile(input: input, output: output) { return Stave.refuseOverwritingInput(input, output) }
        let format: OutputFormat
        if let name = arguments.options["--format"] {
            guard let chosen = OutputFormat(rawValue: name) else {
                return Stave.usageError("unknown format '\(name)': expected midi, song, roll or musicxml", command: "compile")
            }
            format = chosen
        } else {
            switch output.map(OutputFormat.named(by:)) {
            case .known(let chosen)?: format = chosen
            case .unknown(let suffix)?:
                return Stave.usageError("unknown output extension '.\(suffix)': stave writes \(OutputFormat.writtenExtensions); or give --format midi|song|roll|musicxml", command: "compile")
            case .noExtension?, nil: format = .midi
            }
        }
        let pretty = arguments.flags.contains("--pretty")
        if pretty, format != .song {
            return Stave.usageError("--pretty is for save files (.json or --format song), not \(format.rawValue)", command: "compile")
        }
        let quiet = arguments.flags.contains("--quiet")
        let diagnostics: DiagnosticOutput
        do { diagnostics = try DiagnosticOutput(arguments, command: "compile") } catch { return error.status }
        let destination = output ?? (input == "-" ? "-" : OutputFormat.replacingExtension(of: input, with: format.fileExtension))
        if SystemIO.isSameFile(input: input, output: destination) { return Stave.refuseOverwritingInput(input, destination) }
        do {
            var timer = PhaseTimer()
            let perByte = format == .song ? MemoryBudget.perTextByteForSave : MemoryBudget.perTextByte
            guard case .song(let compilation) = try Frontend.compile(path: input, timer: &timer, diagnostics: diagnostics, memoryPerByte: perByte) else { return 1 }
            let bytes = try format.backend(prettySave: pretty).render(compilation.song)
            timer.mark("render \(format.rawValue)")
            try SystemIO.writeAtomically(bytes, to: destination)
            timer.mark("write")
            if !quiet, diagnostics.style == .text, destination != "-" {
                SystemIO.printError(summary(of: compilation.song, writtenTo: destination))
                timer.mark("summary")
            }
            timer.report()
            // Done: exit without tearing down the song, as compilers do (it can be large).
            SystemIO.exitNow(0, keeping: compilation)
        } catch {
            return CommandFailure.report(error)
        }
    }
}

extension CompileCommand {
    /// `wrote ode-to-joy.mid — 3 tracks, 117 notes, 0:16, 8 bars` and a newline.
    static func summary(of song: Song, writtenTo path: String) -> String {
        let figures = SongFigures(song)
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let seconds = figures.seconds.isOverflow ? nil : figures.seconds.roundedHalfUp
        let length = seconds.map { "\($0 / 60):\($0 % 60 < 10 ? "0" : "")\($0 % 60)" } ?? "?:??"
        return "wrote \(path) — \(counted(figures.tracks, "track")), \(counted(figures.notes, "note")), \(length), \(counted(figures.bars, "bar"))\n"
    }
}

/// The output formats and the backend behind each: the one place backends are chosen.
enum OutputFormat: String {
    case midi, song, roll, musicxml

    /// What an output's name says of its format.
    enum Naming: Equatable {
        /// An extension a backend writes.
        case known(OutputFormat)
        /// An extension no backend writes (without its dot).
        case unknown(String)
        /// No extension (`-`, `/dev/null`, `out`, `.hidden`).
        case noExtension
    }

    /// The extensions backends write, as listed in messages.
    static let writtenExtensions = ".mid .midi (MIDI), .json (save file), .txt (piano roll), .musicxml .xml (MusicXML)"

    /// The format an output's extension names; only the last path component counts, and a
    /// leading dot (a hidden file) is no extension.
    static func named(by path: String) -> Naming {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard path != "-", let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .noExtension }
        let suffix = name[name.index(after: dot)...]
        switch suffix.lowercased() {
        case "mid", "midi": return .known(.midi)
        case "json": return .known(.song)
        case "txt": return .known(.roll)
        case "musicxml", "xml": return .known(.musicxml)
        default: return .unknown(String(suffix))
        }
    }

    var fileExtension: String {
        switch self {
        case .midi: return "mid"
        case .song: return "json"
        case .roll: return "txt"
        case .musicxml: return "musicxml"
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
