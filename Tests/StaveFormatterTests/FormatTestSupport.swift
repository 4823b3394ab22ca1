import Foundation
import StaveComposition
import StaveFormatter
import StaveMIDI
import StaveSyntax

/// Shared helpers: files of the repository, formatting a text, compiling it to MIDI bytes.
enum FormatTestSupport {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files with `suffix` under `folder` (relative to the repository), sorted.
    static func files(in folder: String, suffix: String) -> [URL] {
        let directory = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.path.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }

    static func bytes(_ url: URL) -> [UInt8] { (try? Data(contentsOf: url)).map { Array($0) } ?? [] }

    /// The formatted text, or nil when the song has errors.
    static func format(_ text: String, lineWidth: Int = 100) -> String? {
        format(Array(text.utf8), lineWidth: lineWidth).map { String(decoding: $0, as: UTF8.self) }
    }

    static func format(_ bytes: [UInt8], lineWidth: Int = 100) -> [UInt8]? {
        let source = Source(path: "song.stave", bytes: bytes)
        let (tree, syntax, parseDiagnostics) = SourceTree.parse(source)
        let (_, diagnostics) = Lowering.lower(consume syntax, defaultTitle: "song")
        guard !(parseDiagnostics + diagnostics).hasErrors else { return nil }
        return Formatter(lineWidth: lineWidth).format(tree)
    }

    /// The MIDI bytes of a song without errors, or nil.
    static func midi(_ bytes: [UInt8]) -> [UInt8]? {
        let (song, diagnostics) = Lowering.compile(Source(path: "song.stave", bytes: bytes), defaultTitle: "song")
        guard !diagnostics.hasErrors else { return nil }
        return try? MIDIFileWriter().render(song)
    }

    /// The texts of every comment in a song, sorted.
    static func comments(_ bytes: [UInt8]) -> [String] {
        let tree = SourceTree.parse(Source(path: "song.stave", bytes: bytes)).tree
        var texts: [String] = []
        for index in tree.tokens.indices {
            for piece in tree.trivia(before: index) where piece.isComment { texts.append(tree.text(piece.range)) }
        }
        return texts.sorted()
    }
}
