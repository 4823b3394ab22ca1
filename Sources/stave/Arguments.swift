/// A small command-line parser: positional arguments and `--flag VALUE` / `-o VALUE` options.
struct Arguments {
    /// A usage error (exit status 2).
    struct UsageError: Error {
        var message: String
    }

    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `words` given which options take a value and which are bare flags.
    init(_ words: [String], valued: Set<String>, flags allowed: Set<String>) throws {
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
                }
                if valued.contains(name) {
                    if let inline {
                        options[name] = inline
                    } else {
                        guard index + 1 < words.count else { throw UsageError(message: "option '\(name)' needs a value") }
                        index += 1
                        options[name] = words[index]
                    }
                } else if allowed.contains(name) {
                    flags.insert(name)
                } else {
                    throw UsageError(message: "unknown option '\(word)'")
                }
            }
            index += 1
        }
    }
}
