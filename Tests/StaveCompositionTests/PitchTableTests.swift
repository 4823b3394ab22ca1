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

    /// Every major key from seven flats to seven sharps, its signature written out by hand:
    /// exactly those letters take the key's sharp or flat.
    func testKeySignatureAccidentals() {
        let signatures: [(tonic: String, fifths: Int, letters: String)] = [
            ("cb", -7, "beadgcf"), ("gb", -6, "beadgc"), ("db", -5, "beadg"), ("ab", -4, "bead"),
            ("eb", -3, "bea"), ("bb", -2, "be"), ("f", -1, "b"), ("c", 0, ""), ("g", 1, "f"), ("d", 2, "fc"),
            ("a", 3, "fcg"), ("e", 4, "fcgd"), ("b", 5, "fcgda"), ("f#", 6, "fcgdae"), ("c#", 7, "fcgdaeb"),
        ]
        for (tonic, fifths, letters) in signatures {
            let spelling = PitchSpelling(letterByte: tonic.utf8.first!, accidental: tonic.count == 1 ? nil : (tonic.hasSuffix("#") ? 1 : -1))
            let key = Key(tonic: spelling, mode: .major)!
            XCTAssertEqual(key.fifths, fifths, tonic)
            for letter in "abcdefg".utf8 {
                let expected = letters.utf8.contains(letter) ? (fifths > 0 ? 1 : -1) : 0
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
