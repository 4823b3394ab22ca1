import StaveComposition
import StaveMIDI
import StavePrinter
import StaveSyntax
@testable import StaveMIDIImport

/// Compiles Stave text, imports MIDI and prints the import, in process, for the tests.
enum ImportRoundTrip {
    /// The song of a Stave text; nil when it has errors.
    static func compile(_ text: String) -> Song? {
        let (song, diagnostics) = Lowering.compile(Source(path: "test.stave", text: text), defaultTitle: "test")
        return diagnostics.hasErrors ? nil : song
    }

    /// The MIDI file of a Stave text.
    static func midi(_ text: String) throws -> [UInt8] {
        guard let song = compile(text) else { throw MIDIReadError(offset: 0, message: "the test song has errors") }
        return try MIDIFileWriter().render(song)
    }

    /// The imported text and whether it compiles back to the imported song, as `stave import`
    /// checks (with its fallback to sixty-fourths when the exact layout cannot be written).
    static func importText(_ bytes: [UInt8]) throws -> (text: String, compiles: Bool) {
        var result = try MIDIImporter().importSong(bytes, defaultTitle: "test")
        var text = StavePrinter().print(result.song)
        var recompiled = compile(text)
        if recompiled != result.song {
            result = try MIDIImporter(grid: .division(64)).importSong(bytes, defaultTitle: "test")
            text = StavePrinter().print(result.song)
            recompiled = compile(text)
        }
        return (text, recompiled == result.song)
    }

    /// The notes of a MIDI file: (track, channel, start, end, pitch, velocity), sorted.
    static func notes(_ bytes: [UInt8]) throws -> [[Int]] {
        let file = try MIDIFileReader().read(bytes)
        var notes: [[Int]] = []
        for (index, track) in file.tracks.enumerated() {
            for part in ChannelPart.parts(of: track, track: index, scale: 1) {
                notes += part.notes.map { [index, part.channel, $0.start, $0.end, $0.pitch, $0.velocity] }
            }
        }
        return notes.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
