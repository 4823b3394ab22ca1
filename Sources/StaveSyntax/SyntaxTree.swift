/// The syntax tree: what the text says, before any musical meaning is given to it.
///
/// Every node carries the byte range it came from. Values are checked for form here
/// (a duration is 1…64, a pitch is a letter with at most two accidentals) but not for
/// meaning (ranges, references, timing): that is the Composition stage's work.

/// A whole `.stave` file.
public struct SongSyntax: Equatable, Sendable {
    /// Header statements (`title`, `tempo`, …) in source order.
    public var header: [HeaderStatement]
    /// Track blocks in source order.
    public var tracks: [TrackSyntax]
    /// The texts of body `marker` statements, which body elements name by index (so that
    /// body elements stay plain values without strings).
    public var texts: [String]
    /// `style` statements (Accompaniment v3) in source order.
    public var styles: [StyleSyntax] = []

    /// Creates a `SongSyntax` from its parts.
    public init(header: [HeaderStatement] = [], tracks: [TrackSyntax] = [], texts: [String] = []) {
        self.header = header
        self.tracks = tracks
        self.texts = texts
    }
}

/// A name written in the source, with where it was written.
public struct Name: Equatable, Sendable {
    /// The name as written.
    public var text: String
    /// Where it was written.
    public var range: SourceRange

