/// Splits a source's UTF-8 bytes into tokens, collecting lexical diagnostics.
///
/// The lexer is context-free: a word such as `f#8` or `open-hat16` is one token and the
/// parser reads its parts. Whether whitespace precedes a token is recorded, because a
/// duration must follow its note directly.
public struct Lexer {
    /// The source's bytes, borrowed for the duration of `tokenize`.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// `ByteClass` flags of every byte value, borrowed likewise.
    private let classes: UnsafeBufferPointer<UInt8>
    /// `ByteClass.punctuationKinds`, borrowed likewise.
    private let kinds: UnsafeBufferPointer<TokenKind?>
    private var index: Int
    /// Lexical problems found so far.
    private(set) var diagnostics: [Diagnostic] = []
    /// The last string lexed stopped at a line feed, unterminated.
    private var stringStoppedAtLineBreak = false
    /// The last string lexed ended at its closing quote.
    private var stringClosed = false
    /// How many diagnostics there were before the last string was lexed.
    private var stringDiagnostics = 0

    /// Lexing starting at 0 skips a UTF-8 byte order mark.
    private init(_ bytes: UnsafeBufferPointer<UInt8>, tables: Tables, from index: Int = 0) {
        self.bytes = bytes
        self.classes = tables.classes
        self.kinds = tables.kinds
        self.index = index == 0 ? Source.byteOrderMarkLength(bytes) : index
    }

    /// The byte tables, borrowed for the duration of `tokenize` (see `ByteClass`).
    private struct Tables {
        var classes: UnsafeBufferPointer<UInt8>
        var kinds: UnsafeBufferPointer<TokenKind?>
    }

    /// Runs `body` with the byte tables borrowed.
    private static func withTables<Result>(_ body: (Tables) -> Result) -> Result {
        ByteClass.table.withUnsafeBufferPointer { classes in
            ByteClass.punctuationKinds.withUnsafeBufferPointer { kinds in body(Tables(classes: classes, kinds: kinds)) }
        }
    }

