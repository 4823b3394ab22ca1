import StaveSyntax

/// Whole-song transposition (`transpose N` in the header, Form v3): the key a signature moves
/// to, and the interval written pitches and chord symbols are respelled by.
extension Key {
    /// The key `semitones` higher with the fewer accidentals; on a tie (six sharps or six
    /// flats) the side of this key wins, flats for C major and A minor (E major + 2 → F♯ major,
    /// B major + 1 → C major, C major + 6 → G♭ major). A multiple of 12 keeps the key as written.
    public func transposed(by semitones: Int) -> Key {
        let steps = ((semitones % 12) + 12) % 12
        guard steps != 0 else { return self }
        // A semitone up is 7 fifths up; the two candidates are 12 fifths apart.
        let up = fifths + 7 * steps
        var low = ((up + 6) % 12 + 12) % 12 - 6 // −6…5
        if low == -6, fifths > 0 { low = 6 }     // the tie: the old key's side (C and A minor: flats)
        let target = low
        return Key.withFifths(target, mode: mode) ?? self
    }

    /// The key of a mode with `fifths` sharps (positive) or flats (negative), −7…7.
    static func withFifths(_ fifths: Int, mode: KeyMode) -> Key? {
        let position = fifths + (mode == .minor ? 3 : 0) // the tonic's place on the circle from C
        let letters: [Character] = ["f", "c", "g", "d", "a", "e", "b"]
        // position = letterFifths + 7·accidental, with letterFifths −1…5.
        let accidental = Int((Double(position + 1) / 7).rounded(.down))
        let letter = letters[position - 7 * accidental + 1]
        return Key(tonic: PitchSpelling(letter: letter, accidental: accidental == 0 ? nil : accidental), mode: mode)
    }
}
