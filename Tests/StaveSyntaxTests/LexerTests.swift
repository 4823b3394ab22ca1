@testable import StaveSyntax
import XCTest

/// Table-driven lexer tests: input → token kinds, texts and `spaceBefore`, and lexical diagnostics.
final class LexerTests: XCTestCase {
    /// One expected token: kind, text, and whether whitespace or a comment stands before it.
    struct Expected: Equatable, CustomStringConvertible {
        var kind: TokenKind
        var text: String
        var spaced: Bool
        var description: String { "\(kind) '\(text)'\(spaced ? " (spaced)" : "")" }
    }

    /// A token glued to the one before it.
    static func t(_ kind: TokenKind, _ text: String) -> Expected { Expected(kind: kind, text: text, spaced: false) }
    /// A token with whitespace or a comment before it.
    static func s(_ kind: TokenKind, _ text: String) -> Expected { Expected(kind: kind, text: text, spaced: true) }

    /// (input, tokens without the final end token). None of these inputs has a lexical error.
    static let table: [(String, [Expected])] = [
        ("", []),
        ("c4", [t(.word, "c4")]),
        ("c4 d8.", [t(.word, "c4"), s(.word, "d8"), t(.dot, ".")]),
        ("bn2..", [t(.word, "bn2"), t(.dot, "."), t(.dot, ".")]),
        ("f#8 eb4. f##16 ebb", [t(.word, "f#8"), s(.word, "eb4"), t(.dot, "."), s(.word, "f##16"), s(.word, "ebb")]),
        ("c2~8", [t(.word, "c2"), t(.tilde, "~"), t(.number, "8")]),
        ("c2~ c8", [t(.word, "c2"), t(.tilde, "~"), s(.word, "c8")]),
        ("c 4", [t(.word, "c"), s(.number, "4")]),
        ("[c~ e g]2", [t(.leftBracket, "["), t(.word, "c"), t(.tilde, "~"), s(.word, "e"), s(.word, "g"), t(.rightBracket, "]"), t(.number, "2")]),
        ("[c e] 2", [t(.leftBracket, "["), t(.word, "c"), s(.word, "e"), t(.rightBracket, "]"), s(.number, "2")]),
        ("{c {d e} f}4", [t(.leftBrace, "{"), t(.word, "c"), s(.leftBrace, "{"), t(.word, "d"), s(.word, "e"), t(.rightBrace, "}"),
                          s(.word, "f"), t(.rightBrace, "}"), t(.number, "4")]),
        ("o5 > < v90 !mf !ppp", [t(.word, "o5"), s(.greater, ">"), s(.less, "<"), s(.word, "v90"), s(.dynamic, "!mf"), s(.dynamic, "!ppp")]),
        ("kick8 open-hat16 acoustic-bass-drum", [t(.word, "kick8"), s(.word, "open-hat16"), s(.word, "acoustic-bass-drum")]),
        ("instrument lead-1-square kit tr-808", [t(.word, "instrument"), s(.word, "lead-1-square"), s(.word, "kit"), s(.word, "tr-808")]),
        ("_x9 A_b", [t(.word, "_x9"), s(.word, "A_b")]),
        ("meter 4/4", [t(.word, "meter"), s(.number, "4"), t(.slash, "/"), t(.number, "4")]),
        ("tempo 92.5", [t(.word, "tempo"), s(.decimal, "92.5")]),
        ("tempo 92.", [t(.word, "tempo"), s(.number, "92"), t(.dot, ".")]),
        ("transpose -24", [t(.word, "transpose"), s(.number, "-24")]),
        ("x7 at 5", [t(.word, "x7"), s(.word, "at"), s(.number, "5")]),
        ("sync lead.theme", [t(.word, "sync"), s(.word, "lead"), t(.dot, "."), t(.word, "theme")]),
        ("title \"Ode to Joy\"", [t(.word, "title"), s(.string, "\"Ode to Joy\"")]),
        ("\"a \\\"b\\\" \\\\\"", [t(.string, "\"a \\\"b\\\" \\\\\"")]),
        ("\"Grüße ♪\"x", [t(.string, "\"Grüße ♪\""), t(.word, "x")]),
        ("{ } [ ] ( ) | ~ . > < /", [t(.leftBrace, "{"), s(.rightBrace, "}"), s(.leftBracket, "["), s(.rightBracket, "]"),
                                    s(.leftParen, "("), s(.rightParen, ")"), s(.bar, "|"), s(.tilde, "~"), s(.dot, "."),
                                    s(.greater, ">"), s(.less, "<"), s(.slash, "/")]),
        ("c // comment d\ne", [t(.word, "c"), s(.word, "e")]),
        ("c// comment", [t(.word, "c")]),
        ("c/* block */d", [t(.word, "c"), s(.word, "d")]),
        ("c/* a /* b */d", [t(.word, "c"), s(.word, "d")]),
        ("c\r\n\td", [t(.word, "c"), s(.word, "d")]),
        ("c|d", [t(.word, "c"), t(.bar, "|"), t(.word, "d")]),
        ("r8. r", [t(.word, "r8"), t(.dot, "."), s(.word, "r")]),
        ("c99999999999999999999", [t(.word, "c99999999999999999999")]),
        ("12345678901234567890123", [t(.number, "12345678901234567890123")]),
        ("c-d", [t(.word, "c-d")]),
        // A word that starts with A–G may be a chord symbol a lead sheet spells (v3): it takes
        // `+`, `°`, `ø`, `Δ`, `-` before anything, and a group in parentheses.
        ("[C+] [C+7]2 [C-]", [t(.leftBracket, "["), t(.word, "C+"), t(.rightBracket, "]"), s(.leftBracket, "["), t(.word, "C+7"),
                               t(.rightBracket, "]"), t(.number, "2"), s(.leftBracket, "["), t(.word, "C-"), t(.rightBracket, "]")]),
        ("C°7 Cø Cø7 CΔ CΔ9 Bb-Δ7 F#o7", [t(.word, "C°7"), s(.word, "Cø"), s(.word, "Cø7"), s(.word, "CΔ"), s(.word, "CΔ9"),
                                          s(.word, "Bb-Δ7"), s(.word, "F#o7")]),
        ("C-~ C-/E C-7/Bb_", [t(.word, "C-"), t(.tilde, "~"), s(.word, "C-"), t(.slash, "/"), t(.word, "E"), s(.word, "C-7"),
                               t(.slash, "/"), t(.word, "Bb_")]),
        ("C6/9/E", [t(.word, "C6"), t(.slash, "/"), t(.number, "9"), t(.slash, "/"), t(.word, "E")]),
        ("Cm7(b5) C7(#5,b9)2 Cm(maj7)~", [t(.word, "Cm7(b5)"), s(.word, "C7(#5,b9)2"), s(.word, "Cm(maj7)"), t(.tilde, "~")]),
        // Only a closed group of at most 16 such bytes; an empty one is a grace group's `(`.
        ("C7(b9 C()", [t(.word, "C7"), t(.leftParen, "("), t(.word, "b9"), s(.word, "C"), t(.leftParen, "("), t(.rightParen, ")")]),
        ("C(aaaaaaaaaaaaaaaa) C(aaaaaaaaaaaaaaaaa)", [t(.word, "C(aaaaaaaaaaaaaaaa)"), s(.word, "C"), t(.leftParen, "("),
                                                       t(.word, "aaaaaaaaaaaaaaaaa"), t(.rightParen, ")")]),
        // Other words do not: a pitch, a drum name, a lower-case or H–Z word.
        ("c(d)e open-hat( Hm(b5)", [t(.word, "c"), t(.leftParen, "("), t(.word, "d"), t(.rightParen, ")"), t(.word, "e"),
                                    s(.word, "open-hat"), t(.leftParen, "("), s(.word, "Hm"), t(.leftParen, "("), t(.word, "b5"),
                                    t(.rightParen, ")")]),
    ]

