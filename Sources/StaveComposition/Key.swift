import StaveSyntax

/// A key signature: one of the 15 major and 15 minor keys with up to 7 sharps or flats.
public struct Key: Hashable, Sendable {
    /// The tonic as written (`d`, `f#`, `bb`).
    public var tonic: PitchSpelling
    /// Major or minor.
    public var mode: KeyMode
    /// Sharps (positive) or flats (negative), −7…7.
    public let fifths: Int

    /// C major.
    public static let cMajor = Key(tonic: PitchSpelling(letter: "c", accidental: nil), mode: .major)!

    /// A key, or nil when it needs more than 7 sharps or flats (or a double accidental).
    public init?(tonic: PitchSpelling, mode: KeyMode) {
        guard let fifths = Key.fifths(tonic: tonic, mode: mode) else { return nil }
        self.tonic = tonic
        self.mode = mode
        self.fifths = fifths
    }

    /// Position of each letter on the circle of fifths relative to C.
    static let letterFifths: [Character: Int] = ["f": -1, "c": 0, "g": 1, "d": 2, "a": 3, "e": 4, "b": 5]

    static func fifths(tonic: PitchSpelling, mode: KeyMode) -> Int? {
        guard let position = letterFifths[tonic.letter] else { return nil }
        let accidental = tonic.accidental ?? 0
        guard abs(accidental) <= 1 else { return nil }
        let fifths = position + 7 * accidental - (mode == .minor ? 3 : 0)
        return abs(fifths) <= 7 ? fifths : nil
    }

    /// The accidental the key signature gives a letter (by ASCII byte): +1 sharp, −1 flat, 0 natural.
    @inline(__always)
    public func accidental(forByte letter: UInt8) -> Int {
        // Position of the letter in the order of sharps F C G D A E B, looked up in four bits
        // per letter a…g (4 6 1 3 5 0 2) rather than by comparisons, which random letters
        // would mispredict; any other byte counts as b.
        let slot = Int(letter &- UInt8(ascii: "a"))
        let sharpOrder = slot < 7 ? Int((0x205_3164 as UInt64) >> (4 * slot) & 0xF) : 6
        if fifths > 0 { return sharpOrder < fifths ? 1 : 0 }
        if fifths < 0 { return 6 - sharpOrder < -fifths ? -1 : 0 }
        return 0
    }

    /// The accidental the key signature gives a letter: +1 sharp, −1 flat, 0 natural.
    public func accidental(for letter: Character) -> Int {
        guard let byte = letter.asciiValue, (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(byte) else { return 0 }
        return accidental(forByte: byte)
    }

    /// The key's name as written in Stave (`f# minor`).
    public var stave: String {
        "\(Pitch.spellingText(tonic)) \(mode.rawValue)"
    }
}

/// Pitch arithmetic in scientific pitch notation: octave 4 starts at middle C (MIDI 60).
public enum Pitch {
    /// The MIDI number of a spelled pitch in an octave, taking the key's accidental when none is written.
    /// May lie outside 0…127; the caller checks the range.
    public static func midi(_ spelling: PitchSpelling, octave: Int, key: Key) -> Int {
        let accidental = spelling.accidental(or: key.accidental(forByte: spelling.letterByte))
        return 12 * (octave + 1) + semitones(ofByte: spelling.letterByte) + accidental
    }

    /// Semitones above C of a letter given as an ASCII byte.
    @inline(__always)
    static func semitones(ofByte letter: UInt8) -> Int {
        // Four bits per letter a…g (9 11 0 2 4 5 7), looked up rather than compared (see
        // `Key.accidental(forByte:)`); any other byte counts as b.
        let slot = Int(letter &- UInt8(ascii: "a"))
        return slot < 7 ? Int((0x754_20B9 as UInt64) >> (4 * slot) & 0xF) : 11
    }

    /// How a spelling is written: `f#`, `bb`, `en`, `c`.
    public static func spellingText(_ spelling: PitchSpelling) -> String {
        // The 35 common spellings (a–g with none, `n`, one or two sharps or flats) are made
        // once: the printer writes one for every note.
        if let slot = commonSpellingSlot(spelling) { return commonSpellingTexts[slot] }
        return spellingTextWritten(spelling)
    }

    /// Where a spelling stands in `commonSpellingTexts`, if it is there.
    @inline(__always)
    private static func commonSpellingSlot(_ spelling: PitchSpelling) -> Int? {
        let letter = Int(spelling.letterByte) - Int(UInt8(ascii: "a"))
        guard letter >= 0, letter < 7 else { return nil }
        guard let accidental = spelling.accidental else { return letter * 6 + 5 }
        guard accidental >= -2, accidental <= 2 else { return nil }
        return letter * 6 + accidental + 2
    }

    private static let commonSpellingTexts: [String] = (0..<42).map { slot in
        let letter = UInt8(ascii: "a") + UInt8(slot / 6)
        let accidental: Int? = slot % 6 == 5 ? nil : slot % 6 - 2
        return spellingTextWritten(PitchSpelling(letterByte: letter, accidental: accidental))
    }

    private static func spellingTextWritten(_ spelling: PitchSpelling) -> String {
        var text = String(spelling.letter)
        switch spelling.accidental {
        case nil: break
        case 0?: text += "n"
        case let value?: text += String(repeating: value > 0 ? "#" : "b", count: abs(value))
        }
        return text
    }
}
