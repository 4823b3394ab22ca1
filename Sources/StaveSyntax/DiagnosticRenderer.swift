import StaveJSON

/// Turns diagnostics into the text shown to people:
/// `path:line:col: error: message`, the source line, and a caret under the column.
///
/// The output stays in proportion to what is worth reading, however large or hostile the
/// input: at most `limit` diagnostics are shown (then one line says how many more there are),
/// a long source line is shown as a window of about 100 columns around the caret, control
/// characters are escaped (see `TerminalText`), and lines and columns come from the line table
/// without rescanning from the start of the file or line.
public struct DiagnosticRenderer: Sendable {
    /// Use ANSI colours.
    public var colored: Bool
    /// Diagnostics shown at most per file; the rest are counted in one line.
    public var limit: Int

    /// The default `limit`.
    public static let defaultLimit = 100
    /// Columns of the source line shown before and after the caret, at most.
    static let columnsBefore = 60, columnsAfter = 40

    /// Creates a `DiagnosticRenderer` from its parts.
    public init(colored: Bool = false, limit: Int = DiagnosticRenderer.defaultLimit) {
        self.colored = colored
        self.limit = limit
    }

    /// Renders one diagnostic against its source.
    public func render(_ diagnostic: Diagnostic, in source: Source) -> String {
        var positions = Source.Positions(source)
        return render(diagnostic, in: source, positions: &positions)
    }

    private func render(_ diagnostic: Diagnostic, in source: Source, positions: inout Source.Positions) -> String {
        let (line, column) = positions.lineColumn(of: diagnostic.range.start)
        let severity = diagnostic.severity.rawValue
        let label = colored
            ? (diagnostic.severity == .error ? "\u{1B}[1;31m\(severity)\u{1B}[0m" : "\u{1B}[1;35m\(severity)\u{1B}[0m")
            : severity
        let path = TerminalText.escaped(source.path)
        var out = "\(path):\(line):\(column): \(label): \(TerminalText.escaped(diagnostic.message))\n"
        out += caretLines(source: source, offset: diagnostic.range.start)
        for note in diagnostic.notes {
            if let range = note.range {
                let (noteLine, noteColumn) = source.lineColumn(of: range.start)
                out += "\(path):\(noteLine):\(noteColumn): note: \(TerminalText.escaped(note.message))\n"
                out += caretLines(source: source, offset: range.start)
            } else {
                out += "  note: \(TerminalText.escaped(note.message))\n"
            }
        }
        return out
    }

    /// Renders many diagnostics, in source order: the first `limit`, then a line counting the rest.
    public func render(_ diagnostics: [Diagnostic], in source: Source) -> String {
        let sorted = diagnostics.sortedByPosition()
        var positions = Source.Positions(source)
        var out = ""
        for diagnostic in sorted.prefix(max(0, limit)) { out += render(diagnostic, in: source, positions: &positions) }
        let hidden = sorted.dropFirst(max(0, limit))
        let errors = hidden.filter { $0.severity == .error }.count
        out += Self.notShownLine(errors: errors, warnings: hidden.count - errors)
        return out
    }

    /// The line that counts what the limit left out (`3900 more errors not shown`), or `""`
    /// when nothing was left out. Every command's text output ends a file's list with it.
    public static func notShownLine(errors: Int, warnings: Int) -> String {
        guard errors + warnings > 0 else { return "" }
        let counted = [errors > 0 ? "\(errors) more error\(errors == 1 ? "" : "s")" : nil,
                       warnings > 0 ? "\(warnings) more warning\(warnings == 1 ? "" : "s")" : nil].compactMap { $0 }
        return "\(counted.joined(separator: " and ")) not shown\n"
    }

    /// The JSON line of a problem of a file that has no lines to point into (a save file's, a
    /// MIDI file's): as a diagnostic's, with `at` (a JSON path, `byte 22`) in place of `start`
    /// and `end`, or neither for the file as a whole.
    public static func jsonLine(file: String, at location: String?, severity: Severity, id: DiagnosticID, message: String) -> String {
        let place = location.map { ",\"at\":\(JSONText.quoted($0))" } ?? ""
        return "{\"file\":\(JSONText.quoted(file))\(place),\"severity\":\"\(severity.rawValue)\",\"id\":\"\(id.rawValue)\","
            + "\"message\":\(JSONText.quoted(message)),\"notes\":[]}\n"
    }

