/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable {
    case warning
    case error

    /// Warnings order before errors.
    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// A supplementary message attached to a diagnostic, optionally pointing elsewhere.
public struct DiagnosticNote: Hashable, Sendable {
    /// What the note says.
    public var message: String
    /// Where it points, if anywhere.
    public var range: SourceRange?

    /// Creates a `DiagnosticNote` from its parts.
    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One error or warning: data, not text. Rendering happens at the edge.
public struct Diagnostic: Hashable, Sendable {
    /// Error or warning.
    public var severity: Severity
    /// A stable identifier from the catalog, for tests and tools.
    public var id: DiagnosticID
    /// A specific message naming what was found and what was expected.
    public var message: String
    /// The source range the diagnostic points at.
    public var range: SourceRange
    /// Further notes.
    public var notes: [DiagnosticNote]

    /// Creates a `Diagnostic` from its parts.
    public init(_ severity: Severity, _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) {
        self.severity = severity
        self.id = id
        self.message = message
        self.range = range
        self.notes = notes
    }

    /// An error.
    public static func error(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(.error, id, message, at: range, notes: notes)
    }

    /// A warning.
    public static func warning(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(.warning, id, message, at: range, notes: notes)
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics in source order (stable for equal positions).
    public func sortedByPosition() -> [Diagnostic] {
        enumerated().sorted { a, b in
            a.element.range.start != b.element.range.start
                ? a.element.range.start < b.element.range.start : a.offset < b.offset
        }.map(\.element)
    }
}
