import StaveSyntax
import StaveComposition
import StaveFormatter

/// `stave fmt FILE… [--check] [-w]`: the canonical layout.
enum FormatCommand {
    static let help = """
    USAGE: stave fmt SONG.stave... [--check | -w] [-q]

    Lays songs out in Stave's one canonical layout (Docs/REFERENCE.md, "Formatting"): one
    statement per line, two spaces of indentation, one space between items, no
    space inside chords and tuplets or between a note and its length and ties,
    body lines broken after a bar line when longer than 100 columns. Line breaks
    inside phrase bodies stay where they were written, comments stay where they
    stand, and the song compiles to the same MIDI.
    By default the formatted text is written to standard output. Use '-' to read
    standard input. A song with errors is not formatted: its diagnostics are
    printed and the exit status is 1.

    OPTIONS:
      -w, --write          rewrite each file in place (atomically; files already
                           formatted are not touched)
      --check              write nothing; list the files that are not formatted
                           and exit with status 1 if there are any
      -q, --quiet          no warnings (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 0 success (with --check: every file is formatted), 1 a song has
    errors (or, with --check, is not formatted), 2 usage or I/O error.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments
        switch ParsedWords(words, command: "fmt", valued: [], flags: ["-w", "--write", "--check", "-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .arguments(let parsed): arguments = parsed
        }
        let paths = arguments.positional
        guard !paths.isEmpty else { return Stave.usageError("'fmt' needs at least one song", command: "fmt") }
        let write = arguments.flags.contains("--write"), check = arguments.flags.contains("--check")
        if write && check { return Stave.usageError("'--check' and '-w' cannot be used together", command: "fmt") }
        if write && paths.contains("-") { return Stave.usageError("'-w' cannot rewrite standard input", command: "fmt") }
        var status: Int32 = 0
        for path in paths {
            do {
                var timer = PhaseTimer()
                guard let source = try Frontend.read(path: path, memoryPerByte: MemoryBudget.perTextByteForFormat) else { status = max(status, 1); continue }
                timer.mark("read")
                guard let formatted = format(source, path: path, quiet: arguments.flags.contains("--quiet"), timer: &timer) else { status = max(status, 1); continue }
                defer { timer.mark("write"); timer.report() }
                let changed = formatted != source.bytes
                if check {
                    if changed {
                        SystemIO.printOut("\(path)\n")
                        status = max(status, 1)
                    }
                } else if write {
                    if changed { try SystemIO.writeAtomically(formatted, to: path) }
                } else {
                    try SystemIO.writeAtomically(formatted, to: "-")
                }
            } catch {
                status = max(status, CommandFailure.report(error))
            }
        }
        return status
    }

    /// The formatted bytes of a song, or nil when it has errors (reported) or formatting would
    /// change what it says (a bug: reported, and the file is left alone).
    static func format(_ source: Source, path: String, quiet: Bool, timer: inout PhaseTimer) -> [UInt8]? {
        let (syntax, parseDiagnostics, tokens) = Parser.parseKeepingTokens(source)
        timer.mark("parse")
        let tree = SourceTree.build(source: source, syntax: syntax, tokens: tokens)
        timer.mark("lossless tree")
        let (_, lowerDiagnostics) = Lowering.lower(consume syntax, defaultTitle: Song.defaultTitle(forPath: path))
        timer.mark("lower and check")
        if Frontend.report(parseDiagnostics + lowerDiagnostics, in: source, json: false, quiet: quiet) { return nil }
        let formatted = Formatter().format(tree)
        timer.mark("format")
        defer { timer.mark("verify") }
        guard FormatCheck.saysTheSame(formatted, as: tree) else {
            SystemIO.printError("stave: internal error: formatting \(source.path) would change what it says; it was left as it is (please report this)\n")
            return nil
        }
        return formatted
    }
}
