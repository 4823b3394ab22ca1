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
    /// True for problems of MIDI files met by `stave import` (their examples describe MIDI
    /// bytes, not Stave text).
    public var isImport: Bool { id.rawValue.hasPrefix("import-") }
    /// True when the examples are Stave text (a test compiles them).
    public var examplesAreStaveText: Bool { !isSaveFormat && !isImport }

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
