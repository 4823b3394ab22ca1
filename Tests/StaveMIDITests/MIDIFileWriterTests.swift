import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Byte- and tick-level expectations computed by hand from LANGUAGE.md and the SMF spec.
final class MIDIFileWriterTests: XCTestCase {
    func testSmallestSongBytesWrittenByHand() throws {
        let bytes = try midi("title \"T\"\ntrack a { phrase { c4 } }")
        let expected: [UInt8] = [
            0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 1, 0, 2, 0x01, 0xE0,          // MThd, format 1, 2 tracks, ppq 480
            0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 0x1E,                              // conductor MTrk, 30 bytes
            0x00, 0xFF, 0x03, 0x01, 0x54,                                       // track name "T"
            0x00, 0xFF, 0x58, 0x04, 0x04, 0x02, 0x18, 0x08,                     // 4/4
            0x00, 0xFF, 0x59, 0x02, 0x00, 0x00,                                 // C major
            0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20,                           // 500000 µs per quarter
            0x00, 0xFF, 0x2F, 0x00,
            0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 0x1C,                              // track 1, 28 bytes
            0x00, 0xFF, 0x03, 0x01, 0x61,                                       // track name "a"
            0x00, 0xC0, 0x00,                                                   // program 0, channel 1
            0x00, 0xB0, 0x07, 0x64,                                             // volume 100
            0x00, 0x0A, 0x40,                                                   // pan 64 (running status)
            0x00, 0x90, 0x3C, 0x64,                                             // C4 on
            0x83, 0x60, 0x80, 0x3C, 0x00,                                       // 480 ticks later, off
            0x00, 0xFF, 0x2F, 0x00,
        ]
        XCTAssertEqual(bytes, expected)
    }

    /// FF 58's third byte is MIDI clocks per metronome click, on the meter's beat: a dotted
    /// quarter (36 clocks) in 6/8, 9/8 and 12/8, a dotted eighth (18) in 6/16; otherwise the
    /// denominator's note, 24·4/denominator (24 in 3/4 and 6/4, 48 in 2/2, 12 in 3/8).
    func testTimeSignatureClicksOnTheBeat() throws {
        let cases: [(meter: String, bytes: [UInt8])] = [
            ("6/8", [0x06, 0x03, 0x24, 0x08]), ("9/8", [0x09, 0x03, 0x24, 0x08]), ("12/8", [0x0C, 0x03, 0x24, 0x08]),
            ("3/8", [0x03, 0x03, 0x0C, 0x08]), ("6/4", [0x06, 0x02, 0x18, 0x08]), ("2/2", [0x02, 0x01, 0x30, 0x08]),
            ("3/4", [0x03, 0x02, 0x18, 0x08]), ("6/16", [0x06, 0x04, 0x12, 0x08]), ("4/4", [0x04, 0x02, 0x18, 0x08]),
            ("15/8", [0x0F, 0x03, 0x24, 0x08]), ("3/1", [0x03, 0x00, 0x60, 0x08]), ("12/32", [0x0C, 0x05, 0x09, 0x08]),
            ("5/64", [0x05, 0x06, 0x02, 0x08]), ("6/64", [0x06, 0x06, 0x05, 0x08]),
        ]
        for (meter, data) in cases {
            let bytes = try midi("meter \(meter)\ntrack a { phrase { c4 } }")
            let header: [UInt8] = [0xFF, 0x58, 0x04]
            let at = try XCTUnwrap((0..<bytes.count - 3).first { Array(bytes[$0..<$0 + 3]) == header }, meter)
            XCTAssertEqual(Array(bytes[at + 3..<at + 7]), data, meter)
        }
    }

    func testNoteOffsComeBeforeNoteOnsAtOneTick() throws {
        let dump = try MIDIDump(midi("track a { phrase { c4 c4 } }"))
        let texts = dump.tracks[1].map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(Array(texts.suffix(5)), [
            "0 note-on ch1 60 100", "480 note-off ch1 60 0", "480 note-on ch1 60 100", "960 note-off ch1 60 0", "960 end-of-track",
        ])
    }

