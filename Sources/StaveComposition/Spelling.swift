import StaveSyntax

/// How pitches are written: the spelling Stave chooses for a MIDI pitch when none was written
/// (the printer's and the save format's default), and the octave a spelling puts a pitch in.
extension Pitch {
    /// The spelling Stave writes for a pitch in a key when it has no written spelling: the key's
    /// own notes first, then sharps in sharp keys and flats in flat keys (`Pitch.keySpelling`), except
    /// that minor keys spell their raised sixth and seventh degrees from the scale's letters, as
    /// in melodic and harmonic minor (`f##` in G-sharp minor, `c#` in D minor). The accidental is
    /// the sounding one (not relative to the key signature); the octave is 0…9 for MIDI 10…127.
    public static func defaultSpelling(_ midi: Int, in key: Key) -> (spelling: PitchSpelling, octave: Int) {
        var (spelling, octave) = raisedDegree(midi, in: key) ?? keySpelling(midi, in: key)
        if octave < 0, midi >= 10 {
            // MIDI 10 and 11 are only reachable from octave 0 as C double-flat and C-flat (lower
            // pitches cannot be written; they keep their scientific octave, −1).
            spelling = PitchSpelling(letter: "c", accidental: midi - 12)
            octave = 0
        }
        return (spelling, octave)
    }

    /// How Stave names a pitch everywhere it shows one — the printer, MusicXML, the piano roll,
    /// the language server's hover and diagnostics: as written, when `written` names `midi` in
    /// an octave 0…9, else by `defaultSpelling` in `key`. The one speller: in D minor MIDI 61 is
    /// `c#` in a message as on the page.
    ///
    /// Under a whole-song transposition (`transpose N`, Form v3), `respelledBy` is the interval
    /// from the written key's tonic to the sounding key's: the written spelling moves by it
    /// (`f#` in D major → `g` in E♭ major), `key` being the sounding key.
    public static func named(_ midi: Int, written: PitchSpelling?, in key: Key, respelledBy interval: KeyInterval? = nil) -> (spelling: PitchSpelling, octave: Int) {
        let written = interval.flatMap { interval in written.flatMap { interval.respell($0) } } ?? (interval == nil ? written : nil)
        if let written, let octave = octave(of: midi, spelledAs: written), (0...9).contains(octave) {
            return (written, octave)
        }
        return defaultSpelling(midi, in: key)
    }

    /// The raised sixth or seventh degree of a minor key, when the pitch is one.
    static func raisedDegree(_ midi: Int, in key: Key) -> (spelling: PitchSpelling, octave: Int)? {
        guard key.mode == .minor else { return nil }
        let letters = Array("cdefgab".utf8)
        guard let tonic = letters.firstIndex(of: key.tonic.letterByte) else { return nil }
        for degree in [5, 6] {
            let letter = letters[(tonic + degree) % 7]
            let accidental = key.accidental(forByte: letter) + 1
            guard accidental <= 2 else { continue }
            let base = semitones(ofByte: letter)
            let semitone = base + accidental
            guard ((midi - semitone) % 12 + 12) % 12 == 0 else { continue }
            let octave = (midi - semitone) / 12 - 1
            guard (0...9).contains(octave) else { continue }
            return (PitchSpelling(letterByte: letter, accidental: accidental), octave)
        }
        return nil
    }

    /// The octave (scientific: `b#4` is MIDI 72, `cb4` is 59) in which `spelling` — a letter
    /// with its sounding accidental, −2…2 — names `midi`; nil when it names another pitch class.
    public static func octave(of midi: Int, spelledAs spelling: PitchSpelling) -> Int? {
        guard (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(spelling.letterByte), let accidental = spelling.accidental,
              (-2...2).contains(accidental) else { return nil }
        let semitone = semitones(ofByte: spelling.letterByte) + accidental
        guard ((midi - semitone) % 12 + 12) % 12 == 0 else { return nil }
        return (midi - semitone) / 12 - 1
    }
}
