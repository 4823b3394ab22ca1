import StaveSyntax
import XCTest
@testable import StaveComposition

/// The pitch of a letter and the key signature's accidental are looked up in packed tables;
/// these are the values music theory gives, written out by hand.
final class PitchTableTests: XCTestCase {
    func testSemitonesAboveCOfEachLetter() {
        let expected: [Character: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11]
        for (letter, semitones) in expected {
            XCTAssertEqual(Pitch.semitones(ofByte: letter.asciiValue!), semitones, "\(letter)")
        }
        // Middle C, the A above it, and B flat below it.
        XCTAssertEqual(Pitch.midi(PitchSpelling(letterByte: UInt8(ascii: "c"), accidental: nil), octave: 4, key: .cMajor), 60)
        XCTAssertEqual(Pitch.midi(PitchSpelling(letterByte: UInt8(ascii: "a"), accidental: nil), octave: 4, key: .cMajor), 69)
        XCTAssertEqual(Pitch.midi(PitchSpelling(letterByte: UInt8(ascii: "b"), accidental: -1), octave: 3, key: .cMajor), 58)
    }

    /// Sharps enter in the order F C G D A E B and flats in the reverse order: every key from
    /// seven flats to seven sharps gives exactly its first |fifths| letters an accidental.
    func testKeySignatureAccidentals() {
        let sharpOrder: [UInt8] = Array("fcgdaeb".utf8)
        for fifths in -7...7 {
            let tonic = ["cb", "gb", "db", "ab", "eb", "bb", "f", "c", "g", "d", "a", "e", "b", "f#", "c#"][fifths + 7]
            let spelling = PitchSpelling(letterByte: tonic.utf8.first!, accidental: tonic.count == 1 ? nil : (tonic.hasSuffix("#") ? 1 : -1))
            let key = Key(tonic: spelling, mode: .major)!
            XCTAssertEqual(key.fifths, fifths, tonic)
            for (order, letter) in sharpOrder.enumerated() {
                let expected = fifths > 0 ? (order < fifths ? 1 : 0) : (6 - order < -fifths ? -1 : 0)
                XCTAssertEqual(key.accidental(forByte: letter), expected, "\(tonic) major, \(Character(UnicodeScalar(letter)))")
            }
        }
        // D major: F sharp and C sharp, nothing else.
        let dMajor = Key(tonic: PitchSpelling(letterByte: UInt8(ascii: "d"), accidental: nil), mode: .major)!
        XCTAssertEqual("abcdefg".utf8.map { dMajor.accidental(forByte: $0) }, [0, 0, 1, 0, 0, 1, 0])
        // F major: B flat only.
        let fMajor = Key(tonic: PitchSpelling(letterByte: UInt8(ascii: "f"), accidental: nil), mode: .major)!
        XCTAssertEqual("abcdefg".utf8.map { fMajor.accidental(forByte: $0) }, [0, -1, 0, 0, 0, 0, 0])
    }

    /// A written accidental wins over the key's; without one, the key's is taken.
    func testWrittenAccidentalOrTheKeys() {
        let f = PitchSpelling(letterByte: UInt8(ascii: "f"), accidental: nil)
        let fNatural = PitchSpelling(letterByte: UInt8(ascii: "f"), accidental: 0)
        let fFlat = PitchSpelling(letterByte: UInt8(ascii: "f"), accidental: -1)
        XCTAssertEqual(f.accidental(or: 1), 1)
        XCTAssertEqual(fNatural.accidental(or: 1), 0)
        XCTAssertEqual(fFlat.accidental(or: 1), -1)
        XCTAssertEqual(f.spelled(or: 1), PitchSpelling(letterByte: UInt8(ascii: "f"), accidental: 1))
        XCTAssertEqual(fNatural.spelled(or: 1), fNatural)
        XCTAssertEqual(PitchSpelling(letterByte: UInt8(ascii: "c"), accidental: 2).spelled(or: -1).accidental, 2)
        // In D major an unmarked F sounds F sharp (66 in octave 4), a marked natural F 65.
        let dMajor = Key(tonic: PitchSpelling(letterByte: UInt8(ascii: "d"), accidental: nil), mode: .major)!
        XCTAssertEqual(Pitch.midi(f, octave: 4, key: dMajor), 66)
        XCTAssertEqual(Pitch.midi(fNatural, octave: 4, key: dMajor), 65)
    }
}
