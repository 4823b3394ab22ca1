/// A chord symbol such as `Am7`, `Bb7/D` or `F#m7b5` (LANGUAGE.md "Songwriting (v2)", "More chord
/// symbols" of v3): ROOT QUALITY [`/` BASS], where ROOT and BASS are an upper-case letter `A`–`G`
/// with at most one `#` or `b`. The key signature does not apply to it.
///
/// This is the one place that knows the symbol's spelling and the intervals of its quality:
/// the parser, the save format and the printer all go through it. A symbol keeps only its
/// quality, not how a lead sheet spelt it: `C-7` and `Cm7` are one symbol, written `Cm7`.
public struct ChordSymbol: Hashable, Sendable, CustomStringConvertible {
    /// The 37 qualities and their intervals in semitones above the root; the raw value is the
    /// canonical name, the one `description` writes.
    public enum Quality: String, CaseIterable, Sendable {
        case major = "", minor = "m", diminished = "dim", augmented = "aug", sus2, sus4, power = "5"
        case sixth = "6", minorSixth = "m6", seventh = "7", majorSeventh = "maj7", minorSeventh = "m7"
        case minorMajorSeventh = "mmaj7", diminishedSeventh = "dim7", halfDiminished = "m7b5"
        case ninth = "9", majorNinth = "maj9", minorNinth = "m9", addNine = "add9", minorAddNine = "madd9"
        case eleventh = "11", thirteenth = "13", seventhSus4 = "7sus4"
        // Stave 3: the qualities of lead sheets.
        case seventhFlatNine = "7b9", seventhSharpNine = "7#9", seventhSharpEleven = "7#11"
        case seventhFlatThirteen = "7b13", seventhFlatFive = "7b5", seventhSharpFive = "7#5"
        case altered = "alt", minorEleventh = "m11", sixNine = "69", minorSixNine = "m69"
        case majorSeventhSharpEleven = "maj7#11", thirteenthSus4 = "13sus4", ninthSus4 = "9sus4"
        case minorThirteenth = "m13", majorThirteenth = "maj13"

        /// Semitones above the root, the root (0) first, lowest first.
        public var intervals: [Int] {
            switch self {
            case .major: return [0, 4, 7]
            case .minor: return [0, 3, 7]
            case .diminished: return [0, 3, 6]
            case .augmented: return [0, 4, 8]
            case .sus2: return [0, 2, 7]
            case .sus4: return [0, 5, 7]
            case .power: return [0, 7]
            case .sixth: return [0, 4, 7, 9]
            case .minorSixth: return [0, 3, 7, 9]
            case .seventh: return [0, 4, 7, 10]
            case .majorSeventh: return [0, 4, 7, 11]
            case .minorSeventh: return [0, 3, 7, 10]
            case .minorMajorSeventh: return [0, 3, 7, 11]
            case .diminishedSeventh: return [0, 3, 6, 9]
            case .halfDiminished: return [0, 3, 6, 10]
            case .ninth: return [0, 4, 7, 10, 14]
            case .majorNinth: return [0, 4, 7, 11, 14]
            case .minorNinth: return [0, 3, 7, 10, 14]
            case .addNine: return [0, 4, 7, 14]
            case .minorAddNine: return [0, 3, 7, 14]
            case .eleventh: return [0, 4, 7, 10, 14, 17]
            case .thirteenth: return [0, 4, 7, 10, 14, 21]
            case .seventhSus4: return [0, 5, 7, 10]
            case .seventhFlatNine: return [0, 4, 7, 10, 13]
            case .seventhSharpNine: return [0, 4, 7, 10, 15]
            case .seventhSharpEleven: return [0, 4, 7, 10, 18]
            case .seventhFlatThirteen: return [0, 4, 7, 10, 20]
            case .seventhFlatFive: return [0, 4, 6, 10]
            case .seventhSharpFive: return [0, 4, 8, 10]
            // Root, third, seventh, b9, #9, b13: no fifth.
            case .altered: return [0, 4, 10, 13, 15, 20]
            case .minorEleventh: return [0, 3, 7, 10, 14, 17]
            case .sixNine: return [0, 4, 7, 9, 14]
            case .minorSixNine: return [0, 3, 7, 9, 14]
            case .majorSeventhSharpEleven: return [0, 4, 7, 11, 18]
            case .thirteenthSus4: return [0, 5, 7, 10, 14, 21]
            case .ninthSus4: return [0, 5, 7, 10, 14]
            case .minorThirteenth: return [0, 3, 7, 10, 14, 21]
            case .majorThirteenth: return [0, 4, 7, 11, 14, 21]
            }
        }

