/// Why a MusicXML file cannot be read: where (line and column of the XML text, or nothing for
/// the file as a whole, such as a zip archive without a score) and what was expected there.
public struct MusicXMLReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the XML text; nil when the problem is not at a place in the text.
    public var line: Int?
    /// 1-based column (in bytes) of the XML text.
    public var column: Int?
    /// What was found and what was expected.
    public var message: String

    /// Creates an error from its parts.
    public init(line: Int?, column: Int?, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error for the file as a whole.
    public init(_ message: String) {
        self.init(line: nil, column: nil, message: message)
    }

    /// `line:column`, or nil for the whole file.
    public var location: String? {
        guard let line else { return nil }
        return "\(line):\(column ?? 1)"
    }

    /// `12:7: expected …`, or the message alone.
    public var description: String { location.map { "\($0): \(message)" } ?? message }
}
