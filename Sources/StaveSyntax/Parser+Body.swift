/// Phrase bodies: notes, rests, chords, tuplets, commands, bar lines.
extension Parser {
    /// Where a body element stands, which decides what it may contain.
    enum Context {
        case phrase, chord, tuplet
        /// Inside a grace group `( … )` (v2).
        case grace

        /// The group it names in messages: "a chord", "a tuplet", "a grace group".
        var noun: String {
            switch self {
            case .phrase: return "a phrase body"
            case .chord: return "a chord"
            case .tuplet: return "a tuplet"
            case .grace: return "a grace group"
            }
        }
    }

    /// The scratch elements in a new array of their own size. (`Array(elements[...])` would
    /// share the scratch buffer, spare capacity and all, and the next body would then grow a
    /// new scratch array: every body would keep the capacity of the largest.)
    private func exactCopyOfElements() -> [BodyElement] {
        elements.withUnsafeBufferPointer { Array($0) }
    }

    /// Parses a phrase body after its `{`, up to and including the matching `}`: its elements
    /// as one flat list (see `BodyElement`).
    ///
    /// Elements gather in one scratch array reused by every body; each body gets an exact-size
    /// copy, so a large song's tree holds no spare capacity from arrays grown by doubling.
    mutating func parseBody(open: Token) -> [BodyElement] {
        elements.removeAll(keepingCapacity: true)
        while true {
            let token = current
            switch token.kind {
            case .rightBrace:
                advance()
                return exactCopyOfElements()
            case .end:
                error(.unclosedBlock, "expected '}' to close the phrase body before the end of the file", at: open.range)
                return exactCopyOfElements()
            case .word where isStatementKeyword(token):
                error(.unclosedBlock, "expected '}' to close the phrase body before \(describe(token))", at: open.range)
                return exactCopyOfElements()
            case .bar:
                advance()
                elements.append(BodyElement(.barLine, token.range))
            case .number, .decimal:
                advance()
                // A number after something that failed (its argument, say), or glued to characters
                // the lexer rejected (the `4` of `c'4`), is part of that mistake.
                if token.afterInvalid {
                    elements.append(BodyElement(.invalid, token.range))
                    continue
                }
                if case .invalid? = elements.last?.kind { continue }
                if !token.spaceBefore || elements.isEmpty {
                    error(.unexpectedToken, "unexpected number \(describe(token)): a duration follows a note, rest, chord or tuplet", at: token.range)
                } else {
                    error(.durationNotAttached, "a duration must follow its note directly: remove the space before \(describe(token))", at: token.range)
                }
                elements.append(BodyElement(.invalid, token.range))
            default:
                let first = position
                if !parseElement(in: .phrase, depth: 0), !Parser.keepsTime(token.kind) {
                    // Stands for what failed, so later stages know the time after it is a guess.
                    elements.append(BodyElement(.invalid, token.range.union(tokens[max(first, position - 1)].range)))
                }
            }
        }
    }

    /// Tokens whose failure leaves the time of the phrase as written: dynamics and octave steps.
    static func keepsTime(_ kind: TokenKind) -> Bool {
        kind == .dynamic || kind == .greater || kind == .less || kind == .apostrophe || kind == .caret
    }

