import XCTest
import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter

/// Chord symbols a lead sheet spells (LANGUAGE.md "More chord symbols") keep only their
/// quality: the save file and `stave print` write the canonical name, and the round trips hold.
final class LeadSheetChordTests: XCTestCase {
    static let text = """
    title "Lead sheet"
    track lead {
      phrase { [C-7]4 [F+7] [Bb°7] [EbΔ9/G] | [Aø] [D7b9 > e] [G6/9/B]2 | [C-6/9]4 [Calt] [Fmaj13] [Bb13sus4] | }
    }

    """

    func compiled(_ text: String) throws -> Song {
        let (song, diagnostics) = Lowering.compile(Source(path: "lead.stave", text: text), defaultTitle: "lead")
        XCTAssertFalse(diagnostics.hasErrors, "\(diagnostics.map(\.message))")
        return song
    }

    func testTheSaveFileAndThePrinterWriteTheCanonicalNames() throws {
        let song = try compiled(Self.text)
        let json = String(decoding: try SongEncoder.encode(song), as: UTF8.self)
        let symbols = json.components(separatedBy: "\"symbol\":\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(symbols, ["Cm7", "F7#5", "Bbdim7", "Ebmaj9/G", "Am7b5", "D7b9", "G69/B", "Cm69", "Calt", "Fmaj13", "Bb13sus4"])
        let printed = StavePrinter().print(song)
        let body = "  phrase {\n    [Cm7] [F7#5] [Bbdim7] [Ebmaj9/G] | [Am7b5] [D7b9 > e] [G69/B]2 |\n    [Cm69]4 [Calt] [Fmaj13] [Bb13sus4] |\n  }\n"
        XCTAssertTrue(printed.contains(body), printed)
    }

    func testRoundTripsKeepTheSong() throws {
        let song = try compiled(Self.text)
        // compile → save → load → print → compile, and save → print → save.
        let bytes = try SongEncoder.encode(song)
        let loaded = try SongDecoder.decodeSong(bytes)
        XCTAssertEqual(loaded, song)
        let reprinted = try compiled(StavePrinter().print(loaded))
        XCTAssertEqual(reprinted, song)
        XCTAssertEqual(try SongEncoder.encode(reprinted), bytes)
        // The spelt song and the canonical one are the same song.
        XCTAssertEqual(try compiled(StavePrinter().print(song)), try compiled(Self.text))
    }
}
