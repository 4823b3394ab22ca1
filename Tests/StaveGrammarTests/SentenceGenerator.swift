import StaveTestSupport
/// A token the generator produced, with where it came from.
struct GeneratedToken: Equatable {
    var text: String
    /// The lexical rule that produced it; nil for a literal.
    var rule: String?
    /// Whether the grammar puts it directly after the previous token (`~adjacent~`).
    var adjacent: Bool
    /// The syntax rule in whose expression the token stands.
    var parent: String
}

/// A generated sentence as tokens, with the places where phrase-body items begin.
struct GeneratedSentence {
    var tokens: [GeneratedToken]
    /// Indices of tokens that begin a phrase-body item, with the item's rule (`MelodyItem`, `DrumItem`).
    var itemStarts: [(index: Int, rule: String)]
}

/// Walks the grammar from a start rule and produces random sentences, reproducibly from a seed.
///
/// Syntax rules produce tokens; a lexical rule produces one token, either from a semantic
/// chooser (`ValueChoosers`) or by walking the rule character by character. Depth is bounded:
/// past `maximumDepth` nested rule expansions every choice takes an alternative of least
/// height and every repetition its fewest items, so generation always ends.
/// Rendering joins tokens with separators except where the grammar says `~adjacent~`.
struct SentenceGenerator {
    let grammar: EBNFGrammar
    let choosers: ValueChoosers
    var random: SeededRandom
    /// Beyond this many nested rule expansions the generator takes the shortest way out.
    var maximumDepth = 12
    /// Rules whose expansions are recorded in `GeneratedSentence.itemStarts`.
    var itemRules: Set<String> = ["MelodyItem", "DrumItem"]
    /// Chooser values the grammar does not accept (should stay empty).
    private(set) var chooserViolations: [String] = []
    /// Every syntax rule expanded and every literal token emitted so far (as `'text'`).
    private(set) var coverage: Set<String> = []

    private let matcher: LexicalMatcher
    private var heights: [String: Int] = [:]
    private var tokens: [GeneratedToken] = []
    private var itemStarts: [(index: Int, rule: String)] = []
    private var pendingAdjacent = false

    /// Characters tried for negated classes such as `[^"\#xA]`.
    static let sampleScalars = Array("abcxyzABZ0189 _-#*/.,;:!?'\"\\()[]{}<>~|=+\té♪中".unicodeScalars) + ["\u{1F3B5}"]

    init(grammar: EBNFGrammar, choosers: ValueChoosers, seed: UInt64) {
        self.grammar = grammar
        self.choosers = choosers
        self.random = SeededRandom(seed: seed)
        self.matcher = LexicalMatcher(grammar: grammar)
        self.heights = SentenceGenerator.heights(of: grammar)
    }

    /// A new random sentence of `start`.
    mutating func sentence(from start: String = "Song") -> GeneratedSentence {
        tokens = []
        itemStarts = []
        pendingAdjacent = false
        expand(start, depth: 0)
        return GeneratedSentence(tokens: tokens, itemStarts: itemStarts)
    }