    func testTiesBecomeOneNote() throws {
        XCTAssertEqual(try notes("track a { phrase { c2~ c8 d8 } }"), [[1, 1, 0, 1200, 60, 100], [1, 1, 1200, 240, 62, 100]])
        // Across a bar line and into a chord; the joined note keeps the first velocity.
        XCTAssertEqual(try notes("track a { phrase { r2 v90 c2~ | v50 [c e]4 } }"),
                       [[1, 1, 960, 1440, 60, 90], [1, 1, 1920, 480, 64, 50]])
    }

    func testTicksRoundEachEventOnItsOwnHalvesUp() throws {
        // ppq 25: an eighth is 12.5 ticks → the boundary rounds up to 13.
        XCTAssertEqual(try notes("ppq 25\ntrack a { phrase { c8 d8 e8 f8 } }"),
                       [[1, 1, 0, 13, 60, 100], [1, 1, 13, 12, 62, 100], [1, 1, 25, 13, 64, 100], [1, 1, 38, 12, 65, 100]])
        // Quintuplet in a quarter at ppq 24: 4.8-tick steps → 0, 5, 10, 14, 19, 24 (no drift).
        XCTAssertEqual(try notes("ppq 24\ntrack a { phrase { {c d e f g}4 } }"),
                       [[1, 1, 0, 5, 60, 100], [1, 1, 5, 5, 62, 100], [1, 1, 10, 4, 64, 100], [1, 1, 14, 5, 65, 100], [1, 1, 19, 5, 67, 100]])
    }

    func testTempoMicrosecondsRoundToNearest() throws {
        let dump = try MIDIDump(midi("tempo 92.5\ntempo 7 at 2\ntrack a { phrase { c1 | c1 } }"))
        let tempos = dump.tracks[0].filter { $0.text.hasPrefix("tempo") }.map { "\($0.tick) \($0.text)" }
        // 60,000,000 / 92.5 = 648,648.6… → 648,649; 60,000,000 / 7 = 8,571,428.57… → 8,571,429.
        XCTAssertEqual(tempos, ["0 tempo 648649", "1920 tempo 8571429"])
    }