    /// Parses one element that may stand in a body, chord or tuplet and appends it to
    /// `elements` (a chord or tuplet with its items); false, with nothing appended, when it
    /// failed (reported).
    @discardableResult
    @inline(__always)
    mutating func parseElement(in context: Context, depth: Int) -> Bool {
        let token = current
        let element: BodyElement?
        switch token.kind {
        case .word:
            element = parseWordElement(in: context)
        case .dynamic:
            advance()
            element = dynamicElement(token)
        case .greater, .less:
            advance()
            if trackKind == .drums {
                error(.octaveInDrums, "octave commands are not allowed in drum tracks", at: token.range)
                return false
            }
            element = BodyElement(token.kind == .greater ? .octaveUp : .octaveDown, token.range)
        case .leftBracket:
            if context == .chord {
                error(.unexpectedToken, "a chord cannot contain another chord", at: token.range)
                skipBalanced()
                return false
            }
            return parseChord(in: context, depth: depth + 1)
        case .leftBrace:
            if context == .chord {
                error(.unexpectedToken, "a chord cannot contain a tuplet", at: token.range)
                skipBalanced()
                return false
            }
            if context == .grace {
                error(.graceItemNotAllowed, "a grace group cannot contain a tuplet", at: token.range)
                skipBalanced()
                return false
            }
            return parseTuplet(in: context, depth: depth + 1)
        case .leftParen:
            if readsPattern {
                refuseInPattern("a grace group", at: token.range)
                advance()
                while current.kind != .end, current.kind != .rightBrace, current.kind != .rightParen { advance() }
                if current.kind == .rightParen { advance() }
                return false
            }
            return parseGrace(in: context, depth: depth)
        case .apostrophe, .caret:
            advance()
            reportStrayMark(token)
            return false
        case .tilde:
            advance()
            error(context == .grace ? .graceItemNotAllowed : .invalidTie, context == .grace ? "a grace group cannot contain ties" : "'~' must follow a note or chord", at: token.range)
            return false
        case .dot:
            advance()
            error(.unexpectedToken, "a dot must follow a duration directly", at: token.range)
            return false
        default:
            advance()
            error(.unexpectedToken, "unexpected \(describe(token)) in a phrase body", at: token.range)
            return false
        }
        guard let element else { return false }
        elements.append(element)
        return true
    }

    /// The velocities of the dynamic marks.
    public static let dynamics = ["ppp": 16, "pp": 33, "p": 49, "mp": 64, "mf": 80, "f": 96, "ff": 112, "fff": 127]

    /// The dynamic marks, softest first (the order of messages and suggestions).
    static let dynamicNames = ["ppp", "pp", "p", "mp", "mf", "f", "ff", "fff"]

    mutating func dynamicElement(_ token: Token) -> BodyElement? {
        if token.range.end - token.range.start == 2 {
            switch bytes[token.range.start + 1] {
            case UInt8(ascii: "<"): return BodyElement(.hairpin(crescendo: true), token.range)
            case UInt8(ascii: ">"): return BodyElement(.hairpin(crescendo: false), token.range)
            default: break
            }
        }
        let name = String(text(token).dropFirst())
        guard let level = Parser.dynamics[name] else {
            let shown = name.count > 20 ? String(name.prefix(17)) + "..." : name
            let hint = Suggestion.hint(for: name, among: Parser.dynamicNames, prefix: "!")
            error(.unexpectedToken, "unknown dynamic '!\(shown)': expected one of the dynamics !ppp, !pp, !p, !mp, !mf, !f, !ff or !fff" + hint, at: token.range)
            return nil
        }
        return BodyElement(.velocity(level), token.range)
    }

    // MARK: - Words

    /// True for `track`, `drums`, `phrase`, `repeat`, `sync`: a body never contains them, so
    /// meeting one means a closing brace is missing.
    func isStatementKeyword(_ token: Token) -> Bool {
        let length = token.range.end - token.range.start
        guard length >= 4, length <= 6 else { return false }
        switch bytes[token.range.start] {
        case UInt8(ascii: "t"): return isWord(token, "track")
        case UInt8(ascii: "d"): return isWord(token, "drums")
        case UInt8(ascii: "p"): return isWord(token, "phrase")
        case UInt8(ascii: "r"): return isWord(token, "repeat")
        case UInt8(ascii: "s"): return isWord(token, "sync")
        default: return false
        }
    }

