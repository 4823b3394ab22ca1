import XCTest
import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter
import StaveSyntax

/// The accompaniment fields of save format 6 (`styles`, a track's `symbols` and `comp`): stored
/// as written, printed back, and the song they make plays the same bytes (rule 18).
final class AccompanimentSaveTests: XCTestCase {
    static let printed = """
    title "Comp"

    style mine {
      part bass 4/4 { root4 fifth root approach }
      part bass 3/4 { root2 fifth4 }
    }

    track lead {
      symbols off
      phrase verse {
        [G > d] e d b | < [C~]2 [C]4 [D7/F# > a] |
      }
    }

    track piano {
      comp lead swing.piano
    }

    track bass {
      octave 2
      comp lead mine.bass
    }

    drums beat {
      comp lead bossa.drums
    }

    """

    func compile(_ text: String) throws -> Song {
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        XCTAssertFalse(diagnostics.hasErrors, "\(diagnostics.map(\.message))")
        return song
    }

    func testTheFixtureLoadsPrintsAndRoundTrips() throws {
        let fixture = try Fixtures.bytes(Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v6/comp-song.json"))
        let song = try SongDecoder.decodeSong(fixture)
        XCTAssertEqual(song.tracks.map { $0.comp?.text }, [nil, "lead swing.piano", "lead mine.bass", "lead bossa.drums"])
        XCTAssertEqual(song.tracks[0].symbols, false)
        XCTAssertEqual(song.styles.map(\.id), ["mine"])
        // save → print: the text as written.
        let text = StavePrinter().print(song)
        XCTAssertEqual(text, AccompanimentSaveTests.printed)
        // print → compile: the same song and the same MIDI bytes; save → print → save: the same file.
        let compiled = try compile(text)
        XCTAssertEqual(compiled, song)
        XCTAssertEqual(try MIDIFileWriter().render(compiled), try MIDIFileWriter().render(song))
        XCTAssertEqual(try SongEncoder.encode(compiled, layout: .pretty), fixture)
        // The comp tracks play: 12 piano notes (Charleston, C extended over beats 1–3), 8 bass, 28 drum notes.
        XCTAssertEqual(song.tracks.map { Performance.notes(of: $0, in: song).filter { $0.velocity > 0 }.count }, [5, 12, 8, 28])
    }
}
