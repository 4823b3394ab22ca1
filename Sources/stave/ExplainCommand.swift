import StaveSyntax

/// `stave explain [ID…]`: what a diagnostic means, with a wrong and a right example.
enum ExplainCommand {
    static let help = """
    USAGE: stave explain [ID...]

    Explains diagnostics by their stable ID (shown by 'stave check --diagnostics json'
    and listed with 'stave explain'): what is wrong, how to mend it, and a wrong and a
    right example. Without an ID, lists every ID with its one-line summary.

    OPTIONS:
      -h, --help      show this help
      --version       show the version

    Exit status: 0 success, 2 an unknown ID or another usage error.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments
        switch ParsedWords(words, command: "explain", valued: [], help: help) {
        case .exit(let status): return status
        case .arguments(let parsed): arguments = parsed
        }
        guard !arguments.positional.isEmpty else {
            let width = DiagnosticID.allCases.map(\.rawValue.count).max() ?? 0
            let lines = DiagnosticID.allCases.map { id -> String in
                let entry = id.explanation
                let padding = String(repeating: " ", count: width - id.rawValue.count)
                return "\(id.rawValue)\(padding)  \(entry.severity == .warning ? "warning: " : "")\(entry.summary)"
            }
            SystemIO.printOut(lines.joined(separator: "\n") + "\n")
            return 0
        }
        var texts: [String] = []
        for word in arguments.positional {
            guard let id = DiagnosticID(rawValue: word) else {
                let hint = Suggestion.hint(for: word, among: DiagnosticID.allCases.map(\.rawValue))
                SystemIO.printError("stave: error: unknown diagnostic ID '\(word)'\(hint)\nRun 'stave explain' for the list of IDs.\n")
                return 2
            }
            texts.append(id.explanation.text)
        }
        SystemIO.printOut(texts.joined(separator: "\n"))
        return 0
    }
}
