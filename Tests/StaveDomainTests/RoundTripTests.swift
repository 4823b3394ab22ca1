import XCTest
import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter
import StaveMIDI

/// Every example and every save fixture goes around: save → print → compile → save gives
/// byte-identical JSON, printing a printed song is a fixed point, and the MIDI compiled from
/// the printed text equals the MIDI compiled from the original text.
final class RoundTripTests: XCTestCase {
    static func compile(_ text: String, path: String) throws -> Song {
        let (song, diagnostics) = Lowering.compile(Source(path: path, text: text), defaultTitle: "untitled")
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw BackendError("\(path) does not compile: \(errors.map(\.message).joined(separator: "; "))\n\(text)")
        }
        return song
    }

    func testEveryExampleRoundTrips() throws {
        let examples = Fixtures.files(in: "Examples", withExtension: "stave")
        XCTAssertFalse(examples.isEmpty, "no examples found under \(Fixtures.root.path)/Examples")
        for example in examples { try checkRoundTrip(example) }
    }

    /// Song fixtures of the other stages that compile without errors (warnings allowed) go
    /// around too.
    func testEveryCompilingSongFixtureRoundTrips() throws {
        let fixtures = Fixtures.allFiles(under: "Tests/Fixtures", withExtension: "stave")
        var compiling = 0
        for fixture in fixtures {
            let (_, diagnostics) = Lowering.compile(Source(path: fixture.path, text: try Fixtures.text(fixture)), defaultTitle: "untitled")
            if !diagnostics.hasErrors {
                compiling += 1
                try checkRoundTrip(fixture)
            }
        }
        // A loop over too few files would pass without testing (57 fixtures, 13 compile today).
        XCTAssertGreaterThanOrEqual(fixtures.count, 50)
        XCTAssertGreaterThanOrEqual(compiling, 10)
    }

    func checkRoundTrip(_ file: URL) throws {
        let name = file.lastPathComponent
        let original = try RoundTripTests.compile(try Fixtures.text(file), path: name)
        let saved = try SongEncoder.encode(original)
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, original, "\(name): save → load")
        // Compact (the default) is one line; pretty is the same document laid out for people.
        XCTAssertEqual(saved.filter { $0 == UInt8(ascii: "\n") }.count, 1, "\(name): compact JSON is one line")
        let pretty = try SongEncoder.encode(original, layout: .pretty)
        XCTAssertGreaterThan(pretty.count, saved.count, name)
        XCTAssertEqual(try SongDecoder.decode(pretty), try SongDecoder.decode(saved), "\(name): --pretty loads as the compact file does")

        let printed = StavePrinter().print(loaded)
        let recompiled = try RoundTripTests.compile(printed, path: "printed " + name)
        XCTAssertEqual(recompiled, original, "\(name): print → compile\n\(printed)")
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved, "\(name): save → print → compile → save")
        XCTAssertEqual(StavePrinter().print(recompiled), printed, "\(name): printing is a fixed point")
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(original), "\(name): MIDI")
    }

    /// Save files of the current version (written `--pretty`, for people to read): load → print
    /// → compile → save gives the same bytes, and the printed text is a fixed point.
    func testEveryCurrentVersionFixtureRoundTrips() throws {
        let fixtures = Fixtures.files(in: "Tests/Fixtures/saves/versions/v\(SongDocument.currentVersion)", withExtension: "json")
        XCTAssertFalse(fixtures.isEmpty)
        for fixture in fixtures {
            let name = fixture.lastPathComponent
            let bytes = try Fixtures.bytes(fixture)
            let song = try SongDecoder.decodeSong(bytes)
            let printed = StavePrinter().print(song)
            let recompiled = try RoundTripTests.compile(printed, path: "printed " + name)
            XCTAssertEqual(recompiled, song, name)
            XCTAssertEqual(String(decoding: try SongEncoder.encode(recompiled, layout: .pretty), as: UTF8.self), String(decoding: bytes, as: UTF8.self), name)
            XCTAssertEqual(StavePrinter().print(recompiled), printed, name)
        }
    }

    /// The fixture song printed, written by hand: the canonical layout at a glance.
    func testFixtureSongPrintsAsWrittenByHand() throws {
        let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v1/fixture-song.json")
        let song = try SongDecoder.decodeSong(try Fixtures.bytes(fixture))
        XCTAssertEqual(StavePrinter().print(song), """
            title "Fixture Song"
            composer "Stave tests"
            tempo 96
            key f major
            tempo 80 at 3
            meter 3/4 at 4

            track lead "Lead" {
              instrument flute
              velocity 90
              phrase a {
                f {g a b~} tempo 100.5 [b > d]4. r8 |
              }
              repeat a x2
            }

            track bass {
              channel 5
              octave 3
              transpose -12
              sync lead.a transpose -12 at 2
            }

            drums beat {
              phrase groove {
                [kick hat]8 hat {snare {hat hat}}4 v0 snare2 |
              }
              repeat groove x2
            }

            """)
    }
}