    /// Tokenizes a whole source; the last token is always `.end`.
    public static func tokenize(_ source: Source) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        source.bytes.withUnsafeBufferPointer { bytes in
            Lexer.withTables { tables in
                var lexer = Lexer(bytes, tables: tables)
                return (lexer.tokens(chunkSize: Int.max)[0], lexer.diagnostics)
            }
        }
    }

    /// Tokenizes a whole source into chunks of 2^`shift` tokens that the parser releases as it goes.
    static func tokenizeInChunks(_ source: Source, shift: Int = TokenChunks.defaultShift, keepingAll: Bool = false) -> (tokens: TokenChunks, diagnostics: [Diagnostic]) {
        source.bytes.withUnsafeBufferPointer { bytes in
            Lexer.withTables { tables in
                var lexer = Lexer(bytes, tables: tables)
                if keepingAll { return (TokenChunks([lexer.tokens(chunkSize: Int.max)[0]], shift: 62, keepsAll: true), lexer.diagnostics) }
                return (TokenChunks(lexer.tokens(chunkSize: 1 << shift), shift: shift), lexer.diagnostics)
            }
        }
    }

    /// Lexes from the current index to the end of `bytes`; the last token is `.end`.
    /// Each chunk but the last is full (`chunkSize`); room is reserved for one token per two
    /// bytes, about what real songs hold, up to a chunk.
    private mutating func tokens(chunkSize: Int) -> [[Token]] {
        var chunks: [[Token]] = []
        var chunk: [Token] = []
        chunk.reserveCapacity(min(chunkSize, (bytes.count - index) / 2 + 16))
        while true {
            var token = next()
            if token.kind == .string, stringStoppedAtLineBreak, continuesLyrics(chunks, chunk) {
                token = relexLyricsString(token)
            }
            chunk.append(token)
            if token.kind == .end {
                chunks.append(chunk)
                return chunks
            }
            if chunk.count == chunkSize {
                chunks.append(chunk)
                chunk = []
                chunk.reserveCapacity(min(chunkSize, (bytes.count - index) / 2 + 16))
            }
        }
    }

    /// The next token.
    mutating func next() -> Token {
        if let token = nextSimple() { return token }
        var spaced = skipTrivia()
        var afterInvalid = false
        while true {
            guard index < bytes.count else {
                return Token(.end, SourceRange(bytes.count, bytes.count), spaceBefore: spaced, afterInvalid: afterInvalid)
            }
            let start = index
            let byte = bytes[index]
            let byteClass = classes[Int(byte)]
            if byteClass & ByteClass.wordStart != 0 {
                lexWord()
                return Token(.word, SourceRange(start, index), spaceBefore: spaced, afterInvalid: afterInvalid)
            }
            if let kind = kinds[Int(byte)] {
                index += 1
                return Token(kind, SourceRange(start, index), spaceBefore: spaced, afterInvalid: afterInvalid)
            }
            if byteClass & ByteClass.digit != 0 || (byte == UInt8(ascii: "-") && index + 1 < bytes.count && Lexer.isDigit(bytes[index + 1])) {
                var token = lexNumber(spaced: spaced)
                token.afterInvalid = afterInvalid
                return token
            }
            if byte == UInt8(ascii: "\"") {
                lexString()
                return Token(.string, SourceRange(start, index), spaceBefore: spaced, afterInvalid: afterInvalid)
            }
            if byte == UInt8(ascii: "!") {
                // `!` and letters, or `!<` / `!>`: the parser names the dynamics it expected.
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "<") || bytes[index] == UInt8(ascii: ">") {
                    index += 1
                } else {
                    while index < bytes.count, Lexer.isLetter(bytes[index]) { index += 1 }
                }
                return Token(.dynamic, SourceRange(start, index), spaceBefore: spaced, afterInvalid: afterInvalid)
            }
            // Anything else is no token: report the run of such characters once and go on.
            reportInvalidRun()
            spaced = true
            afterInvalid = !skipTrivia()
        }
    }

    /// Reports the run of characters that start no token from `index` (one diagnostic for
    /// the run: `@@@@` is one mistake) and steps over it. Bytes that are not UTF-8 form runs
    /// of their own (`invalid-utf8`).
    private mutating func reportInvalidRun() {
        let start = index
        let invalidUTF8 = Lexer.scalarLength(bytes, at: index) == 0
        var count = 0
        while index < bytes.count {
            let byte = bytes[index]
            if count > 0, byte < 0x80, classes[Int(byte)] & ~ByteClass.wordJoin != 0 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "-") { break }
            let length = Lexer.scalarLength(bytes, at: index)
            if (length == 0) != invalidUTF8 { break }
            index += max(length, 1)
            count += 1
            // A terminal escape sequence (ESC [ parameters final) is one mistake with its ESC.
            if byte == 0x1B, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                var end = index + 1
                while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
                if end < bytes.count, (0x40...0x7E).contains(bytes[end]) {
                    count += end + 1 - index
                    index = end + 1
                }
            }
        }
        let range = SourceRange(start, index)
        if invalidUTF8 {
            let shown = bytes[start..<min(index, start + 8)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            let message = count == 1 ? "invalid UTF-8 byte \(shown)" : "\(count) bytes that are not UTF-8: \(shown)\(count > 8 ? " ..." : "")"
            diagnostics.append(.error(.invalidUTF8, message, at: range))
            return
        }
        // Show at most 20 characters, escaped for the terminal.
        var end = start
        var shownCount = 0
        while end < index, shownCount < 20 {
            end += Lexer.scalarLength(bytes, at: end)
            shownCount += 1
        }
        let shown = "'" + TerminalText.escaped(String(decoding: bytes[start..<end], as: UTF8.self)) + "'"
        if count == 1 {
            diagnostics.append(.error(.invalidCharacter, "unexpected character \(shown)\(Lexer.invalidCharacterHint(shown))", at: range))
        } else {
            diagnostics.append(.error(.invalidCharacter, "\(count) unexpected characters \(shown)\(count > shownCount ? "..." : "")", at: range))
        }
    }

    /// A hint for characters that other notations use: `,` is an octave mark in ABC and
    /// LilyPond (`'`, their other one, is Stave's staccato).
    static func invalidCharacterHint(_ shown: String) -> String {
        switch shown {
        case "','": return ": Stave sets octaves with 'o5', '>' and '<' before the note"
        default: return ""
        }
    }

    /// The common case in one tight pass: at most one space, then a word without `-` or a
    /// one-byte punctuation other than `/`. Nil (nothing consumed) for anything else, which
    /// `next` then reads in full; the result is the same either way.
    ///
    /// Music gives no order to spaces, words and punctuation, so branches on them would
    /// mispredict on nearly every token: the space is counted, a word's length is found eight
    /// bytes at a time (`wordPartRun`), and the word and punctuation readings are both made
    /// and one of them chosen.
    @inline(__always)
    private mutating func nextSimple() -> Token? {
        let count = bytes.count
        // Reads reach nine bytes past a space: near the end, `next` reads the token.
        guard index &+ 10 <= count, let base = bytes.baseAddress else { return nil }
        let space = bytes[index] == 0x20 ? 1 : 0
        let start = index &+ space
        let byte = bytes[start]
        // 1 or 0 rather than Bool, so that choosing between the readings is arithmetic.
        let word = classes[Int(byte)] & ByteClass.wordStart != 0 ? 1 : 0
        let run = Lexer.wordPartRun(ByteLanes.load(base + start))
        // `/` may start a comment: `next` reads it.
        let punctuation = byte == UInt8(ascii: "/") ? nil : kinds[Int(byte)]
        // A word of eight bytes or more, or followed by a byte that may go on with it (`-` of
        // `open-hat`, `+`, `°`, `ø` or `Δ` of a chord symbol), is read by `next`.
        let plainWord = word & (run == 8 ? 0 : 1) & (classes[Int(bytes[start &+ run])] & ByteClass.wordJoin == 0 ? 1 : 0)
        let plainPunctuation = (1 &- word) & (punctuation == nil ? 0 : 1)
        guard plainWord | plainPunctuation != 0 else { return nil }
        let end = start &+ 1 &+ word &* (run &- 1)
        index = end
        return Token(punctuation ?? .word, SourceRange(start, end), spaceBefore: space != 0)
    }

    /// How many of eight bytes (the first in the low bits) continue a word — ASCII letters,
    /// digits, `_` and `#`, `ByteClass.wordPart` — counted from the first; 8 when all do.
    @inline(__always)
    static func wordPartRun(_ word: UInt64) -> Int {
        let ascii = ByteLanes.ascii(word), low = word & ~ByteLanes.highs
        let folded = low | (ByteLanes.ones &* 0x20)  // upper-case letters onto lower-case ones
        let parts = ByteLanes.within(folded, 0x61, 0x7A) | ByteLanes.within(low, 0x30, 0x39)
            | ByteLanes.within(low, 0x5F, 0x5F) | ByteLanes.within(low, 0x23, 0x23)
        let notPart = ~parts & ascii | ~ascii & ByteLanes.highs
        return notPart == 0 ? 8 : notPart.trailingZeroBitCount >> 3
    }

    /// Skips spaces and comments; returns whether anything was skipped.
    @inline(__always)
    private mutating func skipTrivia() -> Bool {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if classes[Int(byte)] & ByteClass.space != 0 {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let open = index
                index += 2
                var closed = false
                while index + 1 < bytes.count {
                    if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        closed = true
                        break
                    }
                    index += 1
                }
                if !closed {
                    index = bytes.count
                    diagnostics.append(.error(.unterminatedComment, "unterminated comment: expected '*/' before the end of the file", at: SourceRange(open, open + 2)))
                }
            } else {
                break
            }
        }
        return index > start
    }

    /// A word: a letter or `_`, then word parts, and `-` before a letter or digit (`open-hat`).
    /// A word that starts with `A`–`G` may be a chord symbol, which also takes `+`, `°`, `ø`,
    /// `Δ`, a `-` before anything and a group in parentheses (`C+7`, `C°7`, `Cø`, `CΔ9`, `C-`,
    /// `C7(b9)`; LANGUAGE.md "More chord symbols").
    @inline(__always)
    private mutating func lexWord() {
        let chord = bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "G")
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if classes[Int(byte)] & ByteClass.wordPart != 0 {
                index += 1
            } else if byte == UInt8(ascii: "-"), chord || (index + 1 < bytes.count && classes[Int(bytes[index + 1])] & ByteClass.letterOrDigit != 0) {
                index += 1
            } else if chord, classes[Int(byte)] & ByteClass.wordJoin != 0, let length = Lexer.chordPartLength(bytes, at: index) {
                index += length
            } else {
                break
            }
        }
    }

    /// The length of what may go on a chord-symbol word at `index`, or nil: `+` 1; `°` (U+00B0),
    /// `ø` (U+00F8), `Δ` (U+0394) 2; and a group such as `(b9)` or `(#5)` — at most 16 letters,
    /// digits, `#`, `+`, `-` and `,` closed by `)` — which no quality holds but lead sheets write,
    /// so that the parser can answer it with the quality it means (`Cm7(b5)`: "did you mean
    /// 'Cm7b5'?").
    @inline(__always)
    static func chordPartLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "+") { return 1 }
        guard index + 1 < bytes.count else { return nil }
        switch (byte, bytes[index + 1]) {
        case (0xC2, 0xB0), (0xC3, 0xB8), (0xCE, 0x94): return 2
        case (UInt8(ascii: "("), _):
            var end = index + 1
            while end < bytes.count, end - index <= 16, isLetter(bytes[end]) || isDigit(bytes[end])
                    || bytes[end] == UInt8(ascii: "#") || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: ",") {
                end += 1
            }
            guard end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: ")") else { return nil }
            return end + 1 - index
        default: return nil
        }
    }

    private mutating func lexNumber(spaced: Bool) -> Token {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        while index < bytes.count, Lexer.isDigit(bytes[index]) { index += 1 }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), Lexer.isDigit(bytes[index + 1]) {
            index += 1
            while index < bytes.count, Lexer.isDigit(bytes[index]) { index += 1 }
            return Token(.decimal, SourceRange(start, index), spaceBefore: spaced)
        }
        return Token(.number, SourceRange(start, index), spaceBefore: spaced)
    }

    /// Lexes a string from its opening quote. Without `acrossLines` a string ends at a line
    /// feed (unterminated; `stringStoppedAtLineBreak` says so). It may hold a carriage return:
    /// the save format allows one in a name, and `stave print` writes it as it is.
    private mutating func lexString(acrossLines: Bool = false) {
        let start = index
        stringStoppedAtLineBreak = false
        stringClosed = false
        stringDiagnostics = diagnostics.count
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                stringClosed = true
                return
            }
            if byte == 0x0A, !acrossLines {
                stringStoppedAtLineBreak = true
                break
            }
            if byte >= 0x80 {
                let length = Lexer.scalarLength(bytes, at: index)
                if length > 0 { index += length; continue }
                // Bytes that are not UTF-8 are an error inside a string as anywhere else.
                let run = index
                while index < bytes.count, bytes[index] >= 0x80, Lexer.scalarLength(bytes, at: index) == 0 { index += 1 }
                let count = index - run
                let shown = bytes[run..<min(index, run + 8)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                diagnostics.append(.error(.invalidUTF8, count == 1 ? "invalid UTF-8 byte \(shown) in a string" : "\(count) bytes that are not UTF-8 in a string: \(shown)\(count > 8 ? " ..." : "")", at: SourceRange(run, index)))
                continue
            }
            if byte == UInt8(ascii: "\\") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                diagnostics.append(.error(.invalidEscape, "invalid escape in string: only \\\" and \\\\ are allowed", at: SourceRange(index, min(index + 2, bytes.count))))
            }
            index += 1
        }
        if acrossLines { return }
        diagnostics.append(.error(.unterminatedString, "unterminated string: expected '\"' before the end of the line", at: SourceRange(start, start + 1)))
    }

    // MARK: - Lyrics strings across lines

    /// True when the string just lexed (not yet in `chunk`) stands in a lyrics statement:
    /// after `lyrics ID` and any strings of that statement (LANGUAGE.md "Lyrics, easier": a
    /// lyrics string may run over several lines). Asked only of a string that reached a line
    /// feed, so other tokens pay nothing.
    private func continuesLyrics(_ chunks: [[Token]], _ chunk: [Token]) -> Bool {
        var back = 0
        func token(_ offset: Int) -> Token? {
            if offset < chunk.count { return chunk[chunk.count - 1 - offset] }
            var rest = offset - chunk.count
            for previous in chunks.reversed() {
                if rest < previous.count { return previous[previous.count - 1 - rest] }
                rest -= previous.count
            }
            return nil
        }
        while let string = token(back), string.kind == .string { back += 1 }
        guard let id = token(back), id.kind == .word, let keyword = token(back + 1), keyword.kind == .word,
              keyword.range.end - keyword.range.start == 6 else { return false }
        return Array(bytes[keyword.range.start..<keyword.range.end]) == Array("lyrics".utf8)
    }

    /// Lexes `string` again as a lyrics string, which may run over several lines. One that
    /// the file ends inside is reported as unterminated and ends at its first line feed, as
    /// any string does, so that the rest of the file reads as written.
    private mutating func relexLyricsString(_ string: Token) -> Token {
        diagnostics.removeSubrange(stringDiagnostics...)
        let firstLineFeed = index
        index = string.range.start
        lexString(acrossLines: true)
        if stringClosed {
            return Token(.string, SourceRange(string.range.start, index), spaceBefore: string.spaceBefore, afterInvalid: string.afterInvalid)
        }
        // No closing quote before the end of the file.
        diagnostics.removeAll { $0.range.start >= firstLineFeed }
        index = firstLineFeed
        diagnostics.append(.error(.unterminatedString, "unterminated lyrics string: expected '\"' before the end of the file (a lyrics string may run over several lines)", at: SourceRange(string.range.start, string.range.start + 1)))
        return string
    }

    @inline(__always)
    static func punctuation(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "{"): return .leftBrace
        case UInt8(ascii: "}"): return .rightBrace
        case UInt8(ascii: "["): return .leftBracket
        case UInt8(ascii: "]"): return .rightBracket
        case UInt8(ascii: "("): return .leftParen
        case UInt8(ascii: ")"): return .rightParen
        case UInt8(ascii: "|"): return .bar
        case UInt8(ascii: "~"): return .tilde
        case UInt8(ascii: "."): return .dot
        case UInt8(ascii: ">"): return .greater
        case UInt8(ascii: "<"): return .less
        case UInt8(ascii: "/"): return .slash
        case UInt8(ascii: "'"): return .apostrophe
        case UInt8(ascii: "^"): return .caret
        case UInt8(ascii: "@"): return .at
        default: return nil
        }
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    @inline(__always)
    static func isWordStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == UInt8(ascii: "_") }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Length of the well-formed UTF-8 scalar starting at `index`, or 0 when the bytes there
    /// are not UTF-8 (a stray continuation byte, a truncated or overlong sequence, a surrogate,
    /// or beyond U+10FFFF: the Unicode standard's table 3-7).
    static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return 1 }
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}

