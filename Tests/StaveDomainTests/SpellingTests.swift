import XCTest
import StaveComposition
import StaveDomain
import StavePrinter
import StaveSyntax

/// Notes keep the spelling they were written with: through the Composition, the save file
/// (format version 3, `"spelling"` where Stave's own spelling differs) and `stave print`.
final class SpellingTests: XCTestCase {
    func compile(_ text: String) -> Song {
        let (song, diagnostics) = Lowering.compile(Source(path: "s.stave", text: text), defaultTitle: "s")
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        return song
    }

    func printedBody(_ text: String) throws -> String {
        let song = compile(text)
        let saved = SongEncoder.encode(try SongDocument(song))
        let loaded = try SongDecoder.decodeSong(saved)
        let printed = StavePrinter().print(loaded)
        let line = printed.split(separator: "\n").first { $0.hasPrefix("    ") && $0.contains("|") }
        return line.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    func testChordTonesAndNotesPrintAsWritten() throws {
        // In F major Stave's own spelling of MIDI 66 is g-flat; the composer wrote f-sharp.
        XCTAssertEqual(try printedBody("key f major\ntrack a { phrase { [f# a c]2 f#4 r | gb2 a#4 r | } }"),
                       "[f# a c]2 f#4 r | gb2 a#4 r |")
        XCTAssertEqual(try printedBody("key d major\ntrack a { phrase { [gb bb db]2 e#4 fn4 | cb1 | } }"),
                       "[gb bb db]2 e#4 fn | cb1 |")
        // Spellings Stave chooses itself print as before (`bb` is `b` in F major).
        XCTAssertEqual(try printedBody("key f major\ntrack a { phrase { f4 a c bb | } }"), "f a c b |")
    }

    func testTheSaveFileStoresOnlySpellingsStaveWouldNotChoose() throws {
        let song = compile("key f major\ntrack a { phrase { f#4 gb a# bb | } }")
        let document = try SongDocument(song)
        guard case .original(_, let containers, _, _) = document.tracks[0].phrases[0].content else { return XCTFail("no body") }
        let spellings = containers.map { container -> String? in
            guard case .notes(let notes) = container.blocks[0] else { return "?" }
            return notes[0].spelling.map(SongDocument.Note.spellingText)
        }
        XCTAssertEqual(spellings, ["f#", nil, "a#", nil])
        XCTAssertEqual(try SongDecoder.decode(SongEncoder.encode(document)), document)
    }

    func testSpellingIsNotationNotSound() {
        let sharp = ChordNote(pitch: 66, velocity: 100, spelling: PitchSpelling(letter: "f", accidental: 1))
        let flat = ChordNote(pitch: 66, velocity: 100, spelling: PitchSpelling(letter: "g", accidental: -1))
        XCTAssertEqual(sharp, flat)
        XCTAssertFalse(sharp.isWrittenAlike(flat))
        XCTAssertEqual(Pitch.octave(of: 72, spelledAs: PitchSpelling(letter: "b", accidental: 1)), 4)
        XCTAssertEqual(Pitch.octave(of: 59, spelledAs: PitchSpelling(letter: "c", accidental: -1)), 4)
        XCTAssertNil(Pitch.octave(of: 60, spelledAs: PitchSpelling(letter: "d", accidental: 0)))
    }

    func testAVersion2FileLoadsAndPrintsWithStavesSpelling() throws {
        let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v2/fixture-song.json")
        let song = try SongDecoder.decodeSong(try Fixtures.bytes(fixture))
        let notes = song.tracks.flatMap(\.phrases).flatMap { phrase -> [ChordNote] in
            guard case .original(let body) = phrase.content else { return [] }
            return body.notes.flatMap { $0.divisions }.flatMap { division -> [ChordNote] in
                if case .chord(let notes) = division { return notes }
                return []
            }
        }
        XCTAssertFalse(notes.isEmpty)
        XCTAssertTrue(notes.allSatisfy { $0.spelling == nil })
    }
}
