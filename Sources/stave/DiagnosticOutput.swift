import StaveSyntax
import StaveDomain
import StaveMIDIImport

/// How every command prints the problems it finds in its input: `--diagnostics text|json`,
/// warnings left out with `-q`, and at most `DiagnosticRenderer.defaultLimit` a file with one
/// line counting the rest. The one place where `check`, `compile`, `print`, `import` and the
/// other commands turn diagnostics into text.
///
/// Two kinds of problem are printed: a `Diagnostic` of Stave text (`FILE:LINE:COL: error: …`,
/// the line and a caret), and a `FileProblem` of a file that has no lines to point into — a
/// save file's (at a JSON path) or a MIDI file's (at a byte): `FILE: error: WHERE: message [ID]`.
struct DiagnosticOutput {
    /// `--diagnostics`: text for people, JSON Lines for tools.
    enum Style: String {
        case text, json
    }

    /// The option, for the argument parser.
    static let optionName = "--diagnostics"
    /// The help line.
    static let help = """
      --diagnostics text|json   how problems are printed on standard error (default:
                           text; json: one JSON object a line, as 'stave check'
                           prints them, and no summary line)
    """

    var style: Style = .text
    /// Leave warnings out.
    var quiet = false
    /// At most this many problems a file are shown.
    var limit = DiagnosticRenderer.defaultLimit

    /// The output the options of `arguments` ask for; an unknown style is a usage error.
    init(_ arguments: Arguments, command: String) throws(ExcerptOptions.UsageExit) {
        quiet = arguments.flags.contains("--quiet")
        let name = arguments.options[Self.optionName] ?? "text"
        guard let chosen = Style(rawValue: name) else {
            throw ExcerptOptions.UsageExit(status: Stave.usageError("unknown diagnostics format '\(name)': expected text or json", command: command))
        }
        style = chosen
    }

    /// Text output, with warnings unless `quiet`.
    init(quiet: Bool) {
        self.quiet = quiet
    }

    /// Prints a file's diagnostics in position order; returns whether any is an error.
    @discardableResult
    func report(_ diagnostics: [Diagnostic], in source: Source) -> Bool {
        var diagnostics = diagnostics.sortedByPosition()
        if quiet { diagnostics.removeAll { $0.severity != .error } }
        switch style {
        case .json:
            SystemIO.printError(DiagnosticRenderer.jsonLines(diagnostics, in: source, limit: limit))
        case .text:
            guard !diagnostics.isEmpty else { break }
            let renderer = DiagnosticRenderer(colored: SystemIO.colorOnStandardError, limit: limit)
            SystemIO.printError(renderer.render(diagnostics, in: source))
            SystemIO.printError(Self.countLine(diagnostics.map(\.severity), file: source.path))
        }
        return diagnostics.hasErrors
    }

    /// Prints the problems of a file that has no lines to point into, in the order given;
    /// returns whether any is an error.
    @discardableResult
    func report(_ problems: [FileProblem], file: String) -> Bool {
        var problems = problems
        if quiet { problems.removeAll { $0.severity != .error } }
        var out = ""
        let shown = problems.prefix(max(0, limit))
        for problem in shown {
            out += style == .json ? problem.jsonLine(file: file) : problem.textLine(file: file)
        }
        let hidden = problems.dropFirst(max(0, limit))
        let errors = hidden.filter { $0.severity == .error }.count
        switch style {
        case .json:
            out += DiagnosticRenderer.notShownJSONLine(file: file, errors: errors, warnings: hidden.count - errors)
        case .text:
            out += DiagnosticRenderer.notShownLine(errors: errors, warnings: hidden.count - errors)
            if !problems.isEmpty { out += Self.countLine(problems.map(\.severity), file: file) }
        }
        SystemIO.printError(out)
        return problems.contains { $0.severity == .error }
    }

    /// `3 errors and 1 warning in song.stave`.
    static func countLine(_ severities: [Severity], file: String) -> String {
        let errors = severities.filter { $0 == .error }.count
        let warnings = severities.count - errors
        var summary: [String] = []
        if errors > 0 { summary.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { summary.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return summary.joined(separator: " and ") + " in \(TerminalText.escaped(file))\n"
    }
}

/// A problem of a file that has no lines and columns to point into: a save file's, at a JSON
/// path (`song.tracks[0].ppq`), or a MIDI file's, at a byte (`byte 22`).
struct FileProblem {
    var severity: Severity
    var id: DiagnosticID
    /// Where in the file, as messages show it; nil for the file as a whole.
    var location: String?
    var message: String

    /// `song.json: error: song.ppq: missing; expected an integer 24–32767 [save-missing-field]`.
    func textLine(file: String) -> String {
        let place = location.map { "\(TerminalText.escaped($0)): " } ?? ""
        return "\(TerminalText.escaped(file)): \(severity.rawValue): \(place)\(TerminalText.escaped(message)) [\(id.rawValue)]\n"
    }

    /// The JSON Lines object: as a diagnostic of Stave text, with `at` (the location) in place
    /// of `start` and `end`.
    func jsonLine(file: String) -> String {
        DiagnosticRenderer.jsonLine(file: file, at: location, severity: severity, id: id, message: message)
    }
}

extension FileProblem {
    /// A save file's problem, at its JSON path (every one is an error).
    init(_ problem: SaveProblem) {
        self.init(severity: .error, id: problem.id, location: problem.path.description, message: problem.message)
    }
}

extension FileProblem {
    /// A MIDI file that cannot be read, at the byte where it stops making sense, or as a whole
    /// (a song beyond Stave's limits, found from its events).
    init(_ error: MIDIReadError) {
        self.init(severity: .error, id: .importUnreadable, location: error.offset.map { "byte \($0)" }, message: error.message)
    }
}
