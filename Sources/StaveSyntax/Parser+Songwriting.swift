/// The v2 songwriting syntax: chord symbols inside chord brackets, header markers and lyrics
/// statements (LANGUAGE.md "Songwriting (v2)").
extension Parser {
    // MARK: - Chord symbols

    /// A word that starts with an upper-case letter (consumed): a chord symbol inside a chord
    /// of a melody track, an error outside one or on a drum track. Nil when the word is left
    /// to the pitch and drum rules (which report it); `.some(nil)` when it was reported here.
    mutating func parseUpperCaseWord(_ token: Token, wordEnd: Int, underscores: Int, in context: Context) -> BodyElement?? {
        let tail = symbolTail(wordEnd: wordEnd, underscores: underscores)
        let text = String(decoding: bytes[token.range.start..<wordEnd], as: UTF8.self) + tail.text
        let range = SourceRange(token.range.start, tail.end)
        let trailing = tail.extra > 0 ? tail.trailing : underscores
        let extra = tail.extra
        let parsed = ChordSymbol.parse(text)
        let isLetterAG = bytes[token.range.start] <= UInt8(ascii: "G")
        if trackKind == .drums {
            guard context == .chord, case .success = parsed else { return .none }
            for _ in 0..<extra { advance() }
            skipGluedLength()
            error(.chordSymbolInDrums, "chord symbols belong to melody tracks, not drum tracks: '\(text)'", at: range)
            return .some(nil)
        }
        guard context == .chord else {
            guard isLetterAG else { return .none }
            for _ in 0..<extra { advance() }
            let written = self.text(SourceRange(token.range.start, extra > 0 ? tokens[position - 1].range.end : wordEnd))
            var symbolPart = Substring(written)
            var duration = ""
            while let last = symbolPart.last, last.isNumber, ChordSymbol.parse(String(symbolPart)).isFailure { duration = String(last) + duration; symbolPart = symbolPart.dropLast() }
            skipGluedLength()
            let suggestion = ChordSymbol.parse(String(symbolPart)).isFailure ? "" : ": write '[\(symbolPart)]\(duration)'"
            error(.chordSymbolOutsideChord, "a chord symbol stands inside a chord bracket, and pitches are lower case: found '\(written)'" + suggestion, at: token.range.union(tokens[position - 1].range))
            return .some(nil)
        }
        for _ in 0..<extra { advance() }
        switch parsed {
        case .success(let symbol):
            let endToken = tokens[position - 1]
            let (marks, tie, itemRange, velocity) = parseItemEnding(after: endToken, underscores: trailing, in: context)
            let memberRange = range.union(itemRange)
            return .some(BodyElement(.member(ChordMember(.chordSymbol(symbol), tie: tie != nil, marks: marks, velocity: velocity, range: memberRange)), memberRange))
        case .failure(let problem):
            skipGluedLength()
            switch problem {
            case .notARoot:
                error(.invalidChordSymbol, "'\(text)' is not a chord symbol: its root must be an upper-case letter A–G (pitches are lower case)", at: range)
            case .badBass(let bass):
                error(.invalidChordSymbol, "'\(text)' is not a chord symbol: the bass after '/' must be a letter A–G with at most one # or b, found '\(bass)'", at: range)
            case .unknownQuality(let quality):
                let second = text.dropFirst().first
                let root = String(text.prefix(second == "#" || second == "b" ? 2 : 1))
                if let value = Int(quality), quality.first != "0", [1, 2, 4, 8, 16, 32, 64].contains(value) {
                    error(.durationNotAllowed, "durations are not allowed inside a chord: write '[\(root)]\(quality)'", at: range)
                } else {
                    let bass = text.dropFirst(root.count + quality.count)
                    error(.unknownChordQuality, "unknown chord quality '\(quality)' in '\(text)'" + Parser.qualityHint(quality, root: root, bass: bass), at: range)
                }
            }
            return .some(nil)
        }
    }

