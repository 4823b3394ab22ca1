import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter

/// `stave print SONG.json [-o OUT.stave]`: a saved song back to canonical Stave text.
enum PrintCommand {
    static let help = """
    USAGE: stave print SONG.json [-o OUT.stave] [--diagnostics text|json] [-q]

    Prints a saved song (the JSON save format) back as canonical Stave text.
    Writes to standard output unless -o is given; use '-' to read standard input.
    The output is written atomically: on any error or interruption nothing is
    written and an existing file is left as it was. An output that is the save
    file itself is refused. Written to a file, it says so in one line on standard
    error (what it wrote: tracks, notes, length, bars).

    A malformed save file gives one line per problem on standard error, as
    'SONG.json: error: json.path: message [ID]' (the ID is explained by 'stave
    explain ID'), and exit status 1. With '--diagnostics json' each problem is one
    JSON object a line, as 'stave check' prints them but with "at" (the JSON path)
    in place of "start" and "end". A Stave song given instead of a save file gives
    one error saying so (use 'stave compile').

    OPTIONS:
      -o, --output OUT     where to write ('-' for standard output; also -oOUT,
                           --output=OUT)
    \(DiagnosticOutput.help)
      -q, --quiet          no summary line (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 0 success, 1 the save file has problems, 2 usage or I/O error.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "print", needs: "a saved song", valued: ["-o", "--output", DiagnosticOutput.optionName], flags: ["-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        let destination = arguments.options["--output"] ?? "-"
        if SystemIO.isSameFile(input: input, output: destination) { return Stave.refuseOverwritingInput(input, destination) }
        let shownPath = input == "-" ? "<stdin>" : input
        let output: DiagnosticOutput
        do { output = try DiagnosticOutput(arguments, command: "print") } catch { return error.status }
        do {
            var timer = PhaseTimer()
            let bytes = try SystemIO.read(input)
            timer.mark("read")
            // Worked out now (it looks at the first bytes only, for a save file) so that the
            // bytes can be let go once they are parsed.
            let looksLikeStaveSong = ForeignFile.looksLikeStaveSong(bytes)
            let song: Song
            // Kept to the end with the songs: freeing a large document note by note takes longer
            // than exiting does.
            let document: SongDocument
            do {
                document = try SongDecoder.decode(consume bytes)
                timer.mark("load (parse, decode, validate)")
                song = document.composition
                timer.mark("composition")
            } catch {
                if looksLikeStaveSong {
                    output.report([FileProblem(severity: .error, id: .saveNotASaveFile, location: nil,
                                               message: "this looks like a Stave song, not a save file: use 'stave compile \(input)' to compile it, or 'stave compile \(input) -o SONG.json' to save it")],
                                  file: shownPath)
                    return 1
                }
                output.report(error.problems.map(FileProblem.init), file: shownPath)
                return 1
            }
            let text = StavePrinter().print(song)
            timer.mark("print")
            // The printed text must compile back to the same song; refuse to write it otherwise.
            let (recompiled, diagnostics) = Lowering.compile(Source(path: shownPath, text: text), defaultTitle: song.title)
            timer.mark("recompile")
            guard !diagnostics.hasErrors, recompiled == song else {
                SystemIO.printError("stave: error: internal error: the printed text of '\(shownPath)' does not compile back to the same song\n")
                return 1
            }
            timer.mark("compare")
            try SystemIO.writeAtomically(Array(text.utf8), to: destination)
            timer.mark("write")
            if !arguments.flags.contains("--quiet"), output.style == .text, destination != "-" {
                SystemIO.printError(CompileCommand.summary(of: song, writtenTo: destination))
                timer.mark("summary")
            }
            timer.report()
            // Done: exit without tearing the songs down, as `compile` does (they can be large).
            SystemIO.exitNow(0, keeping: (document, song, recompiled))
        } catch {
            return CommandFailure.report(error)
        }
    }
}
