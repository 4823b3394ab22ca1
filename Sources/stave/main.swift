#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `stave` command: the composition root. It is the only place that reads files, chooses
/// a backend, writes output and sets the exit status.
enum Stave {
    static let version = "0.1.0"
    static let versionLine = "stave \(version)\n"

    static let help = """
    stave — compile Stave scores to Standard MIDI Files, save files and piano rolls

    USAGE:
      stave compile SONG.stave [-o OUT] [--format midi|song|roll]
      stave check SONG.stave...
      stave roll SONG.stave [--step N] [--bars A-B] [--track ID] [--width COLS]
      stave print SONG.json [-o OUT.stave]
      stave explain [ID...]

    Run 'stave COMMAND --help' for a command's options.

    Exit status: 0 success, 1 the input has errors, 2 usage or I/O error.

    """

    static func usageError(_ message: String, help: String) -> Int32 {
        SystemIO.printError("stave: error: \(message)\n\n\(help)")
        return 2
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
        case "roll": return RollCommand.run(rest)
        case "print": return PrintCommand.run(rest)
        case "explain": return ExplainCommand.run(rest)
        case "--help", "-h", "help": SystemIO.printOut(help); return 0
        case "--version", "version": SystemIO.printOut(versionLine); return 0
        default: return usageError("unknown command '\(command)'", help: help)
        }
    }
}

HeapTuning.apply()
MemoryBudget.installOutOfMemoryHandler()
exit(Stave.run(Array(CommandLine.arguments.dropFirst())))
