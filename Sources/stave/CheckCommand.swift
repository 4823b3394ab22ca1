/// `stave check SONG.stave…`: diagnostics only.
enum CheckCommand {
    static let help = """
    USAGE: stave check SONG.stave... [--diagnostics text|json] [-q]

    Checks one or more songs and prints their diagnostics; writes nothing.
    Use '-' to read standard input. With '--diagnostics json' each diagnostic is
    one JSON object per line on standard error (file, start and end line/column,
    severity, stable id, message, notes), for editors and other tools. At most 100
    diagnostics a file are printed, then (text) one line counting the rest, or
    (JSON) one object {"file":F,"notShown":{"errors":E,"warnings":W}}.

    OPTIONS:
      --diagnostics text|json   how diagnostics are printed (default: text)
      -q, --quiet               errors only, no warnings
      -h, --help                show this help
      --version                 show the version

    Exit status: 0 when every song is free of errors (warnings allowed),
    1 when any song has errors, 2 on usage or I/O errors.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments
        switch ParsedWords(words, command: "check", valued: ["--diagnostics"], flags: ["--quiet", "-q"], help: help) {
        case .exit(let status): return status
        case .arguments(let parsed): arguments = parsed
        }
        guard !arguments.positional.isEmpty else { return Stave.usageError("'check' needs at least one song", command: "check") }
        let output: DiagnosticOutput
        do { output = try DiagnosticOutput(arguments, command: "check") } catch { return error.status }
        var status: Int32 = 0
        for path in arguments.positional {
            do {
                if case .invalid = try Frontend.compile(path: path, diagnostics: output) { status = max(status, 1) }
            } catch {
                status = max(status, CommandFailure.report(error))
            }
        }
        return status
    }
}
