import StaveSyntax
import XCTest

/// Finds byte ranges in a test's source text by searching for snippets, so an expected tree
/// names each range by the text it covers instead of by hand-counted offsets.
///
/// `range("c4", 2)` is the second `c4`; `range("e", after: "[")` is the first `e` after the first
/// `[`; `range(from: "[", to: "]2")` runs from a `[` to the end of the first `]2` after it.
struct SourceLocator {
    let text: String
    let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    /// The source for the parser, with a fixed path.
    var source: Source { Source(path: "test.stave", text: text) }

    /// The byte range of the `occurrence`-th match (1-based) of `snippet`, searching from the end
    /// of the first match of `anchor` when one is given.
    func range(_ snippet: String, _ occurrence: Int = 1, after anchor: String? = nil,
               file: StaticString = #filePath, line: UInt = #line) -> SourceRange {
        var from = 0
        if let anchor {
            guard let anchorStart = find(anchor, from: 0) else {
                XCTFail("anchor '\(anchor)' is not in the source", file: file, line: line)
                return SourceRange(0, 0)
            }
            from = anchorStart + anchor.utf8.count
        }
        var found: Int?
        for _ in 0..<occurrence {
            guard let start = find(snippet, from: from) else {
                XCTFail("'\(snippet)' (occurrence \(occurrence)) is not in the source", file: file, line: line)
                return SourceRange(0, 0)
            }
            found = start
            from = start + 1
        }
        let start = found ?? 0
        return SourceRange(start, start + snippet.utf8.count)
    }

    /// From the start of the `occurrence`-th `start` snippet to the end of the first `end`
    /// snippet that begins at or after it.
    func range(from start: String, _ occurrence: Int = 1, to end: String,
               file: StaticString = #filePath, line: UInt = #line) -> SourceRange {
        let first = range(start, occurrence, file: file, line: line)
        guard let last = find(end, from: first.start) else {
            XCTFail("'\(end)' does not follow '\(start)'", file: file, line: line)
            return first
        }
        return SourceRange(first.start, last + end.utf8.count)
    }

    private func find(_ snippet: String, from: Int) -> Int? {
        let needle = Array(snippet.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        for start in from...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
