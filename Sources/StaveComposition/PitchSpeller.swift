import StaveSyntax

/// The one rule for naming a pitch. The printer's text, the save format's default spelling,
/// MusicXML's step, alter and octave, the piano roll's and the hover's labels and the pitch
/// names in diagnostics are all formatters of its result (`SpelledPitch`), so a pitch reads the
/// same everywhere: in D minor MIDI 61 is `c#` in a message as on the page.
///
/// A MIDI pitch in a key is spelled:
/// 1. **As written**, when the note has a spelling (a letter with its sounding accidental) that
///    names the pitch in an octave 0…9: `gb` stays `gb` in D major. Under a whole-song
///    transposition (`transpose N`, Form v3) the written spelling first moves by the interval
///    between the keys' tonics (`respelledBy`: `f#` in D major → `g` in E♭ major).
/// 2. Otherwise as a **note of the key**: the letter whose key-signature accidental gives the
///    pitch class (`f#` in D major, `b#` in C♯ major, `cb` in G♭ major). A minor key also
///    counts its raised sixth and seventh degrees as its own, spelled from the scale's letters
///    as in melodic and harmonic minor (`c#` and `b` in D minor, `e#` and `f##` in G♯ minor).
/// 3. An **out-of-key pitch** is a natural letter when one gives it (`g` in G♭ major, which
///    the printer writes `gn`); otherwise a sharp in C major, A minor and the sharp keys (`d#`
///    in D major) and a flat in the flat keys (`eb` and `gb` in D minor), whatever the music
///    around it does. (The MIDI import chooses a written spelling by the line's direction
///    first, `LineSpeller`; the printer then keeps it by step 1.)
///
/// The accidental is always the sounding one, −2…2, never relative to the key signature. The
/// octave is the letter's (`b#3` is MIDI 60, `cb5` is 71); MIDI 10 and 11 are `cbb0` and
/// `cb0`, the lowest pitches Stave can write, and MIDI 0…9, which no spelling can write, keep
/// their scientific octave −1.
public struct PitchSpeller: Sendable {
    /// The key pitches are spelled in (the sounding key under a whole-song transposition).
    public let key: Key
    /// The interval written spellings move by (step 1), nil when the song is not transposed.
    public let interval: KeyInterval?

    /// A speller for `key`; `interval` moves written spellings (step 1).
    public init(key: Key, respelledBy interval: KeyInterval? = nil) {
        self.key = key
        self.interval = interval
    }

    /// `midi` spelled as `written` when that names it (step 1), else by the key (steps 2–3).
    public func spell(_ midi: Int, written: PitchSpelling?) -> SpelledPitch {
        let written = interval.flatMap { interval in written.flatMap { interval.respell($0) } } ?? (interval == nil ? written : nil)
        if let written, let octave = Pitch.octave(of: midi, spelledAs: written), (0...9).contains(octave) {
            return SpelledPitch(spelling: written, octave: octave)
        }
        return spell(midi)
    }

    /// `midi` spelled by the key alone (steps 2–3): the spelling Stave chooses when none was
    /// written, which the save format leaves out.
    public func spell(_ midi: Int) -> SpelledPitch {
        var (spelling, octave) = raisedDegree(midi) ?? keySpelling(midi)
        if octave < 0, midi >= 10 {
            // MIDI 10 and 11 are only reachable from octave 0 as C double-flat and C-flat (lower
            // pitches cannot be written; they keep their scientific octave, −1).
            spelling = PitchSpelling(letter: "c", accidental: midi - 12)
            octave = 0
        }
        return SpelledPitch(spelling: spelling, octave: octave)
    }

    /// Step 2 for a minor key's raised sixth or seventh degree, when the pitch is one.
    private func raisedDegree(_ midi: Int) -> (spelling: PitchSpelling, octave: Int)? {
        guard key.mode == .minor else { return nil }
        let letters = Array("cdefgab".utf8)
        guard let tonic = letters.firstIndex(of: key.tonic.letterByte) else { return nil }
        for degree in [5, 6] {
            let letter = letters[(tonic + degree) % 7]
            let accidental = key.accidental(forByte: letter) + 1
            guard accidental <= 2 else { continue }
            let semitone = Pitch.semitones(ofByte: letter) + accidental
            guard ((midi - semitone) % 12 + 12) % 12 == 0 else { continue }
            let octave = (midi - semitone) / 12 - 1
            guard (0...9).contains(octave) else { continue }
            return (PitchSpelling(letterByte: letter, accidental: accidental), octave)
        }
        return nil
    }

