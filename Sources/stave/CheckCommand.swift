/// `stave check SONG.stave…`: diagnostics only.
enum CheckCommand {
    static let help = """
    USAGE: stave check SONG.stave... [--diagnostics text|json]

    Checks one or more songs and prints their diagnostics; writes nothing.
    Use '-' to read standard input. With '--diagnostics json' each diagnostic is
    one JSON object per line on standard error (file, start and end line/column,
    severity, stable id, message, notes), for editors and other tools.

    Exit status: 0 when every song is free of errors (warnings allowed),
    1 when any song has errors, 2 on usage or I/O errors.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments(words, valued: ["--diagnostics"], flags: ["--help", "-h", "--version"])
        } catch let error as Arguments.UsageError {
            return Stave.usageError(error.message, help: help)
        } catch { return 2 }
        if arguments.flags.contains("--help") || arguments.flags.contains("-h") { SystemIO.printOut(help); return 0 }
        if arguments.flags.contains("--version") { SystemIO.printOut(Stave.versionLine); return 0 }
        guard !arguments.positional.isEmpty else { return Stave.usageError("'check' needs at least one song", help: help) }
        let style = arguments.options["--diagnostics"] ?? "text"
        guard style == "text" || style == "json" else {
            return Stave.usageError("unknown diagnostics format '\(style)': expected text or json", help: help)
        }
        var status: Int32 = 0
        for path in arguments.positional {
            do {
                if case .invalid = try Frontend.compile(path: path, json: style == "json") { status = max(status, 1) }
            } catch let failure as SystemIO.Failure {
                SystemIO.printError("stave: error: \(failure.message)\n")
                status = 2
            } catch { status = 2 }
        }
        return status
    }
}
