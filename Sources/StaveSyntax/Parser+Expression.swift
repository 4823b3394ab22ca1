/// The v2 body syntax: articulation marks, grace groups, and the pedal, controller, bend and
/// marker commands (LANGUAGE.md "Expression (v2)").
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
    @inline(__always)
    var atGluedMark: Bool {
        let token = current
        guard !token.spaceBefore else { return false }
        return token.kind == .apostrophe || token.kind == .caret || (token.kind == .word && bytes[token.range.start] == UInt8(ascii: "_"))
    }

    /// The marks of one note as they are read: the valid ones, where they all stand, and
    /// whether a problem was found (only the first is reported).
    struct MarkReading {
        var marks: NoteMarks = []
        var range: SourceRange?
        var reported = false
    }

    /// Reads the marks glued after `token`: `underscores` tenuto marks at the end of its own
    /// word (`c4_`), then `'`, `^` and `_` tokens. Reports a mark written twice and `'` with
    /// `_` (once per note) when `reporting`; returns the valid marks and where they all stand.
    /// The common case, no mark, costs one look at the next token.
    @inline(__always)
    mutating func readMarks(after token: Token, underscores: Int, reporting: Bool) -> (marks: NoteMarks, range: SourceRange?) {
        guard underscores > 0 || atGluedMark else { return ([], nil) }
        return readMarksSlowly(after: token, underscores: underscores, reporting: reporting)
    }

    private mutating func readMarksSlowly(after token: Token, underscores: Int, reporting: Bool) -> (marks: NoteMarks, range: SourceRange?) {
        var reading = MarkReading()
        if underscores == 0, current.kind == .apostrophe || current.kind == .caret {
            // The common case: one `'` or `^`, nothing after it.
            let mark = advance()
            reading.marks = mark.kind == .apostrophe ? .staccato : .accent
            reading.range = mark.range
            if !atGluedMark { return (reading.marks, reading.range) }
        }
        for offset in 0..<underscores {
            let start = token.range.end - underscores + offset
            addMark(.tenuto, at: SourceRange(start, start + 1), to: &reading, reporting: reporting)
        }
        while atGluedMark {
            let mark = advance()
            switch mark.kind {
            case .apostrophe: addMark(.staccato, at: mark.range, to: &reading, reporting: reporting)
            case .caret: addMark(.accent, at: mark.range, to: &reading, reporting: reporting)
            default:
                guard isUnderscores(mark) else {
                    // `[c e]_2`: a word that starts with `_` but goes on.
                    error(.misplacedMark, "articulation marks follow the duration: \(describe(mark)) is not a mark", at: mark.range)
                    reading.range = reading.range.map { $0.union(mark.range) } ?? mark.range
                    reading.reported = true
                    continue
                }
                for index in mark.range.start..<mark.range.end {
                    addMark(.tenuto, at: SourceRange(index, index + 1), to: &reading, reporting: reporting)
                }
            }
        }
        return (reading.marks, reading.range)
    }

    /// Adds one mark to a reading, reporting a mark written twice or `'` with `_`.
    private mutating func addMark(_ mark: NoteMarks, at markRange: SourceRange, to reading: inout MarkReading, reporting: Bool) {
        reading.range = reading.range.map { $0.union(markRange) } ?? markRange
        guard !reading.reported else { return }
        if reading.marks.contains(mark) {
            if reporting { error(.duplicateMark, "the \(Parser.markName(mark)) is written twice: each mark stands at most once", at: markRange) }
            reading.reported = true
        } else if (mark == .staccato && reading.marks.contains(.tenuto)) || (mark == .tenuto && reading.marks.contains(.staccato)) {
            if reporting { error(.conflictingMarks, "staccato and tenuto cannot mark the same note: keep one", at: markRange) }
            reading.reported = true
        } else {
            reading.marks.insert(mark)
        }
    }

    // MARK: - A note's own velocity

    /// Reads `@N` glued after a note's duration and marks (v3): the velocity and where `@N`
    /// stands, or nil when no `@` follows. `@` without a glued number and N outside 0–127 are
    /// reported (the velocity is then nil, the range still set, so callers that refuse `@N`
    /// do not report it twice). The common case, no `@`, costs one look at the next token.
    @inline(__always)
    mutating func readOwnVelocity() -> (velocity: Int?, range: SourceRange)? {
        guard current.kind == .at, !current.spaceBefore else { return nil }
        return readOwnVelocitySlowly()
    }

    private mutating func readOwnVelocitySlowly() -> (velocity: Int?, range: SourceRange) {
        let at = advance()
        guard current.kind == .number, !current.spaceBefore else {
            error(.invalidNoteVelocity, "expected a velocity 0–127 right after '@', found \(describe(current))", at: at.range)
            return (nil, at.range)
        }
        let number = advance()
        let range = at.range.union(number.range)
        let digits = bytes[number.range.start..<number.range.end]
        var value = 0
        for byte in digits where byte != UInt8(ascii: "-") {
            value = min(value * 10 + Int(byte) - 0x30, 1_000)
        }
        guard digits.first != UInt8(ascii: "-"), value <= 127 else {
            error(.valueOutOfRange, "a note's velocity \(text(number)) is out of range 0–127", at: range)
            return (nil, range)
        }
        return (value, range)
    }

    /// Reads `@N` where none may stand (after a rest, a whole tuplet, a grace note) and
    /// reports it, naming `what`; steps over it.
    mutating func refuseOwnVelocity(on what: String) {
        guard let read = readOwnVelocity(), read.velocity != nil else { return }
        error(.noteVelocityNotAllowed, "\(what) cannot take a velocity of its own ('@N')", at: read.range)
    }

    /// Reads what ends a pitch inside a chord, tuplet or grace group: its marks, then `~`
    /// (neither in a grace group). Returns the marks, the tie's range and the item's range
    /// (the word with its marks). The common case, neither, costs one look at the next token.
    @inline(__always)
    mutating func parseItemEnding(after token: Token, underscores: Int, in context: Context) -> (NoteMarks, tie: SourceRange?, range: SourceRange, velocity: Int?) {
        let next = current
        if underscores == 0, next.kind != .tilde, next.spaceBefore || (next.kind != .apostrophe && next.kind != .caret && next.kind != .word && next.kind != .at) {
            return ([], nil, token.range, nil)
        }
        return parseItemEndingSlowly(after: token, underscores: underscores, in: context)
    }

    private mutating func parseItemEndingSlowly(after token: Token, underscores: Int, in context: Context) -> (NoteMarks, tie: SourceRange?, range: SourceRange, velocity: Int?) {
        let grace = context == .grace || insideGrace
        let read = readMarks(after: token, underscores: underscores, reporting: !grace)
        var marks = read.marks
        if grace, let range = read.range {
            error(.graceItemNotAllowed, "grace notes take no articulation marks", at: range)
            marks = []
        }
        var range = token.range.union(read.range ?? token.range)
        var velocity: Int?
        if let own = readOwnVelocity() {
            range = range.union(own.range)
            if grace, own.velocity != nil {
                error(.noteVelocityNotAllowed, "a grace note cannot take a velocity of its own ('@N'): it plays at the velocity in force", at: own.range)
            } else if !grace {
                velocity = own.velocity
            }
        }
        var tie: SourceRange?
        if current.kind == .tilde {
            let tilde = advance()
            tie = tilde.range
            if grace {
                error(.graceItemNotAllowed, "a grace group cannot contain ties", at: tilde.range)
                tie = nil
                if current.kind == .number, !current.spaceBefore { advance() }
            } else if current.kind == .number, !current.spaceBefore {
                error(.durationNotAllowed, "durations are not allowed inside \(context.noun)", at: current.range)
                advance()
                tie = nil
            } else if current.kind == .word, !current.spaceBefore, !isUnderscores(current) {
                error(.invalidTie, "expected a duration after '~', found \(describe(current))", at: tilde.range)
            }
            reportMarksAfterTie()
        }
        return (marks, tie, range, velocity)
    }

    /// Reports marks glued after a `~` (they go before it) and steps over them.
    mutating func reportMarksAfterTie() {
        if current.kind == .at, !current.spaceBefore, let own = readOwnVelocity() {
            if own.velocity != nil {
                error(.noteVelocityNotAllowed, "a note's velocity goes before '~': write '\(text(own.range))' right after the first duration and its marks", at: own.range)
            }
            return
        }
        guard atGluedMark else { return }
        let first = current
        _ = readMarks(after: first, underscores: 0, reporting: false)
        error(.misplacedMark, "articulation marks go before '~': write them right after the duration", at: first.range.union(tokens[position - 1].range))
    }

    /// Reports a mark that follows nothing (`c4 '`, `| ^`); the token is already consumed.
    mutating func reportStrayMark(_ token: Token) {
        let mark = token.kind == .apostrophe ? NoteMarks.staccato : token.kind == .caret ? .accent : .tenuto
        let before = position >= 2 ? tokens[position - 2].kind : TokenKind.end
        let followsNote = [.word, .number, .rightBracket, .dot, .apostrophe, .caret].contains(before)
        if token.spaceBefore, followsNote {
            error(.misplacedMark, "an articulation mark follows its note directly: remove the space before the \(Parser.markName(mark))", at: token.range)
        } else {
            error(.misplacedMark, "the \(Parser.markName(mark)) must follow a note or chord", at: token.range)
        }
    }

    /// "staccato mark (')", for messages: the mark characters are hard to read in quotes.
    static func markName(_ mark: NoteMarks) -> String {
        mark == .staccato ? "staccato mark (')" : mark == .accent ? "accent mark (^)" : "tenuto mark (_)"
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
                error(.graceItemNotAllowed, "a grace group holds only pitches, chords, octave and velocity commands, found '\(text(range))'", at: range)
                elements.removeLast(elements.count - item)
                hadInvalidItem = true
            }
        }
        let close = advance()
        insideGrace = outerGrace
        let groupRange = open.range.union(close.range)
        var keep = true
        if sounding == 0 {
            if !hadInvalidItem { error(.emptyGrace, "a grace group needs at least one pitch or chord: '\(text(groupRange).count > 20 ? "(…)" : text(groupRange))' has none", at: groupRange) }
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
            if keep { error(.graceWithoutNote, "a grace group must stand directly before the note or chord it decorates, not before '\(text(elements[noteStart].range))'", at: groupRange) }
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

    /// True when a word may be `pedal`, `cc`, `bend` or `marker` (by its length and first two
    /// letters): the one test every note pays, so it is made without a branch on the letters
    /// (which come in no order): the length the two letters call for (0 for none) is compared.
    @inline(__always)
    func mayBeControlWord(_ token: Token) -> Bool {
        let start = token.range.start, length = token.range.end - start
        // The byte after a one-letter word is not part of it, but no command is one letter long.
        let second = start + 1 < bytes.count ? Int(bytes[start + 1]) : 0
        let letters = Int(bytes[start]) << 8 | second
        let wanted = (letters == 0x7065 ? 5 : 0) | (letters == 0x6363 ? 2 : 0)   // pe(dal), cc
            | (letters == 0x6265 ? 4 : 0) | (letters == 0x6D61 ? 6 : 0)           // be(nd), ma(rker)
        return wanted == length
    }

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
}
