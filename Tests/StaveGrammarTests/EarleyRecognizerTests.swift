import XCTest

final class EarleyRecognizerTests: XCTestCase {
    private func tokens(_ words: String) -> [GrammarToken] {
        // "a b+c": '+' glues the next token to the previous one (no space before it).
        var result: [GrammarToken] = []
        for (index, group) in words.split(separator: " ").enumerated() {
            for (part, piece) in group.split(separator: "+").enumerated() {
                result.append(GrammarToken(text: String(piece), spaceBefore: index > 0 && part == 0))
            }
        }
        return result
    }

    func testNullableLeftRecursiveAndNestedRules() throws {
        let grammar = try EBNFReader.read("""
            List ::= Item* ( ';' Item+ )?
            Item ::= '(' List ')' | Atom | Empty 'x'
            Empty ::= Nothing?
            Nothing ::= 'never'
            /* ===== LEXICAL */
            Atom ::= [0-9]+
            """)
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "List")
        for accepted in ["", "1 2 3", "( ( ) ) x", "1 ; ( 2 ; 3 ) 4", "never x", "( ; x )"] {
            XCTAssertTrue(recognizer.recognize(tokens(accepted)).accepted, accepted)
        }
        for rejected in ["(", ")", "1 ;", "never", "a", "( 1 ; )"] {
            XCTAssertFalse(recognizer.recognize(tokens(rejected)).accepted, rejected)
        }
    }

    func testAdjacentTerminalsNeedNoSpace() throws {
        let grammar = try EBNFReader.read("""
            Note ::= 'c' ( ~adjacent~ Length )? ( '~' ~adjacent~ Length )*
            /* ===== LEXICAL */
            Length ::= '4' | '8'
            """)
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "Note")
        XCTAssertTrue(recognizer.recognize(tokens("c+4 ~+8")).accepted)
        XCTAssertTrue(recognizer.recognize(tokens("c+4+~+8")).accepted)
        XCTAssertFalse(recognizer.recognize(tokens("c 4")).accepted)
        XCTAssertFalse(recognizer.recognize(tokens("c+4 ~ 8")).accepted)
        XCTAssertFalse(recognizer.recognize(tokens("c+2")).accepted)
    }

    func testSpaceRequiredPairsAreRejectedAnywhere() throws {
        let grammar = try EBNFReader.read("""
            S ::= ( 'a' | '~' )*
            Apart ::= '~' ~adjacent~ 'a'
            """)
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "S", spaceRequired: "Apart")
        XCTAssertTrue(recognizer.recognize(tokens("a+~ a")).accepted)
        XCTAssertEqual(recognizer.recognize(tokens("a ~+a")), Recognition(accepted: false, tokensRead: 2))
    }

    func testMisplacedAdjacencyIsAGrammarError() throws {
        let grammar = try EBNFReader.read("""
            S ::= 'a' ~adjacent~ T
            T ::= 'b'
            U ::= 'a' ~adjacent~
            """)
        XCTAssertThrowsError(try EarleyRecognizer(grammar: grammar, start: "S"))
        XCTAssertThrowsError(try EarleyRecognizer(grammar: grammar, start: "U"))
        XCTAssertThrowsError(try EarleyRecognizer(grammar: grammar, start: "Missing"))
    }
}
