/// Header statements and track blocks.
extension Parser {
    mutating func parseSong() -> SongSyntax {
        var song = SongSyntax()
        while current.kind != .end {
            let token = current
            if token.kind == .word {
                let word = text(token)
                if Parser.headerKeywords.contains(word) {
                    if let statement = parseHeaderStatement(word) { song.header.append(statement) }
                    continue
                }
                if Parser.trackKeywords.contains(word) {
                    if let track = parseTrack() { song.tracks.append(track) }
                    continue
                }
                if word == "marker" {
                    if let statement = parseHeaderMarker() { song.header.append(statement) }
                    continue
                }
                // Stave 3 feel: `swing …` / `humanize …` for every track (Parser+Feel).
                if Parser.feelWords.contains(word) {
                    if let (feel, range, keywordRange) = parseFeel(inTrack: false) { song.header.append(HeaderStatement(.feel(feel), range: range, keywordRange: keywordRange)) }
                    continue
                }
                // Stave 3 form: `repeat bars …` and `segno/dc/ds/fine/to-coda/coda at BAR`.
                if startsFormStatement(word) {
                    if let statement = parseFormStatement(word) { song.header.append(statement) }
                    continue
                }
                if word == "transpose", peek().kind == .number {
                    if let statement = parseHeaderTranspose() { song.header.append(statement) }
                    continue
                }
                // Accompaniment (v3): `style ID { … }`.
                if startsStyle() {
                    if let style = parseStyle() { song.styles.append(style) }
                    continue
                }
            }
            error(.unexpectedToken, "expected a header statement, 'track' or 'drums', found \(describe(token))" + hint(token, among: Parser.topLevelWords), at: token.range)
            advance()
            skipToTopLevel()
        }
        song.texts = texts
        return song
    }

    /// Skips tokens until a header keyword or track keyword at brace depth 0, or a word at
    /// depth 0 that starts a line (most likely the next statement, perhaps misspelled too, so
    /// that a second typo on a later line is reported as well).
    mutating func skipToTopLevel() {
        var depth = 0
        while current.kind != .end {
            switch current.kind {
            case .leftBrace: depth += 1
            case .rightBrace: depth = max(0, depth - 1)
            case .word where depth == 0:
                let word = text(current)
                if Parser.headerKeywords.contains(word) || Parser.trackKeywords.contains(word) || word == "marker" || Parser.feelWords.contains(word) || word == "transpose" || startsLine(current) { return }
            default: break
            }
            advance()
        }
    }

    /// Parses `at BAR` when the current token is `at`.
    mutating func parseAt() -> NumberSyntax?? {
        guard isWord(current, "at") else { return .none }
        let keyword = advance()
        guard current.kind == .number else {
            error(.expectedToken, "expected a bar number after 'at', found \(describe(current))", at: current.kind == .end ? keyword.range : current.range)
            return .some(nil)
        }
        return .some(integer(advance()))
    }