        /// The quality a lead sheet writes as `spelling`: a canonical name, or one spelt with
        /// `-` for `m` (`-7` is `m7`, `-` alone `m`), `+` for `aug` (`+7` is `7#5`), `°` or `o`
        /// for `dim` (`°7` is `dim7`), `ø` or `ø7` for `m7b5`, `Δ` or `Δ7` for `maj7` (`Δ9` is
        /// `maj9`), `6/9` for `69`. A minor spelling must name a minor quality (`-aj7` is none).
        public init?(spelling: Substring) {
            if let canonical = Quality(rawValue: String(spelling)) {
                self = canonical
                return
            }
            var rest = spelling
            var minor = false
            if rest.first == "-" || (rest.first == "m" && !rest.hasPrefix("maj")) {
                minor = true
                rest = rest.dropFirst()
            }
            var body: String
            switch rest {
            case "+" where !minor: body = "aug"
            case "+7" where !minor: body = "7#5"
            case "°", "o": body = minor ? "-" : "dim"
            case "°7", "o7": body = minor ? "-" : "dim7"
            case "ø", "ø7": body = minor ? "-" : "m7b5"
            case "6/9": body = "69"
            default:
                if rest.first == "Δ" {
                    body = rest.count == 1 ? "maj7" : "maj" + rest.dropFirst()
                } else {
                    body = String(rest)
                }
            }
            if minor {
                // `m` + `aj7` would be `maj7`: a minor spelling names only minor qualities.
                body = "m" + body
                guard !body.hasPrefix("maj") else { return nil }
            }
            guard let quality = Quality(rawValue: body) else { return nil }
            self = quality
        }

        /// Every spelling `init(spelling:)` reads that is not a canonical name, with its quality:
        /// for the tools that list them (grammar, editors) and the tests that hold the reader to it.
        public static let leadSheetSpellings: KeyValuePairs<String, Quality> = [
            "-": .minor, "-6": .minorSixth, "-7": .minorSeventh, "-maj7": .minorMajorSeventh,
            "-7b5": .halfDiminished, "-9": .minorNinth, "-add9": .minorAddNine, "-11": .minorEleventh,
            "-69": .minorSixNine, "-6/9": .minorSixNine, "-13": .minorThirteenth,
            "-Δ": .minorMajorSeventh, "-Δ7": .minorMajorSeventh, "mΔ": .minorMajorSeventh,
            "mΔ7": .minorMajorSeventh, "m6/9": .minorSixNine,
            "+": .augmented, "+7": .seventhSharpFive, "°": .diminished, "°7": .diminishedSeventh,
            "o": .diminished, "o7": .diminishedSeventh, "ø": .halfDiminished, "ø7": .halfDiminished,
            "Δ": .majorSeventh, "Δ7": .majorSeventh, "Δ9": .majorNinth, "Δ13": .majorThirteenth,
            "Δ7#11": .majorSeventhSharpEleven, "6/9": .sixNine,
        ]
    }

    /// A letter `A`–`G` (upper case) with −1, 0 or +1 semitones.
    public struct Note: Hashable, Sendable {
        /// `A`…`G` as an ASCII byte.
        public var letterByte: UInt8
        private var storedAccidental: Int8

        /// −1 (`b`), 0 or +1 (`#`).
        public var accidental: Int {
            get { Int(storedAccidental) }
            set { storedAccidental = Int8(clamping: newValue) }
        }

        /// Creates a `Note` from its parts.
        public init(letterByte: UInt8, accidental: Int) {
            self.letterByte = letterByte
            self.storedAccidental = Int8(clamping: accidental)
        }

        /// As written: `Bb`, `F#`, `C`.
        public var text: String {
            String(UnicodeScalar(letterByte)) + (accidental > 0 ? "#" : accidental < 0 ? "b" : "")
        }

