/// Builds a `SongSyntax` from tokens, reporting every independent error it can.
///
/// Recovery: at top level the parser resynchronises on header keywords and `track`/`drums`;
/// in a track on settings and phrase keywords; in a body it skips the bad token and goes on,
/// so errors in different bars and phrases are all reported in one run. It never loops
/// without consuming input, and nesting deeper than `Parser.maximumNesting` is skipped
/// iteratively, so no input can exhaust the stack.
public struct Parser {
    /// Tuplets and chords nest at most this deep.
    public static let maximumNesting = 64
    /// The message for chords and tuplets nested beyond `maximumNesting` (the parser's and the
    /// save validator's).
    public static let nestingTooDeepMessage = "chords and tuplets nest too deeply (the limit is \(maximumNesting) levels)"

    /// The words that cannot be IDs (LANGUAGE.md rule 12); the save format refuses them too.
    public static let reservedWords: Set<String> = [
        "title", "composer", "tempo", "meter", "key", "ppq", "track", "drums", "phrase", "repeat",
        "sync", "at", "transpose", "instrument", "kit", "channel", "volume", "pan", "velocity",
        "octave", "major", "minor",
    ]
    static let headerKeywords: Set<String> = ["title", "composer", "tempo", "meter", "key", "ppq"]
    static let trackKeywords: Set<String> = ["track", "drums"]
    static let phraseKeywords: Set<String> = ["phrase", "repeat", "sync"]
    /// The words that may start a top-level statement (header and track keywords, and the
    /// header `marker` of v2, which is no reserved word), in the order suggestions prefer.
    public static let topLevelWords = ["title", "composer", "tempo", "meter", "key", "ppq", "marker", "track", "drums", "swing", "humanize", "style"]
    /// The words that may start a statement in a track body, in the order suggestions prefer.
    static let trackBodyWords = SettingKind.allCases.map(\.rawValue) + ["phrase", "repeat", "sync", "lyrics", "comp"]

    /// A run of source bytes.
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// The source's bytes, borrowed for the duration of the parse (no array slices, no
    /// reference counting on the hot path, none shared between threads).
    let bytes: UnsafeBufferPointer<UInt8>
    /// The tokens, released chunk by chunk as the parse moves on (see `TokenChunks`).
    var tokens: TokenChunks
    var position = 0
    /// The token at `position`, kept beside it: the parser reads it many times per token.
    private(set) var current: Token
    /// The body being parsed, as its flat list of elements.
    var elements: [BodyElement] = []
    /// Where in `diagnostics` the reports of unknown drum names are (see `dropGroup`).
    var drumNameReports: [Int] = []
    var diagnostics: [Diagnostic] = []
    /// The kind of the track being parsed (decides how body words are read).
    var trackKind: TrackKind = .melody
    /// The texts of body markers so far (`SongSyntax.texts`).
    var texts: [String] = []
    /// True while the items of a grace group are read (a chord there takes no marks or ties).
    var insideGrace = false
    /// Where the `@N` read by the last `parseLength` stands (nil: none, or already reported),
    /// for the callers that refuse it (rests, whole tuplets).
    var lengthVelocityRange: SourceRange?
    /// True while a `style` pattern is read: words are chord-tone words or drum names.
    var readsPattern = false
    /// The kind the pattern being read has shown so far (see `patternSound`).
    var patternKind: TrackKind?

    /// The source itself is not kept: the parser reads its bytes, and a smaller parser is a
    /// faster one (its non-mutating helpers are called on every token).
    init(source: Source, bytes: UnsafeBufferPointer<UInt8>, tokens: TokenChunks) {
        self.bytes = bytes
        self.current = tokens[0]
        self.tokens = tokens
    }

    /// Parses a whole source into a syntax tree plus lexical and syntax diagnostics.
    public static func parse(_ source: Source) -> (syntax: SongSyntax, diagnostics: [Diagnostic]) {
        parse(source, tokenChunkShift: TokenChunks.defaultShift)
    }

    /// `parse` that also gives every token of the source (the last is `.end`), for the lossless
    /// tree: the tokens are lexed once and kept instead of released as the parse goes.
    public static func parseKeepingTokens(_ source: Source) -> (syntax: SongSyntax, diagnostics: [Diagnostic], tokens: [Token]) {
        guard source.bytes.count < Int(Int32.max) else {
            return (SongSyntax(), [.error(.limitExceeded, "the file is too large (the limit is 2 GiB)", at: SourceRange(0, 0))], [Token(.end, SourceRange(0, 0), spaceBefore: false)])
        }
        if let foreign = ForeignFile.diagnostic(for: source.bytes) { return (SongSyntax(), [foreign], Lexer.tokenize(source).tokens) }
        return source.bytes.withUnsafeBufferPointer { bytes in
            let (chunks, lexical) = Lexer.tokenizeInChunks(source, keepingAll: true)
            var parser = Parser(source: source, bytes: bytes, tokens: consume chunks)
            parser.diagnostics = lexical
            let song = parser.parseSong()
            return (song, parser.diagnostics, parser.tokens.all())
        }
    }

