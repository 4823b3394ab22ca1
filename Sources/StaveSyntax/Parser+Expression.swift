/// The v2 body syntax: articulation marks, grace groups, pedal/controller/bend commands,
/// markers and chord symbols (LANGUAGE.md "Expression (v2)", "Songwriting (v2)").
extension Parser {
    /// At most this many grace items (pitches and chords) before one note (rule 16).
    public static let maximumGraceItems = 64

    // MARK: - Articulation marks

    /// True for a word made of `_` only: tenuto marks that follow a mark or dots (`c4'_`, `c4._`).
    func isUnderscores(_ token: Token) -> Bool {
        guard token.kind == .word else { return false }
        for index in token.range.start..<token.range.end where bytes[index] != UInt8(ascii: "_") { return false }
        return true
    }

    /// True when the current token is a mark glued to what stands before it.
    var atGluedMark: Bool {
        let token = current
        guard !token.spaceBefore else { return false }
        return token.kind == .apostrophe || token.kind == .caret || (token.kind == .word && bytes[token.range.start] == UInt8(ascii: "_"))
    }

    /// Reads the marks glued after `token`: `underscores` tenuto marks at the end of its own
    /// word (`c4_`), then `'`, `^` and `_` tokens. Reports a mark written twice and `'` with
    /// `_` (once per note) when `reporting`; returns the valid marks and where they all stand.
    mutating func readMarks(after token: Token, underscores: Int, reporting: Bool) -> (marks: NoteMarks, range: SourceRange?) {
        var marks: NoteMarks = []
        var range: SourceRange?
        var reported = false
        func add(_ mark: NoteMarks, at markRange: SourceRange, _ parser: inout Parser) {
            range = range.map { $0.union(markRange) } ?? markRange
            guard !reported else { return }
            if marks.contains(mark) {
                if reporting { parser.error(.duplicateMark, "the mark '\(parser.source.text(markRange))' is written twice: each mark stands at most once", at: markRange) }
                reported = true
            } else if (mark == .staccato && marks.contains(.tenuto)) || (mark == .tenuto && marks.contains(.staccato)) {
                if reporting { parser.error(.conflictingMarks, "staccato ''' and tenuto '_' cannot mark the same note: keep one", at: markRange) }
                reported = true
            } else {
                marks.insert(mark)
            }
        }
        for offset in 0..<underscores {
            let start = token.range.end - underscores + offset
            add(.tenuto, at: SourceRange(start, start + 1), &self)
        }
        while atGluedMark {
            let mark = advance()
            switch mark.kind {
            case .apostrophe: add(.staccato, at: mark.range, &self)
            case .caret: add(.accent, at: mark.range, &self)
            default:
                guard isUnderscores(mark) else {
                    // `[c e]_2`: a word that starts with `_` but goes on.
                    error(.misplacedMark, "articulation marks follow the duration: \(describe(mark)) is not a mark", at: mark.range)
                    range = range.map { $0.union(mark.range) } ?? mark.range
                    reported = true
                    continue
                }
                for index in mark.range.start..<mark.range.end { add(.tenuto, at: SourceRange(index, index + 1), &self) }
            }
        }
        return (marks, range)
    }

    /// Reports marks glued after a `~` (they go before it) and steps over them.
    mutating func reportMarksAfterTie() {
        guard atGluedMark else { return }
        let first = current
        _ = readMarks(after: first, underscores: 0, reporting: false)
        error(.misplacedMark, "articulation marks go before '~': write them right after the duration", at: first.range.union(tokens[position - 1].range))
    }

    /// Reports a mark that follows nothing (`c4 '`, `| ^`); the token is already consumed.
    mutating func reportStrayMark(_ token: Token) {
        if token.spaceBefore, position >= 2, !elements.isEmpty {
            error(.misplacedMark, "an articulation mark follows its note directly: remove the space before \(describe(token))", at: token.range)
        } else {
            error(.misplacedMark, "an articulation mark must follow a note or chord, found \(describe(token))", at: token.range)
        }
    }

    // MARK: - Grace groups