    /// What follows a chord symbol's word glued to it (not consumed): `/9` after a word that
    /// ends in `6` (`C6/9`: that `/` is no bass), then `/BASS` (or a `/` alone, which the
    /// symbol's reading reports). `end` is where the symbol's text ends, `trailing` counts the
    /// `_` after the bass, `extra` the tokens after the word that belong to the symbol.
    func symbolTail(wordEnd: Int, underscores: Int) -> (text: String, end: Int, trailing: Int, extra: Int) {
        guard underscores == 0 else { return ("", wordEnd, 0, 0) }
        var text = ""
        var end = wordEnd
        var trailing = 0
        var extra = 0
        if bytes[wordEnd - 1] == UInt8(ascii: "6"), current.kind == .slash, !current.spaceBefore {
            let nine = peek()
            if nine.kind == .number, !nine.spaceBefore, nine.range.end - nine.range.start == 1, bytes[nine.range.start] == UInt8(ascii: "9") {
                text = "/9"
                end = nine.range.end
                extra = 2
            }
        }
        let slash = peek(extra)
        if slash.kind == .slash, !slash.spaceBefore {
            let bass = peek(extra + 1)
            if bass.kind == .word, !bass.spaceBefore {
                var bassEnd = bass.range.end
                while bassEnd > bass.range.start, bytes[bassEnd - 1] == UInt8(ascii: "_") { bassEnd -= 1 }
                text += "/" + String(decoding: bytes[bass.range.start..<bassEnd], as: UTF8.self)
                end = bassEnd
                trailing = bass.range.end - bassEnd
                extra += 2
            } else {
                text += "/"
                end = slash.range.end
                extra += 1
            }
        }
        return (text, end, trailing, extra)
    }

    /// Reports a lower-case word in a chord of a melody track that is no pitch (`am7`, `c7`) but
    /// is a chord symbol once its first letter is upper case, a glued `/BASS` with it (`am7/g`
    /// is `Am7/G`), and steps over it. False, consuming nothing, for any other word.
    mutating func reportLowerCaseSymbol(_ token: Token, wordEnd: Int) -> Bool {
        let tail = symbolTail(wordEnd: wordEnd, underscores: token.range.end - wordEnd)
        let word = String(decoding: bytes[token.range.start..<wordEnd], as: UTF8.self) + tail.text
        // Upper case: the root's letter, and the bass's after the last `/` (not the `9` of `6/9`).
        var symbol = word.prefix(1).uppercased() + word.dropFirst()
        if let slash = symbol.lastIndex(of: "/"), symbol[symbol.index(after: slash)...].first?.isLetter == true {
            let bass = symbol[symbol.index(after: slash)...]
            symbol = symbol[...slash] + bass.prefix(1).uppercased() + bass.dropFirst()
        }
        guard case .success = ChordSymbol.parse(symbol) else { return false }
        for _ in 0..<tail.extra { advance() }
        skipGluedLength()
        let range = SourceRange(token.range.start, tail.end)
        error(.invalidChordSymbol, "'\(word)' is no pitch, and chord symbols start with an upper-case root: did you mean '[\(symbol)]'?", at: range)
        return true
    }

    /// "; did you mean 'Cm7'?" for a quality written another way with the same meaning
    /// (`Quality.sameMeaning`: `min7`, `M7`, `7sus`, `m7(b5)`), else the list of qualities:
    /// never a guess by spelling alone, which could name another chord (`-7` is not `7`).
    /// `bass` is what follows the quality (`/E` or nothing), kept in the suggestion.
    static func qualityHint(_ quality: String, root: String, bass: Substring = "") -> String {
        if let meant = ChordSymbol.Quality.sameMeaning(as: Substring(quality)) {
            return "; did you mean '\(root)\(meant.rawValue)\(bass)'?"
        }
        let qualities = ChordSymbol.Quality.allCases.map(\.rawValue).filter { !$0.isEmpty }
        return ": the qualities are none, " + qualities.joined(separator: ", ")
    }

    /// Steps over what may be glued to a word that failed: dots, marks, `~` and durations, so
    /// that one mistake gives one error.
    mutating func skipGluedLength() {
        while !current.spaceBefore {
            switch current.kind {
            case .dot, .apostrophe, .caret, .tilde, .number: advance()
            case .word where isUnderscores(current): advance()
            default: return
            }
        }
    }
}

extension Result {
    /// True for a failure.
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

/// The v2 statements: header markers and lyrics.
extension Parser {
    /// A lyrics string holds at most this many bytes (rule 16).
    public static let maximumLyricsBytes = 100_000

