import XCTest
import StaveSyntax

final class LexicalMatcherTests: XCTestCase {
    func testAlternationRepetitionAndDifference() throws {
        let grammar = try EBNFReader.read("""
            /* ===== LEXICAL */
            Name ::= ( [a-z] [a-z0-9]* ) - Keyword
            Keyword ::= 'if' | 'in'
            Comment ::= '/*' ( [^*] | '*'+ [^*/] )* '*'+ '/'
            """)
        let matcher = LexicalMatcher(grammar: grammar)
        XCTAssertTrue(matcher.matches("x1", rule: "Name"))
        XCTAssertTrue(matcher.matches("ifs", rule: "Name"))
        XCTAssertFalse(matcher.matches("if", rule: "Name"))
        XCTAssertFalse(matcher.matches("1x", rule: "Name"))
        XCTAssertFalse(matcher.matches("", rule: "Name"))
        XCTAssertTrue(matcher.matches("/* a ** b */", rule: "Comment"))
        XCTAssertTrue(matcher.matches("/***/", rule: "Comment"))
        XCTAssertFalse(matcher.matches("/* a */ b */", rule: "Comment"))
        XCTAssertFalse(matcher.matches("/* a", rule: "Comment"))
    }

    /// The real grammar's token rules, table-driven.
    func testStaveTokenRules() throws {
        let matcher = LexicalMatcher(grammar: try GrammarFile.load())
        let cases: [(rule: String, text: String, matches: Bool)] = [
            ("Word", "acoustic-grand-piano", true), ("Word", "lead-1-square", true), ("Word", "f#8", true),
            ("Word", "tr-808", true), ("Word", "a--b", false), ("Word", "a-", false), ("Word", "8a", false),
            ("Identifier", "verse", true), ("Identifier", "_x1", true), ("Identifier", "tempo2", true),
            ("Identifier", "tempo", false), ("Identifier", "a-b", false), ("Identifier", "a#", false),
            ("Number", "-24", true), ("Number", "007", true), ("Number", "4.5", false), ("Number", "-", false),
            ("Decimal", "92.5", true), ("Decimal", "92.", false), ("Decimal", ".5", false),
            ("String", #""Ode to Joy""#, true), (#"String"#, #""a\"b\\""#, true), ("String", #""a\nb""#, false),
            ("String", #""open"#, false), ("String", "\"two\nlines\"", false),
            ("Dynamic", "!mf", true), ("Dynamic", "!fff", true), ("Dynamic", "!ffff", false), ("Dynamic", "!", false),
            ("Pitch", "c", true), ("Pitch", "f#", true), ("Pitch", "bbb", true), ("Pitch", "en", true),
            ("Pitch", "c###", false), ("Pitch", "c#b", false), ("Pitch", "h", false), ("Pitch", "C", false),
            ("TimedPitch", "f#8", true), ("TimedPitch", "bb16", true), ("TimedPitch", "c3", false), ("TimedPitch", "c", false),
            ("DrumName", "open-hat", true), ("DrumName", "kick", true), ("DrumName", "kick8", false), ("DrumName", "snares", false),
            ("TimedDrum", "open-hat16", true), ("TimedRest", "r8", true), ("TimedRest", "r", false),
            ("Octave", "o5", true), ("Velocity", "v127", true), ("Count", "x7", true), ("Count", "x", false),
            ("Separator", " \t\r\n", true), ("Separator", "// note\n", true), ("Separator", "/* a */ // b\n", true),
            ("Separator", "// note", false), ("Separator", "", false), ("Separator", "/* a", false),
        ]
        for (rule, text, expected) in cases {
            XCTAssertEqual(matcher.matches(text, rule: rule), expected, "\(rule) on \(text.debugDescription)")
        }
    }

    /// Tokens generated from the grammar's token rules lex as exactly one clean token of the
    /// right kind, and generated separators lex as nothing: the lexical section and the Lexer agree.
    func testGeneratedTokensLexAsOneToken() throws {
        let grammar = try GrammarFile.load()
        var generator = SentenceGenerator(grammar: grammar, choosers: ValueChoosers(), seed: 11)
        let kinds: [(rule: String, kind: TokenKind)] = [
            ("Word", .word), ("Number", .number), ("Decimal", .decimal), ("String", .string), ("Dynamic", .dynamic),
            ("Identifier", .word), ("TimedPitch", .word), ("TimedDrum", .word), ("Count", .word),
        ]
        for (rule, kind) in kinds {
            for _ in 0..<200 {
                let text = generator.lexical(rule, after: nil)
                let (tokens, diagnostics) = Lexer.tokenize(Source(path: "t", text: text))
                XCTAssertEqual(diagnostics.map(\.message), [], "\(rule) \(text.debugDescription)")
                XCTAssertEqual(tokens.map(\.kind), [kind, .end], "\(rule) \(text.debugDescription)")
                XCTAssertEqual(tokens.first?.range, SourceRange(0, text.utf8.count), "\(rule) \(text.debugDescription)")
            }
        }
        for _ in 0..<300 {
            let text = generator.lexical("Separator", after: nil)
            let (tokens, diagnostics) = Lexer.tokenize(Source(path: "t", text: text + "x"))
            XCTAssertEqual(diagnostics.map(\.message), [], text.debugDescription)
            XCTAssertEqual(tokens.count, 2, text.debugDescription)
            XCTAssertEqual(tokens.first?.spaceBefore, true, text.debugDescription)
        }
    }
}
