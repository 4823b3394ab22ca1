/// The Stave 3 statements of key changes, transposition and patterns (Form v3, Songwriting v3):
/// header `transpose N` and a track's `pattern ID { … }`. `key TONIC MODE at BAR` is read with
/// the header `key` (Parser+Song.swift). None of the words is reserved.
extension Parser {
    /// `transpose N` at the top level; the current token is `transpose`, the next a number.
    mutating func parseHeaderTranspose() -> HeaderStatement? {
        let keyword = advance()
        let number = advance()
        guard let value = integer(number) else { return nil }
        return HeaderStatement(.transpose(value), range: keyword.range.union(number.range), keywordRange: keyword.range)
    }

    /// `pattern ID { body }` in a track; the current token is `pattern`, the next a word.
    mutating func parsePattern() -> PhraseStatement? {
        let keyword = advance()
        let token = advance()
        guard let id = identifier(token, what: "a pattern ID") else { skipInTrack(); return nil }
        guard current.kind == .leftBrace else {
            error(.expectedToken, "expected '{' to open the pattern body, found \(describe(current))", at: current.range)
            skipInTrack()
            return nil
        }
        let open = advance()
        let body = parseBody(open: open)
        var statement = PhraseStatement(.original(id: id, body: body), range: keyword.range.union(tokens[max(0, position - 1)].range), keywordRange: keyword.range)
        statement.isPattern = true
        return statement
    }
}