    /// `parse` with tokens in chunks of 2^`tokenChunkShift` (tests cross chunk boundaries with
    /// tiny chunks; the tree and diagnostics do not depend on the size).
    static func parse(_ source: Source, tokenChunkShift: Int) -> (syntax: SongSyntax, diagnostics: [Diagnostic]) {
        guard source.bytes.count < Int(Int32.max) else {
            return (SongSyntax(), [.error(.limitExceeded, "the file is too large (the limit is 2 GiB)", at: SourceRange(0, 0))])
        }
        if let foreign = ForeignFile.diagnostic(for: source.bytes) { return (SongSyntax(), [foreign]) }
        return source.bytes.withUnsafeBufferPointer { bytes in
            // The parser holds the only reference to the chunks, so releasing them frees them.
            let (chunks, lexical) = Lexer.tokenizeInChunks(source, shift: tokenChunkShift)
            var parser = Parser(source: source, bytes: bytes, tokens: consume chunks)
            parser.diagnostics = lexical
            let song = parser.parseSong()
            return (song, parser.diagnostics)
        }
    }

    // MARK: - Token access

    func peek(_ offset: Int = 1) -> Token {
        let index = position + offset
        return index < tokens.count ? tokens[index] : tokens[tokens.count - 1]
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = current
        if position &+ 1 < tokens.count {
            position &+= 1
            current = tokens[position]
            if tokens.isSecondOfChunk(position) { tokens.release(before: position) }
        }
        return token
    }

    /// Steps back onto the token just passed (it is still held: see `TokenChunks`).
    mutating func stepBack() {
        position -= 1
        current = tokens[position]
    }

    func text(_ token: Token) -> String { text(token.range) }

    /// The source text of a range (clamped to the source), for messages and names.
    func text(_ range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func isWord(_ token: Token, _ word: String) -> Bool {
        guard token.kind == .word, token.range.end - token.range.start == word.utf8.count else { return false }
        var index = token.range.start
        for byte in word.utf8 {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    /// A human description of a token for messages: `'foo'` or `end of file`.
    func describe(_ token: Token) -> String {
        if token.kind == .end { return "end of file" }
        var shown = text(token)
        if shown.count > 40 { shown = String(shown.prefix(37)) + "..." }
        return "'\(shown)'"
    }

    /// A "did you mean" hint for a word token among the words valid where it stands (see
    /// `Suggestion`); empty for other tokens.
    func hint(_ token: Token, among words: [String]) -> String {
        guard token.kind == .word, token.range.end - token.range.start <= 64 else { return "" }
        return Suggestion.hint(for: text(token), among: words)
    }

    /// True when a line break stands between the previous token and this one (or the token
    /// is the first): where recovery may assume a new statement begins.
    func startsLine(_ token: Token) -> Bool {
        var index = token.range.start - 1
        let floor = position > 0 ? tokens[position - 1].range.end : 0
        while index >= floor {
            if bytes[index] == 0x0A || bytes[index] == 0x0D { return true }
            index -= 1
        }
        return position == 0
    }

    mutating func error(_ id: DiagnosticID, _ message: String, at range: SourceRange) {
        diagnostics.append(.error(id, message, at: range))
    }

    // MARK: - Numbers and names

    /// Reads an integer token; reports numbers too large to hold.
    mutating func integer(_ token: Token) -> NumberSyntax? {
        var value = 0
        var negative = false
        var overflow = false
        for byte in bytes[token.range.start..<token.range.end] {
            if byte == UInt8(ascii: "-") { negative = true; continue }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(byte - 0x30))
            if o1 || o2 || sum > 1_000_000_000_000 { overflow = true; break }
            value = sum
        }
        if overflow {
            error(.numberTooLarge, "number \(describe(token)) is too large", at: token.range)
            return nil
        }
        return NumberSyntax(negative ? -value : value, token.range)
    }

    /// Reads a number or decimal token as an exact decimal.
    mutating func decimal(_ token: Token) -> DecimalSyntax? {
        var numerator = 0
        var scale = 0
        var seenPoint = false
        for byte in bytes[token.range.start..<token.range.end] {
            if byte == UInt8(ascii: ".") { seenPoint = true; continue }
            if byte == UInt8(ascii: "-") { continue }
            if numerator > 100_000_000_000 || scale > 9 {
                error(.numberTooLarge, "number \(describe(token)) has too many digits", at: token.range)
                return nil
            }
            numerator = numerator * 10 + Int(byte - 0x30)
            if seenPoint { scale += 1 }
        }
        if bytes[token.range.start] == UInt8(ascii: "-") { numerator = -numerator }
        return DecimalSyntax(numerator: numerator, scale: scale, range: token.range)
    }

    /// Reads an identifier (track or phrase ID), reporting reserved words and bad characters.
    mutating func identifier(_ token: Token, what: String) -> Name? {
        guard token.kind == .word else {
            error(.expectedToken, "expected \(what), found \(describe(token))", at: token.range)
            return nil
        }
        let name = text(token)
        if Parser.reservedWords.contains(name) {
            error(.reservedWord, "'\(name)' is a reserved word and cannot be \(what)", at: token.range)
            return nil
        }
        // A word may hold `-`, `#`, and in a chord symbol's shape `+`, `°`, `ø`, `Δ` or `( )`.
        if name.utf8.contains(where: { !Lexer.isLetter($0) && !Lexer.isDigit($0) && $0 != UInt8(ascii: "_") }) {
            error(.invalidIdentifier, "'\(name)' is not a valid identifier: use letters, digits and '_'", at: token.range)
            return nil
        }
        return Name(name, token.range)
    }
}