    func testTemposRoundingToOneTickKeepTheLaterInTheFile() throws {
        // ppq 25: a dotted 64th is 2.34 ticks and a 64th 1.56 ticks: both round to tick 2.
        // Track b's tempo is later in the file, so 70 BPM (857,143 µs) wins, though it is earlier in time.
        let dump = try MIDIDump(midi("ppq 25\ntrack a { phrase { r64. tempo 90 c } }\ntrack b { phrase { r64 tempo 70 c } }"))
        let tempos = dump.tracks[0].filter { $0.text.hasPrefix("tempo") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(tempos, ["0 tempo 500000", "2 tempo 857143"])
    }

    func testAHeaderTempoAfterATrackIsLaterInTheFile() throws {
        // Bar 2 starts at tick 1920. Track a's in-body 100 BPM (600,000 µs) stands there; the
        // header's `tempo 75 at 2` (800,000 µs) is written after track a, so it is the later
        // and wins. Track b's 50 BPM (1,200,000 µs) at bar 3 comes after `tempo 60 at 3`
        // (1,000,000 µs), written before it, so b's wins there.
        let text = """
            tempo 120
            track a { phrase { c1 | tempo 100 c1 | } }
            tempo 75 at 2
            tempo 60 at 3
            track b { phrase { c1 | c1 | tempo 50 c1 | } }
            """
        let dump = try MIDIDump(midi(text))
        let tempos = dump.tracks[0].filter { $0.text.hasPrefix("tempo") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(tempos, ["0 tempo 500000", "1920 tempo 800000", "3840 tempo 1200000"])
        // Both collisions are reported at the later statement.
        let (_, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        let lines = diagnostics.filter { $0.id == .tempoConflict }.map { Source(path: "t", text: text).lineColumn(of: $0.range.start).line }
        XCTAssertEqual(lines, [3, 5])
    }

    func testVelocityZeroEmitsNoNote() throws {
        XCTAssertEqual(try notes("track a { phrase { c v0 d v80 e } }"), [[1, 1, 0, 480, 60, 100], [1, 1, 960, 480, 64, 80]])
    }

    func testChannelsProgramsAndDrums() throws {
        let dump = try MIDIDump(midi("""
        track a { instrument flute volume 90 pan 10 phrase { c } }
        drums d { kit brush phrase { kick8 [hat snare] } }
        track b { channel 10 phrase { d } }
        track c { phrase { e } }
        """))
        XCTAssertEqual(dump.tracks.count, 5)
        XCTAssertEqual(dump.tracks[1].map(\.text).filter { !$0.hasPrefix("track-name") && $0 != "end-of-track" && !$0.hasPrefix("note") },
                       ["program ch1 73", "control ch1 7 90", "control ch1 10 10"])
        XCTAssertTrue(dump.tracks[2].contains { $0.text == "program ch10 40" })
        XCTAssertEqual(dump.notes.filter { $0[0] == 2 }, [[2, 10, 0, 240, 36, 100], [2, 10, 240, 240, 38, 100], [2, 10, 240, 240, 42, 100]])
        // Explicit channel 10 on a melody track; the next melody track gets channel 2 (1 is taken by 'a').
        XCTAssertEqual(dump.notes.filter { $0[0] >= 3 }, [[3, 10, 0, 480, 62, 100], [4, 2, 0, 480, 64, 100]])
    }

    func testRepeatAndSyncAreExpanded() throws {
        let result = try notes("""
        track a { transpose 12 phrase t { c8 d8 } repeat t x2 }
        track b { sync a.t transpose -5 at 2 }
        """)
        XCTAssertEqual(result, [
            [1, 1, 0, 240, 72, 100], [1, 1, 240, 240, 74, 100], [1, 1, 480, 240, 72, 100], [1, 1, 720, 240, 74, 100],
            [1, 1, 960, 240, 72, 100], [1, 1, 1200, 240, 74, 100],
            // Sync: source pitch + sync transpose + the target track's transpose (0); bar 2 = tick 1920.
            [2, 2, 1920, 240, 55, 100], [2, 2, 2160, 240, 57, 100],
        ])
    }

    func testMeterAndKeySignatures() throws {
        let dump = try MIDIDump(midi("meter 6/8\nmeter 2/4 at 3\nkey bb minor\ntrack a { phrase { c2. | c2. | c2 } }"))
        let conductor = dump.tracks[0].map { "\($0.tick) \($0.text)" }
        XCTAssertTrue(conductor.contains("0 time-signature 6/8 clocks 36 32nds 8"))
        // Bar 3 starts after two bars of 6/8: 2 × 3/4 whole = 1.5 whole notes = 2880 ticks.
        XCTAssertTrue(conductor.contains("2880 time-signature 2/4 clocks 24 32nds 8"))
        XCTAssertTrue(conductor.contains("0 key-signature -5 minor"))
    }

    func testOutputIsDeterministic() throws {
        let text = readFile(packageRoot + "/Examples/ode-to-joy.stave") ?? ""
        XCTAssertEqual(try midi(text), try midi(text))
    }

    func testLongGapsAreBridged() throws {
        // 200,000 bars of rest at ppq 32767: the gap exceeds one variable-length delta.
        let bytes = try midi("ppq 32767\ntrack a { phrase at 200000 { c } }")
        let dump = try MIDIDump(bytes)
        let on = dump.tracks[1].first { $0.text.hasPrefix("note-on") }
        XCTAssertEqual(on?.tick, 199_999 * 4 * 32767)
    }
}
