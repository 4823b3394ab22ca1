import StaveComposition
import StaveMIDIImport
import StaveSyntax

/// Turns a MusicXML score (`.musicxml`/`.xml` text, or a compressed `.mxl`) into a Composition
/// `Song`, which `StavePrinter` writes as Stave text: each part becomes a track per voice
/// (a drum track for an unpitched part), notes keep their written spelling, ties are joined and
/// laid out again by the MIDI import's layout (`ImportLayout`), and dynamics, articulations,
/// grace notes, pedal, chord symbols, lyrics, markers, tempos, meters and the key come along.
/// Repeats, endings and jumps become the song's form (`FormReading`), key changes `key … at`;
/// a form Stave cannot write is played out (`FormUnfolding`). Pure: bytes in, a song out.
public struct MusicXMLImporter {
    /// A compressed score expands to at most this many bytes.
    public static let maximumExpandedSize = 256 << 20

    /// Creates an importer.
    public init() {}

    /// The imported song and remarks on what Stave could not keep.
    public struct Result: Sendable {
        /// The song.
        public var song: Song
        /// What was changed or left out, one sentence each (empty when the import is faithful).
        public var remarks: [String]
    }

    /// True when the bytes look like MusicXML: a zip archive (`.mxl`), or XML text whose first
    /// kilobytes name a MusicXML root element.
    public static func looksLikeMusicXML(_ bytes: [UInt8]) -> Bool {
        if ZipArchive.looksLikeZip(bytes) { return true }
        let head = UTF16Text.hasByteOrderMark(bytes) ? UTF16Text.head(bytes) : String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.contains("<score-partwise") || head.contains("<score-timewise")
    }

    /// Imports a file; the song's title is `defaultTitle` when the score names none.
    public func importSong(_ bytes: [UInt8], defaultTitle: String) throws(MusicXMLReadError) -> Result {
        let text = try MusicXMLImporter.scoreText(bytes)
        let score = try ScoreReader.read(text)
        var builder = SongBuilder(score: score)
        return builder.song(defaultTitle: defaultTitle)
    }

    /// The score's XML text as UTF-8: the bytes themselves (decoded when they are UTF-16), or
    /// for a zip archive the root file its `META-INF/container.xml` names (else its first
    /// `.xml`/`.musicxml` member).
    static func scoreText(_ bytes: [UInt8]) throws(MusicXMLReadError) -> [UInt8] {
        guard ZipArchive.looksLikeZip(bytes) else { return UTF16Text.hasByteOrderMark(bytes) ? try UTF16Text.utf8(bytes) : bytes }
        let archive = try ZipArchive(bytes)
        var rootPath: String?
        if let container = try archive.contents(of: "META-INF/container.xml", limit: 1 << 20) {
            let tree: XMLTree
            do { tree = try XMLReader.read(container) } catch {
                throw MusicXMLReadError("the .mxl archive's META-INF/container.xml cannot be read: \(error.description)")
            }
            if let rootfiles = tree.child(tree.root, "rootfiles") {
                rootPath = tree.children(rootfiles).lazy.filter { tree.elements[$0].name == "rootfile" }.compactMap { tree.attribute($0, "full-path") }.first
            }
        }
        if rootPath == nil {
            rootPath = archive.members.first { !$0.name.hasPrefix("META-INF/") && ($0.name.hasSuffix(".xml") || $0.name.hasSuffix(".musicxml")) }?.name
        }
        guard let rootPath else { throw MusicXMLReadError("the .mxl archive holds no score (no META-INF/container.xml and no .xml member)") }
        guard let text = try archive.contents(of: rootPath, limit: maximumExpandedSize) else {
            throw MusicXMLReadError("the .mxl archive names the score '\(rootPath)', which it does not hold")
        }
        return UTF16Text.hasByteOrderMark(text) ? try UTF16Text.utf8(text) : text
    }
}