    /// Parses a grace group `( … )` and the note or chord it decorates, and appends them (the
    /// group's header, its items, then the note). A group that fails is reported and dropped,
    /// and the note after it is still read. False when what was written is lost (an unclosed
    /// group, or a note after it that failed); true otherwise, even when nothing was appended.
    mutating func parseGrace(in context: Context, depth: Int) -> Bool {
        let open = advance()
        if context == .chord || context == .grace {
            error(context == .grace ? .graceItemNotAllowed : .unexpectedToken, context == .grace ? "grace groups do not nest" : "a chord cannot contain a grace group: write it before the chord", at: open.range)
            skipGraceGroup()
            return false
        }
        if depth >= Parser.maximumNesting {
            error(.nestingTooDeep, Parser.nestingTooDeepMessage, at: open.range)
            skipGraceGroup()
            return false
        }
        let header = elements.count
        let reports = drumNameReports.count
        elements.append(BodyElement(.invalid, open.range))
        var sounding = 0
        var hadInvalidItem = false
        let outerGrace = insideGrace
        insideGrace = true
        defer { insideGrace = outerGrace }
        while true {
            let token = current
            if token.kind == .rightParen { break }
            if token.kind == .end || token.kind == .rightBrace || token.kind == .bar || token.kind == .rightBracket || (token.kind == .word && isStatementKeyword(token)) {
                error(.unclosedBlock, "expected ')' to close the grace group before \(describe(token))", at: open.range)
                return dropGroup(from: header, reports: reports)
            }
            if token.kind == .number || token.kind == .decimal {
                advance()
                error(.graceItemNotAllowed, "durations are not allowed inside a grace group: grace notes take their length from the note they decorate", at: token.range)
                continue
            }
            let item = elements.count
            guard parseElement(in: .grace, depth: depth + 1), item < elements.count else {
                hadInvalidItem = true
                continue
            }
            switch elements[item].kind {
            case .note, .chord: sounding += 1
            case let kind where Parser.mayStandInGrace(kind): break
            default:
                let range = elements[item].range
                error(.graceItemNotAllowed, "a grace group holds only pitches, chords, octave and velocity commands, found '\(source.text(range))'", at: range)
                elements.removeLast(elements.count - item)
                hadInvalidItem = true
            }
        }
        let close = advance()
        insideGrace = outerGrace
        let groupRange = open.range.union(close.range)
        var keep = true
        if sounding == 0 {
            if !hadInvalidItem { error(.emptyGrace, "a grace group needs at least one pitch or chord: '\(source.text(groupRange).count > 20 ? "(…)" : source.text(groupRange))' has none", at: groupRange) }
            keep = false
        } else if sounding > Parser.maximumGraceItems {
            error(.limitExceeded, "a grace group holds \(sounding) grace notes; the limit is \(Parser.maximumGraceItems) before one note", at: groupRange)
            keep = false
        }
        elements[header] = BodyElement(.grace(items: UInt32(elements.count - header - 1)), groupRange)
        let next = current
        if next.kind == .end || next.kind == .rightBrace || next.kind == .rightBracket || next.kind == .rightParen || next.kind == .bar || next.kind == .number || next.kind == .decimal || (next.kind == .word && isStatementKeyword(next)) {
            if keep {
                let place = next.kind == .rightBrace || next.kind == .end ? "at the end of \(context == .tuplet ? "a tuplet" : "a phrase")" : "before \(describe(next))"
                error(.graceWithoutNote, "a grace group must stand directly before the note or chord it decorates, not \(place)", at: groupRange)
            }
            removeGrace(header: header, end: elements.count, reports: reports, reportsEnd: drumNameReports.count)
            return true
        }
        let noteStart = elements.count
        let noteReports = drumNameReports.count
        guard parseElement(in: context, depth: depth) else {
            removeGrace(header: header, end: noteStart, reports: reports, reportsEnd: noteReports)
            return false
        }
        guard noteStart < elements.count else {
            removeGrace(header: header, end: noteStart, reports: reports, reportsEnd: noteReports)
            return true
        }
        switch elements[noteStart].kind {
        case .note, .chord:
            break
        case .rest:
            if keep { error(.graceWithoutNote, "a grace group cannot stand before a rest: grace notes take their time from the note they decorate", at: groupRange) }
            keep = false
        case .grace:
            if keep { error(.graceWithoutNote, "two grace groups before one note: write them as one group", at: groupRange) }
            keep = false
        default:
            if keep { error(.graceWithoutNote, "a grace group must stand directly before the note or chord it decorates, not before '\(source.text(elements[noteStart].range))'", at: groupRange) }
            keep = false
        }
        if !keep { removeGrace(header: header, end: noteStart, reports: reports, reportsEnd: noteReports) }
        return true
    }

