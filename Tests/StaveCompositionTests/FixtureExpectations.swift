import Foundation
import StaveSyntax

/// The diagnostics a fixture expects, read from markers written inside its source
/// (the convention is documented in Tests/Fixtures/errors/README.md):
///
///     c d $ e
/// //      ^ error: invalid-character "'$'"
///
///     // error 3:1 duplicate-header
///
/// A caret marker is a line holding only `//`, spaces, `^`, then `error:` or `warning:` and a
/// diagnostic ID; it points at the caret's column of the nearest line above that is not itself a
/// caret marker. An explicit marker (`// error LINE:COL id`, also after code on a line) names the
/// position outright. Either may end with a quoted text that the message must contain.
struct FixtureExpectation: Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var severity: Severity
    var id: String
    /// Text the message must contain, if given.
    var messageContains: String?

    /// The part every diagnostic is matched on.
    var key: String { "\(line):\(column) \(severity.rawValue) \(id)" }

    var description: String {
        key + (messageContains.map { " \"\($0)\"" } ?? "")
    }

    /// Reads every marker of a fixture's text. Malformed markers are returned as problems.
    static func read(_ text: String) -> (expectations: [FixtureExpectation], problems: [String]) {
        var expectations: [FixtureExpectation] = []
        var problems: [String] = []
        var target = 0   // the last line that is not a caret marker
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let scalars = Array(String(line).unicodeScalars)
            if let caret = caretMarker(scalars) {
                guard target > 0 else {
                    problems.append("line \(number): a caret marker needs a line above it")
                    continue
                }
                guard let parsed = tail(caret.rest) else {
                    problems.append("line \(number): cannot read the caret marker '\(line)'")
                    continue
                }
                expectations.append(FixtureExpectation(line: target, column: caret.column, severity: parsed.severity,
                                                       id: parsed.id, messageContains: parsed.message))
                continue
            }
            target = number
            if let explicit = explicitMarker(String(line)) {
                guard let parsed = explicit else {
                    problems.append("line \(number): cannot read the marker '\(line)'")
                    continue
                }
                expectations.append(parsed)
            }
        }
        return (expectations, problems)
    }

    /// `//   ^ error: id "text"` → the caret's 1-based column and the text after the caret.
    private static func caretMarker(_ scalars: [Unicode.Scalar]) -> (column: Int, rest: String)? {
        var index = 0
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard index + 1 < scalars.count, scalars[index] == "/", scalars[index + 1] == "/" else { return nil }
        index += 2
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard index < scalars.count, scalars[index] == "^" else { return nil }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: scalars[(index + 1)...])
        return (index + 1, String(rest))
    }

    /// `// error 3:7 id "text"` anywhere on a line: nil when there is none, `.some(nil)` when malformed.
    private static func explicitMarker(_ line: String) -> FixtureExpectation?? {
        guard let slashes = line.range(of: "//") else { return nil }
        let comment = line[slashes.upperBound...].trimmingCharacters(in: .whitespaces)
        let words = comment.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count >= 2, let severity = Severity(rawValue: String(words[0])),
              words[1].contains(":"), words[1].first?.isNumber == true else { return nil }
        let position = words[1].split(separator: ":")
        guard position.count == 2, let line = Int(position[0]), let column = Int(position[1]), words.count == 3,
              let parsed = tail("\(severity.rawValue): \(words[2])") else { return .some(nil) }
        return FixtureExpectation(line: line, column: column, severity: parsed.severity, id: parsed.id, messageContains: parsed.message)
    }

    /// ` error: id "text"` → its parts.
    private static func tail(_ text: String) -> (severity: Severity, id: String, message: String?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":"), let severity = Severity(rawValue: String(trimmed[..<colon])) else { return nil }
        let afterColon = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let id = String(afterColon.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        guard !id.isEmpty else { return nil }
        let remainder = afterColon.dropFirst(id.count).trimmingCharacters(in: .whitespaces)
        if remainder.isEmpty { return (severity, id, nil) }
        guard remainder.count >= 2, remainder.first == "\"", remainder.last == "\"" else { return nil }
        return (severity, id, String(remainder.dropFirst().dropLast()))
    }
}
