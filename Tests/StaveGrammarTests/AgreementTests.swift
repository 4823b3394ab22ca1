import XCTest
import StaveTestSupport

/// Grammar and parser agree on near-sentences: generated sentences, randomly damaged (tokens
/// deleted, repeated, swapped, replaced, glued or parted). Whatever the grammar accepts the
/// parser must accept; whatever the parser accepts the grammar must accept too.
final class AgreementTests: XCTestCase {
    func testGrammarAndParserAcceptTheSameDamagedSentences() throws {
        let grammar = try GrammarFile.load()
        let strict = try EarleyRecognizer(grammar: grammar, start: "Song", spaceRequired: "SpaceRequired")
        var generator = SentenceGenerator(grammar: grammar, choosers: .stave, seed: 31 + GrammarFile.seedOffset)
        var random = SeededRandom(seed: 32 + GrammarFile.seedOffset)
        let vocabulary = self.vocabulary(grammar, &generator)
        var outcomes: [String: Int] = [:]
        let sentences = TestScale.count(1500, minimum: 500)
        for index in 0..<sentences {
            var tokens = generator.sentence().tokens
            guard tokens.count >= 3 else { continue }
            damage(&tokens, vocabulary, &random)
            let text = generator.render(tokens)
            let parserAccepts = SyntaxDiagnostics.compiled(text).isEmpty
            let grammarTokens = GrammarFile.tokens(of: text, grammar: grammar)
            let grammarAccepts = grammarTokens.map { strict.recognize($0).accepted } ?? false
            if grammarAccepts {
                XCTAssertTrue(parserAccepts, "case \(index): the grammar accepts, the parser reports \(SyntaxDiagnostics.compiled(text).map(\.message)):\n\(text)")
                outcomes["both accept", default: 0] += 1
            } else if parserAccepts {
                XCTFail("case \(index): the parser accepts, the grammar rejects:\n\(text)")
                outcomes["parser alone accepts", default: 0] += 1
            } else {
                outcomes["both reject", default: 0] += 1
            }
        }
        // The damage is neither always fatal nor always harmless.
        XCTAssertGreaterThan(outcomes["both accept", default: 0], sentences / 10, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["both reject", default: 0], sentences * 2 / 5, "\(outcomes)")
    }

    /// Tokens to insert: every literal of the syntax rules, values of the token rules, and a
    /// few near misses.
    private func vocabulary(_ grammar: EBNFGrammar, _ generator: inout SentenceGenerator) -> [GeneratedToken] {
        var texts: Set<String> = []
        func collect(_ expression: EBNFExpression) {
            switch expression {
            case .literal(let text): texts.insert(text)
            case .sequence(let items), .choice(let items): items.forEach(collect)
            case .optional(let inner), .zeroOrMore(let inner), .oneOrMore(let inner): collect(inner)
            default: break
            }
        }
        for rule in grammar.rules where rule.section == .syntax { collect(rule.expression) }
        for rule in ["Number", "Decimal", "String", "Identifier", "Pitch", "TimedPitch", "DrumName", "TimedDrum", "TimedRest", "Dynamic", "Octave", "Velocity", "Count", "Word"] {
            for _ in 0..<3 { texts.insert(generator.lexical(rule, after: nil)) }
        }
        texts.formUnion(["c###", "x", "o", "kick8x", "!x", "4.", "c04", "h", "-", "(", "r~", "~~"])
        return texts.sorted().map { GeneratedToken(text: $0, rule: nil, adjacent: false, parent: "vocabulary") }
    }

    private func damage(_ tokens: inout [GeneratedToken], _ vocabulary: [GeneratedToken], _ random: inout SeededRandom) {
        let i = Int.random(in: 0..<tokens.count, using: &random)
        let j = Int.random(in: 0..<tokens.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: tokens.remove(at: i)
        case 1: tokens.insert(tokens[j], at: i)
        case 2: tokens.swapAt(i, j)
        case 3: tokens[i].adjacent.toggle()
        case 4: tokens[i] = random.pick(vocabulary)
        case 5:
            tokens.remove(at: max(i, j))
            if i != j { tokens.remove(at: min(i, j)) }
        default:
            var token = random.pick(vocabulary)
            token.adjacent = random.chance(0.3)
            tokens.insert(token, at: i)
        }
    }
}
