import StaveComposition
import StaveMIDI

/// `stave compile SONG.stave [-o OUT] [--format midi|song|roll|musicxml]`.
enum CompileCommand {
    static let help = """
    USAGE: stave compile SONG.stave [-o OUT]... [--format midi|song|roll|musicxml] [--pretty]
                         [--soundfont FILE] [--transpose N] [--swing 8[:P]|16[:P]|none] [--humanize T[:V]|none]
                         [--diagnostics text|json] [-q]

    Compiles a song. The output format follows OUT's extension (.mid/.midi → MIDI,
    .json → save format, .txt → piano roll, .musicxml/.xml → MusicXML 3.1 sheet
    music, .wav → audio rendered with FluidSynth as 'stave render' renders it)
    unless --format says otherwise; any other extension is refused.
    Default OUT: SONG.mid (or .json / .txt / .musicxml for the other formats);
    standard output when the song is read from '-'. Use '-o -' for standard
    output.
    One run, many outputs: '-o song.mid -o song.musicxml -o song.json' writes all
    three from one compilation, each in the format of its extension (not with
    --format). Every output is made before any is written: an error in the song
    or in one output writes none, and all are renamed into place together.
    MusicXML: a part per track, every repeat and sync written out, notes spelled
    as written, tied across bar lines, tuplets bracketed, velocities as dynamics;
    MuseScore, Finale, Sibelius, Dorico and music21 read it.
    The output is written atomically: on any error or interruption nothing is
    written and an existing file is left as it was (a replaced file keeps its
    permissions; a symbolic link is followed and stays a link). An output that is
    the song itself is refused.
    On success one line per output on standard error says what was written:
      wrote ode-to-joy.mid — 3 tracks, 117 notes, 0:16, 8 bars
    (notes counting every repeat and sync, the length from the tempo map); not
    with -q, nor when the output is standard output.

    OPTIONS:
      -o, --output OUT     where to write (also -oOUT, --output=OUT); give it again
                           for more outputs
      --format FORMAT      midi, song, roll or musicxml
      --pretty             save files: indented JSON for people to read (the
                           default is compact JSON on one line; both load alike)
      --soundfont FILE     the .sf2 soundfont for a .wav output (found as for
                           'stave render' when not given)
      --transpose N        move every melody track N semitones (−48…48) on top of
                           the song's own header 'transpose'; drums do not move
    \(FeelOptions.help)
    \(DiagnosticOutput.help)
      -q, --quiet          no summary line and no warnings (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 0 success, 1 the song has errors, 2 usage or I/O error.

    """

