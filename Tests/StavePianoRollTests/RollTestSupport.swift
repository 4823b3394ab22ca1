import Foundation
import XCTest
import StaveSyntax
import StaveComposition
import StavePianoRoll

/// Shared helpers: compiling Stave text, finding the examples and fixtures, drawing rolls.
enum RollTestSupport {
    /// The package root (two levels above this file's folder).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/`.
    static let examples = packageRoot.appendingPathComponent("Examples")
    /// `Tests/Fixtures/roll/`: fixture songs and golden rolls.
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/roll")

    /// The `.stave` files of a folder, sorted by name.
    static func songs(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".stave") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Compiles Stave text; fails the test (and returns nil) when it has errors.
    static func compile(_ text: String, path: String = "test.stave", file: StaticString = #filePath, line: UInt = #line) -> Song? {
        let source = Source(path: path, bytes: Array(text.utf8))
        let (song, diagnostics) = Lowering.compile(source, defaultTitle: "test")
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            XCTFail("\(path) has errors: \(errors.map(\.message))", file: file, line: line)
            return nil
        }
        return song
    }

    /// Compiles a song file.
    static func compile(file url: URL, file: StaticString = #filePath, line: UInt = #line) -> Song? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("cannot read \(url.path)", file: file, line: line)
            return nil
        }
        return compile(text, path: url.lastPathComponent, file: file, line: line)
    }

    /// Draws a roll, failing the test on an error.
    static func roll(_ song: Song, _ options: PianoRollOptions = PianoRollOptions(), file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            return try PianoRollRenderer(options: options).roll(song)
        } catch {
            XCTFail("roll failed: \(error)", file: file, line: line)
            return ""
        }
    }

    /// A song made of one melody track's phrase body (header lines may come first).
    static func melody(_ body: String, header: String = "", settings: String = "") -> String {
        "title \"T\"\n\(header)\ntrack t {\n\(settings)\nphrase { \(body) }\n}\n"
    }
}