    mutating func parseHeaderStatement(_ word: String) -> HeaderStatement? {
        let keyword = advance()
        let start = keyword.range
        func finish(_ kind: HeaderStatement.Kind, _ parser: Parser) -> HeaderStatement {
            let end = parser.tokens[max(0, parser.position - 1)].range
            return HeaderStatement(kind, range: start.union(end), keywordRange: keyword.range)
        }
        switch word {
        case "title", "composer":
            guard current.kind == .string else {
                error(.expectedToken, "expected a string in quotes after '\(word)', found \(describe(current))", at: current.range)
                skipToTopLevel()
                return nil
            }
            let value = unquote(advance())
            return finish(word == "title" ? .title(value) : .composer(value), self)
        case "tempo":
            guard current.kind == .number || current.kind == .decimal else {
                error(.expectedToken, "expected beats per minute after 'tempo', found \(describe(current))", at: current.range)
                skipToTopLevel()
                return nil
            }
            guard let bpm = decimal(advance()) else { skipToTopLevel(); return nil }
            switch parseAt() {
            case .none: return finish(.tempo(bpm, at: nil), self)
            case .some(let bar?):
                guard current.kind == .number, bytes[current.range.start] == UInt8(ascii: "-") else { return finish(.tempo(bpm, at: bar), self) }
                // `tempo BPM at A-B`: the lexer reads `-B` as one number.
                guard current.range.start == bar.range.end else {
                    error(.expectedToken, "expected a tempo ramp's bars as A-B without spaces, found a space before \(describe(current))", at: current.range)
                    skipToTopLevel()
                    return nil
                }
                guard let last = integer(advance()) else { skipToTopLevel(); return nil }
                var through = last
                through.value = -last.value
                through.range.start += 1
                return finish(.tempo(bpm, at: bar, through: through), self)
            case .some(nil): skipToTopLevel(); return nil
            }
        case "meter":
            guard current.kind == .number, peek().kind == .slash, peek(2).kind == .number else {
                error(.expectedToken, "expected a time signature such as 4/4 after 'meter', found \(describe(current))", at: current.range)
                skipToTopLevel()
                return nil
            }
            let numerator = integer(advance())
            advance()
            let denominator = integer(advance())
            guard let n = numerator, let d = denominator else { skipToTopLevel(); return nil }
            switch parseAt() {
            case .none: return finish(.meter(numerator: n, denominator: d, at: nil), self)
            case .some(let bar?): return finish(.meter(numerator: n, denominator: d, at: bar), self)
            case .some(nil): skipToTopLevel(); return nil
            }
        case "key":
            guard current.kind == .word, let spelling = pitchSpelling(text(current)) else {
                error(.invalidKey, "expected a key tonic such as 'd', 'f#' or 'bb' after 'key', found \(describe(current))", at: current.range)
                skipToTopLevel()
                return nil
            }
            let tonic = advance()
            var mode = KeyMode.major
            if isWord(current, "major") { advance() } else if isWord(current, "minor") { advance(); mode = .minor }
            switch parseAt() {
            case .none: return finish(.key(tonic: spelling, tonicRange: tonic.range, mode: mode), self)
            case .some(let bar?): return finish(.keyChange(tonic: spelling, tonicRange: tonic.range, mode: mode, at: bar), self)
            case .some(nil): skipToTopLevel(); return nil
            }
        default: // ppq
            guard current.kind == .number else {
                error(.expectedToken, "expected ticks per quarter note after 'ppq', found \(describe(current))", at: current.range)
                skipToTopLevel()
                return nil
            }
            guard let value = integer(advance()) else { skipToTopLevel(); return nil }
            return finish(.ppq(value), self)
        }
    }

    /// A string token's value without quotes, escapes resolved.
    /// True when a string token ends at its closing quote (the lexer reported one that does not).
    func isClosed(_ token: Token) -> Bool {
        var scan = token.range.start + 1
        while scan < token.range.end {
            if bytes[scan] == UInt8(ascii: "\\") { scan += 2; continue }
            if bytes[scan] == UInt8(ascii: "\"") { return scan == token.range.end - 1 }
            scan += 1
        }
        return false
    }

