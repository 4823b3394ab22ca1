import XCTest
import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter
import StaveSyntax

/// `staff PART N` (Stave 3) in the save format (version 6: the track fields `part` and
/// `staff`): compile → save → print → compile is exact, the fixture is the song saved, MIDI does
/// not see the setting, and the validator refuses what the compiler refuses.
final class StaffSaveTests: XCTestCase {
    static let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v6/staves-song.json")

    static let text = """
        title "Staves"

        track s {
          staff choir 1
          phrase { g4 a b c }
        }

        track a {
          velocity 80
          staff choir
          phrase { e4 f g e }
        }

        track pedal {
          octave 2
          phrase { c1 }
        }

        track t {
          octave 3
          staff choir 2
          phrase { c4 c d c }
        }

        """

    func testStavesRoundTripAndPrintBack() throws {
        let song = try RoundTripTests.compile(Self.text, path: "staves.stave")
        XCTAssertEqual(song.tracks.map(\.staff), [StaffPlacement(part: "choir", number: 1), StaffPlacement(part: "choir", number: 1), nil,
                                                  StaffPlacement(part: "choir", number: 2)])
        let saved = try SongEncoder.encode(song)
        let json = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(json.contains(#""octave":4,"transpose":0,"part":"choir","staff":1,"phrases""#), json)
        XCTAssertTrue(json.contains(#""octave":3,"transpose":0,"part":"choir","staff":2,"phrases""#), json)
        XCTAssertEqual(json.components(separatedBy: #""part""#).count, 4, "the track without staff has no part field")
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, song)
        let printed = StavePrinter().print(loaded)
        XCTAssertTrue(printed.contains("track a {\n  velocity 80\n  staff choir 1\n  phrase {"), printed)
        XCTAssertTrue(printed.contains("track t {\n  octave 3\n  staff choir 2\n  phrase {"), printed)
        let recompiled = try RoundTripTests.compile(printed, path: "printed.stave")
        XCTAssertEqual(recompiled, song)
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved)
        XCTAssertEqual(StavePrinter().print(recompiled), printed)
        // The fixture is this song saved --pretty, read back to the same song.
        XCTAssertEqual(try SongDecoder.decodeSong(try Fixtures.bytes(Self.fixture)), song)
    }

    /// MIDI is unchanged by `staff`: one MIDI track per Stave track, byte for byte, for the
    /// examples with parts of several tracks and the song above.
    func testStaffLeavesMIDIByteIdentical() throws {
        var texts = [Self.text]
        for name in ["minuet-in-g", "old-hundredth-choir"] {
            texts.append(try Fixtures.text(Fixtures.root.appendingPathComponent("Examples/\(name).stave")))
        }
        for text in texts {
            let without = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("staff ") }.joined(separator: "\n")
            XCTAssertNotEqual(without, text)
            let song = try RoundTripTests.compile(text, path: "with.stave")
            let plain = try RoundTripTests.compile(without, path: "without.stave")
            XCTAssertTrue(song.tracks.contains { $0.staff != nil })
            XCTAssertEqual(try MIDIFileWriter().render(song), try MIDIFileWriter().render(plain))
        }
    }

    func testValidatorGivesTheLanguagesRules() throws {
        func problems(_ fields: [String]) -> [String] {
            let tracks = fields.enumerated().map { index, extra in
                #"{"id":"t\#(index)","type":"melody","program":0,"channel":\#(index + 1),"channelExplicit":false,"volume":100,"pan":64,"velocity":100,"octave":4,"transpose":0\#(extra),"phrases":[]}"#
            }
            let json = #"{"format":"stave-song","version":6,"song":{"title":"t","ppq":480,"resolution":1,"key":{"tonic":"c","mode":"major"},"tempos":[{"bar":1,"bpm":"120"}],"meters":[{"bar":1,"numerator":4,"denominator":4}],"tracks":["# + tracks.joined(separator: ",") + "]}}"
            do {
                _ = try SongDecoder.decode(Array(json.utf8))
                return []
            } catch {
                return error.problems.map { "\($0.id.rawValue) \($0)" }
            }
        }
        XCTAssertEqual(problems([#","part":"p","staff":1"#, #","part":"p","staff":2"#, ""]), [])
        XCTAssertEqual(problems([#","part":"p","staff":1"#, #","part":"p","staff":1"#, #","part":"p","staff":1"#]),
                       ["staff-full song.tracks[2].staff: staff 1 of part 'p' already holds two voices (tracks 't0' and 't1'): put track 't2' on another staff"])
        XCTAssertEqual(problems([#","part":"p","staff":2"#]),
                       ["staff-gap song.tracks[0].staff: part 'p' has a staff 2 but no staff 1: number its staves from 1 without gaps"])
        XCTAssertEqual(problems([#","part":"p","staff":0"#]),
                       ["value-out-of-range song.tracks[0].staff: staff 0 is out of range: expected 1–4 (1 is the part's top staff)"])
        XCTAssertEqual(problems([#","staff":1"#]), ["save-missing-field song.tracks[0]: a track with \"staff\" needs its \"part\" as well"])
        XCTAssertEqual(problems([#","part":"p","staff":"1""#]).map { String($0.prefix(37)) }, ["save-wrong-type song.tracks[0].staff:"])
    }

    /// The front end and the validator give the same message for the same mistake.
    func testFrontEndAndValidatorAgree() {
        let text = "track a { staff p 1 phrase { c } }\ntrack b { staff p 1 phrase { c } }\ntrack c { staff p 1 phrase { c } }\n"
        let diagnostics = Lowering.compile(Source(path: "s.stave", text: text), defaultTitle: "s").diagnostics
        XCTAssertEqual(diagnostics.map { "\($0.id.rawValue) \($0.message)" },
                       ["staff-full staff 1 of part 'p' already holds two voices (tracks 'a' and 'b'): put track 'c' on another staff"])
    }
}
