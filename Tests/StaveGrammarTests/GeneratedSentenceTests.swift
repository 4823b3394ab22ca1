import XCTest
import StaveTestSupport
import StaveSyntax

/// Sentences generated from `Grammar/stave.ebnf` must be accepted by the parser, and broken on
/// purpose they must be rejected: this keeps the grammar file and the parser in step.
final class GeneratedSentenceTests: XCTestCase {
    /// How many sentences the positive test generates.
    static let sentenceCount = TestScale.count(3000, minimum: 300)

    func testEveryGeneratedSentenceParsesWithoutSyntaxErrors() throws {
        let grammar = try GrammarFile.load()
        var generator = SentenceGenerator(grammar: grammar, choosers: .stave, seed: 2024 + GrammarFile.seedOffset)
        var tokenCount = 0
        var failures = 0
        for index in 0..<GeneratedSentenceTests.sentenceCount {
            let sentence = generator.sentence()
            tokenCount += sentence.tokens.count
            let text = generator.render(sentence.tokens)
            let diagnostics = SyntaxDiagnostics.compiled(text)
            if !diagnostics.isEmpty {
                failures += 1
                if failures <= 5 {
                    XCTFail("sentence \(index) has syntax errors \(diagnostics.map { "\($0.id.rawValue): \($0.message)" }):\n\(text)")
                }
            }
        }
        XCTAssertEqual(failures, 0, "\(failures) of \(GeneratedSentenceTests.sentenceCount) generated sentences failed to parse")
        XCTAssertEqual(generator.chooserViolations, [], "semantic choosers produced values their rules do not match")
        // The sentences are not trivial: on average more than 20 tokens each.
        XCTAssertGreaterThan(tokenCount, 20 * GeneratedSentenceTests.sentenceCount)
    }

    func testGeneratorReachesEverySyntaxRuleAndLiteral() throws {
        let grammar = try GrammarFile.load()
        var generator = SentenceGenerator(grammar: grammar, choosers: .stave, seed: 2024 + GrammarFile.seedOffset)
        for _ in 0..<max(3000, GeneratedSentenceTests.sentenceCount) { _ = generator.sentence() }
        let syntaxRules = grammar.rules.filter { $0.section == .syntax && $0.name != "SpaceRequired" }
        for rule in syntaxRules {
            XCTAssertTrue(generator.coverage.contains(rule.name), "no generated sentence uses rule \(rule.name)")
            for literal in literals(in: rule.expression) {
                XCTAssertTrue(generator.coverage.contains("'\(literal)'"), "no generated sentence contains '\(literal)' of rule \(rule.name)")
            }
        }
    }

    func testRecognizerAcceptsGeneratedSentences() throws {
        let grammar = try GrammarFile.load()
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        var generator = SentenceGenerator(grammar: grammar, choosers: .stave, seed: 77)
        for index in 0..<250 {
            let text = generator.render(generator.sentence().tokens)
            let tokens = try XCTUnwrap(GrammarFile.tokens(of: text, grammar: grammar), "a separator in sentence \(index) is not a Separator:\n\(text)")
            let result = recognizer.recognize(tokens)
            XCTAssertTrue(result.accepted, "sentence \(index) rejected after \(result.tokensRead) tokens:\n\(text)")
        }
    }

    func testSentencesBrokenTheWayTheGrammarForbidsAreRejected() throws {
        let grammar = try GrammarFile.load()
        let recognizer = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        let mutator = SentenceMutator(grammar: grammar)
        var generator = SentenceGenerator(grammar: grammar, choosers: .stave, seed: 5 + GrammarFile.seedOffset)
        var applied: [Mutation: Int] = [:]
        for index in 0..<400 {
            let sentence = generator.sentence()
            for mutation in Mutation.allCases {
                guard let tokens = mutator.apply(mutation, to: sentence, random: &generator.random) else { continue }
                applied[mutation, default: 0] += 1
                let text = generator.render(tokens)
                XCTAssertFalse(SyntaxDiagnostics.compiled(text).isEmpty, "\(mutation) in sentence \(index) was not reported by the parser:\n\(text)")
                // The recognizer is slower: check it on every fourth sentence.
                if index % 4 == 0, let grammarTokens = GrammarFile.tokens(of: text, grammar: grammar) {
                    XCTAssertFalse(recognizer.recognize(grammarTokens).accepted, "\(mutation) in sentence \(index) is allowed by the grammar:\n\(text)")
                }
            }
        }
        for mutation in Mutation.allCases {
            XCTAssertGreaterThanOrEqual(applied[mutation, default: 0], 20, "\(mutation) found too few places to apply")
        }
    }

    private func literals(in expression: EBNFExpression) -> [String] {
        switch expression {
        case .literal(let text): return [text]
        case .characters, .reference, .adjacent: return []
        case .sequence(let items), .choice(let items): return items.flatMap(literals)
        case .optional(let inner), .zeroOrMore(let inner), .oneOrMore(let inner): return literals(in: inner)
        case .difference(let left, let right): return literals(in: left) + literals(in: right)
        }
    }
}