    /// The JSON line that counts what the limit left out of a file's JSON Lines, or `""`:
    /// `{"file":"song.stave","notShown":{"errors":3900,"warnings":0}}`. It has no `id`, which
    /// tells it from a diagnostic.
    public static func notShownJSONLine(file: String, errors: Int, warnings: Int) -> String {
        guard errors + warnings > 0 else { return "" }
        return "{\"file\":\(JSONText.quoted(file)),\"notShown\":{\"errors\":\(errors),\"warnings\":\(warnings)}}\n"
    }

    /// The source line around `offset` (a window of it when it is long, `…` marking what is
    /// cut) and a caret under the character at `offset`.
    private func caretLines(source: Source, offset: Int) -> String {
        let bytes = source.bytes
        let clamped = max(0, min(offset, bytes.count))
        let (lineStart, lineEnd) = source.lineBounds(containing: clamped)
        // Look at no more bytes than the window can show (four bytes per scalar at most).
        var from = max(lineStart, clamped - 4 * Self.columnsBefore)
        var to = min(lineEnd, clamped + 4 * Self.columnsAfter)
        while from > lineStart, from < bytes.count, bytes[from] & 0xC0 == 0x80 { from -= 1 }
        while to < lineEnd, bytes[to] & 0xC0 == 0x80 { to += 1 }
        var before = Array(String(decoding: bytes[from..<clamped], as: UTF8.self).unicodeScalars)
        var after = Array(String(decoding: bytes[clamped..<to], as: UTF8.self).unicodeScalars)
        var cutBefore = from > lineStart, cutAfter = to < lineEnd
        if before.count > Self.columnsBefore {
            before.removeFirst(before.count - Self.columnsBefore)
            cutBefore = true
        }
        if after.count > Self.columnsAfter {
            after.removeLast(after.count - Self.columnsAfter)
            cutAfter = true
        }
        var shownBefore = cutBefore ? "…" : ""
        for scalar in before {
            if TerminalText.needsEscape(scalar) { shownBefore += TerminalText.escape(scalar) } else { shownBefore.unicodeScalars.append(scalar) }
        }
        var shownAfter = ""
        for scalar in after {
            if TerminalText.needsEscape(scalar) { shownAfter += TerminalText.escape(scalar) } else { shownAfter.unicodeScalars.append(scalar) }
        }
        if cutAfter { shownAfter += "…" }
        // The caret goes under the character (grapheme) that starts at the offset, keeping
        // tabs so it lines up under tab-indented text.
        let pad = String(shownBefore.map { $0 == "\t" ? "\t" : " " })
        let caret = colored ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "\(shownBefore)\(shownAfter)\n\(pad)\(caret)\n"
    }
}

extension DiagnosticRenderer {
    /// Diagnostics as JSON Lines for tools: one object per diagnostic, in source order, with
    /// 1-based line and column of both ends, severity, stable ID, message and notes. At most
    /// `limit` of them, then one line counting the rest (`notShownJSONLine`), so that the
    /// output stays in proportion however many there are.
    public static func jsonLines(_ diagnostics: [Diagnostic], in source: Source, limit: Int = defaultLimit) -> String {
        var starts = Source.Positions(source), ends = Source.Positions(source), others = Source.Positions(source)
        func position(_ offset: Int, _ positions: inout Source.Positions) -> String {
            let (line, column) = positions.lineColumn(of: offset)
            return "{\"line\":\(line),\"column\":\(column)}"
        }
        var out = ""
        let sorted = diagnostics.sortedByPosition()
        for diagnostic in sorted.prefix(max(0, limit)) {
            let notes = diagnostic.notes.map { note in
                "{\"message\":\(JSONText.quoted(note.message))" + (note.range.map { ",\"start\":\(position($0.start, &others))" } ?? "") + "}"
            }
            out += "{\"file\":\(JSONText.quoted(source.path)),\"start\":\(position(diagnostic.range.start, &starts)),\"end\":\(position(diagnostic.range.end, &ends)),"
                + "\"severity\":\"\(diagnostic.severity.rawValue)\",\"id\":\"\(diagnostic.id.rawValue)\",\"message\":\(JSONText.quoted(diagnostic.message)),"
                + "\"notes\":[\(notes.joined(separator: ","))]}\n"
        }
        let hidden = sorted.dropFirst(max(0, limit))
        let errors = hidden.filter { $0.severity == .error }.count
        return out + notShownJSONLine(file: source.path, errors: errors, warnings: hidden.count - errors)
    }
}
