/// Recognises files of another kind given where a song is expected, so that a Standard MIDI
/// File or a save file is one clear error instead of thousands of lexical ones.
public enum ForeignFile {
    /// One error for a Standard MIDI File (it starts with `MThd`) or a Stave save file (a JSON
    /// object with `"format"` and `"version"` members, see FORMAT.md); nil for anything else.
    static func diagnostic(for bytes: [UInt8]) -> Diagnostic? {
        if bytes.starts(with: Array("MThd".utf8)) {
            return .error(.notAStaveSong, "this is a Standard MIDI File, not a Stave song", at: SourceRange(0, 4))
        }
        var start = Source.byteOrderMarkLength(bytes)
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        // A Stave song never starts with `{`; a save file always does. Look for its two
        // members near the start (they come first in files Stave writes).
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        let head = bytes[start..<min(bytes.count, start + 64 * 1024)]
        guard contains(head, "\"format\""), contains(head, "\"version\"") else { return nil }
        return .error(.notAStaveSong, "this is a Stave save file, not a Stave song: use `stave print` to turn it into Stave text", at: SourceRange(start, start + 1))
    }

    /// True when bytes read as Stave text (given where a save file is expected): after a byte
    /// order mark, spaces and comments, the first token is a word that begins a song. A save
    /// file (or any JSON) begins with a brace or a bracket instead. Only the start is lexed.
    public static func looksLikeStaveSong(_ bytes: [UInt8]) -> Bool {
        let start = Source.byteOrderMarkLength(bytes)
        guard let first = bytes[start...].first(where: { ![9, 10, 13, 32].contains($0) }),
              first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else { return false }
        let source = Source(path: "", bytes: Array(bytes.prefix(64 * 1024)))
        guard let token = Lexer.tokenize(source).tokens.first, token.kind == .word else { return false }
        return Parser.topLevelWords.contains(source.text(token.range))
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        var index = bytes.startIndex
        while index + needle.count <= bytes.endIndex {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