    /// Joins tokens into text: nothing before an adjacent token, otherwise mostly one space and
    /// sometimes a separator generated from the grammar's `Separator` rule (newlines, tabs, comments).
    mutating func render(_ tokens: [GeneratedToken]) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            if index > 0 && !token.adjacent {
                var separator = random.chance(0.92) ? " " : lexical("Separator", after: nil)
                // `//` and `/*` always begin a comment, so a comment cannot follow a '/' token directly.
                if text.hasSuffix("/") && (separator.hasPrefix("/") || separator.hasPrefix("*")) { separator = " " + separator }
                text += separator
            }
            text += token.text
        }
        return text
    }

    // MARK: - Syntax rules

    private mutating func expand(_ name: String, depth: Int) {
        guard let rule = grammar[name] else { return }
        if itemRules.contains(name) { itemStarts.append((tokens.count, name)) }
        coverage.insert(name)
        emit(rule.expression, depth: depth + 1, parent: name)
    }

    private mutating func emit(_ expression: EBNFExpression, depth: Int, parent: String) {
        let exhausted = depth >= maximumDepth
        switch expression {
        case .literal(let text):
            coverage.insert("'\(text)'")
            append(text, rule: nil, parent: parent)
        case .reference(let name):
            if grammar.isLexical(name) {
                append(lexical(name, after: tokens.last?.text), rule: name, parent: parent)
            } else {
                expand(name, depth: depth)
            }
        case .adjacent:
            pendingAdjacent = true
        case .sequence(let items):
            for item in items { emit(item, depth: depth, parent: parent) }
        case .choice(let alternatives):
            var candidates = alternatives
            if exhausted {
                let least = alternatives.map(height).min() ?? 0
                candidates = alternatives.filter { height($0) == least }
            }
            emit(random.pick(candidates), depth: depth, parent: parent)
        case .optional(let inner):
            if !exhausted && random.chance(0.5) { emit(inner, depth: depth, parent: parent) }
        case .zeroOrMore(let inner):
            for _ in 0..<repeats(depth: depth, minimum: 0) { emit(inner, depth: depth, parent: parent) }
        case .oneOrMore(let inner):
            for _ in 0..<repeats(depth: depth, minimum: 1) { emit(inner, depth: depth, parent: parent) }
        case .characters, .difference:
            break // not allowed in syntax rules (the grammar tests check this)
        }
    }

    private mutating func repeats(depth: Int, minimum: Int) -> Int {
        guard depth < maximumDepth else { return minimum }
        return Int.random(in: minimum...max(minimum, 6 - depth / 3), using: &random)
    }

    private mutating func append(_ text: String, rule: String?, parent: String) {
        tokens.append(GeneratedToken(text: text, rule: rule, adjacent: pendingAdjacent, parent: parent))
        pendingAdjacent = false
    }

    // MARK: - Lexical rules

    /// One token of a lexical rule: a chooser's value when there is a chooser, else a walk.
    mutating func lexical(_ name: String, after previous: String?) -> String {
        if let chooser = choosers.chooser(for: name, after: previous) {
            let value = chooser(&random)
            if !matcher.matches(value, rule: name) { chooserViolations.append("\(name): '\(value)'") }
            return value
        }
        guard let rule = grammar[name] else { return "" }
        return characters(rule.expression, after: previous)
    }

    private mutating func characters(_ expression: EBNFExpression, after previous: String?) -> String {
        switch expression {
        case .literal(let text):
            return text
        case .characters(let set):
            return String(Character(scalar(in: set)))
        case .reference(let name):
            return lexical(name, after: previous)
        case .adjacent:
            return ""
        case .sequence(let items):
            return items.map { characters($0, after: previous) }.joined()
        case .choice(let alternatives):
            return characters(random.pick(alternatives), after: previous)
        case .optional(let inner):
            return random.chance(0.5) ? characters(inner, after: previous) : ""
        case .zeroOrMore(let inner):
            return (0..<Int.random(in: 0...3, using: &random)).map { _ in characters(inner, after: previous) }.joined()
        case .oneOrMore(let inner):
            return (0..<Int.random(in: 1...3, using: &random)).map { _ in characters(inner, after: previous) }.joined()
        case .difference(let left, let right):
            var candidate = ""
            for _ in 0..<100 {
                candidate = characters(left, after: previous)
                if !matcher.matches(Array(candidate.unicodeScalars), right) { break }
            }
            return candidate
        }
    }

    private mutating func scalar(in set: CharacterClass) -> Unicode.Scalar {
        if set.negated {
            let allowed = SentenceGenerator.sampleScalars.filter(set.contains)
            return allowed.isEmpty ? "?" : random.pick(allowed)
        }
        let range = random.pick(set.ranges)
        for _ in 0..<10 {
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { return scalar }
        }
        return Unicode.Scalar(range.lowerBound) ?? "?"
    }

    // MARK: - Heights

    private func height(_ expression: EBNFExpression) -> Int {
        SentenceGenerator.height(expression, grammar, heights)
    }

    private static func height(_ expression: EBNFExpression, _ grammar: EBNFGrammar, _ heights: [String: Int]) -> Int {
        switch expression {
        case .literal, .characters, .adjacent: return 0
        case .reference(let name): return grammar.isLexical(name) ? 0 : heights[name] ?? 1_000_000
        case .sequence(let items): return items.map { height($0, grammar, heights) }.max() ?? 0
        case .choice(let items): return items.map { height($0, grammar, heights) }.min() ?? 0
        case .optional, .zeroOrMore: return 0
        case .oneOrMore(let inner): return height(inner, grammar, heights)
        case .difference(let left, _): return height(left, grammar, heights)
        }
    }

    /// The least number of nested rule expansions each syntax rule needs to reach tokens.
    static func heights(of grammar: EBNFGrammar) -> [String: Int] {
        var heights: [String: Int] = [:]
        var changed = true
        while changed {
            changed = false
            for rule in grammar.rules where rule.section == .syntax {
                let value = min(1_000_000, 1 + height(rule.expression, grammar, heights))
                if value < heights[rule.name] ?? 1_000_001 {
                    heights[rule.name] = value
                    changed = true
                }
            }
        }
        return heights
    }
}
