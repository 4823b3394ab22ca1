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
    private var index: Int
    /// Lexical problems found so far.
    private(set) var diagnostics: [Diagnostic] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>, from index: Int = 0) {
        self.bytes = bytes
        self.classes = classes
        self.index = index
    }

    /// Tokenizes a whole source; the last token is always `.end`.
    public static func tokenize(_ source: Source) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        source.bytes.withUnsafeBufferPointer { bytes in
            ByteClass.table.withUnsafeBufferPointer { classes in
                var lexer = Lexer(bytes, classes: classes)
                return (lexer.tokens(), lexer.diagnostics)
            }
        }
    }

    /// Lexes from the current index to the end of `bytes`; the last token is `.end`.
    /// Room is reserved for one token per two bytes, about what real songs hold.
    private mutating func tokens() -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity((bytes.count - index) / 2 + 16)
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// The next token.
    mutating func next() -> Token {
        if let token = nextSimple() { return token }
        var spaced = skipTrivia()
        while true {
            guard index < bytes.count else {
                return Token(.end, SourceRange(bytes.count, bytes.count), spaceBefore: spaced)
            }
            let start = index
            let byte = bytes[index]
            let byteClass = classes[Int(byte)]
            if byteClass & ByteClass.wordStart != 0 {
                lexWord()
                return Token(.word, SourceRange(start, index), spaceBefore: spaced)
            }
            if byteClass & ByteClass.punctuation != 0, let kind = Lexer.punctuation(byte) {
                index += 1
                return Token(kind, SourceRange(start, index), spaceBefore: spaced)
            }
            if byteClass & ByteClass.digit != 0 || (byte == UInt8(ascii: "-") && index + 1 < bytes.count && Lexer.isDigit(bytes[index + 1])) {
                return lexNumber(spaced: spaced)
            }
            if byte == UInt8(ascii: "\"") {
                lexString()
                return Token(.string, SourceRange(start, index), spaceBefore: spaced)
            }
            if byte == UInt8(ascii: "!") {
                index += 1
                while index < bytes.count, Lexer.isLetter(bytes[index]) { index += 1 }
                return Token(.dynamic, SourceRange(start, index), spaceBefore: spaced)
            }
            // Anything else: report one character (a whole UTF-8 scalar) and go on.
            let length = Lexer.scalarLength(bytes, at: index)
            let text = String(decoding: bytes[start..<start + length], as: UTF8.self)
            if length == 1 && byte >= 0x80 {
                diagnostics.append(.error(.invalidUTF8, "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))", at: SourceRange(start, start + 1)))
            } else {
                diagnostics.append(.error(.invalidCharacter, "unexpected character '\(text)'", at: SourceRange(start, start + length)))
            }
            index += length
            spaced = skipTrivia() || true
        }
    }

    /// The common case in one tight pass: at most one space, then a word without `-` or a
    /// one-byte punctuation other than `/`. Nil (nothing consumed) for anything else, which
    /// `next` then reads in full; the result is the same either way.
    @inline(__always)
    private mutating func nextSimple() -> Token? {
        var at = index
        let count = bytes.count
        let spaced = at < count && bytes[at] == 0x20
        if spaced { at += 1 }
        guard at < count else { return nil }
        let start = at
        let byte = bytes[at]
        let byteClass = classes[Int(byte)]
        if byteClass & ByteClass.wordStart != 0 {
            at += 1
            while at < count, classes[Int(bytes[at])] & ByteClass.wordPart != 0 { at += 1 }
            guard at == count || bytes[at] != UInt8(ascii: "-") else { return nil }
            index = at
            return Token(.word, SourceRange(start, at), spaceBefore: spaced)
        }
        guard byteClass & ByteClass.punctuation != 0, byte != UInt8(ascii: "/"), let kind = Lexer.punctuation(byte) else { return nil }
        index = at + 1
        return Token(kind, SourceRange(start, at + 1), spaceBefore: spaced)
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
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
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

    @inline(__always)
    private mutating func lexWord() {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if classes[Int(byte)] & ByteClass.wordPart != 0 {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count,
                      classes[Int(bytes[index + 1])] & ByteClass.letterOrDigit != 0 {
                index += 1
            } else {
                break
            }
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

    private mutating func lexString() {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == 0x0A { break }
            if byte == UInt8(ascii: "\\") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                diagnostics.append(.error(.invalidEscape, "invalid escape in string: only \\\" and \\\\ are allowed", at: SourceRange(index, min(index + 2, bytes.count))))
            }
            index += 1
        }
        diagnostics.append(.error(.unterminatedString, "unterminated string: expected '\"' before the end of the line", at: SourceRange(start, start + 1)))
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

    /// Length of the UTF-8 scalar starting at `index` (1 for invalid bytes).
    static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        let length: Int
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 1
        }
        guard index + length <= bytes.count else { return 1 }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 1 }
        return length
    }
}

/// Flags that sort bytes for the lexer's hot loops: one table lookup instead of several comparisons.
enum ByteClass {
    /// Space, tab, line feed, carriage return.
    static let space: UInt8 = 1
    /// A letter or `_`: starts a word.
    static let wordStart: UInt8 = 2
    /// A letter, digit, `_` or `#`: continues a word.
    static let wordPart: UInt8 = 4
    /// `0`…`9`.
    static let digit: UInt8 = 8
    /// A one-byte punctuation token (`Lexer.punctuation`).
    static let punctuation: UInt8 = 16
    /// A letter or digit: may follow a `-` inside a word (`open-hat`).
    static let letterOrDigit: UInt8 = 32

    /// The flags of every byte value.
    static let table: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var flags: UInt8 = 0
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { flags |= space }
        if Lexer.isWordStart(byte) { flags |= wordStart | wordPart }
        if Lexer.isDigit(byte) { flags |= digit | wordPart }
        if byte == UInt8(ascii: "#") { flags |= wordPart }
        if Lexer.isLetter(byte) || Lexer.isDigit(byte) { flags |= letterOrDigit }
        if Lexer.punctuation(byte) != nil { flags |= punctuation }
        return flags
    }
}
