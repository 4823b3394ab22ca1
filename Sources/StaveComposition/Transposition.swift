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

/// The interval a whole-song transposition respells written pitches and chord symbols by: the
/// letter distance and the semitones from the old key's tonic to the new key's (D major →
/// E♭ major is one letter up and one semitone: `f#` → `g`, `A` → `Bb`).
public struct KeyInterval: Equatable, Sendable {
    /// Letters up, 0…6.
    public var letters: Int
    /// Semitones up (any integer; whole octaves included).
    public var semitones: Int

    /// The interval from `key`'s tonic to the tonic of `key.transposed(by: semitones)`.
    public init(transposing key: Key, by semitones: Int) {
        let target = key.transposed(by: semitones)
        letters = ((KeyInterval.letterIndex(target.tonic.letterByte) - KeyInterval.letterIndex(key.tonic.letterByte)) % 7 + 7) % 7
        self.semitones = semitones
    }

    static func letterIndex(_ letter: UInt8) -> Int { Int(letter &- UInt8(ascii: "c") &+ 7) % 7 } // c 0 … b 6

    /// A sounding spelling (letter and accidental −2…2) moved by the interval, or nil when the
    /// new letter would need more than `maximumAccidental` sharps or flats.
    public func respell(_ spelling: PitchSpelling, maximumAccidental: Int = 2) -> PitchSpelling? {
        let letters = Array("cdefgab".utf8)
        let index = KeyInterval.letterIndex(spelling.letterByte)
        let letter = letters[(index + self.letters) % 7]
        let sounding = Pitch.semitones(ofByte: spelling.letterByte) + (spelling.accidental ?? 0) + semitones
        var accidental = ((sounding - Pitch.semitones(ofByte: letter)) % 12 + 12) % 12
        if accidental > 6 { accidental -= 12 }
        guard abs(accidental) <= maximumAccidental else { return nil }
        return PitchSpelling(letterByte: letter, accidental: accidental)
    }
}

extension ChordSymbol {
    /// The symbol moved by `interval`: root and bass respelled, a root or bass that would need a
    /// double accidental written as its enharmonic in `key` (`B#` → `C`).
    public func transposed(by interval: KeyInterval, in key: Key) -> ChordSymbol {
        ChordSymbol(root: root.transposed(by: interval, in: key), quality: quality, bass: bass.map { $0.transposed(by: interval, in: key) })
    }
}

extension ChordSymbol.Note {
    /// The root or bass moved by `interval`; one that would need a double accidental is
    /// written as its enharmonic in `key` (the sounding key).
    public func transposed(by interval: KeyInterval, in key: Key) -> ChordSymbol.Note {
        let spelling = PitchSpelling(letterByte: letterByte | 0x20, accidental: accidental)
        let moved = interval.respell(spelling, maximumAccidental: 1)
            ?? PitchSpeller(key: key).spell(60 + ((semitonesAboveC + interval.semitones) % 12 + 12) % 12).spelling
        return ChordSymbol.Note(letterByte: moved.letterByte & ~0x20, accidental: moved.accidental ?? 0)
    }
}

extension Song {
    /// The first melody pitch that the header `transpose` takes outside MIDI's 0…127, with its
    /// track, or nil (the range every written pitch already passed with the track's own
    /// `transpose`, checked again with the song's).
    public func pitchOutsideTransposition() -> (track: String, pitch: Int)? {
        guard transpose != 0 else { return nil }
        for track in tracks where track.kind == .melody {
            for placement in Performance.placements(of: track, in: self) {
                func outside(_ division: TupletNote) -> Int? {
                    switch division {
                    case .chord(let notes): return notes.lazy.map { $0.pitch + placement.shift }.first { !(0...127).contains($0) }
                    case .tuplet(let items): return items.lazy.compactMap(outside).first
                    }
                }
                for root in placement.body.notes {
                    if let pitch = root.divisions.lazy.compactMap(outside).first { return (track.id, pitch) }
                }
                for group in placement.body.expression.graces {
                    for item in group.items {
                        if let pitch = outside(.chord(item)) { return (track.id, pitch) }
                    }
                }
            }
        }
        return nil
    }
}
