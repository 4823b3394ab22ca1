import XCTest

/// Each known deviation still exists: the parser accepts the example, the grammar does not,
/// and the widened grammar of the agreement test does. When the parser is fixed, this fails:
/// then remove the deviation from `KnownDeviations` and from the end of `Grammar/stave.ebnf`.
final class KnownDeviationTests: XCTestCase {
    func testEachKnownDeviationStillExists() throws {
        let grammar = try GrammarFile.load()
        let strict = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        let widened = try EarleyRecognizer(grammar: KnownDeviations.widened(grammar), start: "Song")
        for deviation in KnownDeviations.all {
            let tokens = try XCTUnwrap(GrammarFile.tokens(of: deviation.example, grammar: grammar))
            XCTAssertEqual(SyntaxDiagnostics.compiled(deviation.example).map(\.message), [],
                           "the parser no longer accepts \(deviation.name): remove it from KnownDeviations and Grammar/stave.ebnf")
            XCTAssertFalse(strict.recognize(tokens).accepted, "the grammar accepts \(deviation.name)")
            XCTAssertTrue(widened.recognize(tokens).accepted && KnownDeviations.spaceViolationsAreExempt(tokens),
                          "the widened grammar does not cover \(deviation.name)")
        }
    }

    func testGrammarFileListsTheDeviations() throws {
        let text = try String(contentsOfFile: GrammarFile.grammarPath, encoding: .utf8)
        for fragment in ["{c r8 d}4", "c04", "{[c e]~d}", "c~-8"] {
            XCTAssertTrue(text.contains(fragment), "Grammar/stave.ebnf does not mention the known deviation \(fragment)")
        }
    }
}
