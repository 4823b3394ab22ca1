/// What one diagnostic means: the catalog entry that `stave explain ID` prints.
///
/// Every `DiagnosticID` has exactly one entry (`DiagnosticID.explanation` switches over all of
/// them, so an ID without an entry does not compile). The wrong example produces the diagnostic
/// and the right one does not: a test compiles both, so the catalog cannot drift from the code.
public struct DiagnosticExplanation: Sendable, Equatable {
    /// The diagnostic explained.
    public var id: DiagnosticID
    /// Error or warning.
    public var severity: Severity
    /// One line: what is wrong.
    public var summary: String
    /// Why it is a problem and how to mend it.
    public var explanation: String
    /// A small input with the mistake: Stave text, or a save-file excerpt for `save-…` IDs.
    public var wrong: String
    /// The same input mended.
    public var right: String

    /// True for problems of save files (their examples are JSON excerpts, not Stave text).
    public var isSaveFormat: Bool { id.rawValue.hasPrefix("save-") }

    /// The entry as `stave explain` prints it.
    public var text: String {
        func indented(_ example: String) -> String {
            example.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n")
        }
        return """
        \(id.rawValue) (\(severity.rawValue)): \(summary)

        \(explanation)

        Wrong:
        \(indented(wrong))

        Right:
        \(indented(right))

        """
    }
}

extension DiagnosticID {
    /// The nearest catalog ID to a misspelt one, for "did you mean" hints.
    public static func closest(to text: String) -> DiagnosticID? {
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            var previous = Array(0...b.count), row = previous
            for i in 1...a.count {
                row[0] = i
                for j in 1...b.count {
                    row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = row
            }
            return previous[b.count]
        }
        let word = Array(text.lowercased().utf8.prefix(64))
        let scored = allCases.map { ($0, distance(word, Array($0.rawValue.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
