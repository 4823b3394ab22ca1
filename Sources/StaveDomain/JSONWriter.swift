import StaveSupport

/// Builds JSON text deterministically: the caller decides key order and layout, so the same
/// document always gives the same bytes (no dictionary order, no floating point).
public struct JSONWriter {
    /// The text written so far.
    public private(set) var text = ""
    private var indentLevel = 0

    /// An empty writer.
    public init() {}

    /// Starts a new line at the current indentation (two spaces a level).
    public mutating func newline() {
        text += "\n"
        text += String(repeating: "  ", count: indentLevel)
    }

    /// Writes raw text.
    public mutating func write(_ raw: String) {
        text += raw
    }

    /// Opens `{` or `[` and indents what follows.
    public mutating func open(_ bracket: String) {
        text += bracket
        indentLevel += 1
    }

    /// Closes a bracket on its own line at the outer indentation.
    public mutating func close(_ bracket: String) {
        indentLevel -= 1
        newline()
        text += bracket
    }

    /// Writes `"key": ` (after a newline), for a member of a multi-line object.
    public mutating func key(_ name: String, first: Bool) {
        if !first { text += "," }
        newline()
        text += JSONText.quoted(name) + ": "
    }

    /// A one-line object from already written member values: `{"a": 1, "b": "x"}`.
    public static func inlineObject(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A one-line array from already written elements.
    public static func inlineArray(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }
}