    /// Creates a `Name` from its parts.
    public init(_ text: String, _ range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// An integer written in the source.
public struct NumberSyntax: Equatable, Sendable {
    /// The value.
    public var value: Int
    /// Where it was written.
    public var range: SourceRange

    /// Creates a `NumberSyntax` from its parts.
    public init(_ value: Int, _ range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// A tempo in beats per minute as an exact decimal: `numerator / 10^scale`.
public struct DecimalSyntax: Equatable, Sendable {
    /// All the digits as one integer (`92.5` → 925).
    public var numerator: Int
    /// Digits after the decimal point.
    public var scale: Int
    /// Where it was written.
    public var range: SourceRange

    /// Creates a `DecimalSyntax` from its parts.
    public init(numerator: Int, scale: Int, range: SourceRange) {
        self.numerator = numerator
        self.scale = scale
        self.range = range
    }
}

/// One statement of the song header.
public struct HeaderStatement: Equatable, Sendable {
    /// The kinds of this node.
    public enum Kind: Equatable, Sendable {
        case title(String)
        case composer(String)
        /// `tempo BPM [at BAR]`, or a ramp `tempo BPM at A-B` (Songwriting v3) when `through` is B.
        case tempo(DecimalSyntax, at: NumberSyntax?, through: NumberSyntax? = nil)
        case meter(numerator: NumberSyntax, denominator: NumberSyntax, at: NumberSyntax?)
        case key(tonic: PitchSpelling, tonicRange: SourceRange, mode: KeyMode)
        case ppq(NumberSyntax)
        /// `marker "text" at BAR` (v2).
        case marker(String, at: NumberSyntax)
        /// `swing …` / `humanize …` (Feel v3) for every track.
        case feel(FeelSyntax)
        /// A form statement (v3): `repeat bars A-B …`, `segno at BAR`, `ds at BAR`, …
        case form(FormStatementSyntax)
        // Stave 3 keys (Form v3).
        /// `key TONIC MODE at BAR`: a key change at the start of BAR.
        case keyChange(tonic: PitchSpelling, tonicRange: SourceRange, mode: KeyMode, at: NumberSyntax)
        /// `transpose N` in the header: every melody track sounds N semitones higher.
        case transpose(NumberSyntax)
    }

    /// What this node is.
    public var kind: Kind
    /// The whole statement.
    public var range: SourceRange
    /// The keyword alone.
    public var keywordRange: SourceRange

    /// Creates a `HeaderStatement` from its parts.
    public init(_ kind: Kind, range: SourceRange, keywordRange: SourceRange) {
        self.kind = kind
        self.range = range
        self.keywordRange = keywordRange
    }
}

/// Major or minor.
public enum KeyMode: String, Equatable, Sendable, Codable {
    case major, minor
}

/// A pitch letter with its written accidental: `f#` is (f, +1), `fn` is (f, 0 written),
/// `f` is (f, nil: take the key signature's accidental).
public struct PitchSpelling: Hashable, Sendable {
    /// The letter's ASCII byte, `a`…`g`.
    public var letterByte: UInt8
    @usableFromInline var storedAccidental: Int8

    /// `a`…`g`, lowercase.
    public var letter: Character {
        get { Character(Unicode.Scalar(letterByte)) }
        set { letterByte = newValue.asciiValue ?? UInt8(ascii: "c") }
    }

    /// −2…+2, or nil when no accidental is written.
    public var accidental: Int? {
        get { storedAccidental == Int8.min ? nil : Int(storedAccidental) }
        set { storedAccidental = newValue.map { Int8(clamping: $0) } ?? Int8.min }
    }

    /// The written accidental, or `implied` (the key's) when none is written. A choice, not a
    /// branch: notes with and without accidentals come in no order.
    @inlinable public func accidental(or implied: Int) -> Int {
        let written = Int(storedAccidental)
        return written == Int(Int8.min) ? implied : written
    }

    /// The same letter with the written accidental, or `implied` when none is written.
    @inlinable public func spelled(or implied: Int) -> PitchSpelling {
        var spelled = self
        spelled.storedAccidental = storedAccidental == Int8.min ? Int8(truncatingIfNeeded: implied) : storedAccidental
        return spelled
    }

    /// Creates a `PitchSpelling` from its parts.
    public init(letter: Character, accidental: Int?) {
        self.letterByte = letter.asciiValue ?? UInt8(ascii: "c")
        self.storedAccidental = accidental.map { Int8(clamping: $0) } ?? Int8.min
    }

    /// A spelling from the letter's ASCII byte.
    public init(letterByte: UInt8, accidental: Int?) {
        self.letterByte = letterByte
        self.storedAccidental = accidental.map { Int8(clamping: $0) } ?? Int8.min
    }
}

/// Melody or drum track.
public enum TrackKind: String, Equatable, Sendable, Codable {
    case melody
    case drums
}

/// A `track` or `drums` block.
public struct TrackSyntax: Equatable, Sendable {
    /// Melody or drums.
    public var kind: TrackKind
    /// The track ID as written.
    public var id: Name
    /// The display name in quotes, if written.
    public var displayName: String?
    /// Settings in source order.
    public var settings: [SettingSyntax]
    /// Phrase statements in source order.
    public var phrases: [PhraseStatement]
    /// `lyrics` statements in source order (v2).
    public var lyrics: [LyricsSyntax]
    /// `comp` statements in source order (Accompaniment v3; more than one is an error).
    public var comps: [CompSyntax] = []
    /// Where it was written.
    public var range: SourceRange

    /// Creates a `TrackSyntax` from its parts.
    public init(kind: TrackKind, id: Name, displayName: String? = nil, settings: [SettingSyntax] = [], phrases: [PhraseStatement] = [],
                lyrics: [LyricsSyntax] = [], range: SourceRange) {
        self.kind = kind
        self.id = id
        self.displayName = displayName
        self.settings = settings
        self.phrases = phrases
        self.lyrics = lyrics
        self.range = range
    }
}

/// `lyrics ID "verse 1" ["verse 2" …]` in a melody track (v2), or `lyrics ID from [TRACK.]ID2`
/// (v3, LANGUAGE.md "Lyrics, easier"): the verses of another phrase's lyrics.
public struct LyricsSyntax: Equatable, Sendable {
    /// The Original phrase of this track the words are set to.
    public var phrase: Name
    /// One string per verse, unescaped; empty for `from`.
    public var verses: [String]
    /// Where each verse's string was written.
    public var verseRanges: [SourceRange]
    /// Where each bar check `|` of each verse stands in the source, in order (one list per
    /// verse; `Lyrics.barChecks` gives the same checks in the same order).
    public var barCheckOffsets: [[Int]]
    /// `from [TRACK.]ID2`: the phrase whose verses these are (`track` nil: this track).
    public var source: (track: Name?, phrase: Name)?
    /// The whole statement.
    public var range: SourceRange

    /// Creates a `LyricsSyntax` from its parts.
    public init(phrase: Name, verses: [String], verseRanges: [SourceRange], barCheckOffsets: [[Int]] = [],
                source: (track: Name?, phrase: Name)? = nil, range: SourceRange) {
        self.phrase = phrase
        self.verses = verses
        self.verseRanges = verseRanges
        self.barCheckOffsets = barCheckOffsets.isEmpty ? verses.map { _ in [] } : barCheckOffsets
        self.source = source
        self.range = range
    }

    /// Every part equal (written out: `source` is a tuple, which `Equatable` cannot synthesize).
    public static func == (lhs: LyricsSyntax, rhs: LyricsSyntax) -> Bool {
        lhs.phrase == rhs.phrase && lhs.verses == rhs.verses && lhs.verseRanges == rhs.verseRanges && lhs.barCheckOffsets == rhs.barCheckOffsets
            && lhs.source?.track == rhs.source?.track && lhs.source?.phrase == rhs.source?.phrase && lhs.range == rhs.range
    }
}

/// The track settings.
public enum SettingKind: String, Equatable, Sendable, CaseIterable {
    case instrument, kit, channel, volume, pan, velocity, octave, transpose
    /// `legato N` (v2): not a reserved word.
    case legato
    /// `staff PART [N]` (Stave 3): the notated part and staff the track is written on; not a
    /// reserved word.
    case staff
    /// `swing …` / `humanize …` (Feel v3): not reserved words; the value is `.feel`.
    case swing, humanize
    /// `symbols on|off` (Accompaniment v3): whether the track's chord symbols sound.
    case symbols
}

/// A setting such as `volume 90` or `instrument flute`.
public struct SettingSyntax: Equatable, Sendable {
    /// A setting's value: a number or a name.
    public enum Value: Equatable, Sendable {
        case number(Int)
        case name(String)
        /// `swing …` / `humanize …` (Feel v3).
        case feel(FeelSyntax)
    }

    /// Which setting.
    public var kind: SettingKind
    /// The value written.
    public var value: Value
    /// The value alone.
    public var valueRange: SourceRange
    /// The whole setting.
    public var range: SourceRange
    /// `staff PART N`: the staff number N, when written (the part is `value`).
    public var staffNumber: NumberSyntax?

    /// Creates a `SettingSyntax` from its parts.
    public init(kind: SettingKind, value: Value, valueRange: SourceRange, range: SourceRange, staffNumber: NumberSyntax? = nil) {
        self.kind = kind
        self.value = value
        self.valueRange = valueRange
        self.range = range
        self.staffNumber = staffNumber
    }
}

/// A phrase statement in a track: `phrase`, `repeat` or `sync`.
public struct PhraseStatement: Equatable, Sendable {
    /// The kinds of this node.
    public enum Kind: Equatable, Sendable {
        case original(id: Name?, body: [BodyElement])
        case `repeat`(source: Name, count: NumberSyntax?)
        case sync(track: Name?, phrase: Name, transpose: NumberSyntax?)
    }

    /// What this node is.
    public var kind: Kind
    /// `at BAR`, when written.
    public var at: NumberSyntax?
    /// Where it was written.
    public var range: SourceRange
    /// The keyword alone.
    public var keywordRange: SourceRange
    /// True for `pattern ID { … }` (Songwriting v3): an Original that is not played where it
    /// is written; only `repeat` and `sync` place it.
    public var isPattern = false

    /// Creates a `PhraseStatement` from its parts.
    public init(_ kind: Kind, at: NumberSyntax? = nil, range: SourceRange, keywordRange: SourceRange) {
        self.kind = kind
        self.at = at
        self.range = range
        self.keywordRange = keywordRange
    }
}

/// A written duration: `4`, `8.`, `2..`.
///
/// Eight bytes: the range is kept as a start and a short length (a valid duration is at most
/// three digits and three dots), so body elements stay small plain values.
public struct DurationSyntax: Equatable, Sendable {
    private var storedStart: UInt32
    private var storedLength: UInt8
    private var storedValue: UInt8
    private var storedDots: UInt8

    /// Where it was written.
    public var range: SourceRange {
        get { SourceRange(Int(storedStart), Int(storedStart) + Int(storedLength)) }
        set {
            storedStart = UInt32(clamping: newValue.start)
            storedLength = UInt8(clamping: newValue.end - newValue.start)
        }
    }

    /// 1, 2, 4, 8, 16, 32 or 64.
    public var value: Int {
        get { Int(storedValue) }
        set { storedValue = UInt8(clamping: newValue) }
    }

    /// 0…3.
    public var dots: Int {
        get { Int(storedDots) }
        set { storedDots = UInt8(clamping: newValue) }
    }

    /// The length in 512ths of a whole note (every written duration is a whole number of them).
    public var length512: Int {
        // 1/value × (2 − 1/2^dots) = (2^(dots+1) − 1) / (value · 2^dots)
        ((2 << dots) - 1) * 512 / (value << dots)
    }

    /// Creates a `DurationSyntax` from its parts.
    public init(_ value: Int, dots: Int = 0, range: SourceRange) {
        self.storedStart = UInt32(clamping: range.start)
        self.storedLength = UInt8(clamping: range.end - range.start)
        self.storedValue = UInt8(clamping: value)
        self.storedDots = UInt8(clamping: dots)
    }
}

/// A sounding thing: a pitch on melody tracks, a drum on drum tracks, a chord symbol inside
/// a chord bracket of a melody track (v2).
public enum Sound: Equatable, Sendable {
    case pitch(PitchSpelling)
    /// A drum by its General MIDI key (35–81; see `DrumNames`), or 0 for a name that is no
    /// drum (already reported by the parser).
    case drum(UInt8)
    /// A chord symbol (`[Am7]`); only a chord member can be one.
    case chordSymbol(ChordSymbol)
    /// A chord-tone word of a `style` pattern (`root`, `chord`, …; Accompaniment v3).
    case chordTone(ChordTone)
}

/// Articulation marks written after a note's duration (or after a pitch inside a chord or
/// tuplet): `'` staccato, `_` tenuto, `^` accent (LANGUAGE.md "Expression (v2)").
public struct NoteMarks: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `'`: sounds half its length.
    public static let staccato = NoteMarks(rawValue: 1)
    /// `_`: sounds its full length whatever the track's `legato`.
    public static let tenuto = NoteMarks(rawValue: 2)
    /// `^`: 20 louder (at most 127).
    public static let accent = NoteMarks(rawValue: 4)
}

/// Durations tied inline after a note's own (`c2~8~16`), kept as what the music needs: their
/// sum and the last one (which becomes the current duration).
public struct InlineTies: Equatable, Sendable {
    // Two 32-bit halves keep the alignment at four bytes, so body elements pack tightly.
    private var storedTotalLow: UInt32 = 0
    private var storedTotalHigh: UInt32 = 0
    private var storedLast: DurationSyntax?

    /// True when there are none.
    public var isEmpty: Bool { storedLast == nil }
    /// Their sum in 512ths of a whole note (a 2 GiB source cannot make it overflow).
    public var total512: Int { Int(storedTotalHigh) << 32 | Int(storedTotalLow) }
    /// The last one.
    public var last: DurationSyntax? { storedLast }

    /// None.
    public init() {}

    /// Inline ties from the written durations, in order.
    public init(_ durations: [DurationSyntax]) {
        for duration in durations { append(duration) }
    }

    /// Ties one more duration.
    public mutating func append(_ duration: DurationSyntax) {
        let total = total512 &+ duration.length512
        storedTotalLow = UInt32(truncatingIfNeeded: total)
        storedTotalHigh = UInt32(truncatingIfNeeded: total >> 32)
        storedLast = duration
    }
}

/// A duration with optional inline ties (`c2~8`) and whether it ties to the next note.
///
/// Kept to 28 bytes (the tie is one 32-bit field), so that a body element — about two per
/// note in a typical song — is 48 bytes: large songs stay under 100 bytes of memory per note.
public struct Length: Equatable, Sendable {
    /// Durations joined inline with `~` (`2~8`).
    public var inlineTies: InlineTies
    /// The written duration, or nil for the current one.
    public var duration: DurationSyntax?
    /// The first byte of the tie-to-next `~`; `Length.untied` when there is none and
    /// `Length.tiedNowhere` when the note is tied but where the `~` stands is not known.
    private var storedTie: UInt32 = Length.untied

    private static let untied = UInt32.max
    private static let tiedNowhere = UInt32.max - 1

    /// Articulation marks after the duration (v2); on a chord, they mark every pitch.
    public var marks: NoteMarks = []
    /// The note's own velocity `@N` (v3), `Length.noVelocity` when none is written; one byte
    /// beside the marks keeps the size.
    private var storedVelocity: UInt8 = Length.noVelocity
    private static let noVelocity = UInt8.max

    /// The note's (or chord's) own velocity `@N` (0–127, v3): it sounds at N without moving the
    /// velocity cursor; nil when none is written.
    public var velocity: Int? {
        get { storedVelocity == Length.noVelocity ? nil : Int(storedVelocity) }
        set { storedVelocity = newValue.map { UInt8(clamping: max(0, min(127, $0))) } ?? Length.noVelocity }
    }

    /// A `~` that ties to the next note or chord.
    public var tiesToNext: Bool {
        get { storedTie != Length.untied }
        set {
            if !newValue {
                storedTie = Length.untied
            } else if storedTie == Length.untied {
                storedTie = Length.tiedNowhere
            }
        }
    }

    /// Where the tie-to-next `~` is (one byte); setting it also ties the note.
    public var tieRange: SourceRange? {
        get { storedTie >= Length.tiedNowhere ? nil : SourceRange(Int(storedTie), Int(storedTie) + 1) }
        set {
            if let range = newValue {
                storedTie = UInt32(clamping: min(range.start, Int(Length.tiedNowhere) - 1))
            } else if tiesToNext {
                storedTie = Length.tiedNowhere
            }
        }
    }

    /// No duration written, no ties, no marks (the parser starts every note from this: it makes
    /// no array of inline ties).
    public init() {
        inlineTies = InlineTies()
    }

    /// Creates a `Length` from its parts.
    public init(duration: DurationSyntax? = nil, inlineTies: [DurationSyntax] = [], tiesToNext: Bool = false, tieRange: SourceRange? = nil, marks: NoteMarks = [], velocity: Int? = nil) {
        self.duration = duration
        self.marks = marks
        self.inlineTies = InlineTies(inlineTies)
        self.tiesToNext = tiesToNext
        if tiesToNext { self.tieRange = tieRange }
        self.velocity = velocity
    }
}

/// One pitch inside a chord or a note, with its own tie (`[c~ e g]`).
public struct ChordMember: Equatable, Sendable {
    /// The pitch or drum.
    public var sound: Sound
    /// Tied alone to the same pitch in the next note or chord (`[c~ e g]`; for a chord
    /// symbol, all its pitches).
    public var tie: Bool
    /// Its own articulation marks (`[c^ e g]2`, v2).
    public var marks: NoteMarks
    /// Its own velocity (`[c@40 e g]2`, v3), nil when none is written; it wins over the
    /// chord's `@N`. Kept in one byte (255: none) so that body elements stay 48 bytes.
    public var velocity: Int? {
        get { storedVelocity == UInt8.max ? nil : Int(storedVelocity) }
        set { storedVelocity = newValue.map { UInt8(clamping: max(0, min(127, $0))) } ?? UInt8.max }
    }
    private var storedVelocity: UInt8 = UInt8.max
    /// Where it was written.
    public var range: SourceRange

    /// Creates a `ChordMember` from its parts.
    public init(_ sound: Sound, tie: Bool = false, marks: NoteMarks = [], velocity: Int? = nil, range: SourceRange) {
        self.sound = sound
        self.tie = tie
        self.marks = marks
        self.range = range
        self.velocity = velocity
    }
}

/// An element of a phrase body. A body is one flat list in source order: a chord or a tuplet
/// is followed by its items (a nested tuplet by its own), and says how many elements those
/// take, so the list is a tree written out in preorder. Elements are plain values — no
/// references, nothing to count or free — which keeps big songs fast to parse and to lower.
public struct BodyElement: Equatable, Sendable {
    /// The kinds of this node.
    public enum Kind: Equatable, Sendable {
        /// A note: one sound with a length.
        case note(Sound, Length)
        /// A rest.
        case rest(Length)
        /// A chord: the next `items` elements are its members and in-chord commands; then a length.
        case chord(Length, items: UInt32)
        /// A tuplet: the next `items` elements are its items (notes, rests, chords, tuplets,
        /// commands) with everything inside them; they share its length.
        case tuplet(Length, items: UInt32)
        /// A pitch inside a chord, with its own tie flag.
        case member(ChordMember)
        /// `o5`.
        case setOctave(Int)
        /// `>`.
        case octaveUp
        /// `<`.
        case octaveDown
        /// `v90` or `!mf`.
        case velocity(Int)
        /// `|`.
        case barLine
        /// `tempo 90` inside a body.
        case tempo(DecimalSyntax)
        /// `!<` (crescendo: true) or `!>` (v2).
        case hairpin(crescendo: Bool)
        /// A grace group `( … )` (v2): the next `items` elements are its notes (`.note` with an
        /// empty `Length`), chords (`.chord` with an empty `Length`, then their members) and
        /// octave and velocity commands. It decorates the note or chord after its items.
        case grace(items: UInt32)
        /// `pedal down` (true) or `pedal up` (v2).
        case pedal(down: Bool)
        /// `cc N V` (v2), values as written (checked for range by lowering).
        case controller(number: Int32, value: Int32)
        /// `bend C` in cents (v2), as written.
        case bend(cents: Int32)
        /// `marker "text"` in a body (v2): the text is `SongSyntax.texts[index]`.
        case marker(textIndex: UInt32)
        /// Something that failed to parse; already reported.
        case invalid
    }

    /// What this node is.
    public var kind: Kind
    /// Where it was written.
    public var range: SourceRange

    /// Creates a `BodyElement` from its parts.
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// How many elements after this one belong to it (the items of a chord or tuplet).
    public var itemCount: Int {
        switch kind {
        case .chord(_, let items), .tuplet(_, let items), .grace(let items): return Int(items)
        default: return 0
        }
    }
}
