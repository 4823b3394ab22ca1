/// The syntax of accompaniment (LANGUAGE.md "Accompaniment (v3)"): `comp SOURCE STYLE.PART` in a
/// track, `style ID { part NAME METER { pattern } … }` at the top level, and the chord-tone words
/// a pattern plays instead of pitches.

/// A chord-tone word of a pattern: which tone of the chord in force a pattern note plays.
/// The words are read only inside a `style` pattern, so none of them is reserved.
public enum ChordTone: String, CaseIterable, Sendable {
    case root, third, fifth, seventh, ninth, bass, chord, approach

    /// Its place in `allCases` (0…7): the code the lowered pattern keeps in a note's pitch
    /// (12·(octave + 1) + code) until the realisation gives it the chord's pitch.
    public var code: Int {
        switch self {
        case .root: 0
        case .third: 1
        case .fifth: 2
        case .seventh: 3
        case .ninth: 4
        case .bass: 5
        case .chord: 6
        case .approach: 7
        }
    }

    /// The tone whose `code` is `code` (a code past the last is `approach`, the last).
    public init(code: Int) {
        switch code {
        case ...0: self = .root
        case 1: self = .third
        case 2: self = .fifth
        case 3: self = .seventh
        case 4: self = .ninth
        case 5: self = .bass
        case 6: self = .chord
        default: self = .approach
        }
    }
}

/// `comp SOURCE STYLE.PART` in a track body.
public struct CompSyntax: Equatable, Sendable {
    /// The track whose chord symbols are played.
    public var source: Name
    /// The style (built-in or the song's own).
    public var style: Name
    /// The style's part.
    public var part: Name
    /// The whole statement.
    public var range: SourceRange

    /// Creates a `CompSyntax` from its parts.
    public init(source: Name, style: Name, part: Name, range: SourceRange) {
        self.source = source
        self.style = style
        self.part = part
        self.range = range
    }
}

/// `style ID { part NAME METER { pattern } … }` at the top level.
public struct StyleSyntax: Equatable, Sendable {
    /// The style's ID.
    public var id: Name
    /// The parts in source order (one name may have several, one per meter).
    public var parts: [StylePartSyntax]
    /// The whole statement.
    public var range: SourceRange

    /// Creates a `StyleSyntax` from its parts.
    public init(id: Name, parts: [StylePartSyntax] = [], range: SourceRange) {
        self.id = id
        self.parts = parts
        self.range = range
    }
}

/// `part NAME N/D { pattern }`: one bar of NAME in meter N/D.
public struct StylePartSyntax: Equatable, Sendable {
    /// The part's name (any word: `drums` names a part, not a track here).
    public var name: Name
    /// The meter's numerator and denominator as written.
    public var numerator: NumberSyntax
    public var denominator: NumberSyntax
    /// The pattern, parsed as a phrase body with chord-tone words or drum names.
    public var body: [BodyElement]
    /// The pattern's text between its braces, trimmed, as written (the save format and the
    /// printer keep it so).
    public var text: String
    /// Drums when the pattern's first sound is a drum name, melody when it is a chord-tone
    /// word; nil for a pattern of rests only (it fits either).
    public var kind: TrackKind?
    /// The whole part.
    public var range: SourceRange

    /// Creates a `StylePartSyntax` from its parts.
    public init(name: Name, numerator: NumberSyntax, denominator: NumberSyntax, body: [BodyElement], text: String, kind: TrackKind?, range: SourceRange) {
        self.name = name
        self.numerator = numerator
        self.denominator = denominator
        self.body = body
        self.text = text
        self.kind = kind
        self.range = range
    }
}