    /// True for what a grace group holds besides its notes and chords: pitches in its chords,
    /// octave and velocity commands.
    static func mayStandInGrace(_ kind: BodyElement.Kind) -> Bool {
        switch kind {
        case .member, .setOctave, .octaveUp, .octaveDown, .velocity: return true
        default: return false
        }
    }

    /// Removes a grace group's elements `header..<end` (the note after them stays), with the
    /// reports of unknown drum names among its items.
    mutating func removeGrace(header: Int, end: Int, reports: Int, reportsEnd: Int) {
        elements.removeSubrange(header..<end)
        let removed = Array(drumNameReports[reports..<reportsEnd])
        for index in removed.reversed() { diagnostics.remove(at: index) }
        drumNameReports.removeSubrange(reports..<reportsEnd)
        // Reports after the removed ones moved down.
        for slot in drumNameReports.indices where slot >= reports {
            drumNameReports[slot] -= removed.count
        }
    }

    /// Skips a grace group that cannot stand where it is, to its `)` or to what ends the
    /// enclosing chord, tuplet or phrase.
    mutating func skipGraceGroup() {
        while true {
            switch current.kind {
            case .rightParen: advance(); return
            case .end, .rightBrace, .rightBracket, .bar: return
            case .word where isStatementKeyword(current): return
            default: advance()
            }
        }
    }

    // MARK: - Commands

    /// `pedal down|up`, `cc N V`, `bend C` and `marker "text"` when `token` (consumed) is one of
    /// their words; nil when it is none. A command that fails is reported and gives `.some(nil)`.
    mutating func parseControlWord(_ token: Token) -> BodyElement?? {
        let length = token.range.end - token.range.start
        guard length >= 2, length <= 6 else { return .none }
        switch bytes[token.range.start] {
        case UInt8(ascii: "p") where isWord(token, "pedal"):
            guard current.kind == .word else {
                error(.invalidPedal, "expected 'down' or 'up' after 'pedal', found \(describe(current))", at: current.kind == .end ? token.range : current.range)
                return .some(nil)
            }
            let state = current
            if isWord(state, "down") || isWord(state, "up") {
                advance()
                return .some(BodyElement(.pedal(down: isWord(state, "down")), token.range.union(state.range)))
            }
            error(.invalidPedal, "expected 'down' or 'up' after 'pedal', found \(describe(state))" + hint(state, among: ["down", "up"]), at: state.range)
            // The word is the pedal's when it is no element that could follow.
            if !mayStartElement(state) { advance() }
            return .some(nil)
        case UInt8(ascii: "c") where isWord(token, "cc"):
            guard let number = commandNumber(after: token, what: "a controller number 0–127 after 'cc'"),
                  let value = commandNumber(after: token, what: "a controller value 0–127 after 'cc \(number.value)'") else { return .some(nil) }
            return .some(BodyElement(.controller(number: Int32(number.value), value: Int32(value.value)), token.range.union(value.range)))
        case UInt8(ascii: "b") where isWord(token, "bend"):
            guard let cents = commandNumber(after: token, what: "a bend in cents (−200…200) after 'bend'") else { return .some(nil) }
            return .some(BodyElement(.bend(cents: Int32(cents.value)), token.range.union(cents.range)))
        case UInt8(ascii: "m") where isWord(token, "marker"):
            guard current.kind == .string else {
                let found = current
                if found.kind == .word, !isStatementKeyword(found) {
                    // `marker Chorus`: the text without its quotes.
                    advance()
                    error(.expectedToken, "expected the marker's text in quotes after 'marker': write marker \"\(text(found))\"", at: found.range)
                } else {
                    error(.expectedToken, "expected the marker's text in quotes after 'marker', found \(describe(found))", at: found.kind == .end ? token.range : found.range)
                }
                return .some(nil)
            }
            let text = advance()
            texts.append(unquote(text))
            return .some(BodyElement(.marker(textIndex: UInt32(texts.count - 1)), token.range.union(text.range)))
        default:
            return .none
        }
    }

