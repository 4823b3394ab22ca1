import XCTest
import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter
import StaveSyntax

/// LANGUAGE.md "Lyrics, easier" in save format version 6 (rule 18: as written): a verse over
/// several lines and its bar checks stay in the verse, `lyrics ID from TRACK.ID2` is stored as
/// `lyricsFrom` and printed back; compile → save → print → compile gives the same song, bytes
/// and MIDI; the decoder refuses references and bar checks the compiler would refuse.
final class LyricsSaveTests: XCTestCase {
    static let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v6/lyrics-song.json")

    static let text = """
        title "Lyrics"
        meter 3/4

        track soprano {
          phrase verse { c4 d e | f2 e4 | d c d | c2. | }
          lyrics verse "Praise the Lord, | ye heav-|ens a-dore |
            him" "Praise the \\"Lord,\\" | for he | is glo-ri-|ous"
          phrase again { e4 d c | d2 e4 | f e d | c2. | }
          lyrics again from verse
          repeat verse
        }

        track alto {
          octave 3
          phrase verse { a4 b a | a2 g4 | f e f | e2. | }
          lyrics verse from soprano.verse
          repeat verse
        }

        """

    /// The fixture is the song above saved `--pretty`; it prints as written by hand (the verse's
    /// line break and bar checks inside its string, `from` as written), and the cycle is exact.
    func testLyricsRoundTripAsWritten() throws {
        let song = try RoundTripTests.compile(Self.text, path: "lyrics.stave")
        let saved = try SongEncoder.encode(song, layout: .pretty)
        XCTAssertEqual(String(decoding: saved, as: UTF8.self), try Fixtures.text(Self.fixture))
        let json = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(json.contains("\"Praise the Lord, | ye heav-|ens a-dore |\\n    him\","), json)
        XCTAssertTrue(json.contains("\"lyricsFrom\": {\"phrase\": \"verse\"},"), json)
        XCTAssertTrue(json.contains("\"lyricsFrom\": {\"track\": \"soprano\", \"phrase\": \"verse\"},"), json)
        // The verses are stored once.
        XCTAssertEqual(json.components(separatedBy: "glo-ri-").count, 2)
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, song)
        let printed = StavePrinter().print(loaded)
        XCTAssertEqual(printed, """
            title "Lyrics"
            meter 3/4

            track soprano {
              phrase verse {
                c d e | f2 e4 | d c d | c2. |
              }
              lyrics verse "Praise the Lord, | ye heav-|ens a-dore |
                him" "Praise the \\"Lord,\\" | for he | is glo-ri-|ous"
              phrase again {
                e d c | d2 e4 | f e d | c2. |
              }
              lyrics again from verse
              repeat verse
            }

            track alto {
              octave 3
              phrase verse {
                a b a | a2 g4 | f e f | e2. |
              }
              lyrics verse from soprano.verse
              repeat verse
            }

            """)
        let recompiled = try RoundTripTests.compile(printed, path: "printed")
        XCTAssertEqual(recompiled, song)
        XCTAssertEqual(try SongEncoder.encode(recompiled, layout: .pretty), saved)
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(song))
        XCTAssertEqual(StavePrinter().print(recompiled), printed)
    }

    /// What the decoder refuses of `lyricsFrom` and of bar checks, each at its JSON path.
    func testTheDecoderRefusesWhatTheCompilerWould() throws {
        let json = try Fixtures.text(Self.fixture)
        func problems(_ replacements: [(String, String)]) -> [String] {
            var text = json
            for (old, new) in replacements {
                XCTAssertTrue(text.contains(old), old)
                text = text.replacingOccurrences(of: old, with: new)
            }
            do {
                _ = try SongDecoder.decode(Array(text.utf8))
                return []
            } catch {
                return error.problems.map { "\($0.id.rawValue) \($0.description)" }
            }
        }
        let alto = "song.tracks[1].phrases[0].lyricsFrom"
        XCTAssertEqual(problems([("{\"track\": \"soprano\", \"phrase\": \"verse\"}", "{\"track\": \"tenor\", \"phrase\": \"verse\"}")]),
                       ["unknown-track \(alto).track: no track 'tenor' to take lyrics from"])
        XCTAssertEqual(problems([("{\"track\": \"soprano\", \"phrase\": \"verse\"}", "{\"track\": \"soprano\", \"phrase\": \"chorus\"}")]),
                       ["unknown-phrase \(alto).phrase: no Original phrase 'chorus' in track 'soprano' to take lyrics from"])
        XCTAssertEqual(problems([("{\"track\": \"soprano\", \"phrase\": \"verse\"}", "{\"track\": \"soprano\", \"phrase\": \"again\"}")]),
                       ["lyrics-source-without-words \(alto).phrase: phrase 'soprano.again' takes its lyrics from 'soprano.verse' itself: take them from the phrase whose strings are written out"])
        XCTAssertEqual(problems([("\"lyricsFrom\": {\"phrase\": \"verse\"},", "\"lyrics\": [\"x\"], \"lyricsFrom\": {\"phrase\": \"verse\"},")]),
                       ["save-invalid-value song.tracks[0].phrases[1].lyricsFrom: a phrase has either its own `lyrics` or `lyricsFrom`, not both"])
        // A bar check moved by one syllable: at the verse, and at each `lyricsFrom` that sings it.
        XCTAssertEqual(problems([("\"Praise the Lord, | ye heav-", "\"Praise the | Lord, ye heav-")]), [
            "lyrics-bar-check song.tracks[0].phrases[0].lyrics[0]: bar check '|': 'Lord,' falls on lyric note 3 of bar 1, not on the first lyric note of a bar (a syllable too many or too few before it?)",
            "lyrics-bar-check song.tracks[0].phrases[1].lyricsFrom: bar check '|': 'Lord,' falls on lyric note 3 of bar 5, not on the first lyric note of a bar (a syllable too many or too few before it?)",
            "lyrics-bar-check \(alto): bar check '|': 'Lord,' falls on lyric note 3 of bar 1, not on the first lyric note of a bar (a syllable too many or too few before it?)",
        ])
    }

    /// Two copies of one pitch in a chord (v3) sound once at the higher velocity; a chord
    /// symbol whose pitch sounds louder than the symbol saves (its velocities may differ) and
    /// prints with that pitch written again, so save → print → compile is the same song.
    func testAPitchTwiceInAChordRoundTrips() throws {
        let text = "track a {\n  phrase p { [v0 G v90 > d]2 [v40 c e v90 c]2 }\n}\n"
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        XCTAssertEqual(diagnostics.map(\.id), [.chordPitchTwice, .chordPitchTwice])
        let saved = try SongEncoder.encode(song)
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, song)
        let printed = StavePrinter().print(loaded)
        XCTAssertEqual(printed, "title \"t\"\n\ntrack a {\n  phrase p {\n    v0 [G v90 > d]2 [c v40 e] |\n  }\n}\n")
        let recompiled = try RoundTripTests.compile(printed, path: "printed")
        XCTAssertEqual(recompiled, song)
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved)
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(song))
    }
}
