import StaveSyntax

/// A small command-line parser: positional arguments, bare flags, and valued options in every
/// usual spelling: `--output FILE`, `--output=FILE`, `-o FILE` and `-oFILE`.
struct Arguments {
    /// A usage error (exit status 2).
    struct UsageError: Error {
        var message: String
    }

    /// Short spellings of options, and the long name they stand for.
    static let aliases = ["-o": "--output", "-q": "--quiet", "-h": "--help", "-w": "--write"]

    var positional: [String] = []
    /// Valued options by their long name (`-o` is stored as `--output`): the first value given.
    var options: [String: String] = [:]
    /// Every value of each valued option, in order (more than one only for a `repeatable` one).
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Parses `words` given which options take a value and which are bare flags. An option
    /// given twice (in either spelling) is a usage error, which one was meant being unclear,
    /// unless it is `repeatable` (long names: `compile -o A -o B` writes both).
    init(_ words: [String], valued: Set<String>, flags allowed: Set<String>, repeatable: Set<String> = []) throws {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-" || !word.hasPrefix("-") {
                positional.append(word)
            } else if word == "--" {
                positional += words[(index + 1)...]
                break
            } else {
                var name = word
                var inline: String?
                if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                    name = String(word[..<equals])
                    inline = String(word[word.index(after: equals)...])
                } else if !word.hasPrefix("--"), word.count > 2, valued.contains(String(word.prefix(2))) {
                    // `-oFILE`: a short valued option with its value attached.
                    name = String(word.prefix(2))
                    inline = String(word.dropFirst(2))
                }
                if valued.contains(name) {
                    let key = Arguments.aliases[name] ?? name
                    guard options[key] == nil || repeatable.contains(key) else { throw UsageError(message: "option '\(name)' is given more than once") }
                    let value: String
                    if let inline {
                        value = inline
                    } else {
                        guard index + 1 < words.count else { throw UsageError(message: "option '\(name)' needs a value") }
                        index += 1
                        value = words[index]
                    }
                    guard !value.isEmpty else { throw UsageError(message: "option '\(name)' needs a value, not an empty one") }
                    if options[key] == nil { options[key] = value }
                    values[key, default: []].append(value)
                } else if allowed.contains(name), inline == nil {
                    flags.insert(Arguments.aliases[name] ?? name)
                } else if allowed.contains(name) {
                    throw UsageError(message: "option '\(name)' takes no value")
                } else {
                    let known = (valued.union(allowed)).filter { $0.hasPrefix("--") }.sorted()
                    throw UsageError(message: "unknown option '\(word)'" + Suggestion.hint(for: name, among: known))
                }
            }
            index += 1
        }
    }
}

/// A command's words parsed, or the exit status when they ask to stop at once: `--help`/`-h`
/// (the command's help on standard output), `--version`, or a usage error (one line and a
/// pointer to the command's help on standard error, exit status 2).
enum ParsedWords {
    case exit(Int32)
    case arguments(Arguments)

    init(_ words: [String], command: String, valued: Set<String>, flags: Set<String> = [], repeatable: Set<String> = [], help: String) {
        let arguments: Arguments
        do {
            arguments = try Arguments(words, valued: valued, flags: flags.union(["--help", "-h", "--version"]), repeatable: repeatable)
        } catch let error as Arguments.UsageError {
            // Asking for help wins over a mistake made beside it (`stave compile --fromat --help`).
            if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
                SystemIO.printOut(help)
                self = .exit(0)
            } else {
                self = .exit(Stave.usageError(error.message, command: command))
            }
            return
        } catch {
            self = .exit(2)
            return
        }
        if arguments.flags.contains("--help") {
            SystemIO.printOut(help)
            self = .exit(0)
        } else if arguments.flags.contains("--version") {
            SystemIO.printOut(Stave.versionLine)
            self = .exit(0)
        } else {
            self = .arguments(arguments)
        }
    }
}

/// What a single-input command's words ask for: to stop at once (help, version, a usage error)
/// or to run on one input with the parsed options.
enum Invocation {
    case exit(Int32)
    case run(Arguments, input: String)

    /// Parses `words` for `command`, which takes exactly one `input` (described as `needs`).
    /// `--help`/`-h` and `--version` are always accepted.
    init(_ words: [String], command: String, needs: String, valued: Set<String>, flags: Set<String> = [], repeatable: Set<String> = [], help: String) {
        switch ParsedWords(words, command: command, valued: valued, flags: flags, repeatable: repeatable, help: help) {
        case .exit(let status):
            self = .exit(status)
        case .arguments(let arguments):
            if arguments.positional.count == 1, let input = arguments.positional.first {
                self = .run(arguments, input: input)
            } else {
                let message = arguments.positional.isEmpty ? "'\(command)' needs \(needs)" : "'\(command)' takes one \(needs.hasPrefix("a ") ? String(needs.dropFirst(2)) : needs)"
                self = .exit(Stave.usageError(message, command: command))
            }
        }
    }
}
