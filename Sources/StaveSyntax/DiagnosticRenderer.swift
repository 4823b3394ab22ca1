import StaveSupport

/// Turns diagnostics into the text shown to people:
/// `path:line:col: error: message`, the source line, and a caret under the column.
public struct DiagnosticRenderer: Sendable {
    /// Use ANSI colours.
    public var colored: Bool

    /// Creates a `DiagnosticRenderer` from its parts.
    public init(colored: Bool = false) {
        self.colored = colored
    }

    /// Renders one diagnostic against its source.
    public func render(_ diagnostic: Diagnostic, in source: Source) -> String {
        let (line, column) = source.lineColumn(of: diagnostic.range.start)
        let severity = diagnostic.severity.rawValue
        let label = colored
            ? (diagnostic.severity == .error ? "\u{1B}[1;31m\(severity)\u{1B}[0m" : "\u{1B}[1;35m\(severity)\u{1B}[0m")
            : severity
        var out = "\(source.path):\(line):\(column): \(label): \(diagnostic.message)\n"
        out += caretLines(source: source, line: line, column: column)
        for note in diagnostic.notes {
            if let range = note.range {
                let (noteLine, noteColumn) = source.lineColumn(of: range.start)
                out += "\(source.path):\(noteLine):\(noteColumn): note: \(note.message)\n"
                out += caretLines(source: source, line: noteLine, column: noteColumn)
            } else {
                out += "  note: \(note.message)\n"
            }
        }
        return out
    }

    /// Renders many diagnostics, in source order.
    public func render(_ diagnostics: [Diagnostic], in source: Source) -> String {
        diagnostics.sortedByPosition().map { render($0, in: source) }.joined()
    }

    private func caretLines(source: Source, line: Int, column: Int) -> String {
        let text = source.lineText(line)
        // Columns count Unicode scalars; the caret goes under the character (grapheme) that
        // starts at that scalar, keeping tabs so it lines up under tab-indented text.
        let scalars = Array(text.unicodeScalars)
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars.prefix(max(0, column - 1)))
        var pad = String(String(prefix).map { $0 == "\t" ? "\t" : " " })
        if scalars.count < column - 1 { pad += String(repeating: " ", count: column - 1 - scalars.count) }
        let caret = colored ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "\(text)\n\(pad)\(caret)\n"
    }
}

extension DiagnosticRenderer {
    /// Diagnostics as JSON Lines for tools: one object per diagnostic, in source order, with
    /// 1-based line and column of both ends, severity, stable ID, message and notes.
    public static func jsonLines(_ diagnostics: [Diagnostic], in source: Source) -> String {
        func position(_ offset: Int) -> String {
            let (line, column) = source.lineColumn(of: offset)
            return "{\"line\":\(line),\"column\":\(column)}"
        }
        return diagnostics.sortedByPosition().map { diagnostic in
            let notes = diagnostic.notes.map { note in
                "{\"message\":\(JSONText.quoted(note.message))" + (note.range.map { ",\"start\":\(position($0.start))" } ?? "") + "}"
            }
            return "{\"file\":\(JSONText.quoted(source.path)),\"start\":\(position(diagnostic.range.start)),\"end\":\(position(diagnostic.range.end)),"
                + "\"severity\":\"\(diagnostic.severity.rawValue)\",\"id\":\"\(diagnostic.id.rawValue)\",\"message\":\(JSONText.quoted(diagnostic.message)),"
                + "\"notes\":[\(notes.joined(separator: ","))]}\n"
        }.joined()
    }
}
