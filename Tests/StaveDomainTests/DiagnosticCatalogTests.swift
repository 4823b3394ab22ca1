import XCTest
import StaveComposition
import StaveDomain
import StaveSyntax

/// The diagnostics catalog against the code: every ID has an entry; each Stave example's wrong
/// version produces its ID (with the entry's severity) and its right version compiles without
/// it and without errors; and every ID is produced by some test input (the examples, the error
/// fixtures or the malformed save files).
final class DiagnosticCatalogTests: XCTestCase {
    /// An example's bytes: `<byte E9>` stands for one raw byte (to show text that is not UTF-8).
    static func bytes(_ example: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(example)
        while let marker = rest.range(of: "<byte ") {
            bytes += Array(rest[..<marker.lowerBound].utf8)
            let hex = rest[marker.upperBound...].prefix(2)
            bytes.append(UInt8(hex, radix: 16) ?? 0)
            rest = rest[marker.upperBound...].dropFirst(3)
        }
        return bytes + Array(rest.utf8)
    }

    static func diagnostics(_ example: String) -> [Diagnostic] {
        Lowering.compile(Source(path: "example.stave", bytes: bytes(example)), defaultTitle: "example").diagnostics
    }

    func testEveryIDHasACompleteEntry() {
        XCTAssertGreaterThanOrEqual(DiagnosticID.allCases.count, 65)
        for id in DiagnosticID.allCases {
            let entry = id.explanation
            XCTAssertEqual(entry.id, id)
            XCTAssertFalse(entry.summary.isEmpty || entry.summary.contains("\n"), "\(id): one-line summary")
            XCTAssertGreaterThan(entry.explanation.count, 30, "\(id): explanation")
            XCTAssertNotEqual(entry.wrong, entry.right, "\(id): examples")
            XCTAssertTrue(entry.text.hasPrefix("\(id.rawValue) (\(entry.severity.rawValue)): "), "\(id): text")
        }
    }

    func testEveryStaveExampleProducesItsIDAndItsFixDoesNot() {
        var checked = 0
        for id in DiagnosticID.allCases where id.explanation.examplesAreStaveText {
            let entry = id.explanation
            guard !entry.wrong.contains("…") else { continue }
            let wrong = DiagnosticCatalogTests.diagnostics(entry.wrong)
            XCTAssertTrue(wrong.contains { $0.id == id && $0.severity == entry.severity },
                          "\(id): the wrong example gives \(wrong.map { "\($0.severity) \($0.id.rawValue)" })")
            let right = DiagnosticCatalogTests.diagnostics(entry.right)
            XCTAssertFalse(right.contains { $0.id == id || $0.severity == .error },
                           "\(id): the right example gives \(right.map { "\($0.severity) \($0.id.rawValue)" })")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 50)
    }

    func testEveryIDIsProducedBySomeTestInput() throws {
        var produced: Set<DiagnosticID> = []
        for id in DiagnosticID.allCases where id.explanation.examplesAreStaveText && !id.explanation.wrong.contains("…") {
            produced.formUnion(DiagnosticCatalogTests.diagnostics(id.explanation.wrong).map(\.id))
        }
        let songs = Fixtures.files(in: "Tests/Fixtures/errors", withExtension: "stave")
        XCTAssertGreaterThanOrEqual(songs.count, 40)
        for song in songs {
            produced.formUnion(Lowering.compile(Source(path: song.path, bytes: try Fixtures.bytes(song)), defaultTitle: "fixture").diagnostics.map(\.id))
        }
        let saves = Fixtures.files(in: "Tests/Fixtures/saves/malformed", withExtension: "json")
        XCTAssertGreaterThanOrEqual(saves.count, 20)
        for save in saves {
            let bytes = try Fixtures.bytes(save)
            do {
                _ = try SongDecoder.decode(bytes)
            } catch {
                produced.formUnion(error.problems.map(\.id))
            }
        }
        // The import IDs come from MIDI files: ImportCommandTests produces both.
        let missing = DiagnosticID.allCases.filter { !produced.contains($0) && !$0.explanation.isImport }
        XCTAssertEqual(missing.map(\.rawValue), [], "IDs no test input produces")
    }
}
