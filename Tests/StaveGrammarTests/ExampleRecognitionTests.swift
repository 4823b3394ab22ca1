import Foundation
import XCTest

/// The examples, read with the grammar alone (the Earley recognizer over the real lexer's
/// tokens), must be sentences of `Song`; broken files must not be, and the parser must report
/// the diagnostic named on their first line (`// expect: ID`).
final class ExampleRecognitionTests: XCTestCase {
    func testEveryExampleIsASentenceOfTheGrammar() throws {
        let grammar = try GrammarFile.load()
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        let examples = try GrammarFile.staveFiles(in: "Examples")
        XCTAssertGreaterThanOrEqual(examples.count, 10, "the examples were not found")
        for file in examples {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(SyntaxDiagnostics.compiled(text).map(\.message), [], "\(file.lastPathComponent) has syntax errors")
            let tokens = try XCTUnwrap(GrammarFile.tokens(of: text, grammar: grammar), "\(file.lastPathComponent): a gap between tokens is not a Separator")
            XCTAssertGreaterThan(tokens.count, 20)
            let result = recognizer.recognize(tokens)
            let stuck = result.tokensRead < tokens.count ? tokens[result.tokensRead].text : "end of file"
            XCTAssertTrue(result.accepted, "\(file.lastPathComponent) is not a sentence of the grammar: stuck at token \(result.tokensRead) '\(stuck)'")
        }
    }

    func testBrokenFilesAreRejectedByGrammarAndParser() throws {
        let grammar = try GrammarFile.load()
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        let broken = try GrammarFile.staveFiles(in: "Tests/Fixtures/grammar")
        XCTAssertGreaterThanOrEqual(broken.count, 5, "the broken fixtures were not found")
        for file in broken {
            let text = try String(contentsOf: file, encoding: .utf8)
            let expected = try XCTUnwrap(text.split(separator: "\n").first?.split(separator: " ").last.map(String.init),
                                         "\(file.lastPathComponent) lacks '// expect: ID' on its first line")
            let reported = SyntaxDiagnostics.compiled(text).map(\.id.rawValue)
            XCTAssertTrue(reported.contains(expected), "\(file.lastPathComponent): expected \(expected), the parser reported \(reported)")
            if let tokens = GrammarFile.tokens(of: text, grammar: grammar) {
                XCTAssertFalse(recognizer.recognize(tokens).accepted, "\(file.lastPathComponent) is accepted by the grammar")
            }
        }
    }

    func testRecognizerTellsWhereItGotStuck() throws {
        let grammar = try GrammarFile.load()
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        // track a { phrase { c 4 } }: tokens 0-5 are fine, the stray number is token 6.
        let tokens = try XCTUnwrap(GrammarFile.tokens(of: "track a { phrase { c 4 } }", grammar: grammar))
        XCTAssertEqual(tokens.map(\.text), ["track", "a", "{", "phrase", "{", "c", "4", "}", "}"])
        XCTAssertEqual(recognizer.recognize(tokens), Recognition(accepted: false, tokensRead: 6))
        // Cut short: every token is read, but the song is unfinished.
        let unfinished = try XCTUnwrap(GrammarFile.tokens(of: "track a { phrase { c4", grammar: grammar))
        XCTAssertEqual(recognizer.recognize(unfinished), Recognition(accepted: false, tokensRead: 6))
    }
}
