import StaveComposition
import StaveSyntax
import StaveJSON

/// One problem found in a save file: which (a stable ID from the diagnostics catalog), where
/// (a JSON path) and what.
///
/// Shown as `song.tracks[1].phrases[3].containers[0].width: expected a positive duration, found -480`.
public struct SaveProblem: Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier: the language's own ID when the document breaks a rule of the
    /// language (the same one the front end reports), a `save-…` ID for problems of the format.
    public var id: DiagnosticID
    /// The value the problem is about.
    public var path: JSONPath
    /// What was wrong: what was found and what was expected.
    public var message: String

    /// A problem at a path.
    public init(_ id: DiagnosticID, _ path: JSONPath, _ message: String) {
        self.id = id
        self.path = path
        self.message = message
    }

    /// A problem a language rule found, at a path.
    public init(_ problem: RuleProblem, at path: JSONPath) {
        self.init(problem.id, path, problem.message)
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// A save file that cannot be loaded, with every problem found in it (at least one).
public struct SaveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The problems, in the order they were found.
    public var problems: [SaveProblem]

    /// A failure with its problems.
    public init(_ problems: [SaveProblem]) {
        self.problems = problems
    }

    /// One problem a line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

extension JSONParser.SyntaxError {
    /// The problem as the decoder reports it.
    public var problem: SaveProblem {
        SaveProblem(.saveInvalidJSON, path, "invalid JSON at line \(line), column \(column): \(message)")
    }
}
