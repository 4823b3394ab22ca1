import Foundation
import StaveComposition
import StaveSyntax
import XCTest

/// Compiles every Tests/Fixtures/errors/*.stave with `Lowering.compile` and requires exactly the
/// diagnostics marked inside it: the same set of (line, column, severity, ID), none missing, none extra.
final class ErrorFixtureTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/errors")

    static func fixtures() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "stave" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testThereAreEnoughFixtures() throws {
        XCTAssertGreaterThanOrEqual(try Self.fixtures().count, 25)
    }

    func testEveryFixtureGivesExactlyItsMarkedDiagnostics() throws {
        for url in try Self.fixtures() {
            let bytes = Array(try Data(contentsOf: url))
            let name = url.lastPathComponent
            let (expected, problems) = FixtureExpectation.read(String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(problems, [], name)
            XCTAssertFalse(expected.isEmpty, "\(name) marks no diagnostic")
            XCTAssertEqual(Set(expected.map(\.key)).count, expected.count, "\(name) marks one diagnostic twice")

            let source = Source(path: name, bytes: bytes)
            let (_, diagnostics) = Lowering.compile(source, defaultTitle: "fixture")
            var actual: [String: Diagnostic] = [:]
            var duplicates: [String] = []
            for diagnostic in diagnostics {
                XCTAssertLessThanOrEqual(diagnostic.range.start, diagnostic.range.end, name)
                XCTAssertLessThanOrEqual(diagnostic.range.end, bytes.count, "\(name): range outside the source")
                let (line, column) = source.lineColumn(of: diagnostic.range.start)
                let key = "\(line):\(column) \(diagnostic.severity.rawValue) \(diagnostic.id.rawValue)"
                if actual[key] != nil { duplicates.append(key) }
                actual[key] = diagnostic
            }
            XCTAssertEqual(duplicates, [], "\(name): the same diagnostic is reported twice")

            let missing = expected.filter { actual[$0.key] == nil }
            let extra = actual.keys.filter { key in !expected.contains { $0.key == key } }.sorted()
            XCTAssertTrue(missing.isEmpty, "\(name): missing \(missing)\nreported:\n\(Self.describe(diagnostics, source))")
            XCTAssertTrue(extra.isEmpty, "\(name): not marked \(extra)\nreported:\n\(Self.describe(diagnostics, source))")
            for expectation in expected {
                guard let wanted = expectation.messageContains, let diagnostic = actual[expectation.key] else { continue }
                XCTAssertTrue(diagnostic.message.contains(wanted), "\(name) \(expectation.key): message '\(diagnostic.message)' lacks '\(wanted)'")
            }
        }
    }

    static func describe(_ diagnostics: [Diagnostic], _ source: Source) -> String {
        diagnostics.map { diagnostic in
            let (line, column) = source.lineColumn(of: diagnostic.range.start)
            return "  \(line):\(column) \(diagnostic.severity.rawValue) \(diagnostic.id.rawValue): \(diagnostic.message)"
        }.joined(separator: "\n")
    }

    /// The marker reader itself: carets, explicit markers, messages.
    func testMarkerConvention() {
        let text = """
        track a {
          phrase { c $ }
        //           ^ error: invalid-character "'$'"
        //         ^ warning: some-id
        }
        title "x" // error 5:1 duplicate-header "twice"
        // warning 1:7 shared-channel
        // an ordinary comment: error handling
        """
        let (expectations, problems) = FixtureExpectation.read(text)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(expectations, [
            FixtureExpectation(line: 2, column: 14, severity: .error, id: "invalid-character", messageContains: "'$'"),
            FixtureExpectation(line: 2, column: 12, severity: .warning, id: "some-id", messageContains: nil),
            FixtureExpectation(line: 5, column: 1, severity: .error, id: "duplicate-header", messageContains: "twice"),
            FixtureExpectation(line: 1, column: 7, severity: .warning, id: "shared-channel", messageContains: nil),
        ])
        let (_, bad) = FixtureExpectation.read("c\n// ^ mistake: x\n// error 3:x id")
        XCTAssertEqual(bad.count, 2)
    }
}
