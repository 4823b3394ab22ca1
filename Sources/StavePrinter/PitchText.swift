import StaveComposition
import StaveSyntax

/// Writes a pitch as Stave text in a key, so that it compiles back to the same pitch: the
/// accidental is left out when the key signature gives it and written (`n` for a natural)
/// when it does not.
///
/// A note keeps the spelling it was written with (`f#` stays `f#`, `gb` stays `gb`); a note
/// without one is spelled by `Pitch.defaultSpelling`.
enum PitchText {
    /// The note's text (`f`, `fn`, `bb`, `c#`) and the octave it is written in (0…9).
    static func spell(_ note: ChordNote, in key: Key) -> (text: String, octave: Int) {
        let (spelling, octave) = Pitch.named(note.pitch, written: note.spelling, in: key)
        return (text(spelling, in: key), octave)
    }

    /// The default text of a MIDI pitch and its octave.
    static func spell(_ midi: Int, in key: Key) -> (text: String, octave: Int) {
        let (spelling, octave) = Pitch.defaultSpelling(midi, in: key)
        return (text(spelling, in: key), octave)
    }

    /// A spelling with its sounding accidental, written relative to the key signature.
    static func text(_ spelling: PitchSpelling, in key: Key) -> String {
        let written = spelling.accidental == key.accidental(forByte: spelling.letterByte) ? nil : spelling.accidental
        return Pitch.spellingText(PitchSpelling(letterByte: spelling.letterByte, accidental: written))
    }
}
