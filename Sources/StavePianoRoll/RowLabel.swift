import StaveSyntax
import StaveComposition

/// The names printed in the piano roll's left column and header: pitches in scientific pitch
/// notation spelled as the notes were written, or else for the song's key (`F#4` in D major,
/// `Bb3` in F major), drum keys by their General MIDI drum name, and key signatures (`D major`).
public enum RowLabel {
    /// A sounding MIDI key spelled for a key signature: capital letter, `#`/`b` accidentals, then
    /// the octave the letter belongs to (MIDI 60 is `C4`, and `B#3` in C-sharp major).
    public static func pitch(_ midi: Int, in key: Key) -> String {
        PitchSpeller(key: key).spell(midi).title
    }

    /// A sounding MIDI key labelled as it was written (`F#4` for an `f#` even in F major, `B#3`
    /// for a `b#`); the key's spelling when `written` is nil or does not name `midi`.
    public static func pitch(_ midi: Int, spelledAs written: PitchSpelling?, in key: Key) -> String {
        PitchSpeller(key: key).spell(midi, written: written).title
    }

    /// A drum key by its short General MIDI name (`kick`, `snare`, `hat`); keys without a name
    /// (outside 35–81) read `drum-N`.
    public static func drum(_ key: Int) -> String {
        GeneralMIDI.drumName(forKey: key) ?? "drum-\(key)"
    }

    /// A key signature as a musician writes it in prose: `D major`, `F# minor`, `Bb major`.
    public static func key(_ key: Key) -> String {
        "\(SpelledPitch.title(of: key.tonic)) \(key.mode.rawValue)"
    }

    /// The instrument (melody tracks) or kit (drum tracks) of a track, by General MIDI name.
    static func instrument(of track: Track) -> String {
        switch track.kind {
        case .melody:
            guard GeneralMIDI.instrumentNames.indices.contains(track.program) else { return "program \(track.program)" }
            return GeneralMIDI.instrumentNames[track.program]
        case .drums:
            return GeneralMIDI.kitName(track.program).map { "\($0) kit" } ?? "kit \(track.program)"
        }
    }
}