    func testTable() {
        for (input, expected) in Self.table {
            let source = Source(path: "t", text: input)
            let (tokens, diagnostics) = Lexer.tokenize(source)
            XCTAssertEqual(diagnostics, [], "input: \(input)")
            XCTAssertEqual(tokens.last?.kind, .end, "input: \(input)")
            XCTAssertEqual(tokens.last?.range, SourceRange(source.bytes.count, source.bytes.count), "input: \(input)")
            let actual = tokens.dropLast().map { Expected(kind: $0.kind, text: source.text($0.range), spaced: $0.spaceBefore) }
            XCTAssertEqual(actual, expected, "input: \(input)")
        }
    }

    /// The fast path (a word of at most seven bytes, ten bytes from the end) leaves a word that a
    /// chord sign follows to `lexWord`, so both read chord symbols alike.
    func testChordSignsOnTheFastPath() {
        let words = ["C+", "C+7", "C-", "C-7", "C°7", "Cø", "CΔ9", "Cm7(b5)", "Db-6", "c4", "open-hat16", "Eb"]
        let text = words.map { "[\($0)] " }.joined() + String(repeating: " ", count: 12)
        let source = Source(path: "t", text: text)
        let (tokens, diagnostics) = Lexer.tokenize(source)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(tokens.filter { $0.kind == .word }.map { source.text($0.range) }, words)
    }