/// Flags that sort bytes for the lexer's hot loops: one table lookup instead of several comparisons.
/// Eight bytes tested at once in one 64-bit word, the first byte in the low bits: a test's
/// answer is the high bit of each byte. Used where a loop over a note's few bytes would stop
/// at a different place every time and so mispredict (`Lexer.wordPartRun`,
/// `Parser.digitSplit`).
enum ByteLanes {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes from `pointer` (which must have eight readable bytes).
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte below 0x80.
    @inline(__always)
    static func ascii(_ word: UInt64) -> UInt64 { ~word & highs }

    /// The high bit of each byte of `low` (whose bytes are below 0x80) in `first...last`. In
    /// each byte `x + (0x7F − c)` sets the high bit exactly when `x > c`, and no carry reaches
    /// the next byte.
    @inline(__always)
    static func within(_ low: UInt64, _ first: UInt64, _ last: UInt64) -> UInt64 {
        (low &+ ones &* (0x80 - first)) & ~(low &+ ones &* (0x7F - last)) & highs
    }
}

enum ByteClass {
    /// Space, tab, line feed, carriage return.
    static let space: UInt8 = 1
    /// A letter or `_`: starts a word.
    static let wordStart: UInt8 = 2
    /// A letter, digit, `_` or `#`: continues a word.
    static let wordPart: UInt8 = 4
    /// `0`…`9`.
    static let digit: UInt8 = 8
    /// A letter or digit: may follow a `-` inside a word (`open-hat`).
    static let letterOrDigit: UInt8 = 32
    /// `-`, `+`, `(` and the first bytes of `°`, `ø`, `Δ`: a word may go on past it
    /// (`open-hat`, `C+7`, `CΔ9`, `C7(b9)`), so the lexer's fast path leaves a word followed by
    /// one to `lexWord`.
    static let wordJoin: UInt8 = 16

    /// The flags of every byte value.
    static let table: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var flags: UInt8 = 0
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { flags |= space }
        if Lexer.isWordStart(byte) { flags |= wordStart | wordPart }
        if Lexer.isDigit(byte) { flags |= digit | wordPart }
        if byte == UInt8(ascii: "#") { flags |= wordPart }
        if Lexer.isLetter(byte) || Lexer.isDigit(byte) { flags |= letterOrDigit }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "(") || byte == 0xC2 || byte == 0xC3 || byte == 0xCE { flags |= wordJoin }
        return flags
    }

    /// The kind of every one-byte punctuation token by byte value (nil for other bytes): the
    /// lexer reads it with one load rather than a chain of comparisons, which mispredict on music.
    static let punctuationKinds: [TokenKind?] = (0...255).map { Lexer.punctuation(UInt8($0)) }
}
