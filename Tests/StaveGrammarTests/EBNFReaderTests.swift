import XCTest

final class EBNFReaderTests: XCTestCase {
    func testReadsRulesOperatorsAndPrecedence() throws {
        let grammar = try EBNFReader.read("""
            /* a comment */
            A ::= 'x' B? | C* "y" /* trailing */
            B ::= ( C | 'z' )+ ~adjacent~ 'w'
            C ::= D - 'no'
            D ::= [a-z]
            """)
        XCTAssertEqual(grammar.rules.map(\.name), ["A", "B", "C", "D"])
        XCTAssertEqual(grammar["A"]?.expression, .choice([
            .sequence([.literal("x"), .optional(.reference("B"))]),
            .sequence([.zeroOrMore(.reference("C")), .literal("y")]),
        ]))
        XCTAssertEqual(grammar["B"]?.expression, .sequence([
            .oneOrMore(.choice([.reference("C"), .literal("z")])), .adjacent, .literal("w"),
        ]))
        XCTAssertEqual(grammar["C"]?.expression, .difference(.reference("D"), .literal("no")))
        XCTAssertEqual(grammar["C"]?.line, 4)
        // Postfix binds tighter than '-', which binds tighter than a sequence.
        let tight = try EBNFReader.read("E ::= 'a' D* - 'b' 'c'")
        XCTAssertEqual(tight["E"]?.expression, .sequence([
            .literal("a"), .difference(.zeroOrMore(.reference("D")), .literal("b")), .literal("c"),
        ]))
    }

    func testReadsCharacterClassesAndHexCharacters() throws {
        let grammar = try EBNFReader.read(##"S ::= [^"\#xA] | [A-Z_#] | #x20 | [#x30-#x39]"##)
        let classes = (grammar["S"]?.expression.alternatives ?? []).compactMap { alternative -> CharacterClass? in
            if case .characters(let set) = alternative { return set }
            return nil
        }
        XCTAssertEqual(classes, [
            CharacterClass(ranges: [34...34, 92...92, 10...10], negated: true),
            CharacterClass(ranges: [65...90, 95...95, 35...35], negated: false),
            CharacterClass(ranges: [32...32], negated: false),
            CharacterClass(ranges: [48...57], negated: false),
        ])
        XCTAssertTrue(classes[0].contains("a"))
        XCTAssertFalse(classes[0].contains("\""))
        XCTAssertFalse(classes[0].contains("\n"))
        XCTAssertTrue(classes[1].contains("#"))
        XCTAssertFalse(classes[1].contains("a"))
    }

    func testSectionMarkersSetTheSection() throws {
        let grammar = try EBNFReader.read("""
            A ::= B
            /* ===== LEXICAL
             * characters */
            B ::= 'b'
            /* ===== SYNTAX */
            C ::= 'c'
            /* ===== not a marker */
            D ::= 'd'
            """)
        XCTAssertEqual(grammar.rules.map(\.section), [.syntax, .lexical, .syntax, .syntax])
        XCTAssertTrue(grammar.isLexical("B"))
        XCTAssertFalse(grammar.isLexical("C"))
    }

    func testReportsErrorsWithTheirLine() {
        let cases: [(String, Int)] = [
            ("A ::= 'x'\n'y' ::= 'z'", 2),      // a rule without a name
            ("::= 'x'", 1),                     // no name at all
            ("A ::= 'x\nB ::= 'y'", 1),          // unterminated literal
            ("A ::= ( 'x'\n", 2),               // missing ')'
            ("A ::= 'x' |\nB ::= 'y'", 2),      // empty alternative
            ("A ::= [a-\n", 1),                 // unterminated class
            ("A ::= 'x' /* open", 1),           // unterminated comment
            ("A ::= 'x' $", 1),                 // stray character
        ]
        for (text, line) in cases {
            XCTAssertThrowsError(try EBNFReader.read(text), text) { error in
                XCTAssertEqual((error as? EBNFReadError)?.line, line, "\(text): \(error)")
            }
        }
    }
}