    /// The integer argument of a command (`cc 11 90`, `bend -50`); reported when missing or
    /// too large for any command (the stage that gives meaning checks the range).
    mutating func commandNumber(after keyword: Token, what: String) -> NumberSyntax? {
        guard current.kind == .number else {
            error(.expectedToken, "expected \(what), found \(describe(current))", at: current.kind == .end ? keyword.range : current.range)
            if current.kind == .decimal || (current.kind == .word && !mayStartElement(current)) { advance() }
            return nil
        }
        let token = advance()
        guard let number = integer(token) else { return nil }
        guard number.value >= Int(Int32.min), number.value <= Int(Int32.max) else {
            error(.numberTooLarge, "number \(describe(token)) is too large", at: token.range)
            return nil
        }
        return number
    }

    /// True when a word may start a body element (a note, rest, command or chord symbol), so
    /// that a command missing its argument leaves it to be read; other words are taken as the
    /// command's misspelt argument (`pedal sideways`, `bend up`).
    func mayStartElement(_ token: Token) -> Bool {
        guard token.kind == .word else { return true }
        if isStatementKeyword(token) { return true }
        let first = bytes[token.range.start]
        if trackKind == .drums {
            var end = token.range.start
            while end < token.range.end, !Lexer.isDigit(bytes[end]) { end += 1 }
            return DrumNames.key(named: String(decoding: bytes[token.range.start..<end], as: UTF8.self)) != nil
        }
        // A pitch, rest or cursor command: its letter, then accidentals or digits and marks.
        var end = token.range.end
        while end > token.range.start + 1, Lexer.isDigit(bytes[end - 1]) || bytes[end - 1] == UInt8(ascii: "_") { end -= 1 }
        let afterLetter = bytes[(token.range.start + 1)..<end]
        switch first {
        case UInt8(ascii: "A")...UInt8(ascii: "G"):
            return true
        case UInt8(ascii: "a")...UInt8(ascii: "g"):
            return afterLetter.count <= 2 && afterLetter.allSatisfy { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "b") || $0 == UInt8(ascii: "n") }
        case UInt8(ascii: "r"), UInt8(ascii: "o"), UInt8(ascii: "v"):
            return afterLetter.isEmpty
        default:
            return isWord(token, "tempo") || isWord(token, "pedal") || isWord(token, "marker")
        }
    }

    // MARK: - Chord symbols

    /// A word that starts with an upper-case letter (consumed): a chord symbol inside a chord
    /// of a melody track, an error outside one or on a drum track. Nil when the word is left
    /// to the pitch and drum rules (which report it); `.some(nil)` when it was reported here.
    mutating func parseUpperCaseWord(_ token: Token, wordEnd: Int, underscores: Int, in context: Context) -> BodyElement?? {
        // The symbol's text: the word, and `/BASS` when glued to it.
        var text = String(decoding: bytes[token.range.start..<wordEnd], as: UTF8.self)
        var range = SourceRange(token.range.start, wordEnd)
        var trailing = underscores
        var bassTokens = 0
        if underscores == 0, current.kind == .slash, !current.spaceBefore {
            let bass = peek()
            if bass.kind == .word, !bass.spaceBefore {
                var bassEnd = bass.range.end
                while bassEnd > bass.range.start, bytes[bassEnd - 1] == UInt8(ascii: "_") { bassEnd -= 1 }
                text += "/" + String(decoding: bytes[bass.range.start..<bassEnd], as: UTF8.self)
                range = SourceRange(range.start, bassEnd)
                trailing = bass.range.end - bassEnd
                bassTokens = 2
            } else {
                text += "/"
                range = SourceRange(range.start, current.range.end)
                bassTokens = 1
            }
        }
        let parsed = ChordSymbol.parse(text)
        let isLetterAG = bytes[token.range.start] <= UInt8(ascii: "G")
        if trackKind == .drums {
            guard context == .chord, case .success = parsed else { return .none }
            for _ in 0..<bassTokens { advance() }
            skipGluedLength()
            error(.chordSymbolInDrums, "chord symbols belong to melody tracks, not drum tracks: '\(text)'", at: range)
            return .some(nil)
        }
        guard context == .chord else {
            guard isLetterAG else { return .none }
            for _ in 0..<bassTokens { advance() }
            let written = source.text(SourceRange(token.range.start, bassTokens > 0 ? tokens[position - 1].range.end : wordEnd))
            var symbolPart = Substring(written)
            var duration = ""
            while let last = symbolPart.last, last.isNumber, ChordSymbol.parse(String(symbolPart)).isFailure { duration = String(last) + duration; symbolPart = symbolPart.dropLast() }
            skipGluedLength()
            let suggestion = ChordSymbol.parse(String(symbolPart)).isFailure ? "" : ": write '[\(symbolPart)]\(duration)'"
            error(.chordSymbolOutsideChord, "a chord symbol stands inside a chord bracket, and pitches are lower case: found '\(written)'" + suggestion, at: token.range.union(tokens[position - 1].range))
            return .some(nil)
        }
        for _ in 0..<bassTokens { advance() }
        switch parsed {
        case .success(let symbol):
            let endToken = tokens[position - 1]
            let (marks, tie, itemRange) = parseItemEnding(after: endToken, underscores: trailing, in: context)
            let memberRange = range.union(itemRange)
            return .some(BodyElement(.member(ChordMember(.chordSymbol(symbol), tie: tie != nil, marks: marks, range: memberRange)), memberRange))
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
                    error(.unknownChordQuality, "unknown chord quality '\(quality)' in '\(text)'" + Parser.qualityHint(quality, root: root), at: range)
                }
            }
            return .some(nil)
        }
    }

    /// "; did you mean 'Cmaj7'?" for a misspelt quality (`M7` is taken as `maj7`, as lead
    /// sheets write it), or the list of qualities when none is close.
    static func qualityHint(_ quality: String, root: String) -> String {
        let qualities = ChordSymbol.Quality.allCases.map(\.rawValue).filter { !$0.isEmpty }
        if quality.first == "M", ChordSymbol.Quality(rawValue: "maj" + quality.dropFirst()) != nil {
            return "; did you mean '\(root)maj\(quality.dropFirst())'?"
        }
        let hint = Suggestion.hint(for: quality, among: qualities, prefix: root)
        return hint.isEmpty ? ": the qualities are none, " + qualities.joined(separator: ", ") : hint
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
            error(.markerWithoutBar, "a marker in the header needs its bar: write 'marker \(source.text(text.range)) at BAR', or put the marker inside a phrase body", at: keyword.range.union(text.range))
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
        guard current.kind == .word, !startsStatement || peek().kind == .string else {
            error(.expectedToken, "expected the ID of a phrase after 'lyrics', found \(describe(current))", at: current.kind == .end ? keyword.range : current.range)
            skipInTrack()
            return nil
        }
        let idToken = advance()
        guard let phrase = identifier(idToken, what: "a phrase ID") else {
            skipInTrack()
            return nil
        }
        guard current.kind == .string else {
            error(.expectedToken, "expected the words in quotes after 'lyrics \(phrase.text)', found \(describe(current))", at: current.kind == .end ? idToken.range : current.range)
            skipInTrack()
            return nil
        }
        var verses: [String] = []
        var ranges: [SourceRange] = []
        var tooLong = false
        while current.kind == .string {
            let string = advance()
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
        }
        let range = keyword.range.union(tokens[position - 1].range)
        if trackKind == .drums {
            error(.lyricsInDrums, "lyrics belong to melody tracks: a drum track sings no words", at: keyword.range)
            return nil
        }
        if tooLong { return nil }
        return LyricsSyntax(phrase: phrase, verses: verses, verseRanges: ranges, range: range)
    }
}
