import XCTest
import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter
import StaveSyntax

/// Swing and humanize in save format version 6 (rule 18: as written): the header's and each
/// track's own settings, `none` included; compile → save → print → compile gives the same MIDI
/// and save → print → save is a fixed point.
final class FeelSaveTests: XCTestCase {
    static let text = """
        title "Round trip"
        swing 8 60
        humanize 10 5 seed 7

        track a {
          swing none
          humanize 20
          phrase {
            c8 d e f g4 a |
          }
        }

        track b {
          swing 16
          humanize none
          phrase {
            c16 d e f g4 r2 |
          }
        }

        drums d {
          phrase {
            kick8 snare kick snare r2 |
          }
        }

        """

    func testFeelRoundTripsAsWritten() throws {
        let song = try RoundTripTests.compile(Self.text, path: "feel.stave")
        XCTAssertEqual(song.swing, .swing(Swing(unit: 8, percent: 60)))
        XCTAssertEqual(song.humanize, .humanize(Humanize(milliseconds: 10, velocity: 5, seed: 7)))
        XCTAssertEqual(song.tracks.map(\.swing), [.straight, .swing(Swing(unit: 16)), nil])
        XCTAssertEqual(song.tracks.map(\.humanize), [.humanize(Humanize(milliseconds: 20)), .exact, nil])
        let saved = try SongEncoder.encode(song)
        let json = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(json.contains(#""swing":{"unit":8,"percent":60},"humanize":{"milliseconds":10,"velocity":5,"seed":7},"tracks""#), json)
        XCTAssertTrue(json.contains(#""swing":"none","humanize":{"milliseconds":20},"phrases""#), json)
        XCTAssertTrue(json.contains(#""swing":{"unit":16},"humanize":"none","phrases""#), json)
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, song)
        let printed = StavePrinter().print(loaded)
        XCTAssertEqual(printed, Self.text)
        let recompiled = try RoundTripTests.compile(printed, path: "printed.stave")
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(song))
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved)
    }

    /// The fixture is what `stave compile` saves for the same song, byte for byte.
    func testTheFixtureIsTheSavedSong() throws {
        let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v6/feel-song.json")
        let song = try RoundTripTests.compile(Self.text, path: "feel.stave")
        XCTAssertEqual(try SongEncoder.encode(song, layout: .pretty), try Fixtures.bytes(fixture))
    }

    /// A song without feel saves without the fields, as before.
    func testNoFeelNoFields() throws {
        let song = try RoundTripTests.compile("track a { phrase { c1 } }", path: "plain.stave")
        let json = String(decoding: try SongEncoder.encode(song), as: UTF8.self)
        XCTAssertFalse(json.contains("swing") || json.contains("humanize"))
    }
}