        /// Semitones above C of the letter with its accidental (C = 0 … B = 11; `Cb` is −1, `B#` 12).
        public var semitonesAboveC: Int {
            let table: [UInt8: Int] = [65: 9, 66: 11, 67: 0, 68: 2, 69: 4, 70: 5, 71: 7]
            return (table[letterByte] ?? 0) + accidental
        }
    }

    /// The root.
    public var root: Note
    /// The quality.
    public var quality: Quality
    /// The bass after `/`, if written.
    public var bass: Note?

    /// Creates a `ChordSymbol` from its parts.
    public init(root: Note, quality: Quality, bass: Note? = nil) {
        self.root = root
        self.quality = quality
        self.bass = bass
    }

    /// Why a word is not a chord symbol.
    public enum Problem: Error, Equatable, Sendable {
        /// It does not start with `A`–`G` (upper case).
        case notARoot
        /// The text after the root is no quality of the table; carries that text.
        case unknownQuality(String)
        /// `/` is not followed by a letter `A`–`G` with at most one accidental.
        case badBass(String)
    }

    /// Parses a symbol written as one word (`Am7`, `Bb7/D`, `C-7`, `C6/9/E`): the quality may be
    /// a lead sheet's spelling (`Quality(spelling:)`); the `/` of `6/9` is no bass.
    public static func parse(_ text: String) -> Result<ChordSymbol, Problem> {
        let bytes = Array(text.utf8)
        guard let root = note(in: bytes, at: 0) else { return .failure(.notARoot) }
        var qualityEnd = bytes.count
        var bass: Note?
        if var slash = bytes[root.length...].firstIndex(of: UInt8(ascii: "/")) {
            if bytes[slash - 1] == UInt8(ascii: "6"), slash + 1 < bytes.count, bytes[slash + 1] == UInt8(ascii: "9"),
               slash + 2 == bytes.count || bytes[slash + 2] == UInt8(ascii: "/") {
                slash += 2
            }
            qualityEnd = slash
            if slash < bytes.count {
                let bassBytes = Array(bytes[(slash + 1)...])
                guard let parsed = note(in: bassBytes, at: 0), parsed.length == bassBytes.count else {
                    return .failure(.badBass(String(decoding: bassBytes, as: UTF8.self)))
                }
                bass = parsed.note
            }
        }
        let qualityText = Substring(String(decoding: bytes[root.length..<qualityEnd], as: UTF8.self))
        guard let quality = Quality(spelling: qualityText) else { return .failure(.unknownQuality(String(qualityText))) }
        return .success(ChordSymbol(root: root.note, quality: quality, bass: bass))
    }

    private static func note(in bytes: [UInt8], at index: Int) -> (note: Note, length: Int)? {
        guard index < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "G")).contains(bytes[index]) else { return nil }
        var accidental = 0
        if index + 1 < bytes.count {
            if bytes[index + 1] == UInt8(ascii: "#") { accidental = 1 }
            if bytes[index + 1] == UInt8(ascii: "b") { accidental = -1 }
        }
        return (Note(letterByte: bytes[index], accidental: accidental), accidental == 0 ? 1 : 2)
    }

    /// The canonical text: `Am7`, `Bb7/D`; `Cm7` for a symbol written `C-7`.
    public var description: String {
        root.text + quality.rawValue + (bass.map { "/" + $0.text } ?? "")
    }

    /// The MIDI key of the root in scientific octave `octave` (`C` in octave 4 is 60, `Cb` 59).
    public func rootPitch(octave: Int) -> Int {
        (octave + 1) * 12 + root.semitonesAboveC
    }

    /// The MIDI keys the symbol sounds for a root at `root`, lowest first: the root plus the
    /// quality's intervals, and for `/BASS` the highest pitch of that pitch class strictly
    /// below the root.
    public func pitches(root: Int) -> [Int] {
        var keys = quality.intervals.map { root + $0 }
        if let bass {
            let pitchClass = ((bass.semitonesAboveC % 12) + 12) % 12
            var below = root - 1
            while ((below % 12) + 12) % 12 != pitchClass { below -= 1 }
            keys.insert(below, at: 0)
        }
        return keys
    }
}
