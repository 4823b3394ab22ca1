/// `style` statements, `comp` statements and the words of a pattern (LANGUAGE.md "Accompaniment
/// (v3)"). None of `style`, `part`, `comp` or the chord-tone words is reserved: each is read only
/// where it can stand (a top-level statement, a style's body, a track body, a pattern).
extension Parser {
    /// True when the current token starts `style ID {` at the top level.
    func startsStyle() -> Bool {
        isWord(current, "style") && peek().kind == .word && peek(2).kind == .leftBrace
    }

    /// `style ID { part NAME N/D { pattern } … }` (the current token is `style`).
    mutating func parseStyle() -> StyleSyntax? {
        let keyword = advance()
        let idToken = advance()
        guard let id = identifier(idToken, what: "a style ID") else { skipToTopLevel(); return nil }
        let open = advance()
        var style = StyleSyntax(id: id, range: keyword.range)
        while true {
            let token = current
            if token.kind == .rightBrace {
                advance()
                style.range = keyword.range.union(token.range)
                return style
            }
            if token.kind == .end || (token.kind == .word && startsLine(token) && (Parser.trackKeywords.contains(text(token)) || Parser.headerKeywords.contains(text(token)))) {
                error(.unclosedBlock, "expected '}' to close style '\(id.text)' before \(describe(token))", at: open.range)
                style.range = keyword.range.union(tokens[max(0, position - 1)].range)
                return style
            }
            guard isWord(token, "part") else {
                error(.unexpectedToken, "expected 'part NAME METER { pattern }' or '}' in style '\(id.text)', found \(describe(token))" + hint(token, among: ["part"]), at: token.range)
                advance()
                skipToNextPart()
                continue
            }
            if let part = parseStylePart() { style.parts.append(part) }
        }
    }

    /// Skips to the next `part`, or to the closing brace of the style (not past it).
    mutating func skipToNextPart() {
        var depth = 0
        while current.kind != .end {
            switch current.kind {
            case .leftBrace: depth += 1
            case .rightBrace:
                if depth == 0 { return }
                depth -= 1
            case .word where depth == 0 && isWord(current, "part"): return
            default: break
            }
            advance()
        }
    }

    /// `part NAME N/D { pattern }` (the current token is `part`).
    mutating func parseStylePart() -> StylePartSyntax? {
        let keyword = advance()
        guard current.kind == .word else {
            error(.expectedToken, "expected a part name after 'part', found \(describe(current))", at: current.range)
            skipToNextPart()
            return nil
        }
        let nameToken = advance()
        let name = Name(text(nameToken), nameToken.range)
        guard current.kind == .number, peek().kind == .slash, peek(2).kind == .number else {
            error(.expectedToken, "expected the part's meter such as 4/4 after '\(name.text)', found \(describe(current))", at: current.range)
            skipToNextPart()
            return nil
        }
        let numeratorToken = advance()
        advance()
        let denominatorToken = advance()
        guard let numerator = integer(numeratorToken), let denominator = integer(denominatorToken) else { skipToNextPart(); return nil }
        guard current.kind == .leftBrace else {
            error(.expectedToken, "expected '{' to open the pattern of part '\(name.text)', found \(describe(current))", at: current.range)
            skipToNextPart()
            return nil
        }
        let open = advance()
        let outerKind = trackKind
        trackKind = .melody
        readsPattern = true
        patternKind = nil
        let body = parseBody(open: open)
        readsPattern = false
        trackKind = outerKind
        let last = tokens[max(0, position - 1)]
        let textEnd = last.kind == .rightBrace ? last.range.start : last.range.end
        let written = text(SourceRange(open.range.end, max(open.range.end, textEnd)))
        let trimmed = String(written.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " "))
        return StylePartSyntax(name: name, numerator: numerator, denominator: denominator, body: body, text: trimmed, kind: patternKind,
                               range: keyword.range.union(last.range))
    }

    /// `comp SOURCE STYLE.PART` in a track body (the current token is `comp`).
    mutating func parseComp() -> CompSyntax? {
        let keyword = advance()
        guard current.kind == .word, peek().kind == .word, peek(2).kind == .dot, peek(3).kind == .word else {
            error(.expectedToken, "expected 'comp SOURCE STYLE.PART' (for example 'comp lead pop.piano'), found \(describe(current))", at: current.kind == .end ? keyword.range : current.range)
            skipInTrack()
            return nil
        }
        let sourceToken = advance()
        guard let source = identifier(sourceToken, what: "a track ID") else { skipInTrack(); return nil }
        let styleToken = advance()
        advance()
        let partToken = advance()
        return CompSyntax(source: source, style: Name(text(styleToken), styleToken.range), part: Name(text(partToken), partToken.range),
                          range: keyword.range.union(partToken.range))
    }

    /// The sound of a word in a pattern: a chord-tone word or a drum name (`letters`, the word
    /// before its duration); nil, reported, for anything else. The first sound decides the
    /// pattern's kind; a sound of the other kind is an error.
    mutating func patternSound(_ letters: String, at range: SourceRange) -> Sound? {
        let sound: Sound
        if let tone = ChordTone(rawValue: letters) {
            sound = .chordTone(tone)
        } else if let key = DrumNames.key(named: letters) {
            sound = .drum(UInt8(key))
        } else {
            let words = ChordTone.allCases.map(\.rawValue)
            error(.patternElementNotAllowed, "expected a chord-tone word (\(words.joined(separator: ", "))) or a drum name in a pattern, found '\(letters)'"
                  + Suggestion.hint(for: letters, among: words + DrumNames.allNames), at: range)
            return nil
        }
        let kind: TrackKind = if case .drum = sound { .drums } else { .melody }
        if let patternKind, patternKind != kind {
            error(.patternMixesKinds, "a pattern plays chord-tone words or drum names, not both: '\(letters)' in a pattern of \(patternKind == .drums ? "drum names" : "chord-tone words")", at: range)
            return nil
        }
        patternKind = kind
        return sound
    }

    /// Reports what a pattern cannot hold (`what`: "a tempo change", …).
    mutating func refuseInPattern(_ what: String, at range: SourceRange) {
        error(.patternElementNotAllowed, "\(what) cannot stand in a style's pattern: patterns play chord-tone words or drum names", at: range)
    }
}
