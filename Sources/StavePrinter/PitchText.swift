import StaveComposition
import StaveSyntax

/// Writes a MIDI pitch as Stave text in a key, so that it compiles back to the same pitch:
/// the accidental is left out when the key signature gives it and written (`n` for a
/// natural) when it does not.
///
/// Spelling follows `Pitch.spell` (the key's own notes first, then sharps in sharp keys and
/// flats in flat keys), except that minor keys spell their raised sixth and seventh degrees
/// from the scale's letters, as in melodic and harmonic minor (`f##` in G-sharp minor, `c#`
/// in D minor).
enum PitchText {
    static let letters: [Character] = ["c", "d", "e", "f", "g", "a", "b"]
    static let semitones: [Character: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11]

    /// The pitch's text (`f`, `fn`, `bb`, `c#`) and the octave it is written in (0…9).
    static func spell(_ midi: Int, in key: Key) -> (text: String, octave: Int) {
        var (spelling, octave) = raisedDegree(midi, in: key) ?? Pitch.spell(midi, in: key)
        if octave < 0 {
            // MIDI 10 and 11 are only reachable from octave 0 as C double-flat and C-flat.
            spelling = PitchSpelling(letter: "c", accidental: midi - 12)
            octave = 0
        }
        let written = spelling.accidental == key.accidental(for: spelling.letter) ? nil : spelling.accidental
        return (Pitch.spellingText(PitchSpelling(letter: spelling.letter, accidental: written)), octave)
    }

    /// The raised sixth or seventh degree of a minor key, when the pitch is one.
    static func raisedDegree(_ midi: Int, in key: Key) -> (spelling: PitchSpelling, octave: Int)? {
        guard key.mode == .minor, let tonic = letters.firstIndex(of: key.tonic.letter) else { return nil }
        for degree in [5, 6] {
            let letter = letters[(tonic + degree) % 7]
            let accidental = key.accidental(for: letter) + 1
            guard accidental <= 2, let base = semitones[letter] else { continue }
            let semitone = base + accidental
            guard ((midi - semitone) % 12 + 12) % 12 == 0 else { continue }
            let octave = (midi - semitone) / 12 - 1
            guard (0...9).contains(octave) else { continue }
            return (PitchSpelling(letter: letter, accidental: accidental), octave)
        }
        return nil
    }
}
