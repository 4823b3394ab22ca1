import Foundation
import XCTest

/// `stave explain`: the diagnostics catalog on the command line.
extension CommandLineTests {
    func testExplainPrintsTheEntryWithBothExamples() throws {
        let (out, err, status) = try run(["explain", "tie-mismatch"])
        XCTAssertEqual(status, 0, err)
        let text = String(decoding: out, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("tie-mismatch (error): "), text)
        XCTAssertTrue(text.contains("Wrong:\n    track lead {\n      phrase { c2~ d2 }"), text)
        XCTAssertTrue(text.contains("Right:\n    track lead {\n      phrase { c2~ c2 }"), text)
    }

    func testExplainWithoutAnIDListsEveryID() throws {
        let (out, _, status) = try run(["explain"])
        XCTAssertEqual(status, 0)
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
        XCTAssertGreaterThanOrEqual(lines.count, 65)
        XCTAssertTrue(lines.contains { $0.hasPrefix("save-reference-cycle ") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("shared-channel ") && $0.contains("warning: ") })
    }

    func testExplainOfAnUnknownIDSuggestsTheNearestAndExitsTwo() throws {
        let (out, err, status) = try run(["explain", "phrase-overlapp"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(out.isEmpty)
        XCTAssertTrue(err.contains("unknown diagnostic ID 'phrase-overlapp'; did you mean 'phrase-overlap'?"), err)
    }

    /// Every ID that `check --diagnostics json` reports can be explained.
    func testEveryReportedIDCanBeExplained() throws {
        let song = scratch.appendingPathComponent("mistakes.stave")
        try "track a {\n  volume 200\n  phrase { c~ d | e }\n}\n".write(to: song, atomically: true, encoding: .utf8)
        let (_, err, status) = try run(["check", song.path, "--diagnostics", "json"])
        XCTAssertEqual(status, 1)
        let ids = err.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "\"id\":\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        XCTAssertGreaterThanOrEqual(ids.count, 2)
        for id in ids {
            let (out, _, explained) = try run(["explain", id])
            XCTAssertEqual(explained, 0, id)
            XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix(id + " ("), id)
        }
    }
}
