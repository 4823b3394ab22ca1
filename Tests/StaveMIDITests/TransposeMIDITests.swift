import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// The header `transpose N` (LANGUAGE.md "Form (v3)"): melody tracks sound N semitones higher
/// on top of their own `transpose`, drum tracks do not move, key signatures move by the tie rule.
final class TransposeMIDITests: XCTestCase {
    func testMelodyMovesDrumsDoNotAndTheKeySignatureMoves() throws {
        let text = "key e major\ntranspose 2\ntrack a { transpose 12\n phrase { e4 g c e } }\ndrums d { phrase { kick snare kick snare } }"
        let dump = try MIDIDump(midi(text))
        // e4 (64), g# (68, E major), c# (61), e (64), each + 12 + 2.
        XCTAssertEqual(dump.notes.filter { $0[0] == 1 }.map { $0[4] }, [78, 82, 75, 78])
        XCTAssertEqual(dump.notes.filter { $0[0] == 2 }.map { $0[4] }, [36, 38, 36, 38])
        XCTAssertEqual(dump.tracks[0].filter { $0.text.hasPrefix("key-signature") }.map(\.text), ["key-signature 6 major"])
    }

    func testKeyChangesMoveToo() throws {
        let text = "key b major\nkey c major at 2\ntranspose 1\ntrack a { phrase { b1 | c1 } }"
        let dump = try MIDIDump(midi(text))
        XCTAssertEqual(dump.tracks[0].filter { $0.text.hasPrefix("key-signature") }.map { "\($0.tick) \($0.text)" },
                       ["0 key-signature 0 major", "1920 key-signature -5 major"])
        XCTAssertEqual(dump.notes.map { $0[4] }, [72, 61]) // b (B major) and c (C major), each + 1
    }

    func testOutOfRange() {
        func errors(_ text: String) -> [String] {
            Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t").diagnostics.filter { $0.severity == .error }.map { "\($0.id.rawValue): \($0.message)" }
        }
        XCTAssertEqual(errors("transpose 49\ntrack a { phrase { c } }"), ["value-out-of-range: transpose 49 is out of range: expected −48…48 semitones"])
        XCTAssertEqual(errors("transpose 48\ntrack a { phrase { o9 c } }"), ["value-out-of-range: transpose 48 takes a note of track 'a' to MIDI 168, outside 0–127"])
        XCTAssertEqual(errors("transpose -48\ndrums d { phrase { kick } }"), [])
    }
}
