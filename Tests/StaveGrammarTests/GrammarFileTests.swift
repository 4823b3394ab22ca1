import XCTest
import StaveComposition
@testable import StaveSyntax

/// The shape of `Grammar/stave.ebnf` itself: it reads, says its notation, is complete and
/// consistent, and its word lists are the ones the compiler uses.
final class GrammarFileTests: XCTestCase {
    func testHeaderNamesTheNotation() throws {
        let text = try String(contentsOfFile: GrammarFile.grammarPath, encoding: .utf8)
        let header = String(text.prefix(1500))
        XCTAssertTrue(header.contains("W3C EBNF"), "the header must say which EBNF notation the file uses")
        XCTAssertTrue(header.contains("~adjacent~"), "the header must explain the ~adjacent~ marker")
    }

    func testEveryRuleIsDefinedOnceAndEveryReferenceIsDefined() throws {
        let grammar = try GrammarFile.load()
        let names = grammar.rules.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "duplicate rules: \(names.filter { name in names.filter { $0 == name }.count > 1 })")
        for rule in grammar.rules {
            for reference in rule.expression.references {
                XCTAssertNotNil(grammar[reference], "rule \(rule.name) (line \(rule.line)) refers to undefined \(reference)")
            }
        }
    }

    func testEveryRuleIsReachable() throws {
        let grammar = try GrammarFile.load()
        var reached: Set<String> = []
        var pending = ["Song", "Separator", "SpaceRequired"]
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let rule = grammar[name] else { continue }
            pending += rule.expression.references
        }
        for rule in grammar.rules {
            XCTAssertTrue(reached.contains(rule.name), "rule \(rule.name) (line \(rule.line)) is never used")
        }
    }

    func testLexicalRulesStayLexical() throws {
        let grammar = try GrammarFile.load()
        for rule in grammar.rules where rule.section == .lexical {
            XCTAssertFalse(contains(rule.expression, where: { $0 == .adjacent }), "lexical rule \(rule.name) uses ~adjacent~")
            for reference in rule.expression.references {
                XCTAssertTrue(grammar.isLexical(reference), "lexical rule \(rule.name) refers to syntax rule \(reference)")
            }
            XCTAssertFalse(isRecursive(rule.name, grammar), "lexical rule \(rule.name) is recursive")
        }
    }

    func testSyntaxRulesCompile() throws {
        let grammar = try GrammarFile.load()
        for rule in grammar.rules where rule.section == .syntax {
            let forbidden = contains(rule.expression) { item in
                if case .characters = item { return true }
                if case .difference = item { return true }
                return false
            }
            XCTAssertFalse(forbidden, "syntax rule \(rule.name) uses a character class or '-'")
        }
        // Compiling checks that every ~adjacent~ stands right before a token.
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        XCTAssertGreaterThan(recognizer.productions.count, 100)
    }

    func testWordListsMatchTheCompiler() throws {
        let grammar = try GrammarFile.load()
        XCTAssertEqual(Set(literals(of: "ReservedWord", grammar)), Parser.reservedWords)
        XCTAssertEqual(Set(literals(of: "DrumName", grammar)), Set(DrumNames.table.flatMap(\.names)))
        XCTAssertEqual(Set(literals(of: "Duration", grammar)), ["1", "2", "4", "8", "16", "32", "64"])
        let dynamics = try XCTUnwrap(grammar["Dynamic"]?.expression.items.last)
        XCTAssertEqual(Set(dynamics.alternatives.compactMap(literal)), Set(Parser.dynamics.keys))
        let settings = try XCTUnwrap(grammar["Setting"]).expression.alternatives.flatMap { alternative in
            alternative.items.first.map { $0.alternatives.compactMap(literal) } ?? []
        }
        XCTAssertEqual(Set(settings), Set(SettingKind.allCases.map(\.rawValue)))
        let headerKeywords = try XCTUnwrap(grammar["Header"]).expression.alternatives.compactMap { $0.items.first.flatMap(literal) }
        XCTAssertEqual(Set(headerKeywords), Parser.headerKeywords)
    }

    /// The chord-symbol qualities and spellings are the compiler's: every canonical name but
    /// the empty one, every spelling without a '/' (those with one, `6/9`, are `SixNine`), and
    /// `SixQuality` is exactly what `/9` turns into a quality.
    func testChordQualitiesMatchTheCompiler() throws {
        let grammar = try GrammarFile.load()
        XCTAssertEqual(Set(literals(of: "Quality", grammar)), Set(ChordSymbol.Quality.allCases.map(\.rawValue).filter { !$0.isEmpty }))
        let spellings = ChordSymbol.Quality.leadSheetSpellings.map(\.key)
        XCTAssertEqual(Set(literals(of: "Spelling", grammar)), Set(spellings.filter { !$0.contains("/") }))
        let sixes = literals(of: "SixQuality", grammar)
        XCTAssertEqual(Set(sixes.map { $0 + "/9" }), Set(spellings.filter { $0.hasSuffix("/9") }))
    }

    // MARK: - Helpers

    private func literal(_ expression: EBNFExpression) -> String? {
        if case .literal(let text) = expression { return text }
        return nil
    }

    private func literals(of rule: String, _ grammar: EBNFGrammar) -> [String] {
        (grammar[rule]?.expression.alternatives ?? []).compactMap(literal)
    }

    private func contains(_ expression: EBNFExpression, where test: (EBNFExpression) -> Bool) -> Bool {
        if test(expression) { return true }
        switch expression {
        case .sequence(let items), .choice(let items): return items.contains { contains($0, where: test) }
        case .optional(let inner), .zeroOrMore(let inner), .oneOrMore(let inner): return contains(inner, where: test)
        case .difference(let left, let right): return contains(left, where: test) || contains(right, where: test)
        case .literal, .characters, .reference, .adjacent: return false
        }
    }

    private func isRecursive(_ name: String, _ grammar: EBNFGrammar) -> Bool {
        var seen: Set<String> = []
        var pending = grammar[name]?.expression.references ?? []
        while let next = pending.popLast() {
            if next == name { return true }
            guard seen.insert(next).inserted else { continue }
            pending += grammar[next]?.expression.references ?? []
        }
        return false
    }
}
