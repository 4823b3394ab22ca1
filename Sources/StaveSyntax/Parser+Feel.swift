/// `swing 8|16 [P]`, `swing none`, `humanize T [V] [seed S]`, `humanize none` (LANGUAGE.md
/// "Feel (v3)"): the same words as a header statement and as a track setting. Neither word is
/// reserved; they are recognised only where a statement or a setting starts.
extension Parser {
    /// The feel words, at the top level and in a track body.
    static let feelWords: Set<String> = ["swing", "humanize"]

    /// Parses the feel statement at the current word (`swing` or `humanize`); nil after an
    /// error (the caller resynchronises with `skip`).
    mutating func parseFeel(inTrack: Bool) -> (FeelSyntax, range: SourceRange, keywordRange: SourceRange)? {
        let keyword = advance()
        let word = text(keyword)
        func fail(_ message: String) -> (FeelSyntax, range: SourceRange, keywordRange: SourceRange)? {
            error(.expectedToken, message, at: current.kind == .end ? keyword.range : current.range)
            if inTrack { skipInTrack() } else { skipToTopLevel() }
            return nil
        }
        func finish(_ feel: FeelSyntax, _ parser: Parser) -> (FeelSyntax, range: SourceRange, keywordRange: SourceRange) {
            (feel, keyword.range.union(parser.tokens[max(0, parser.position - 1)].range), keyword.range)
        }
        if isWord(current, "none") {
            advance()
            return finish(word == "swing" ? .swing(nil) : .humanize(nil), self)
        }
        guard current.kind == .number else {
            let expected = word == "swing" ? "8, 16 or 'none' after 'swing'" : "milliseconds 0–50 or 'none' after 'humanize'"
            return fail("expected \(expected), found \(describe(current))")
        }
        guard let first = integer(advance()) else { return fail("expected a number after '\(word)'") }
        var second: NumberSyntax?
        // A number on the same statement: the percent (swing) or the velocity spread (humanize).
        if current.kind == .number {
            guard let value = integer(advance()) else { return fail("expected a number after '\(word)'") }
            second = value
        }
        if word == "swing" { return finish(.swing(SwingSyntax(unit: first, percent: second)), self) }
        var seed: NumberSyntax?
        if isWord(current, "seed") {
            let seedWord = advance()
            guard current.kind == .number, let value = integer(advance()) else {
                error(.expectedToken, "expected a seed number after 'seed', found \(describe(current))", at: current.kind == .end ? seedWord.range : current.range)
                if inTrack { skipInTrack() } else { skipToTopLevel() }
                return nil
            }
            seed = value
        }
        return finish(.humanize(HumanizeSyntax(milliseconds: first, velocity: second, seed: seed)), self)
    }
}
