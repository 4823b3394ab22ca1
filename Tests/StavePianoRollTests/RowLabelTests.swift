import XCTest
import StaveSyntax
import StaveComposition
@testable import StavePianoRoll

/// Row labels: scientific pitch spelled for the key, drum names, key names. Expected values are
/// worked out by hand from the key signatures.
final class RowLabelTests: XCTestCase {
    func key(_ letter: Character, _ accidental: Int?, _ mode: KeyMode = .major) -> Key {
        Key(tonic: PitchSpelling(letter: letter, accidental: accidental), mode: mode)!
    }

    func testPitchesSpelledForTheKey() {
        let table: [(Int, Key, String)] = [
            (60, .cMajor, "C4"), (61, .cMajor, "C#4"), (0, .cMajor, "C-1"), (127, .cMajor, "G9"),
            (66, key("d", nil), "F#4"),           // D major: F is sharp
            (58, key("f", nil), "Bb3"),           // F major: B is flat
            (70, key("f", nil), "Bb4"),
            (61, key("f", nil), "Db4"),           // a flat key spells other pitches with flats
            (63, key("d", nil), "D#4"),           // a sharp key with sharps
            (60, key("c", 1), "B#3"),             // C# major: B# belongs to octave 3
            (59, key("g", -1), "Cb4"),            // Gb major: Cb belongs to octave 4
            (68, key("g", 1, .minor), "G#4"),     // G# minor: 5 sharps
            (65, key("d", nil, .minor), "F4"),    // D minor: F natural
        ]
        for (midi, key, expected) in table {
            XCTAssertEqual(RowLabel.pitch(midi, in: key), expected, "MIDI \(midi) in \(RowLabel.key(key))")
        }
    }

    func testDrumNames() {
        XCTAssertEqual(RowLabel.drum(36), "kick")
        XCTAssertEqual(RowLabel.drum(38), "snare")
        XCTAssertEqual(RowLabel.drum(42), "hat")
        XCTAssertEqual(RowLabel.drum(35), "acoustic-bass-drum")
        XCTAssertEqual(RowLabel.drum(81), "open-triangle")
        XCTAssertEqual(RowLabel.drum(34), "drum-34")
        XCTAssertEqual(RowLabel.drum(-1), "drum--1")
    }

    func testKeyNames() {
        XCTAssertEqual(RowLabel.key(.cMajor), "C major")
        XCTAssertEqual(RowLabel.key(key("d", nil)), "D major")
        XCTAssertEqual(RowLabel.key(key("f", 1, .minor)), "F# minor")
        XCTAssertEqual(RowLabel.key(key("b", -1)), "Bb major")
    }

    func testInstrumentAndKitNames() {
        XCTAssertEqual(RowLabel.instrument(of: Track(id: "a", kind: .melody, program: 73, channel: 1)), "flute")
        XCTAssertEqual(RowLabel.instrument(of: Track(id: "a", kind: .melody, program: 200, channel: 1)), "program 200")
        XCTAssertEqual(RowLabel.instrument(of: Track(id: "d", kind: .drums, program: 25, channel: 10)), "tr-808 kit")
        XCTAssertEqual(RowLabel.instrument(of: Track(id: "d", kind: .drums, program: 3, channel: 10)), "kit 3")
    }

    func testWrapBreaksBetweenItems() {
        XCTAssertEqual(RollRange.wrap(["track a:", "flute", "channel 1"], width: 80), ["track a: flute, channel 1"])
        XCTAssertEqual(RollRange.wrap(["track a:", "flute", "channel 1"], width: 15), ["track a: flute,", "  channel 1"])
        XCTAssertEqual(RollRange.wrap(["track a:", "flute", "channel 1"], width: 14), ["track a:", "  flute,", "  channel 1"])
        XCTAssertEqual(RollRange.wrap(["track a:", "flute", "channel 1"], width: 8), ["track a:", "  flute,", "  channel 1"])
        XCTAssertEqual(RollRange.wrap(["a-very-long-item", "b"], width: 5), ["a-very-long-item,", "  b"])
        XCTAssertEqual(RollRange.wrapWords("* 2 onsets fell between columns", width: 15), ["* 2 onsets fell", "  between", "  columns"])
    }

    func testHeadersEscapeNamesAndDropControlCharacters() {
        let track = Track(id: "lead", name: "Say \"hi\"\\\n", kind: .melody, program: 0, channel: 3)
        XCTAssertEqual(RollTrack.header(of: track), ["track lead \"Say \\\"hi\\\"\\\\ \":", "acoustic-grand-piano", "channel 3"])
        XCTAssertEqual(RollTrack.header(of: Track(id: "kit", kind: .drums, channel: 10), suffix: " (no notes)"), ["drums kit:", "standard kit", "channel 10 (no notes)"])
    }
}
