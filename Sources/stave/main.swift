#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveSyntax

/// The `stave` command: the composition root. It is the only place that reads files, chooses
/// a backend, writes output and sets the exit status.
enum Stave {
    static let version = "0.1.0"
    static let versionLine = "stave \(version)\n"

    /// The general help: every command's usage, each with all of its options, taken from the
    /// command's own help so the two cannot drift apart.
    static var help: String {
        """
        stave — compile Stave scores to MIDI, sheet music, save files, piano rolls and sound;
        lay them out, import MIDI, and serve editors

        USAGE:
        \(commands.map { usage(fromHelp: $0.help) }.joined(separator: "\n"))

        Every option of every command is shown above; 'stave help COMMAND' (or
        'stave COMMAND --help') says what each one does. Every command also takes
        -h/--help and --version.

        Exit status: 0 success, 1 the input has errors, 2 usage or I/O error.

        """
    }

    /// A command's usage as the general help shows it: its help's `USAGE:` lines, indented
    /// by two spaces (continuation lines keep their alignment under the command).
    static func usage(fromHelp help: String) -> String {
        let prefix = "USAGE: "
        var lines: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.isEmpty {
                guard line.hasPrefix(prefix) else { continue }
                lines.append("  " + line.dropFirst(prefix.count))
            } else if line.hasPrefix(" ") {
                lines.append("  " + line.dropFirst(prefix.count))
            } else {
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The commands by name with their help, in the order the general help lists them.
    static let commands: [(name: String, help: String)] = [
        ("compile", CompileCommand.help),
        ("check", CheckCommand.help),
        ("fmt", FormatCommand.help),
        ("tree", TreeCommand.help),
        ("lsp", LSPCommand.help),
        ("roll", RollCommand.help),
        ("print", PrintCommand.help),
        ("render", RenderCommand.help),
        ("engrave", EngraveCommand.help),
        ("play", PlayCommand.help),
        ("watch", WatchCommand.help),
        ("preview", PreviewCommand.help),
        ("import", ImportCommand.help),
        ("explain", ExplainCommand.help),
        ("completions", CompletionsCommand.help),
        ("help", helpCommandHelp),
    ]

    static let helpCommandHelp = """
    USAGE: stave help [COMMAND]

    Shows the help of COMMAND (the same as 'stave COMMAND --help'), or without a
    COMMAND the general help.

    """

    /// Prints a usage error: one line, then where the usage is explained (the command's help,
    /// or the general help when `command` is nil). Returns exit status 2.
    static func usageError(_ message: String, command: String?) -> Int32 {
        let helpCommand = command.map { "stave \($0) --help" } ?? "stave --help"
        SystemIO.printError("stave: error: \(message)\nRun '\(helpCommand)' for usage.\n")
        return 2
    }

    /// `unknown command 'compil'; did you mean 'compile'?`
    static func unknownCommand(_ word: String) -> String {
        "unknown command '\(word)'" + Suggestion.hint(for: word, among: commands.map(\.name) + ["version"])
    }

    /// `stave help [COMMAND]`.
    static func helpCommand(_ words: [String]) -> Int32 {
        guard let name = words.first else { SystemIO.printOut(help); return 0 }
        guard words.count == 1 else { return usageError("'help' takes one command", command: "help") }
        if name == "--help" || name == "-h" { SystemIO.printOut(helpCommandHelp); return 0 }
        guard let entry = commands.first(where: { $0.name == name }) else { return usageError(unknownCommand(name), command: nil) }
        SystemIO.printOut(entry.help)
        return 0
    }

    /// Refuses to write the output over the input (the same file, however it is named):
    /// the input would be lost. Exit status 2.
    static func refuseOverwritingInput(_ input: String, _ output: String) -> Int32 {
        let shown = input == "-" ? "standard input" : "the input '\(input)'"
        SystemIO.printError("stave: error: the output '\(output)' is the same file as \(shown); writing it would destroy the input: choose another output (-o OUT)\n")
        return 2
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            SystemIO.printError(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "compile": return CompileCommand.run(rest)
        case "check": return CheckCommand.run(rest)
        case "fmt": return FormatCommand.run(rest)
        case "tree": return TreeCommand.run(rest)
        case "lsp": return LSPCommand.run(rest)
        case "roll": return RollCommand.run(rest)
        case "print": return PrintCommand.run(rest)
        case "render": return RenderCommand.run(rest)
        case "engrave": return EngraveCommand.run(rest)
        case "play": return PlayCommand.run(rest)
        case "watch": return WatchCommand.run(rest)
        case "preview": return PreviewCommand.run(rest)
        case "import": return ImportCommand.run(rest)
        case "explain": return ExplainCommand.run(rest)
        case "completions": return CompletionsCommand.run(rest)
        case "help": return helpCommand(rest)
        case "--help", "-h": SystemIO.printOut(help); return 0
        case "--version", "version": SystemIO.printOut(versionLine); return 0
        case let option where option.hasPrefix("-"): return usageError("unknown option '\(option)'", command: nil)
        default: return usageError(unknownCommand(command), command: nil)
        }
    }
}

HeapTuning.apply()
MemoryBudget.installOutOfMemoryHandler()
exit(Stave.run(Array(CommandLine.arguments.dropFirst())))