    func unquote(_ token: Token) -> String {
        let bytes = bytes[token.range.start..<token.range.end]
        var end = bytes.endIndex
        var index = bytes.startIndex + 1
        var closed = false
        // Find the closing quote, stepping over escapes.
        var scan = index
        var escaped = false
        while scan < bytes.endIndex {
            if bytes[scan] == UInt8(ascii: "\\") { scan += 2; escaped = true; continue }
            if bytes[scan] == UInt8(ascii: "\"") { closed = true; break }
            scan += 1
        }
        if closed { end = scan }
        // The common case, no escape: the text is the bytes between the quotes.
        guard escaped else { return String(decoding: bytes[index..<max(index, end)], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - index)
        while index < end {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < end {
                out.append(bytes[index + 1])
                index += 2
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a pitch letter with at most two accidentals (no duration): `f#`, `bb`, `en`.
    func pitchSpelling(_ word: String) -> PitchSpelling? {
        let bytes = Array(word.utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "g") else { return nil }
        guard let accidental = Parser.accidental(bytes[1...]) else { return nil }
        return PitchSpelling(letter: Character(Unicode.Scalar(first)), accidental: accidental)
    }

    /// Reads accidental characters: nil when invalid, `.some(nil)` when none are written.
    static func accidental<Marks: RandomAccessCollection>(_ bytes: Marks) -> Int?? where Marks.Element == UInt8, Marks.Index == Int {
        let sharp = UInt8(ascii: "#"), flat = UInt8(ascii: "b"), natural = UInt8(ascii: "n")
        switch bytes.count {
        case 0: return .some(nil)
        case 1:
            let mark = bytes[bytes.startIndex]
            return mark == sharp ? 1 : mark == flat ? -1 : mark == natural ? 0 : nil
        case 2:
            let a = bytes[bytes.startIndex], b = bytes[bytes.startIndex + 1]
            return a == sharp && b == sharp ? 2 : a == flat && b == flat ? -2 : nil
        default:
            return nil
        }
    }

    // MARK: - Tracks

    mutating func parseTrack() -> TrackSyntax? {
        let keyword = advance()
        let kind: TrackKind = isWord(keyword, "drums") ? .drums : .melody
        trackKind = kind
        guard current.kind == .word else {
            error(.expectedToken, "expected a track ID after '\(text(keyword))', found \(describe(current))", at: current.range)
            skipToTopLevel()
            return nil
        }
        let idToken = advance()
        let id = identifier(idToken, what: "a track ID") ?? Name(text(idToken), idToken.range)
        var displayName: String?
        if current.kind == .string { displayName = unquote(advance()) }
        guard current.kind == .leftBrace else {
            error(.expectedToken, "expected '{' to open track '\(id.text)', found \(describe(current))", at: current.range)
            skipToTopLevel()
            return nil
        }
        let open = advance()
        var track = TrackSyntax(kind: kind, id: id, displayName: displayName, range: keyword.range)
        while true {
            let token = current
            if token.kind == .rightBrace {
                advance()
                track.range = keyword.range.union(token.range)
                return track
            }
            if token.kind == .end || (token.kind == .word && (Parser.trackKeywords.contains(text(token)) || Parser.headerKeywords.contains(text(token)) && !isWord(token, "tempo"))) {
                error(.unclosedBlock, "expected '}' to close track '\(id.text)' before \(describe(token))", at: open.range)
                track.range = keyword.range.union(tokens[max(0, position - 1)].range)
                return track
            }
            if token.kind == .word {
                let word = text(token)
                // Stave 3 feel: the track's own `swing …` / `humanize …` (Parser+Feel).
                if Parser.feelWords.contains(word) {
                    if let (feel, range, keywordRange) = parseFeel(inTrack: true) {
                        track.settings.append(SettingSyntax(kind: word == "swing" ? .swing : .humanize, value: .feel(feel),
                                                            valueRange: SourceRange(keywordRange.end, range.end), range: range))
                    }
                    continue
                }
                if let setting = SettingKind(rawValue: word) {
                    if let parsed = parseSetting(setting) { track.settings.append(parsed) }
                    continue
                }
                if Parser.phraseKeywords.contains(word) {
                    if let phrase = parsePhraseStatement(word) { track.phrases.append(phrase) }
                    continue
                }
                if word == "lyrics" {
                    if let lyrics = parseLyrics() { track.lyrics.append(lyrics) }
                    continue
                }
                if word == "pattern", peek().kind == .word {
                    if let pattern = parsePattern() { track.phrases.append(pattern) }
                    continue
                }
                // Accompaniment (v3): `comp SOURCE STYLE.PART`.
                if word == "comp" {
                    if let comp = parseComp() { track.comps.append(comp) }
                    continue
                }
            }
            error(.unexpectedToken, "expected a setting, 'phrase', 'repeat', 'sync' or '}' in track '\(id.text)', found \(describe(token))" + hint(token, among: Parser.trackBodyWords), at: token.range)
            advance()
            skipInTrack()
        }
    }

    /// Skips to the next setting or phrase keyword, or the closing brace, of the current track,
    /// or to a word at depth 0 that starts a line (see `skipToTopLevel`).
    mutating func skipInTrack() {
        var depth = 0
        while current.kind != .end {
            switch current.kind {
            case .leftBrace: depth += 1
            case .rightBrace:
                if depth == 0 { return }
                depth -= 1
            case .word where depth == 0:
                let word = text(current)
                if SettingKind(rawValue: word) != nil || Parser.phraseKeywords.contains(word) || Parser.trackKeywords.contains(word) || word == "lyrics" || word == "pattern" || word == "comp" || startsLine(current) { return }
            default: break
            }
            advance()
        }
    }

    mutating func parseSetting(_ kind: SettingKind) -> SettingSyntax? {
        let keyword = advance()
        let token = current
        switch token.kind {
        case .number where kind != .staff:
            advance()
            guard let number = integer(token) else { return nil }
            return SettingSyntax(kind: kind, value: .number(number.value), valueRange: token.range, range: keyword.range.union(token.range))
        case .word where kind == .staff:
            // `staff PART [N]`: the part is an identifier, the staff number optional.
            advance()
            let part = identifier(token, what: "a part name")
            var number: NumberSyntax?
            var numberFailed = false
            if current.kind == .number {
                number = integer(advance())
                numberFailed = number == nil
            }
            guard let part, !numberFailed else { return nil }
            return SettingSyntax(kind: kind, value: .name(part.text), valueRange: token.range,
                                 range: keyword.range.union(number?.range ?? token.range), staffNumber: number)
        case .word where kind == .instrument || kind == .kit || kind == .symbols:
            advance()
            return SettingSyntax(kind: kind, value: .name(text(token)), valueRange: token.range, range: keyword.range.union(token.range))
        default:
            let expected = kind == .instrument ? "an instrument name or program number" : kind == .kit ? "a kit name or program number" : kind == .staff ? "a part name" : kind == .symbols ? "'on' or 'off'" : "a number"
            error(.expectedToken, "expected \(expected) after '\(kind.rawValue)', found \(describe(token))", at: token.range)
            skipInTrack()
            return nil
        }
    }

    // MARK: - Phrase statements

    mutating func parsePhraseStatement(_ word: String) -> PhraseStatement? {
        let keyword = advance()
        switch word {
        case "phrase":
            var id: Name?
            if current.kind == .word, !isWord(current, "at") {
                let token = advance()
                id = identifier(token, what: "a phrase ID")
            }
            var at: NumberSyntax?
            switch parseAt() {
            case .some(let bar?): at = bar
            case .some(nil): skipInTrack(); return nil
            case .none: break
            }
            guard current.kind == .leftBrace else {
                error(.expectedToken, "expected '{' to open the phrase body, found \(describe(current))", at: current.range)
                skipInTrack()
                return nil
            }
            let open = advance()
            let body = parseBody(open: open)
            return PhraseStatement(.original(id: id, body: body), at: at, range: keyword.range.union(tokens[max(0, position - 1)].range), keywordRange: keyword.range)
        case "repeat":
            guard current.kind == .word else {
                error(.expectedToken, "expected the ID of a phrase to repeat, found \(describe(current))", at: current.range)
                skipInTrack()
                return nil
            }
            let sourceToken = advance()
            guard let sourceName = identifier(sourceToken, what: "a phrase ID") else { skipInTrack(); return nil }
            var count: NumberSyntax?
            var at: NumberSyntax?
            var failed = false
            for _ in 0..<2 {
                if count == nil, current.kind == .word, let parsed = repeatCount(current) {
                    advance()
                    if let parsed { count = parsed } else { failed = true }
                } else if at == nil, isWord(current, "at") {
                    switch parseAt() {
                    case .some(let bar?): at = bar
                    default: failed = true
                    }
                }
            }
            if failed { skipInTrack(); return nil }
            return PhraseStatement(.repeat(source: sourceName, count: count), at: at, range: keyword.range.union(tokens[max(0, position - 1)].range), keywordRange: keyword.range)
        default: // sync
            guard current.kind == .word else {
                error(.expectedToken, "expected the ID of a phrase to sync, found \(describe(current))", at: current.range)
                skipInTrack()
                return nil
            }
            guard let (trackName, phraseName, _) = parsePhraseReference() else { return nil }
            var transpose: NumberSyntax?
            var at: NumberSyntax?
            var failed = false
            for _ in 0..<2 {
                if transpose == nil, isWord(current, "transpose") {
                    let word = advance()
                    if current.kind == .number {
                        if let value = integer(advance()) { transpose = value } else { failed = true }
                    } else {
                        error(.expectedToken, "expected a number of semitones after 'transpose', found \(describe(current))", at: current.kind == .end ? word.range : current.range)
                        failed = true
                    }
                } else if at == nil, isWord(current, "at") {
                    switch parseAt() {
                    case .some(let bar?): at = bar
                    default: failed = true
                    }
                }
            }
            if failed { skipInTrack(); return nil }
            return PhraseStatement(.sync(track: trackName, phrase: phraseName, transpose: transpose), at: at, range: keyword.range.union(tokens[max(0, position - 1)].range), keywordRange: keyword.range)
        }
    }

    /// `x7` → 7. Returns nil when the word is not a count, `.some(nil)` when it is one but too large.
    mutating func repeatCount(_ token: Token) -> NumberSyntax?? {
        let bytes = bytes[token.range.start..<token.range.end]
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "x"), bytes.dropFirst().allSatisfy(Lexer.isDigit) else { return nil }
        if bytes.count > 13 {
            error(.numberTooLarge, "repeat count \(describe(token)) is too large (at most x10000)", at: token.range)
            return .some(nil)
        }
        let value = bytes.dropFirst().reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return .some(NumberSyntax(value, token.range))
    }
}

extension Parser {
    /// `[TRACK.]ID` naming a phrase, as `sync` and `lyrics … from` write it (the current token is
    /// a word): the track's name when one is written, the phrase's name and its token; nil, after
    /// skipping to the next statement of the track, when either is no identifier.
    mutating func parsePhraseReference() -> (track: Name?, phrase: Name, token: Token)? {
        var trackName: Name?
        var phraseToken = advance()
        if current.kind == .dot, peek().kind == .word {
            guard let name = identifier(phraseToken, what: "a track ID") else { skipInTrack(); return nil }
            trackName = name
            advance()
            phraseToken = advance()
        }
        guard let phrase = identifier(phraseToken, what: "a phrase ID") else { skipInTrack(); return nil }
        return (trackName, phrase, phraseToken)
    }
}
