import StaveSyntax

/// A style as written (`style ID { part NAME METER { pattern } … }`, Accompaniment v3): the
/// song keeps its own styles so the save format and the printer give them back word for word.
public struct StyleDefinition: Equatable, Sendable {
    /// The style's ID.
    public var id: String
    /// Its parts in source order.
    public var parts: [StylePart]
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `StyleDefinition` from its parts.
    public init(id: String, parts: [StylePart]) {
        self.id = id
        self.parts = parts
    }
}

/// One pattern of a style: part NAME in meter N/D, as written.
public struct StylePart: Equatable, Sendable {
    /// The part's name (`piano`, `bass`, `drums`, …).
    public var name: String
    /// The meter's numerator and denominator.
    public var numerator: Int
    public var denominator: Int
    /// The pattern's text between its braces (spaces collapsed).
    public var text: String

    /// Creates a `StylePart` from its parts.
    public init(name: String, numerator: Int, denominator: Int, text: String) {
        self.name = name
        self.numerator = numerator
        self.denominator = denominator
        self.text = text
    }

    /// The length of one bar of its meter, in whole notes.
    public var barLength: Rational { Rational(numerator, denominator) }
}

/// `comp SOURCE STYLE.PART` in a track, with the part's patterns lowered for that track (its
/// octave and velocity start every pattern, as they start every phrase).
public struct Comp: Equatable, Sendable {
    /// The track whose chord symbols it plays.
    public var source: String
    /// The style and part, as written.
    public var style: String
    public var part: String
    /// The part's patterns, one per meter, lowered with the comp track's cursors: a note's
    /// pitch is 12·(octave + 1) + the code of its chord-tone word (`ChordTone.code`) in a
    /// melody part, the drum key in a drum part.
    public var patterns: [CompPattern]
    /// The statement it was written as (not part of equality).
    public var sourceMark: SourceMark = .none

    /// Creates a `Comp` from its parts.
    public init(source: String, style: String, part: String, patterns: [CompPattern] = []) {
        self.source = source
        self.style = style
        self.part = part
        self.patterns = patterns
    }

    /// The pattern for a meter, if the part has one.
    public func pattern(numerator: Int, denominator: Int) -> CompPattern? {
        patterns.first { $0.numerator == numerator && $0.denominator == denominator }
    }

    /// As written after `comp`: `lead pop.piano`.
    public var text: String { "\(source) \(style).\(part)" }
}

/// One bar of a part in one meter, lowered.
public struct CompPattern: Equatable, Sendable {
    public var numerator: Int
    public var denominator: Int
    /// True for a pattern of drum names.
    public var isDrums: Bool
    /// The bar's notes (see `Comp.patterns`).
    public var body: PhraseBody

    /// Creates a `CompPattern` from its parts.
    public init(numerator: Int, denominator: Int, isDrums: Bool, body: PhraseBody) {
        self.numerator = numerator
        self.denominator = denominator
        self.isDrums = isDrums
        self.body = body
    }
}
