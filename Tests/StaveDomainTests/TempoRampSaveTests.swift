import XCTest
import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter
import StaveSyntax

/// Tempo ramps in save format version 6 (rule 18: as written): `tempoRamps` holds the ramp, not
/// its steps; compile → save → print → compile gives the same MIDI, save → print → save is a
/// fixed point, and the validator refuses the ramps the compiler refuses.
final class TempoRampSaveTests: XCTestCase {
    static let text = """
        tempo 100
        meter 3/4
        tempo 120 at 4
        tempo 60.5 at 2-3
        tempo 140 at 5-5
        track lead { phrase { c4 d e | f g a | b2. | c2. | d2. | e2. } }
        """

    func testRampsRoundTripAsWritten() throws {
        let song = try RoundTripTests.compile(Self.text, path: "ramps.stave")
        XCTAssertEqual(song.tempoRamps, [TempoRamp(bar: 2, through: 3, bpm: Rational(121, 2)), TempoRamp(bar: 5, through: 5, bpm: Rational(140))])
        let saved = try SongEncoder.encode(song)
        let json = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(json.contains(#""tempos":[{"bar":1,"bpm":"100"},{"bar":4,"bpm":"120"}],"tempoRamps":[{"bar":2,"through":3,"bpm":"60.5"},{"bar":5,"through":5,"bpm":"140"}],"meters""#), json)
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, song)
        let printed = StavePrinter().print(loaded)
        XCTAssertEqual(printed, """
            title "untitled"
            tempo 100
            meter 3/4
            tempo 120 at 4
            tempo 60.5 at 2-3
            tempo 140 at 5-5

            track lead {
              phrase {
                c d e | f g a | b2. | c | d | e |
              }
            }

            """)
        let recompiled = try RoundTripTests.compile(printed, path: "printed.stave")
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(song))
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved)
        XCTAssertEqual(StavePrinter().print(recompiled), printed)
    }

    /// A song without ramps saves without the field, as before.
    func testNoRampsNoField() throws {
        let song = try RoundTripTests.compile("tempo 90 at 2\ntrack a { phrase { c1 | c1 } }", path: "plain.stave")
        XCTAssertFalse(String(decoding: try SongEncoder.encode(song), as: UTF8.self).contains("tempoRamps"))
    }

    func testValidatorRefusesWhatTheCompilerRefuses() throws {
        func problems(_ tempos: String, _ ramps: String) -> [String] {
            let json = #"{"format":"stave-song","version":6,"song":{"title":"t","ppq":480,"resolution":1,"key":{"tonic":"c","mode":"major"},"tempos":"# + tempos + #","tempoRamps":"# + ramps + #","meters":[{"bar":1,"numerator":4,"denominator":4}],"tracks":[]}}"#
            do {
                _ = try SongDecoder.decode(Array(json.utf8))
                return []
            } catch {
                return error.problems.map { "\($0.id.rawValue) \($0)" }
            }
        }
        let one = #"[{"bar":1,"bpm":"120"}]"#
        XCTAssertEqual(problems(one, #"[{"bar":3,"through":2,"bpm":"60"}]"#),
                       ["tempo-ramp-bars song.tempoRamps[0].through: a tempo ramp from bar 3 must end at or after it, found bar 2"])
        XCTAssertEqual(problems(one, #"[{"bar":1,"through":2,"bpm":"60"},{"bar":2,"through":3,"bpm":"90"}]"#),
                       ["save-bar-order song.tempoRamps[1].bar: expected a bar after bar 2 (tempo ramps are listed in bar order and do not overlap), found 2"])
        XCTAssertEqual(problems(#"[{"bar":1,"bpm":"120"},{"bar":3,"bpm":"90"}]"#, #"[{"bar":2,"through":4,"bpm":"60"}]"#),
                       ["tempo-ramp-conflict song.tempoRamps[0]: tempo 90 at bar 3 falls inside the tempo ramp over bars 2-4"])
        XCTAssertEqual(problems(one, #"[{"bar":1,"through":2,"bpm":"1001"}]"#).map { String($0.prefix(36)) }, ["value-out-of-range song.tempoRamps[0"])
        XCTAssertEqual(problems(one, #"[{"bar":1,"through":2,"bpm":"60","at":3}]"#).count, 1)
        XCTAssertEqual(problems(one, #"[{"bar":1,"through":2,"bpm":"60"}]"#), [])
        // An in-body tempo of a Repeat's second copy (bar 4) inside the ramp over bars 4-5.
        let json = #"{"format":"stave-song","version":6,"song":{"title":"t","ppq":480,"resolution":1,"key":{"tonic":"c","mode":"major"},"tempos":[{"bar":1,"bpm":"120"}],"tempoRamps":[{"bar":4,"through":5,"bpm":"60"}],"meters":[{"bar":1,"numerator":4,"denominator":4}],"tracks":[{"id":"a","type":"melody","program":0,"channel":1,"channelExplicit":false,"volume":100,"pan":64,"velocity":100,"octave":4,"transpose":0,"phrases":[{"type":"original","id":"x","start":0,"length":1,"tempos":[{"offset":0,"bpm":"90"}],"containers":[{"width":1,"notes":[60]}]},{"type":"repeat","source":"x","start":1,"count":3}]}]}}"#
        XCTAssertThrowsError(try SongDecoder.decode(Array(json.utf8))) { error in
            XCTAssertEqual(((error as? SaveError)?.problems ?? []).map { "\($0.id.rawValue) \($0)" }, ["tempo-ramp-conflict song.tracks[0].phrases[1]: tempo 90 falls inside the tempo ramp over bars 4-5"])
        }
    }
}
