import Foundation
import StaveComposition
import StaveMusicXMLImport
import StavePrinter
import StaveSyntax
import XCTest

/// The hand-written scores of Tests/Fixtures/musicxml-import: each imports to exactly the Stave
/// text of its `.expected.stave` with exactly the remarks of its `.remarks` (the compressed
/// `.mxl` to the text of the score it holds); each file of `bad/` is refused with exactly the
/// message of its `.error`, quickly.
final class FixtureTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/musicxml-import")

    func fixtures(in folder: URL, extensions: Set<String>) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { extensions.contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    func testEveryScoreImportsToItsExpectedText() throws {
        let scores = try fixtures(in: Self.folder, extensions: ["musicxml", "mxl"])
        XCTAssertGreaterThanOrEqual(scores.count, 16)
        for score in scores {
            let name = score.deletingPathExtension().lastPathComponent
            let bytes = Array(try Data(contentsOf: score))
            let result = try MusicXMLImporter().importSong(bytes, defaultTitle: name)
            let expected = try String(contentsOf: Self.folder.appendingPathComponent("\(name).expected.stave"), encoding: .utf8)
            XCTAssertEqual(StavePrinter().print(result.song), expected, score.lastPathComponent)
            let remarks = try String(contentsOf: Self.folder.appendingPathComponent("\(name).remarks"), encoding: .utf8)
            XCTAssertEqual(result.remarks, remarks.split(separator: "\n").map(String.init), score.lastPathComponent)
            // The printed text compiles back to the very song.
            let (recompiled, diagnostics) = Lowering.compile(Source(path: name, text: expected), defaultTitle: name)
            XCTAssertFalse(diagnostics.hasErrors, score.lastPathComponent)
            XCTAssertEqual(recompiled, result.song, score.lastPathComponent)
        }
    }

    func testEveryBadFileIsRefusedWithItsMessage() throws {
        let bad = Self.folder.appendingPathComponent("bad")
        let files = try fixtures(in: bad, extensions: ["musicxml", "mxl"])
        XCTAssertGreaterThanOrEqual(files.count, 13)
        for file in files {
            let expected = try String(contentsOf: file.deletingPathExtension().appendingPathExtension("error"), encoding: .utf8)
            let bytes = Array(try Data(contentsOf: file))
            let started = Date()
            do {
                _ = try MusicXMLImporter().importSong(bytes, defaultTitle: "bad")
                XCTFail("\(file.lastPathComponent) was imported")
            } catch {
                XCTAssertEqual(error.description + "\n", expected, file.lastPathComponent)
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, file.lastPathComponent)
        }
    }

    /// MusicXML is recognised by its content too (a file named otherwise), a MIDI file is not.
    func testMusicXMLIsRecognisedByItsContent() throws {
        let score = Array(try Data(contentsOf: Self.folder.appendingPathComponent("drums.musicxml")))
        XCTAssertTrue(MusicXMLImporter.looksLikeMusicXML(score))
        XCTAssertTrue(MusicXMLImporter.looksLikeMusicXML(Array(try Data(contentsOf: Self.folder.appendingPathComponent("spelling-and-key.mxl")))))
        for name in ["utf16-big-endian.musicxml", "utf16-little-endian.musicxml"] {
            XCTAssertTrue(MusicXMLImporter.looksLikeMusicXML(Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))), name)
        }
        XCTAssertFalse(MusicXMLImporter.looksLikeMusicXML(Array("MThd\0\0\0\u{6}".utf8)))
    }
}
