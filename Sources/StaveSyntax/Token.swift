/// The kinds of token the lexer produces.
public enum TokenKind: UInt8, Sendable, CustomStringConvertible {
    /// A word: identifiers, keywords, pitches with accidentals and durations (`f#8`),
    /// drum and instrument names (`open-hat`, `acoustic-grand-piano`), `o5`, `v90`, `x7`.
    case word
    /// A decimal integer, optionally negative (`4`, `-24`).
    case number
    /// A decimal fraction (`92.5`).
    case decimal
    /// A string literal (`"Ode to Joy"`).
    case string
    /// A dynamic mark (`!mf`).
    case dynamic
    case leftBrace, rightBrace, leftBracket, rightBracket, leftParen, rightParen
    case bar, tilde, dot, greater, less, slash
    /// `'` (staccato) and `^` (accent), articulation marks (v2); `_` (tenuto) is read from
    /// words, where it is an identifier character.
    case apostrophe, caret
    /// `@`, which gives one note its own velocity (`c4@70`, v3).
    case at
    /// End of input.
    case end

    /// A readable form, for messages and debugging.
    public var description: String {
        switch self {
        case .word: return "word"
        case .number: return "number"
        case .decimal: return "number"
        case .string: return "string"
        case .dynamic: return "dynamic"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .leftParen: return "'('"
        case .rightParen: return "')'"
        case .bar: return "'|'"
        case .tilde: return "'~'"
        case .dot: return "'.'"
        case .greater: return "'>'"
        case .less: return "'<'"
        case .slash: return "'/'"
        case .apostrophe: return "'''"
        case .caret: return "'^'"
        case .at: return "'@'"
        case .end: return "end of file"
        }
    }
}

/// One token: a kind and a byte range. Its text is read from the source on demand.
///
/// Twelve bytes: `SourceRange` keeps offsets in 32 bits (sources are limited to 2 GiB).
public struct Token: Hashable, Sendable {
    /// What the token is.
    public var kind: TokenKind
    /// True when whitespace, a comment or characters that are no token (reported by the
    /// lexer) stand directly before this token.
    public var spaceBefore: Bool
    /// True when characters that are no token (reported by the lexer) stand directly before
    /// this token: it is then part of the same mistake (the `4` of `c'4`).
    public var afterInvalid: Bool
    /// The token's byte range.
    public var range: SourceRange

    /// Creates a `Token` from its parts.
    @inlinable public init(_ kind: TokenKind, _ range: SourceRange, spaceBefore: Bool, afterInvalid: Bool = false) {
        self.kind = kind
        self.spaceBefore = spaceBefore
        self.afterInvalid = afterInvalid
        self.range = range
    }
}