    func testEndTokenRecordsTrailingSpace() {
        let (tokens, _) = Lexer.tokenize(Source(path: "t", text: "c // end"))
        XCTAssertEqual(tokens.map(\.kind), [.word, .end])
        XCTAssertTrue(tokens[1].spaceBefore)
        let (bare, _) = Lexer.tokenize(Source(path: "t", text: "c"))
        XCTAssertFalse(bare[1].spaceBefore)
    }

    func testTokenRangesAreByteOffsets() {
        // 'ü' takes two bytes, so 'x' starts at byte 5, not 4.
        let (tokens, _) = Lexer.tokenize(Source(path: "t", text: "\"ü\" x"))
        XCTAssertEqual(tokens[0].range, SourceRange(0, 4))
        XCTAssertEqual(tokens[1].range, SourceRange(5, 6))
    }

    /// (input, expected lexical diagnostics as (id, byte range)) and the tokens that survive.
    func testLexicalErrors() {
        let cases: [(String, [(DiagnosticID, SourceRange)], [Expected])] = [
            ("a -", [(.invalidCharacter, SourceRange(2, 3))], [Self.t(.word, "a")]),
            ("c ♯4", [(.invalidCharacter, SourceRange(2, 5))], [Self.t(.word, "c"), Self.s(.number, "4")]),
            ("c$d", [(.invalidCharacter, SourceRange(1, 2))], [Self.t(.word, "c"), Self.s(.word, "d")]),
            ("\"abc\nd", [(.unterminatedString, SourceRange(0, 1))], [Self.t(.string, "\"abc"), Self.s(.word, "d")]),
            ("\"abc", [(.unterminatedString, SourceRange(0, 1))], [Self.t(.string, "\"abc")]),
            ("\"a\\nb\"", [(.invalidEscape, SourceRange(2, 4))], [Self.t(.string, "\"a\\nb\"")]),
            ("\"a\\", [(.invalidEscape, SourceRange(2, 3)), (.unterminatedString, SourceRange(0, 1))], [Self.t(.string, "\"a\\")]),
            ("c /* open", [(.unterminatedComment, SourceRange(2, 4))], [Self.t(.word, "c")]),
            ("c /*", [(.unterminatedComment, SourceRange(2, 4))], [Self.t(.word, "c")]),
            ("c /*/", [(.unterminatedComment, SourceRange(2, 4))], [Self.t(.word, "c")]),
            ("c $ # d", [(.invalidCharacter, SourceRange(2, 3)), (.invalidCharacter, SourceRange(4, 5))], [Self.t(.word, "c"), Self.s(.word, "d")]),
            // The signs of chord symbols belong only to words that start with A–G.
            ("c+ H+ cø", [(.invalidCharacter, SourceRange(1, 2)), (.invalidCharacter, SourceRange(4, 5)), (.invalidCharacter, SourceRange(7, 9))],
             [Self.t(.word, "c"), Self.s(.word, "H"), Self.s(.word, "c")]),
            ("C∆7 $+$", [(.invalidCharacter, SourceRange(1, 4)), (.invalidCharacter, SourceRange(6, 9))], [Self.t(.word, "C"), Self.s(.number, "7")]),
        ]
        for (input, expectedDiagnostics, expectedTokens) in cases {
            let source = Source(path: "t", text: input)
            let (tokens, diagnostics) = Lexer.tokenize(source)
            XCTAssertEqual(diagnostics.map(\.id), expectedDiagnostics.map(\.0), "input: \(input)")
            XCTAssertEqual(diagnostics.map(\.range), expectedDiagnostics.map(\.1), "input: \(input)")
            XCTAssertTrue(diagnostics.allSatisfy { $0.severity == .error }, "input: \(input)")
            let actual = tokens.dropLast().map { Expected(kind: $0.kind, text: source.text($0.range), spaced: $0.spaceBefore) }
            XCTAssertEqual(actual, expectedTokens, "input: \(input)")
        }
    }

