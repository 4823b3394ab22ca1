import StaveSyntax
import StaveComposition

/// Spells imported pitches from the song's key and the line they move in, as a musician would
/// write them (a MIDI file knows only key numbers).
///
/// - A pitch of the key is spelled as the key signature has it (`f` for F♯ in G major, `bb` in
///   F major, `b#` in C♯ major), and so are the raised sixth and seventh degrees of a minor key
///   (the leading tone `g#` in A minor, `f##` in G♯ minor), whatever the line does.
/// - Any other pitch is chromatic. A white key is a natural (`bn` in F major, `fn` in G major).
///   A black key is a sharp when the line rises from it (the next note of its voice is higher:
///   `g f# g` in F major) and a flat when it falls (`a ab g` in C major); when the line does
///   neither (the next note is at the same distance above and below, or there is none) it takes
///   the key's side: sharps in C major and the sharp keys, flats in the flat keys.
///
/// The next note is found at the voice's next onset (the first later start), as the note there
/// nearest in pitch; a repeated pitch takes the direction of the line after it.
struct LineSpeller {
    let key: Key
    /// Per pitch class: the key's spelling for a pitch of the key or a raised minor degree,
    /// nil for a chromatic pitch.
    private let keySpellings: [PitchSpelling?]

    /// A speller for `key`.
    init(key: Key) {
        self.key = key
        let letters = Array("cdefgab".utf8)
        let tonic = letters.firstIndex(of: key.tonic.letterByte) ?? 0
        keySpellings = (0..<12).map { pitchClass in
            let spelling = PitchSpeller(key: key).spell(60 + pitchClass).spelling
            let signature = key.accidental(forByte: spelling.letterByte)
            let accidental = spelling.accidental ?? 0
            let degree = ((letters.firstIndex(of: spelling.letterByte) ?? 0) - tonic + 7) % 7
            let raised = key.mode == .minor && (degree == 5 || degree == 6) && accidental == signature + 1
            return accidental == signature || raised ? spelling : nil
        }
    }

    /// True when `pitch` is a black key outside the key: the one kind of pitch whose spelling
    /// depends on the direction of the line.
    func dependsOnDirection(_ pitch: Int) -> Bool {
        let pitchClass = ((pitch % 12) + 12) % 12
        return keySpellings[pitchClass] == nil && LineSpeller.isBlack(pitchClass)
    }

    /// The spelling of `pitch` in a line that goes on upward (`direction` > 0), downward (< 0)
    /// or neither (0). Pitches below MIDI 12, which only the key's own spelling can reach
    /// (`PitchSpeller`), keep it.
    func spelling(_ pitch: Int, direction: Int) -> PitchSpelling {
        let pitchClass = ((pitch % 12) + 12) % 12
        if let fixed = keySpellings[pitchClass] { return pitch < 12 ? PitchSpeller(key: key).spell(pitch).spelling : fixed }
        guard pitch >= 12 else { return PitchSpeller(key: key).spell(pitch).spelling }
        guard LineSpeller.isBlack(pitchClass) else { return PitchSpelling(letterByte: LineSpeller.naturals[pitchClass], accidental: 0) }
        let sharp = direction > 0 || (direction == 0 && key.fifths >= 0)
        return sharp ? PitchSpelling(letterByte: LineSpeller.naturals[pitchClass - 1], accidental: 1)
                     : PitchSpelling(letterByte: LineSpeller.naturals[pitchClass + 1], accidental: -1)
    }

    /// The direction of the line after each note of a voice (+1 up, −1 down, 0 neither), for
    /// `notes` sorted by start, then pitch: toward the note nearest in pitch at the next onset;
    /// a note followed by its own pitch takes that note's direction.
    static func directions(_ notes: [VoiceNote]) -> [Int] {
        var directions = Array(repeating: 0, count: notes.count)
        // Onsets from the last: `next` is the range of notes starting at the following onset.
        var next = notes.endIndex..<notes.endIndex
        var end = notes.endIndex
        while end > notes.startIndex {
            var start = end - 1
            while start > notes.startIndex, notes[start - 1].start == notes[end - 1].start { start -= 1 }
            if !next.isEmpty {
                for index in start..<end {
                    directions[index] = direction(from: notes[index].pitch, toward: notes, next, directions)
                }
            }
            next = start..<end
            end = start
        }
        return directions
    }

    /// The direction from `pitch` toward the nearest pitch among `notes[group]` (sorted by
    /// pitch), or that note's own direction when it is the same pitch.
    private static func direction(from pitch: Int, toward notes: [VoiceNote], _ group: Range<Int>, _ directions: [Int]) -> Int {
        // The first note of the group not below `pitch`, and the one before it.
        var low = group.lowerBound, high = group.upperBound
        while low < high {
            let middle = (low + high) / 2
            if notes[middle].pitch < pitch { low = middle + 1 } else { high = middle }
        }
        if low < group.upperBound, notes[low].pitch == pitch { return directions[low] }
        let above = low < group.upperBound ? notes[low].pitch - pitch : Int.max
        let below = low > group.lowerBound ? pitch - notes[low - 1].pitch : Int.max
        return above < below ? 1 : below < above ? -1 : 0
    }

    /// The letters of the white keys by pitch class (0 for the black keys).
    private static let naturals: [UInt8] = Array("c d ef g a b".utf8).map { $0 == UInt8(ascii: " ") ? 0 : $0 }

    private static func isBlack(_ pitchClass: Int) -> Bool { [1, 3, 6, 8, 10].contains(pitchClass) }
}