    @inline(__always)
    mutating func parseWordElement(in context: Context) -> BodyElement? {
        let token = advance()
        let start = token.range.start, fullEnd = token.range.end
        let first = bytes[start]
        // Trailing `_` are tenuto marks (`c4_`, `c_`): `_` is an identifier character, so the
        // lexer keeps them in the word, and the word proper ends before them.
        var end = fullEnd
        while end > start, bytes[end - 1] == UInt8(ascii: "_") { end -= 1 }
        let underscores = fullEnd - end
        guard end > start else {
            reportStrayMark(token)
            return nil
        }
        // Split the word into its letters and a trailing run of digits (the duration).
        let (digitsStart, tailIsDigits) = Parser.digitSplit(bytes, start, end)
        let letterCount = digitsStart - start
        let tail = bytes[digitsStart..<end]
        var word: String { String(decoding: self.bytes[start..<fullEnd], as: UTF8.self) }

        if first == UInt8(ascii: "t"), isWord(token, "tempo") {
            if readsPattern {
                refuseInPattern("a tempo change", at: token.range)
                if current.kind == .number || current.kind == .decimal { advance() }
                return nil
            }
            guard context == .phrase else {
                error(context == .grace ? .graceItemNotAllowed : .unexpectedToken, "a tempo change cannot stand inside \(context.noun)", at: token.range)
                if current.kind == .number || current.kind == .decimal { advance() }
                return nil
            }
            guard current.kind == .number || current.kind == .decimal else {
                error(.expectedToken, "expected beats per minute after 'tempo', found \(describe(current))", at: current.range)
                return nil
            }
            let number = advance()
            guard let bpm = decimal(number) else { return nil }
            return BodyElement(.tempo(bpm), token.range.union(number.range))
        }
        // pedal, cc, bend, marker (v2).
        if underscores == 0, mayBeControlWord(token), let command = parseControlWord(token) {
            if readsPattern {
                refuseInPattern("a controller, pedal, bend or marker", at: command?.range ?? token.range)
                return nil
            }
            return command
        }
        // o5, v90: commands.
        if (first == UInt8(ascii: "o") || first == UInt8(ascii: "v")), letterCount == 1, end - start > 1, tailIsDigits, underscores == 0 {
            guard let number = smallNumber(tail, token) else { return nil }
            if first == UInt8(ascii: "o") {
                if trackKind == .drums {
                    error(.octaveInDrums, "octave commands are not allowed in drum tracks", at: token.range)
                    return nil
                }
                return BodyElement(.setOctave(number), token.range)
            }
            return BodyElement(.velocity(number), token.range)
        }
        // r, r8: rests.
        if first == UInt8(ascii: "r"), letterCount == 1, tailIsDigits {
            if context == .chord || context == .grace {
                error(context == .grace ? .graceItemNotAllowed : .unexpectedToken, "\(context.noun) cannot contain a rest", at: token.range)
                return nil
            }
            if context == .tuplet {
                if !tail.isEmpty {
                    error(.durationNotAllowed, "durations are not allowed inside a tuplet: write it after '}'", at: token.range)
                }
                let marks = readMarks(after: token, underscores: underscores, reporting: false)
                if let range = marks.range { error(.markOnRest, "a rest cannot take articulation marks", at: range) }
                refuseOwnVelocity(on: "a rest")
                if current.kind == .tilde {
                    let tilde = advance()
                    if current.kind == .number, !current.spaceBefore {
                        error(.durationNotAllowed, "durations are not allowed inside a tuplet", at: current.range)
                        advance()
                    } else {
                        error(.tieToRest, "a rest cannot be tied", at: tilde.range)
                    }
                }
                return BodyElement(.rest(Length()), token.range)
            }
            var length = Length()
            var marksRange: SourceRange?
            guard parseLength(after: token, digits: tail, underscores: underscores, into: &length, in: context, marksRange: &marksRange) else { return nil }
            if let marksRange {
                error(.markOnRest, "a rest cannot take articulation marks", at: marksRange)
                length.marks = []
            }
            if let range = lengthVelocityRange {
                error(.noteVelocityNotAllowed, "a rest cannot take a velocity of its own ('@N'): it sounds nothing", at: range)
                length.velocity = nil
            }
            if length.tiesToNext, let range = length.tieRange {
                error(.tieToRest, "a rest cannot be tied", at: range)
                length.tiesToNext = false
            }
            return BodyElement(.rest(length), token.range.union(tokens[position - 1].range))
        }
        // Chord symbols (v2): a word that starts with an upper-case letter, inside a chord of a
        // melody track.
        if readsPattern, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
            refuseInPattern("a chord symbol ('\(word)')", at: token.range)
            return nil
        }
        if first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"), let handled = parseUpperCaseWord(token, wordEnd: end, underscores: underscores, in: context) {
            return handled
        }
        // A pitch or a drum name.
        let sound: Sound
        // A drum name that is no drum stays in the tree as drum 0 (so time still passes) and
        // is reported once the note is complete, at the note's range.
        var unknownDrum: String?
        if readsPattern {
            // Accompaniment (v3): chord-tone words or drum names.
            guard tailIsDigits, letterCount > 0, let patternSound = patternSound(String(decoding: bytes[start..<digitsStart], as: UTF8.self), at: token.range) else {
                if !(tailIsDigits && letterCount > 0) { refuseInPattern("'\(word)'", at: token.range) }
                return nil
            }
            sound = patternSound
        } else if trackKind == .drums {
            guard tailIsDigits, letterCount > 0 else {
                error(.unknownDrum, "unknown drum name '\(word)'" + Suggestion.hint(for: word, among: DrumNames.allNames), at: token.range)
                return nil
            }
            let name = String(decoding: bytes[start..<digitsStart], as: UTF8.self)
            if let key = DrumNames.key(named: name) {
                sound = .drum(UInt8(key))
            } else {
                sound = .drum(0)
                unknownDrum = name
            }
        } else {
            guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "g") else {
                let hint = context == .phrase && letterCount > 1 ? Suggestion.hint(for: word, among: ["tempo"]) : ""
                error(.invalidPitch, "expected a note (a–g), 'r', 'o', 'v' or a command, found '\(word)'" + hint, at: token.range)
                return nil
            }
            guard tailIsDigits else {
                if context == .chord, reportLowerCaseSymbol(token, wordEnd: end) { return nil }
                error(.invalidPitch, "'\(word)' is not a note: expected a pitch letter, accidentals, then a duration", at: token.range)
                return nil
            }
            let accidentalBytes = bytes[(start + 1)..<digitsStart]
            guard let accidental = Parser.accidental(accidentalBytes) else {
                if context == .chord, reportLowerCaseSymbol(token, wordEnd: end) { return nil }
                let marks = String(decoding: accidentalBytes, as: UTF8.self)
                if let underscore = marks.firstIndex(of: "_"), marks[underscore...].allSatisfy({ $0 == "_" }), digitsStart < end {
                    // `c_4`: a tenuto before the duration.
                    let pitch = String(decoding: bytes[start..<(start + 1)], as: UTF8.self) + marks[..<underscore]
                    error(.misplacedMark, "articulation marks follow the duration: write \(pitch)\(String(decoding: tail, as: UTF8.self))\(marks[underscore...])", at: token.range)
                } else if marks.count >= 3, Set(marks).count == 1, marks.first == "#" || marks.first == "b" {
                    error(.tooManyAccidentals, "'\(word)' has \(marks.count) accidentals; at most two (double sharp or double flat) are allowed", at: token.range)
                } else {
                    error(.invalidPitch, "'\(word)' is not a pitch: accidentals are #, ##, b, bb or n", at: token.range)
                }
                return nil
            }
            sound = .pitch(PitchSpelling(letterByte: first, accidental: accidental))
        }
        if context != .phrase {
            if digitsStart < end, context == .chord, trackKind != .drums, reportLowerCaseSymbol(token, wordEnd: end) { return nil }
            if digitsStart < end {
                error(context == .grace ? .graceItemNotAllowed : .durationNotAllowed, context == .chord ? "durations are not allowed inside a chord: write it after ']'" : context == .tuplet ? "durations are not allowed inside a tuplet: write it after '}'" : "durations are not allowed inside a grace group: grace notes take their length from the note they decorate", at: token.range)
            }
            let (marks, tie, range, velocity) = parseItemEnding(after: token, underscores: underscores, in: context)
            if let unknownDrum { reportUnknownDrum(unknownDrum, at: token.range) }
            if context == .chord {
                return BodyElement(.member(ChordMember(sound, tie: tie != nil, marks: marks, velocity: velocity, range: range)), range)
            }
            return BodyElement(.note(sound, Length(tiesToNext: tie != nil, tieRange: tie, marks: marks, velocity: velocity)), range)
        }
        var length = Length()
        var marksRange: SourceRange?
        guard parseLength(after: token, digits: tail, underscores: underscores, into: &length, in: context, marksRange: &marksRange) else { return nil }
        let range = token.range.union(tokens[position - 1].range)
        if let unknownDrum { reportUnknownDrum(unknownDrum, at: range) }
        return BodyElement(.note(sound, length), range)
    }

    /// Where the first digit of `bytes[start..<end]` is (`end` when there is none), and whether
    /// every byte from there on is a digit. A word of at most eight bytes is read in one go
    /// (as `Lexer.wordPartRun` does): loops that stop at the digits would mispredict on
    /// nearly every note, as notes with and without a duration come in no order.
    @inline(__always)
    static func digitSplit(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (digitsStart: Int, tailIsDigits: Bool) {
        let count = end - start
        guard count > 0, count <= 8, start + 8 <= bytes.count, let base = bytes.baseAddress else {
            var digitsStart = start
            while digitsStart < end, !Lexer.isDigit(bytes[digitsStart]) { digitsStart += 1 }
            var scan = digitsStart
            while scan < end, Lexer.isDigit(bytes[scan]) { scan += 1 }
            return (digitsStart, scan == end)
        }
        let word = ByteLanes.load(base + start)
        let inWord = ByteLanes.highs &>> UInt64(8 * (8 - count))
        let digits = ByteLanes.within(word & ~ByteLanes.highs, 0x30, 0x39) & ByteLanes.ascii(word) & inWord
        let first = min(digits.trailingZeroBitCount &>> 3, count)
        let fromFirst = first >= 8 ? 0 : inWord & (ByteLanes.highs &<< UInt64(8 * first))
        return (start + first, fromFirst & ~digits == 0)
    }

    /// A command's number (`o5`, `v90`), guarded against overflow.
    mutating func smallNumber(_ digits: Bytes, _ token: Token) -> Int? {
        guard digits.count <= 6 else {
            error(.numberTooLarge, "number in \(describe(token)) is too large", at: token.range)
            return nil
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    // MARK: - Durations and ties

    /// Reads a duration from digits (already lexed inside a word or as a number token) and its dots.
    mutating func duration(digits: Bytes, range: SourceRange) -> DurationSyntax? {
        var dots = 0
        var end = range.end
        while current.kind == .dot, !current.spaceBefore {
            dots += 1
            end = advance().range.end
        }
        let fullRange = SourceRange(range.start, end)
        // Digits only, at most three, no leading zero (`04` is not a duration).
        let value = digits.count <= 3 && digits.first != UInt8(ascii: "0") && digits.allSatisfy(Lexer.isDigit)
            ? digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } : -1
        guard value > 0, value <= 64, value & (value - 1) == 0 else {
            let shown = digits.count > 12 ? String(decoding: digits.prefix(12), as: UTF8.self) + "..." : String(decoding: digits, as: UTF8.self)
            error(.invalidDuration, "invalid duration '\(shown)': expected 1, 2, 4, 8, 16, 32 or 64", at: range)
            return nil
        }
        if dots > 3 {
            error(.tooManyDots, "a duration takes at most three dots, found \(dots)", at: fullRange)
            return nil
        }
        return DurationSyntax(value, dots: dots, range: fullRange)
    }

    /// Reads what follows a note, rest or chord: duration, dots, articulation marks, inline
    /// ties, tie to next. `underscores` counts the tenuto marks at the end of the note's own
    /// word (`c4_`); `marksRange` is set to where the marks are, when there are any.
    /// Returns false when an error was reported and the element should be dropped.
    mutating func parseLength(after token: Token, digits: Bytes, underscores: Int = 0, into length: inout Length, in context: Context, marksRange: inout SourceRange?) -> Bool {
        var ok = true
        lengthVelocityRange = nil
        if underscores > 0, current.kind == .dot, !current.spaceBefore {
            error(.misplacedMark, "articulation marks follow the dots: write the '_' after them", at: SourceRange(token.range.end - underscores, token.range.end))
            while current.kind == .dot, !current.spaceBefore { advance() }
            return false
        }
        if !digits.isEmpty {
            let digitsRange = SourceRange(token.range.end - underscores - digits.count, token.range.end - underscores)
            if let parsed = duration(digits: digits, range: digitsRange) { length.duration = parsed } else { ok = false }
        } else if current.kind == .number, !current.spaceBefore {
            // After ']' or '}' the duration is a separate number token.
            let number = advance()
            let numberDigits = bytes[number.range.start..<number.range.end]
            if numberDigits.first == UInt8(ascii: "-") {
                error(.invalidDuration, "invalid duration \(describe(number)): expected 1, 2, 4, 8, 16, 32 or 64", at: number.range)
                ok = false
            } else if let parsed = duration(digits: numberDigits, range: number.range) {
                length.duration = parsed
            } else {
                ok = false
            }
        } else if current.kind == .dot, !current.spaceBefore {
            error(.invalidDuration, "a dot must follow a written duration", at: current.range)
            while current.kind == .dot { advance() }
            ok = false
        }
        let marks = readMarks(after: token, underscores: underscores, reporting: true)
        length.marks = marks.marks
        marksRange = marks.range
        if let own = readOwnVelocity() {
            length.velocity = own.velocity
            lengthVelocityRange = own.velocity == nil ? nil : own.range
        }
        if marks.range != nil, digits.isEmpty, length.duration == nil, current.kind == .number, !current.spaceBefore {
            // `c'4`: the marks before the duration.
            let number = advance()
            while current.kind == .dot, !current.spaceBefore { advance() }
            let shown = String(decoding: bytes[token.range.start..<token.range.end], as: UTF8.self)
            error(.misplacedMark, "articulation marks follow the duration: write \(shown.filter { $0 != "_" })\(text(number))\(text(marks.range!))", at: marks.range!)
            return false
        }
        while current.kind == .tilde {
            let tilde = advance()
            if current.kind == .number, !current.spaceBefore {
                let number = advance()
                let numberDigits = bytes[number.range.start..<number.range.end]
                if let parsed = duration(digits: numberDigits, range: number.range), numberDigits.first != UInt8(ascii: "-") {
                    length.inlineTies.append(parsed)
                } else {
                    ok = false
                }
                reportMarksAfterTie()
                continue
            }
            if current.kind == .word, !current.spaceBefore, !isUnderscores(current) {
                error(.invalidTie, "expected a duration after '~', found \(describe(current))", at: tilde.range)
                return false
            }
            length.tiesToNext = true
            length.tieRange = tilde.range
            reportMarksAfterTie()
            break
        }
        return ok
    }

    // MARK: - Chords and tuplets

    /// Parses a chord and appends it (its header, then its items); false, with nothing
    /// appended, when it failed (reported).
    mutating func parseChord(in context: Context, depth: Int) -> Bool {
        let open = advance()
        if depth > Parser.maximumNesting {
            error(.nestingTooDeep, Parser.nestingTooDeepMessage, at: open.range)
            stepBack()
            skipBalanced()
            return false
        }
        // The header is filled in once the items and the length are known.
        let header = elements.count
        let reports = drumNameReports.count
        elements.append(BodyElement(.invalid, open.range))
        var hasMember = false
        var hadInvalidItem = false
        var symbol: SourceRange?
        while true {
            let token = current
            if token.kind == .rightBracket { break }
            if token.kind == .end || token.kind == .rightBrace || token.kind == .bar || (token.kind == .word && isStatementKeyword(token)) {
                error(.unclosedBlock, "expected ']' to close the chord before \(describe(token))", at: open.range)
                return dropGroup(from: header, reports: reports)
            }
            if token.kind == .number || token.kind == .decimal {
                advance()
                error(.durationNotAllowed, "durations are not allowed inside a chord: write it after ']'", at: token.range)
                continue
            }
            let item = elements.count
            if parseElement(in: .chord, depth: depth), item < elements.count {
                if insideGrace, !Parser.mayStandInGrace(elements[item].kind) {
                    let range = elements[item].range
                    error(.graceItemNotAllowed, "a grace group holds only pitches, chords, octave and velocity commands, found '\(text(range))'", at: range)
                    elements.removeLast(elements.count - item)
                    hadInvalidItem = true
                } else if case .member(let member) = elements[item].kind {
                    hasMember = true
                    if case .chordSymbol = member.sound {
                        if let symbol {
                            error(.duplicateChordSymbol, "a chord holds at most one chord symbol ('\(text(symbol))' stands before): write two chords", at: member.range)
                            elements.removeLast(elements.count - item)
                        } else {
                            symbol = member.range
                        }
                    }
                }
            } else {
                hadInvalidItem = true
            }
        }
        let close = advance()
        var length = Length()
        if context == .phrase {
            if current.kind == .number, current.spaceBefore, elements.count > header + 1 {
                error(.durationNotAttached, "a duration must follow ']' directly: remove the space before \(describe(current))", at: current.range)
                advance()
            }
            var marksRange: SourceRange?
            guard parseLength(after: close, digits: bytes[0..<0], into: &length, in: context, marksRange: &marksRange) else { return dropGroup(from: header, reports: reports) }
        } else {
            if current.kind == .number, !current.spaceBefore {
                let number = advance()
                error(context == .grace ? .graceItemNotAllowed : .durationNotAllowed, "durations are not allowed on a chord inside \(context.noun)", at: number.range)
            }
            let (marks, tie, _, velocity) = parseItemEnding(after: close, underscores: 0, in: context)
            length.marks = marks
            length.velocity = velocity
            if let tie {
                length.tiesToNext = true
                length.tieRange = tie
            }
        }
        if !hasMember {
            if !hadInvalidItem {
                error(.emptyChord, "a chord needs at least one pitch: '[]' is empty", at: open.range.union(close.range))
            }
            return dropGroup(from: header, reports: reports)
        }
        elements[header] = BodyElement(.chord(length, items: UInt32(elements.count - header - 1)), open.range.union(tokens[position - 1].range))
        return true
    }

    /// Removes a chord or tuplet that failed, from its header on; returns false. The reports of
    /// drum names that are no drums among its items are taken back: such a name is reported
    /// only for a note that stays in the song.
    mutating func dropGroup(from header: Int, reports: Int) -> Bool {
        elements.removeLast(elements.count - header)
        for index in drumNameReports[reports...].reversed() { diagnostics.remove(at: index) }
        drumNameReports.removeLast(drumNameReports.count - reports)
        return false
    }

    /// Reports a word on a drum track that is no drum name, for a note that was read whole.
    mutating func reportUnknownDrum(_ name: String, at range: SourceRange) {
        drumNameReports.append(diagnostics.count)
        error(.unknownDrum, "unknown drum name '\(name)'" + Suggestion.hint(for: name, among: DrumNames.allNames), at: range)
    }

    /// Parses a tuplet and appends it (its header, then its items with theirs); false, with
    /// nothing appended, when it failed (reported).
    mutating func parseTuplet(in context: Context, depth: Int) -> Bool {
        let open = advance()
        if depth > Parser.maximumNesting {
            error(.nestingTooDeep, Parser.nestingTooDeepMessage, at: open.range)
            stepBack()
            skipBalanced()
            return false
        }
        // The header is filled in once the items and the length are known.
        let header = elements.count
        let reports = drumNameReports.count
        elements.append(BodyElement(.invalid, open.range))
        var sounding = 0
        var hadInvalidItem = false
        while true {
            let token = current
            if token.kind == .rightBrace { break }
            if token.kind == .end || (token.kind == .word && isStatementKeyword(token)) {
                error(.unclosedBlock, "expected '}' to close the tuplet before \(describe(token))", at: open.range)
                return dropGroup(from: header, reports: reports)
            }
            if token.kind == .bar {
                advance()
                error(.unexpectedToken, "a bar line cannot stand inside a tuplet", at: token.range)
                continue
            }
            if token.kind == .number || token.kind == .decimal {
                advance()
                error(.durationNotAllowed, "durations are not allowed inside a tuplet: write it after '}'", at: token.range)
                continue
            }
            let item = elements.count
            if parseElement(in: .tuplet, depth: depth) {
                // A grace group is always followed by its note.
                switch item < elements.count ? elements[item].kind : .invalid {
                case .note, .rest, .chord, .tuplet, .grace: sounding += 1
                default: break
                }
            } else {
                hadInvalidItem = true
            }
        }
        let close = advance()
        var length = Length()
        if context == .phrase {
            if current.kind == .number, current.spaceBefore {
                error(.durationNotAttached, "a duration must follow '}' directly: remove the space before \(describe(current))", at: current.range)
                advance()
            }
            var marksRange: SourceRange?
            guard parseLength(after: close, digits: bytes[0..<0], into: &length, in: context, marksRange: &marksRange) else { return dropGroup(from: header, reports: reports) }
            if let marksRange {
                error(.markOnTuplet, "a whole tuplet cannot take articulation marks: mark its items after their pitches", at: marksRange)
                length.marks = []
            }
            if let range = lengthVelocityRange {
                error(.noteVelocityNotAllowed, "a whole tuplet cannot take a velocity of its own ('@N'): give its items theirs after their pitches ('{c@40 d e}4')", at: range)
                length.velocity = nil
            }
            if length.tiesToNext || !length.inlineTies.isEmpty {
                error(.tieOnTuplet, "a whole tuplet cannot be tied: put '~' after its last item", at: length.tieRange ?? close.range)
                return dropGroup(from: header, reports: reports)
            }
        } else {
            if current.kind == .number, !current.spaceBefore {
                let number = advance()
                error(.durationNotAllowed, "a nested tuplet takes no duration: it shares its parent's", at: number.range)
            }
            let marks = readMarks(after: close, underscores: 0, reporting: false)
            if let range = marks.range {
                error(.markOnTuplet, "a whole tuplet cannot take articulation marks: mark its items after their pitches", at: range)
            }
            refuseOwnVelocity(on: "a whole tuplet")
            if current.kind == .tilde {
                let tilde = advance()
                error(.tieOnTuplet, "a whole tuplet cannot be tied: put '~' after its last item", at: tilde.range)
            }
        }
        if sounding == 0 {
            if !hadInvalidItem {
                error(.emptyTuplet, "a tuplet needs at least one note, rest or chord: '{}' is empty", at: open.range.union(close.range))
            }
            return dropGroup(from: header, reports: reports)
        }
        elements[header] = BodyElement(.tuplet(length, items: UInt32(elements.count - header - 1)), open.range.union(tokens[position - 1].range))
        return true
    }

    /// Skips a bracketed group starting at the current `[` or `{`, without recursion.
    mutating func skipBalanced() {
        var depth = 0
        repeat {
            switch current.kind {
            case .leftBrace, .leftBracket: depth += 1
            case .rightBrace, .rightBracket: depth -= 1
            case .end: return
            default: break
            }
            advance()
        } while depth > 0
    }
}