    /// `marker "text" at BAR` in the header (the current token is `marker`).
    mutating func parseHeaderMarker() -> HeaderStatement? {
        let keyword = advance()
        guard current.kind == .string else {
            error(.expectedToken, "expected the marker's text in quotes after 'marker', found \(describe(current))", at: current.kind == .end ? keyword.range : current.range)
            skipToTopLevel()
            return nil
        }
        let text = advance()
        switch parseAt() {
        case .none:
            error(.markerWithoutBar, "a marker in the header needs its bar: write 'marker \(self.text(text.range)) at BAR', or put the marker inside a phrase body", at: keyword.range.union(text.range))
            return nil
        case .some(nil):
            skipToTopLevel()
            return nil
        case .some(let bar?):
            return HeaderStatement(.marker(unquote(text), at: bar), range: keyword.range.union(bar.range), keywordRange: keyword.range)
        }
    }

    /// `lyrics ID "text" ["text" …]` in a track body (the current token is `lyrics`). On a drum
    /// track the statement is reported here and left out of the tree.
    mutating func parseLyrics() -> LyricsSyntax? {
        let keyword = advance()
        // A statement keyword is the next statement, unless words follow it (`lyrics legato "…"`).
        let startsStatement = SettingKind(rawValue: text(current)) != nil || Parser.phraseKeywords.contains(text(current)) || isWord(current, "lyrics") || Parser.trackKeywords.contains(text(current))
        guard current.kind == .word, !startsStatement || peek().kind == .string || isWord(peek(), "from") else {
            error(.expectedToken, "expected the ID of a phrase after 'lyrics', found \(describe(current))", at: current.kind == .end ? keyword.range : current.range)
            skipInTrack()
            return nil
        }
        let idToken = advance()
        guard let phrase = identifier(idToken, what: "a phrase ID") else {
            skipInTrack()
            return nil
        }
        if isWord(current, "from") {
            return parseLyricsSource(keyword: keyword, phrase: phrase)
        }
        guard current.kind == .string else {
            error(.expectedToken, "expected the words in quotes (or 'from TRACK.ID') after 'lyrics \(phrase.text)', found \(describe(current))", at: current.kind == .end ? idToken.range : current.range)
            skipInTrack()
            return nil
        }
        var verses: [String] = []
        var ranges: [SourceRange] = []
        var barChecks: [[Int]] = []
        var tooLong = false
        var unterminated = false
        while current.kind == .string {
            let string = advance()
            // Reported by the lexer; its verse would only bring echoes (too few syllables).
            if !isClosed(string) { unterminated = true }
            if string.range.end - string.range.start > Parser.maximumLyricsBytes + 2 {
                let verse = unquote(string)
                if verse.utf8.count > Parser.maximumLyricsBytes {
                    error(.limitExceeded, "a lyrics string holds \(verse.utf8.count) bytes; the limit is \(Parser.maximumLyricsBytes)", at: SourceRange(string.range.start, string.range.start + 1))
                    tooLong = true
                    continue
                }
                verses.append(verse)
            } else {
                verses.append(unquote(string))
            }
            ranges.append(string.range)
            barChecks.append(verses[verses.count - 1].utf8.contains(UInt8(ascii: "|"))
                ? (string.range.start..<string.range.end).filter { bytes[$0] == UInt8(ascii: "|") } : [])
        }
        let range = keyword.range.union(tokens[position - 1].range)
        if trackKind == .drums {
            error(.lyricsInDrums, "lyrics belong to melody tracks: a drum track sings no words", at: keyword.range)
            return nil
        }
        if tooLong || unterminated { return nil }
        return LyricsSyntax(phrase: phrase, verses: verses, verseRanges: ranges, barCheckOffsets: barChecks, range: range)
    }

    /// `from [TRACK.]ID2` after `lyrics ID` (the current token is `from`).
    private mutating func parseLyricsSource(keyword: Token, phrase: Name) -> LyricsSyntax? {
        let from = advance()
        guard current.kind == .word else {
            error(.expectedToken, "expected the phrase whose lyrics to sing after 'from' ('from TRACK.ID'), found \(describe(current))", at: current.kind == .end ? from.range : current.range)
            skipInTrack()
            return nil
        }
        guard let (trackName, sourcePhrase, phraseToken) = parsePhraseReference() else { return nil }
        let range = keyword.range.union(phraseToken.range)
        if trackKind == .drums {
            error(.lyricsInDrums, "lyrics belong to melody tracks: a drum track sings no words", at: keyword.range)
            return nil
        }
        return LyricsSyntax(phrase: phrase, verses: [], verseRanges: [], source: (trackName, sourcePhrase), range: range)
    }
}