    func testARunOfInvalidUTF8IsOneDiagnostic() {
        let source = Source(path: "t", bytes: Array("c ".utf8) + [0xFF, 0xC3] + Array(" d ".utf8) + [0x80] + Array(" e".utf8))
        let (tokens, diagnostics) = Lexer.tokenize(source)
        XCTAssertEqual(diagnostics.map(\.id), [.invalidUTF8, .invalidUTF8])
        XCTAssertEqual(diagnostics.map(\.range), [SourceRange(2, 4), SourceRange(7, 8)])
        XCTAssertEqual(diagnostics.map(\.message), ["2 bytes that are not UTF-8: 0xFF 0xC3", "invalid UTF-8 byte 0x80"])
        XCTAssertEqual(tokens.map(\.kind), [.word, .word, .word, .end])
    }

    /// Overlong forms, surrogates and scalars beyond U+10FFFF are not UTF-8 (Unicode table 3-7).
    func testOnlyWellFormedUTF8IsAccepted() {
        let malformed: [[UInt8]] = [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]]
        for bytes in malformed {
            let (_, diagnostics) = Lexer.tokenize(Source(path: "t", bytes: bytes))
            XCTAssertEqual(diagnostics.map(\.id), [.invalidUTF8], "\(bytes)")
            XCTAssertEqual(diagnostics.map(\.range), [SourceRange(0, bytes.count)], "\(bytes)")
        }
        // Well-formed but no token: one invalid character each.
        for text in ["é", "€", "😀"] {
            let (_, diagnostics) = Lexer.tokenize(Source(path: "t", text: text))
            XCTAssertEqual(diagnostics.map(\.id), [.invalidCharacter], text)
            XCTAssertEqual(diagnostics.first?.message, "unexpected character '\(text)'")
        }
    }

    func testInvalidUTF8InsideAStringIsAnError() {
        let source = Source(path: "t", bytes: Array("title \"a".utf8) + [0xFF, 0xFE] + Array("b\u{E9}\"".utf8))
        let (tokens, diagnostics) = Lexer.tokenize(source)
        XCTAssertEqual(diagnostics.map(\.id), [.invalidUTF8])
        XCTAssertEqual(diagnostics.map(\.range), [SourceRange(8, 10)])
        XCTAssertEqual(diagnostics.first?.message, "2 bytes that are not UTF-8 in a string: 0xFF 0xFE")
        XCTAssertEqual(tokens.map(\.kind), [.word, .string, .end])
    }

    func testARunOfInvalidCharactersIsOneDiagnostic() {
        let source = Source(path: "t", text: "c ;;;; d $% e\u{1B}\u{7}f")
        let (tokens, diagnostics) = Lexer.tokenize(source)
        XCTAssertEqual(diagnostics.map(\.range), [SourceRange(2, 6), SourceRange(9, 11), SourceRange(13, 15)])
        XCTAssertEqual(diagnostics.map(\.message), [
            "4 unexpected characters ';;;;'",
            "2 unexpected characters '$%'",
            "2 unexpected characters '\\u{1B}\\u{7}'",
        ])
        XCTAssertEqual(tokens.map { source.text($0.range) }, ["c", "d", "e", "f", ""])
        XCTAssertEqual(tokens.map(\.afterInvalid), [false, false, false, true, false])
    }

    func testATerminalEscapeSequenceIsOneMistake() {
        let source = Source(path: "t", text: "c \u{1B}[1;31md \u{1B}[2J e")
        let (tokens, diagnostics) = Lexer.tokenize(source)
        XCTAssertEqual(diagnostics.map(\.message), ["7 unexpected characters '\\u{1B}[1;31m'", "4 unexpected characters '\\u{1B}[2J'"])
        XCTAssertEqual(diagnostics.map(\.range), [SourceRange(2, 9), SourceRange(11, 15)])
        XCTAssertEqual(tokens.map { source.text($0.range) }, ["c", "d", "e", ""])
    }

    func testATokenGluedToRejectedCharactersIsMarked() {
        let source = Source(path: "t", text: "c,4 d, 4")
        let (tokens, diagnostics) = Lexer.tokenize(source)
        let octaveHint = "unexpected character ',': Stave sets octaves with 'o5', '>' and '<' before the note"
        XCTAssertEqual(diagnostics.map(\.message), [octaveHint, octaveHint])
        XCTAssertEqual(tokens.map { source.text($0.range) }, ["c", "4", "d", "4", ""])
        XCTAssertEqual(tokens.map(\.afterInvalid), [false, true, false, false, false])
        XCTAssertEqual(tokens.map(\.spaceBefore), [false, true, true, true, false])
    }

    func testDynamicsTakeLettersOrOneHairpinSign() {
        let source = Source(path: "t", text: "!mf !< c !>d !")
        let (tokens, _) = Lexer.tokenize(source)
        XCTAssertEqual(tokens.map { "\($0.kind) \(source.text($0.range))" }, ["dynamic !mf", "dynamic !<", "word c", "dynamic !>", "word d", "dynamic !", "end of file "])
    }

    func testCarriageReturnsEndLinesAndComments() {
        for breakText in ["\r", "\r\n", "\n"] {
            let source = Source(path: "t", text: "// one" + breakText + "c // two" + breakText + "d /* x" + breakText + "*/" + breakText + "e")
            let (tokens, diagnostics) = Lexer.tokenize(source)
            XCTAssertEqual(tokens.map { source.text($0.range) }, ["c", "d", "e", ""], "break \(breakText.debugDescription)")
            XCTAssertEqual(diagnostics, [])
            XCTAssertEqual(source.lineStarts.count, 5)
            XCTAssertEqual(source.lineColumn(of: tokens[2].range.start).line, 5)
            XCTAssertEqual(source.lineColumn(of: tokens[2].range.start).column, 1)
            XCTAssertEqual(source.lineText(2), "c // two")
        }
        // A string ends at a line feed only: a carriage return may stand in a name (the save
        // format allows one, and `stave print` writes it as it is).
        for breakText in ["\r", "\r\n"] {
            let source = Source(path: "t", text: "title \"a\rb\" c \"x" + breakText + "e")
            let (tokens, diagnostics) = Lexer.tokenize(source)
            let texts = tokens.map { source.text($0.range) }
            XCTAssertEqual(texts.prefix(3), ["title", "\"a\rb\"", "c"])
            XCTAssertEqual(diagnostics.map(\.id), [.unterminatedString])
            XCTAssertEqual(texts.count, breakText == "\r" ? 5 : 6, texts.debugDescription)
        }
        for breakText in ["\r", "\r\n", "\n"] {
            let source = Source(path: "t", text: "// one" + breakText + "c // two" + breakText + "d \"x\"" + breakText + "e")
            let (tokens, _) = Lexer.tokenize(source)
            XCTAssertEqual(source.lineStarts.count, 4)
            XCTAssertEqual(source.lineColumn(of: tokens[3].range.start).line, 4)
            XCTAssertEqual(source.lineColumn(of: tokens[3].range.start).column, 1)
            XCTAssertEqual(source.lineText(2), "c // two")
        }
    }

    func testAByteOrderMarkIsSkippedAndTakesNoColumn() {
        let source = Source(path: "t", text: "\u{FEFF}c $")
        let (tokens, diagnostics) = Lexer.tokenize(source)
        XCTAssertEqual(tokens.map { source.text($0.range) }, ["c", ""])
        XCTAssertEqual(diagnostics.map(\.id), [.invalidCharacter])
        XCTAssertEqual(source.lineColumn(of: diagnostics[0].range.start).column, 3)
        XCTAssertEqual(source.lineColumn(of: tokens[0].range.start).column, 1)
        XCTAssertEqual(source.lineText(1), "c $")
    }

    func testLexerAlwaysEndsAndCoversEveryByteOnce() {
        // Tokens never overlap and never go backwards, even on odd input.
        let inputs = ["c~~..||{{", "\"\\", "/", "-", "--1", "!!", "!", "a-b-", "x\u{0}y", "/*/**/", "c8-"]
        for input in inputs {
            let (tokens, _) = Lexer.tokenize(Source(path: "t", text: input))
            var previousEnd = 0
            for token in tokens {
                XCTAssertGreaterThanOrEqual(token.range.start, previousEnd, "input: \(input)")
                previousEnd = token.range.end
            }
            XCTAssertEqual(tokens.last?.kind, .end)
        }
    }

    /// The eight-bytes-at-once word test agrees with the byte table: every byte value at every
    /// place after a run of word bytes, and 20,000 random words of eight bytes.
    func testWordRunAgreesWithTheByteTable() {
        func expected(_ bytes: [UInt8]) -> Int {
            bytes.firstIndex { ByteClass.table[Int($0)] & ByteClass.wordPart == 0 } ?? 8
        }
        func packed(_ bytes: [UInt8]) -> UInt64 {
            bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        var checked = 0
        for place in 0..<8 {
            for value in 0...255 {
                var bytes = Array("ab#_9Zz0".utf8)
                bytes[place] = UInt8(value)
                XCTAssertEqual(Lexer.wordPartRun(packed(bytes)), expected(bytes), "byte \(value) at \(place)")
                checked += 1
            }
        }
        var state: UInt64 = 7
        let alphabet = Array("aZ09_#-.[]{}~' \n\u{7F}".utf8) + [0x80, 0xC3, 0xFF, 0x40, 0x60, 0x7B, 0x2F, 0x3A, 0x5E, 0x22, 0x24]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<8 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            XCTAssertEqual(Lexer.wordPartRun(packed(bytes)), expected(bytes), "\(bytes)")
            checked += 1
        }
        XCTAssertEqual(checked, 8 * 256 + 20_000)
    }

    /// A note word's split into letters and digits, read eight bytes at once, agrees with a
    /// byte-by-byte scan for spans of 0–10 bytes at every place of 3,000 random texts (657,000
    /// spans), the end of the text included.
    func testDigitSplitAgreesWithAScan() {
        var state: UInt64 = 11
        let alphabet = Array("cfb#n_09587xZ".utf8) + [0x80, 0x2F, 0x3A, 0xFF]
        var checked = 0
        for _ in 0..<3_000 {
            var text: [UInt8] = []
            for _ in 0..<24 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            text.withUnsafeBufferPointer { bytes in
                for start in 0..<bytes.count {
                    for end in start...min(bytes.count, start + 10) {
                        var first = start
                        while first < end, !Lexer.isDigit(bytes[first]) { first += 1 }
                        let tail = bytes[first..<end].allSatisfy(Lexer.isDigit)
                        let split = Parser.digitSplit(bytes, start, end)
                        XCTAssertEqual(split.digitsStart, first, "\(Array(bytes[start..<end]))")
                        XCTAssertEqual(split.tailIsDigits, tail, "\(Array(bytes[start..<end]))")
                        checked += 1
                    }
                }
            }
        }
        // Per text: 15 starts with 11 ends, then 10, 9, … 2 ends for the last nine.
        XCTAssertEqual(checked, 3_000 * (15 * 11 + (2...10).reduce(0, +)))
    }
}
