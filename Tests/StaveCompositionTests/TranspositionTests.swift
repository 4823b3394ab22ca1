import XCTest
import StaveSyntax
@testable import StaveComposition

/// Whole-song transposition (LANGUAGE.md "Form (v3)", "Transposition"), by hand: each key
/// signature moves to the key N semitones away with the fewer accidentals, a tie (six sharps
/// or six flats) going to the old key's side (flats for C major and A minor), and written
/// pitches and chord symbols move by the interval from the old tonic to the new.
final class TranspositionTests: XCTestCase {
    private func key(_ text: String) -> Key {
        let parts = text.split(separator: " ")
        let letter = parts[0].first!
        let accidental: Int? = parts[0].count == 1 ? nil : parts[0].last == "#" ? 1 : -1
        return Key(tonic: PitchSpelling(letter: letter, accidental: accidental), mode: parts[1] == "minor" ? .minor : .major)!
    }

    private func symbol(_ text: String) -> ChordSymbol {
        guard case .success(let symbol) = ChordSymbol.parse(text) else { fatalError(text) }
        return symbol
    }

    func testTheTieCasesOfTheContract() {
        XCTAssertEqual(key("e major").transposed(by: 2).stave, "f# major")   // 6 sharps or 6 flats: E major's side
        XCTAssertEqual(key("b major").transposed(by: 1).stave, "c major")
        XCTAssertEqual(key("c major").transposed(by: 6).stave, "gb major")   // C major: flats
        XCTAssertEqual(key("a minor").transposed(by: 6).stave, "eb minor")   // A minor: flats
        XCTAssertEqual(key("eb major").transposed(by: 3).stave, "gb major")  // a flat key's side
        XCTAssertEqual(key("d major").transposed(by: 1).stave, "eb major")   // fewer accidentals: 3 flats, not 9 sharps
        XCTAssertEqual(key("db major").transposed(by: 1).stave, "d major")
        XCTAssertEqual(key("f# minor").transposed(by: -2).stave, "e minor")
    }

    func testWholeOctavesKeepTheKeyAsWritten() {
        for semitones in [12, -12, 24, 48, -48] {
            XCTAssertEqual(key("c# major").transposed(by: semitones).stave, "c# major")
            XCTAssertEqual(key("gb major").transposed(by: semitones).stave, "gb major")
        }
        XCTAssertEqual(key("c# major").transposed(by: 0).stave, "c# major")
    }

    func testWrittenPitchesMoveByTheKeyInterval() {
        // D major → E-flat major: one letter, one semitone.
        let interval = KeyInterval(transposing: key("d major"), by: 1)
        XCTAssertEqual([interval.letters, interval.semitones], [1, 1])
        func moved(_ letter: Character, _ accidental: Int) -> String {
            interval.respell(PitchSpelling(letter: letter, accidental: accidental)).map(Pitch.spellingText) ?? "none"
        }
        XCTAssertEqual(moved("f", 1), "gn")   // `f#` → G
        XCTAssertEqual(moved("d", 0), "eb")
        XCTAssertEqual(moved("c", 1), "dn")   // the key's leading tone, as D major's c# is E-flat's d
        XCTAssertEqual(moved("b", 1), "c#")   // b# → c#
        // The one speller names the moved pitch: MIDI 67 written f# (66 before) is G4.
        let named = PitchSpeller(key: key("eb major"), respelledBy: interval).spell(67, written: PitchSpelling(letter: "f", accidental: 1))
        XCTAssertEqual(Pitch.spellingText(named.spelling) + "\(named.octave)", "gn4")
    }

    func testChordSymbolsMoveAndAvoidDoubleAccidentals() {
        // D major → E-flat major: `[A7]` → `[Bb7]`.
        let dToEFlat = KeyInterval(transposing: key("d major"), by: 1)
        XCTAssertEqual(symbol("A7").transposed(by: dToEFlat, in: key("eb major")).description, "Bb7")
        XCTAssertEqual(symbol("F#m/C#").transposed(by: dToEFlat, in: key("eb major")).description, "Gm/D")
        // C-sharp major → C major (no letter, a semitone down): `[B#]` → `[B]`.
        let cSharpToC = KeyInterval(transposing: key("c# major"), by: -1)
        XCTAssertEqual(symbol("B#").transposed(by: cSharpToC, in: key("c major")).description, "B")
        // A major → C major (two letters, three semitones): `[B#]` → `[D#]`, one sharp, kept.
        let aToC = KeyInterval(transposing: key("a major"), by: 3)
        XCTAssertEqual(symbol("B#").transposed(by: aToC, in: key("c major")).description, "D#")
        // E major → F major (one letter, one semitone): `[B#]` → `[C#]`, `[E#7]` → `[F#7]`.
        let eToF = KeyInterval(transposing: key("e major"), by: 1)
        XCTAssertEqual(symbol("B#").transposed(by: eToF, in: key("f major")).description, "C#")
        XCTAssertEqual(symbol("E#7").transposed(by: eToF, in: key("f major")).description, "F#7")
        // A symbol that would need a double accidental takes its enharmonic: in D major →
        // E-flat major `[Cb]` would be `[Dbb]`, so `[C]`; in C major → D major `[B#]` would be
        // `[C##]`, so `[D]`.
        XCTAssertEqual(symbol("Cb").transposed(by: dToEFlat, in: key("eb major")).description, "C")
        let cToD = KeyInterval(transposing: key("c major"), by: 2)
        XCTAssertEqual(symbol("B#").transposed(by: cToD, in: key("d major")).description, "D")
        // Whole octaves keep the symbol as written.
        let octave = KeyInterval(transposing: key("c# major"), by: 12)
        XCTAssertEqual(symbol("B#").transposed(by: octave, in: key("c# major")).description, "B#")
    }
}