    /// What one output is: a format a backend writes, or audio rendered as 'stave render' does.
    enum Target: Equatable {
        case format(OutputFormat)
        case audio
    }

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "compile", needs: "a song", valued: Set(["-o", "--output", "--format", "--soundfont", "--transpose", DiagnosticOutput.optionName]).union(FeelOptions.names),
                          flags: ["-q", "--quiet", "--pretty"], repeatable: ["--output"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        let outputs = arguments.values["--output"] ?? []
        // Overwriting the song is the worse mistake: refuse it first, whatever the extension.
        for output in outputs where SystemIO.isSameFile(input: input, output: output) { return Stave.refuseOverwritingInput(input, output) }
        if outputs.count > 1 {
            if arguments.options["--format"] != nil {
                return Stave.usageError("--format names one format: with several -o, each output's format follows its extension", command: "compile")
            }
            for (index, output) in outputs.enumerated() where outputs[..<index].contains(where: { SystemIO.isSameFile(input: $0, output: output) || $0 == output }) {
                return Stave.usageError("the output '\(output)' is given twice", command: "compile")
            }
        }
        var targets: [(path: String, target: Target)] = []
        if let name = arguments.options["--format"] {
            guard let chosen = OutputFormat(rawValue: name) else {
                return Stave.usageError("unknown format '\(name)': expected midi, song, roll or musicxml", command: "compile")
            }
            let destination = outputs.first ?? (input == "-" ? "-" : OutputFormat.replacingExtension(of: input, with: chosen.fileExtension))
            targets = [(destination, .format(chosen))]
        } else if outputs.isEmpty {
            targets = [(input == "-" ? "-" : OutputFormat.replacingExtension(of: input, with: OutputFormat.midi.fileExtension), .format(.midi))]
        } else {
            for output in outputs {
                switch OutputFormat.named(by: output) {
                case .known(let chosen): targets.append((output, .format(chosen)))
                case .unknown(let suffix) where suffix.lowercased() == "wav":
                    guard output != "-" else { return Stave.usageError("audio is written to a file, not standard output", command: "compile") }
                    targets.append((output, .audio))
                case .unknown(let suffix):
                    return Stave.usageError("unknown output extension '.\(suffix)': stave writes \(OutputFormat.writtenExtensions), .wav (audio); or give --format midi|song|roll|musicxml", command: "compile")
                case .noExtension: targets.append((output, .format(.midi)))
                }
            }
        }
        let pretty = arguments.flags.contains("--pretty")
        if pretty, !targets.contains(where: { $0.target == .format(.song) }) {
            let names = targets.map { target -> String in
                if case .format(let format) = target.target { return format.rawValue }
                return "audio"
            }
            return Stave.usageError("--pretty is for save files (.json or --format song), not \(names.joined(separator: ", "))", command: "compile")
        }
        if arguments.options["--soundfont"] != nil, !targets.contains(where: { $0.target == .audio }) {
            return Stave.usageError("--soundfont is for audio outputs (-o SONG.wav)", command: "compile")
        }
        for target in targets where SystemIO.isSameFile(input: input, output: target.path) { return Stave.refuseOverwritingInput(input, target.path) }
        let quiet = arguments.flags.contains("--quiet")
        let feel: FeelOptions
        do { feel = try FeelOptions(arguments, command: "compile") } catch { return error.status }
        var transpose = 0
        if let text = arguments.options["--transpose"] {
            guard let value = Int(text), Lowering.songTransposeRange.contains(value) else {
                return Stave.usageError("--transpose takes a number of semitones −48…48, found '\(text)'", command: "compile")
            }
            transpose = value
        }
        let diagnostics: DiagnosticOutput
        do { diagnostics = try DiagnosticOutput(arguments, command: "compile") } catch { return error.status }
        do {
            var timer = PhaseTimer()
            let perByte = targets.contains { $0.target == .format(.song) } ? MemoryBudget.perTextByteForSave : MemoryBudget.perTextByte
            guard case .song(var compilation) = try Frontend.compile(path: input, timer: &timer, diagnostics: diagnostics, memoryPerByte: perByte, transpose: transpose) else { return 1 }
            compilation.song = feel.apply(to: compilation.song)
            // Every output is made before any is written: an error in one writes none.
            var written: [(bytes: [UInt8], path: String)] = []
            for target in targets {
                switch target.target {
                case .format(let format):
                    written.append((try format.backend(prettySave: pretty).render(compilation.song), target.path))
                    timer.mark("render \(format.rawValue)")
                case .audio:
                    let synthesizer = try Synthesizer.locate(soundfontOption: arguments.options["--soundfont"])
                    written.append((try synthesizer.render(compilation.song, sampleRate: RenderCommand.defaultSampleRate), target.path))
                    timer.mark("render audio")
                }
            }
            if written.count == 1, let only = written.first {
                try SystemIO.writeAtomically(only.bytes, to: only.path)
            } else {
                try OutputFile.write(written)
            }
            timer.mark("write")
            if !quiet, diagnostics.style == .text {
                for target in targets where target.path != "-" {
                    if target.target == .audio {
                        let heard = ExcerptOptions.Heard(song: compilation.song, firstBar: 1, lastBar: SongFigures(FormUnfolding.performedSong(compilation.song)).bars)
                        SystemIO.printError(RenderCommand.summary(of: heard, writtenTo: target.path, sampleRate: RenderCommand.defaultSampleRate))
                    } else {
                        SystemIO.printError(summary(of: compilation.song, writtenTo: target.path))
                    }
                }
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
        // Stave 3 form: the figures of the performance, what the song plays (rule 17).
        let figures = SongFigures(FormUnfolding.performedSong(song))
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