    /// Step 2 for the key signature's notes, then step 3.
    private func keySpelling(_ midi: Int) -> (spelling: PitchSpelling, octave: Int) {
        let pitchClass = ((midi % 12) + 12) % 12
        // Letters as ASCII bytes, C up: no per-call allocation or hashing (this runs for every
        // note that is printed, saved or checked).
        let letters = "cdefgab".utf8
        // A letter whose key-signature accidental gives this pitch class.
        for letter in letters {
            let accidental = key.accidental(forByte: letter)
            let semitone = Pitch.semitones(ofByte: letter) + accidental
            if ((semitone % 12) + 12) % 12 == pitchClass {
                let octave = (midi - semitone) / 12 - 1
                return (PitchSpelling(letterByte: letter, accidental: accidental), octave)
            }
        }
        // A natural, sharp or flat letter, by the key's direction.
        let preferSharps = key.fifths >= 0
        for accidental in preferSharps ? [0, 1, -1] : [0, -1, 1] {
            for letter in letters {
                let semitone = Pitch.semitones(ofByte: letter) + accidental
                if ((semitone % 12) + 12) % 12 == pitchClass {
                    let octave = (midi - semitone) / 12 - 1
                    return (PitchSpelling(letterByte: letter, accidental: accidental), octave)
                }
            }
        }
        return (PitchSpelling(letter: "c", accidental: 0), midi / 12 - 1)
    }
}

/// A pitch as `PitchSpeller` names it, and the ways each output writes that one name.
public struct SpelledPitch: Hashable, Sendable {
    /// The letter and its sounding accidental (−2…2; not relative to the key signature).
    public var spelling: PitchSpelling
    /// The letter's octave in scientific pitch notation (MIDI 60 is `c4`, and `b#3`).
    public var octave: Int

    /// Creates a `SpelledPitch` from its parts.
    public init(spelling: PitchSpelling, octave: Int) {
        self.spelling = spelling
        self.octave = octave
    }

    /// The printer's text without the octave (`f`, `fn`, `bb`, `c#`): the accidental left out
    /// when `key`'s signature gives it and written (`n` for a natural) when it does not, so the
    /// text compiles back to the same pitch.
    public func text(in key: Key) -> String {
        let written = spelling.accidental == key.accidental(forByte: spelling.letterByte) ? nil : spelling.accidental
        return Pitch.spellingText(PitchSpelling(letterByte: spelling.letterByte, accidental: written))
    }

    /// How a diagnostic names the pitch: `c#4`, `bb3`, `f##2`, `e4` (no key signature applies
    /// in a message, so a natural shows no accidental).
    public var name: String {
        SpelledPitch.letters(of: spelling) + String(octave)
    }

    /// A lowercase letter and its sounding accidentals, a natural showing none: `c#`, `bb`,
    /// `e` (also the save format's text of a spelling).
    public static func letters(of spelling: PitchSpelling) -> String {
        var shown = spelling
        if shown.accidental == 0 { shown.accidental = nil }
        return Pitch.spellingText(shown)
    }

    /// How the hover and the piano roll label the pitch: `C#4`, `Bb3`, `F##2`, `E4`.
    public var title: String {
        SpelledPitch.title(of: spelling) + String(octave)
    }

    /// A capital letter and its accidentals, a natural showing none: `F#`, `Bb`, `C` (also a
    /// key's tonic in prose, `F# minor`).
    public static func title(of spelling: PitchSpelling) -> String {
        let accidental = spelling.accidental ?? 0
        let marks = String(repeating: accidental > 0 ? "#" : "b", count: min(abs(accidental), 2))
        return spelling.letter.uppercased() + marks
    }

    /// MusicXML's `<step>`: the letter as a capital ASCII byte (`C`…`B`).
    public var step: UInt8 { spelling.letterByte &- 32 }

    /// MusicXML's `<alter>`: the sounding accidental, 0 for a natural.
    public var alter: Int { spelling.accidental ?? 0 }
}

extension Pitch {
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
