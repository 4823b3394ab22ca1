/// One problem found in a save file: where (a JSON path) and what.
///
/// Shown as `song.tracks[1].phrases[3].containers[0].width: expected a positive duration, found -480`.
public struct SaveProblem: Hashable, Sendable, CustomStringConvertible {
    /// The value the problem is about.
    public var path: JSONPath
    /// What was wrong: what was found and what was expected.
    public var message: String

    /// A problem at a path.
    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
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
