import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter
import StaveSyntax
import XCTest

/// A note's own velocity `@N` (LANGUAGE.md "Songwriting (v3)", "A note's own velocity"): the
/// velocities it sounds at (worked out by hand), its errors, and its round trip through the
/// save format and the printer.
final class NoteVelocityTests: XCTestCase {
    /// `v40 !< … v80` over one 4/4 bar: a note starting at t (in whole notes) sounds at
    /// round(40 + 40·t); `@N` notes sound at N whatever the ramp, an accent adds 20, and the
    /// cursor is left as it was.
    static let tune = """
        track lead {
          phrase { v40 !< c4 d4@100 e4 f4 | v80 g4^@30 a4 [c@50 e g]4@20 {c@10 d e}4 | c2@70~8 d4. }
        }
        drums beat { phrase { snare16@35 snare16 kick8^@90 [kick hat@5]4 r2 } }
        """

    func performed(_ text: String, track: Int = 0) throws -> [(pitch: Int, velocity: Int)] {
        let song = try RoundTripTests.compile(text, path: "velocity.stave")
        return Performance.notes(of: song.tracks[track], in: song).map { ($0.pitch, $0.velocity) }
    }

    func testVelocitiesWorkedOutByHand() throws {
        let lead = try performed(Self.tune)
        XCTAssertEqual(lead.map(\.pitch), [60, 62, 64, 65, 67, 69, 60, 64, 67, 60, 62, 64, 60, 62])
        XCTAssertEqual(lead.map(\.velocity), [
            40, 100, 60, 70,   // the ramp at 0, 1/4 (its own 100), 1/2, 3/4
            50, 80,            // g: its own 30 + accent 20; a: the cursor, 80 as set
            50, 20, 20,        // c's own 50 wins over the chord's 20
            10, 80, 80,        // a tuplet item's own; the others at the cursor
            70, 80,            // c2@70~8 joined, then the cursor again
        ])
        let beat = try performed(Self.tune, track: 1)
        XCTAssertEqual(beat.map(\.velocity), [35, 100, 110, 100, 5])
    }

    func testTheSaveFormatMarksAnOwnVelocityAndKeepsTheRunningOne() throws {
        let song = try RoundTripTests.compile("track a { phrase { v60 c d@20 e } }", path: "a.stave")
        let saved = String(decoding: try SongEncoder.encode(song), as: UTF8.self)
        XCTAssertTrue(saved.contains(#""containers":[{"width":1,"notes":[{"pitch":60,"velocity":60}]},{"notes":[{"pitch":62,"velocity":20,"ownVelocity":true}]},{"notes":[64]}]"#), saved)
        XCTAssertEqual(StavePrinter().print(try SongDecoder.decodeSong(Array(saved.utf8))), """
            title "untitled"

            track a {
              phrase {
                v60 c d@20 e
              }
            }

            """)
    }

    /// compile → save → load → print → compile gives the same song, save file and MIDI, and
    /// printing the printed song is a fixed point (as `RoundTripTests` checks every example).
    func testRoundTripThroughSaveAndPrint() throws {
        let original = try RoundTripTests.compile(Self.tune, path: "tune.stave")
        let saved = try SongEncoder.encode(original)
        let loaded = try SongDecoder.decodeSong(saved)
        XCTAssertEqual(loaded, original)
        let printed = StavePrinter().print(loaded)
        XCTAssertEqual(printed, """
            title "untitled"

            track lead {
              phrase {
                v40 !< c d@100 e f | !mf g^@30 a [c@50 e@20 g@20] {c@10 d e} |
                c2@70~8 d4. |
              }
            }

            drums beat {
              phrase {
                snare16@35 snare kick8^@90 [kick hat@5]4 r2 |
              }
            }

            """)
        let recompiled = try RoundTripTests.compile(printed, path: "printed tune.stave")
        XCTAssertEqual(recompiled, original)
        XCTAssertEqual(try SongEncoder.encode(recompiled), saved)
        XCTAssertEqual(StavePrinter().print(recompiled), printed)
        XCTAssertEqual(try MIDIFileWriter().render(recompiled), try MIDIFileWriter().render(original))
    }

    /// A chord symbol with its own velocity prints it, not a velocity command (the cursor stays).
    func testChordSymbolsWithTheirOwnVelocity() throws {
        let original = try RoundTripTests.compile("track a { phrase { v60 [Am7@40]2 [Am7]2@30 c2 } }", path: "a.stave")
        XCTAssertEqual(Performance.notes(of: original.tracks[0], in: original).map(\.velocity), [40, 40, 40, 40, 30, 30, 30, 30, 60])
        let printed = StavePrinter().print(try SongDecoder.decodeSong(try SongEncoder.encode(original)))
        XCTAssertTrue(printed.contains("[Am7@40]2 [Am7@30] | v60 c"), printed)
        XCTAssertEqual(try RoundTripTests.compile(printed, path: "printed"), original)
    }

    func testErrors() {
        func diagnose(_ body: String) -> [String] {
            let (_, diagnostics) = Lowering.compile(Source(path: "e.stave", text: "track a { phrase { \(body) } }"), defaultTitle: "e")
            return diagnostics.map { "\($0.range.start) \($0.id.rawValue)" }
        }
        XCTAssertEqual(diagnose("r4@40 c"), ["21 note-velocity-not-allowed"])
        XCTAssertEqual(diagnose("{c d e}4@40"), ["27 note-velocity-not-allowed"])
        XCTAssertEqual(diagnose("(d@30)c"), ["21 note-velocity-not-allowed"])
        XCTAssertEqual(diagnose("c2~8@70"), ["23 note-velocity-not-allowed"])
        XCTAssertEqual(diagnose("c4@ d"), ["21 invalid-note-velocity"])
        XCTAssertEqual(diagnose("c4@128"), ["21 value-out-of-range"])
        XCTAssertEqual(diagnose("c4@-1"), ["21 value-out-of-range"])
        XCTAssertEqual(diagnose("c4@0 d4@127"), [])
    }
}
