/// A form statement of the song header (LANGUAGE.md "Form (v3)"), as written.
public struct FormStatementSyntax: Equatable, Sendable {
    /// What the statement says.
    public enum Kind: Equatable, Sendable {
        /// `repeat bars A-B [xN] [endings E1 E2 …]`.
        case repeatBars(first: NumberSyntax, last: NumberSyntax, passes: NumberSyntax?, endings: [EndingSyntax])
        /// `segno at BAR`, `dc at BAR`, `ds at BAR`, `fine at BAR`, `to-coda at BAR`, `coda at BAR`.
        case sign(FormSign, at: NumberSyntax)
    }

    /// What the statement says.
    public var kind: Kind

    /// Creates a `FormStatementSyntax` from its kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }
}

/// One alternative ending as written: a bar `C` (`last` nil) or a range `C-D`.
public struct EndingSyntax: Equatable, Sendable {
    /// Its first bar.
    public var first: NumberSyntax
    /// Its last bar when written as a range.
    public var last: NumberSyntax?

    /// Creates an `EndingSyntax` from its parts.
    public init(first: NumberSyntax, last: NumberSyntax?) {
        self.first = first
        self.last = last
    }

    /// The whole ending as written.
    public var range: SourceRange { last.map { first.range.union($0.range) } ?? first.range }
}

/// The signs of a form that stand at one bar: the word that writes each is its raw value.
public enum FormSign: String, Equatable, Sendable, CaseIterable {
    case segno
    case dc
    case ds
    case fine
    case toCoda = "to-coda"
    case coda
}

extension Parser {
    /// True when a top-level `word` starts a form statement: `repeat bars`, or a sign word
    /// followed by `at` (so a phrase or track may still be called `coda`).
    func startsFormStatement(_ word: String) -> Bool {
        if word == "repeat" { return isWord(peek(), "bars") }
        return FormSign(rawValue: word) != nil && isWord(peek(), "at")
    }

    /// Parses a form statement (the current token is its first word, `startsFormStatement`
    /// holds); nil, after skipping to the next top-level statement, on a mistake (reported).
    mutating func parseFormStatement(_ word: String) -> HeaderStatement? {
        let keyword = advance()
        func finish(_ kind: FormStatementSyntax.Kind, _ parser: Parser) -> HeaderStatement {
            let end = parser.tokens[max(0, parser.position - 1)].range
            return HeaderStatement(.form(FormStatementSyntax(kind)), range: keyword.range.union(end), keywordRange: keyword.range)
        }
        if let sign = FormSign(rawValue: word) {
            switch parseAt() {
            case .some(let bar?): return finish(.sign(sign, at: bar), self)
            default: skipToTopLevel(); return nil
            }
        }
        let bars = advance()
        guard let (first, last) = parseBarRange(after: "'repeat bars'", at: bars) else { skipToTopLevel(); return nil }
        var passes: NumberSyntax?
        var endings: [EndingSyntax] = []
        var sawEndings = false
        for _ in 0..<2 {
            if passes == nil, !sawEndings, current.kind == .word, let parsed = repeatCount(current) {
                advance()
                guard let parsed else { skipToTopLevel(); return nil }
                passes = parsed
            } else if !sawEndings, isWord(current, "endings") {
                let word = advance()
                sawEndings = true
                guard current.kind == .number else {
                    error(.expectedToken, "expected an ending's bar or bars (such as 11 or 11-12) after 'endings', found \(describe(current))", at: current.kind == .end || startsLine(current) ? word.range : current.range)
                    skipToTopLevel()
                    return nil
                }
                while current.kind == .number {
                    guard let ending = parseEnding() else { skipToTopLevel(); return nil }
                    endings.append(ending)
                }
            }
        }
        return finish(.repeatBars(first: first, last: last, passes: passes, endings: endings), self)
    }

    /// `A-B` (no spaces; the lexer reads `-B` as a negative number) after `what`.
    private mutating func parseBarRange(after what: String, at anchor: Token) -> (NumberSyntax, NumberSyntax)? {
        guard current.kind == .number, bytes[current.range.start] != UInt8(ascii: "-") else {
            error(.expectedToken, "expected bars A-B (such as 5-12) after \(what), found \(describe(current))", at: current.kind == .end ? anchor.range : current.range)
            return nil
        }
        guard let first = integer(advance()) else { return nil }
        guard current.kind == .number, bytes[current.range.start] == UInt8(ascii: "-"), current.range.start == first.range.end else {
            let adjacent = current.kind == .number && current.range.start == first.range.end
            error(.expectedToken, "expected bars A-B without spaces (such as \(first.value)-\(first.value + 1)) after \(what), found \(adjacent ? describe(current) : "bar \(first.value) alone")", at: adjacent ? current.range : first.range)
            return nil
        }
        guard var last = integer(advance()) else { return nil }
        last.value = -last.value
        last.range.start += 1
        return (first, last)
    }

    /// One ending: `C` or `C-D` without spaces.
    private mutating func parseEnding() -> EndingSyntax? {
        guard bytes[current.range.start] != UInt8(ascii: "-") else {
            error(.expectedToken, "expected an ending's bar or bars as C or C-D without spaces, found \(describe(current))", at: current.range)
            return nil
        }
        guard let first = integer(advance()) else { return nil }
        guard current.kind == .number, bytes[current.range.start] == UInt8(ascii: "-"), current.range.start == first.range.end else {
            return EndingSyntax(first: first, last: nil)
        }
        guard var last = integer(advance()) else { return nil }
        last.value = -last.value
        last.range.start += 1
        return EndingSyntax(first: first, last: last)
    }
}
