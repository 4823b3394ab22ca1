import XCTest
import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter
import StaveSyntax

/// Key changes and the header `transpose` in save format version 6 (rule 18: as written):
/// compile → save → print → compile gives the same MIDI, save → print → save is a fixed point,
/// and the printer writes each pitch against the key in force where it stands.
final class KeyChangeSaveTests: XCTestCase {
    static let text = """
        key d major
        key c major at 2
        key e minor at 3
        transpose -3
        track lead { phrase a { fn4 f cn c | f c f c | f1 } repeat a }
        """

    func testKeyChangesAndTransposeRoundTripAsWritten() throws {
        let song = try RoundTripTests.compile(Self.text, path: "keys.stave")
        XCTAssertEqual(song.keyChanges.map(\.bar), [2, 3])
        XCTAssertEqual(song.transpose, -3)
        let saved = try SongEncoder.encode(song)
        let json = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(json.contains(#""keyChanges":[{"bar":2,"key":{"tonic":"c","mode":"major"}},{"bar":3,"key":{"tonic":"e","mode":"minor"}}],"transpose":-3,"meters""#), json)
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, song)
        let printed = StavePrinter().print(loaded)
        XCTAssertEqual(printed, """
            title "untitled"
            key d major
            key c major at 2
            key e minor at 3
            transpose -3

            track lead {
              phrase a {
                fn f cn c | f c f c | f1 |
              }
              repeat a
            }

            """)
        let recompiled = try RoundTripTests.compile(printed, path: "printed.stave")
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(song))
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved)
        XCTAssertEqual(StavePrinter().print(recompiled), printed)
    }

    /// A pattern is saved as its placements (rule 18): the earliest `repeat` of its own track is
    /// the Original, the rest Repeats; `stave print` writes that back as `phrase` + `repeat`.
    func testAPatternSavesAsItsPlacements() throws {
        let song = try RoundTripTests.compile("drums beat {\n  pattern groove { kick snare kick snare }\n  repeat groove x6\n}", path: "pattern.stave")
        let saved = try SongEncoder.encode(song)
        let json = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(json.contains(#""phrases":[{"type":"original","id":"groove","start":0,"length":4,"#), json)
        XCTAssertTrue(json.contains(#"{"type":"repeat","start":4,"source":"groove","count":5}]"#), json)
        let printed = StavePrinter().print(try SongDecoder.decodeSong(saved))
        XCTAssertEqual(printed, """
            title "untitled"

            drums beat {
              phrase groove {
                kick snare kick snare |
              }
              repeat groove x5
            }

            """)
        let recompiled = try RoundTripTests.compile(printed, path: "printed.stave")
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(song))
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved)
    }

    /// A song without them saves without the fields, as before.
    func testNoKeyChangesNoFields() throws {
        let song = try RoundTripTests.compile("key f major\ntrack a { phrase { c1 | c1 } }", path: "plain.stave")
        let json = String(decoding: try SongEncoder.encode(song), as: UTF8.self)
        XCTAssertFalse(json.contains("keyChanges"))
        XCTAssertFalse(json.contains(#"],"transpose""#))
    }

    func testValidatorRefusesTwoKeyChangesAtOneBarAndABadTranspose() throws {
        func problems(_ extra: String) -> [String] {
            let json = #"{"format":"stave-song","version":6,"song":{"title":"t","ppq":480,"resolution":1,"key":{"tonic":"c","mode":"major"},"tempos":[{"bar":1,"bpm":"120"}],"# + extra + #","meters":[{"bar":1,"numerator":4,"denominator":4}],"tracks":[]}}"#
            do {
                _ = try SongDecoder.decode(Array(json.utf8))
                return []
            } catch {
                return error.problems.map { "\($0.id.rawValue) \($0)".components(separatedBy: ":")[0] }
            }
        }
        XCTAssertEqual(problems(#""keyChanges":[{"bar":2,"key":{"tonic":"d","mode":"major"}},{"bar":2,"key":{"tonic":"e","mode":"major"}}]"#),
                       ["key-change-conflict song.keyChanges[1].bar"])
        XCTAssertEqual(problems(#""transpose":49"#).count, 1)
        XCTAssertEqual(problems(#""keyChanges":[{"bar":2,"key":{"tonic":"g#","mode":"major"}}]"#), ["invalid-key song.keyChanges[0].key"])
    }
}
