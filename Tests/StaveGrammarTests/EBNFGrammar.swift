/// A set of Unicode scalars written as a W3C EBNF character class: `[a-z]`, `[^"#xA]`, or a
/// single character `#x20`.
struct CharacterClass: Equatable, Sendable {
    /// The scalar values listed in the class.
    var ranges: [ClosedRange<UInt32>]
    /// True for `[^…]`: the class matches every scalar *not* listed.
    var negated: Bool

    /// Whether the class matches a scalar.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let listed = ranges.contains { $0.contains(scalar.value) }
        return listed != negated
    }
}

/// One expression of the EBNF notation.
indirect enum EBNFExpression: Equatable, Sendable {
    /// A quoted literal: `'track'`, `"{"`.
    case literal(String)
    /// A character class or a `#xN` character.
    case characters(CharacterClass)
    /// A reference to another rule by name.
    case reference(String)
    /// `A B C`.
    case sequence([EBNFExpression])
    /// `A | B | C`.
    case choice([EBNFExpression])
    /// `A?`
    case optional(EBNFExpression)
    /// `A*`
    case zeroOrMore(EBNFExpression)
    /// `A+`
    case oneOrMore(EBNFExpression)
    /// `A - B`: what A matches, except what B matches (lexical rules only).
    case difference(EBNFExpression, EBNFExpression)
    /// The `~adjacent~` marker inside a sequence: the next symbol follows the previous token
    /// with no whitespace or comment between them.
    case adjacent

    /// The names of the rules this expression refers to, in order of appearance.
    var references: [String] {
        switch self {
        case .reference(let name): return [name]
        case .literal, .characters, .adjacent: return []
        case .sequence(let items), .choice(let items): return items.flatMap(\.references)
        case .optional(let inner), .zeroOrMore(let inner), .oneOrMore(let inner): return inner.references
        case .difference(let left, let right): return left.references + right.references
        }
    }

    /// The expression with every occurrence of `old` replaced by `new`.
    func replacing(_ old: EBNFExpression, with new: EBNFExpression) -> EBNFExpression {
        if self == old { return new }
        switch self {
        case .literal, .characters, .reference, .adjacent: return self
        case .sequence(let items): return .sequence(items.map { $0.replacing(old, with: new) })
        case .choice(let items): return .choice(items.map { $0.replacing(old, with: new) })
        case .optional(let inner): return .optional(inner.replacing(old, with: new))
        case .zeroOrMore(let inner): return .zeroOrMore(inner.replacing(old, with: new))
        case .oneOrMore(let inner): return .oneOrMore(inner.replacing(old, with: new))
        case .difference(let left, let right): return .difference(left.replacing(old, with: new), right.replacing(old, with: new))
        }
    }

    /// The expression's top-level alternatives (itself when it is not a choice).
    var alternatives: [EBNFExpression] {
        if case .choice(let items) = self { return items }
        return [self]
    }

    /// The expression as a list of sequence items (itself alone when it is not a sequence).
    var items: [EBNFExpression] {
        if case .sequence(let items) = self { return items }
        return [self]
    }
}

/// The two sections of the grammar file.
enum EBNFSection: String, Equatable, Sendable {
    /// Rules describing the characters of one token.
    case lexical = "LEXICAL"
    /// Rules describing sequences of tokens.
    case syntax = "SYNTAX"
}

/// One rule, `Name ::= expression`, with the section it stands in.
struct EBNFRule: Equatable, Sendable {
    var name: String
    var expression: EBNFExpression
    var section: EBNFSection
    /// The 1-based line of the rule's name in the file, for messages.
    var line: Int
}

/// A grammar read from an EBNF file: its rules in file order.
struct EBNFGrammar: Sendable {
    let rules: [EBNFRule]
    private let indexByName: [String: Int]

    /// Builds a grammar; the first definition of a name wins (duplicates are reported by `problems`).
    init(rules: [EBNFRule]) {
        self.rules = rules
        var index: [String: Int] = [:]
        for (position, rule) in rules.enumerated() where index[rule.name] == nil {
            index[rule.name] = position
        }
        self.indexByName = index
    }

    /// The rule with this name, if defined.
    subscript(name: String) -> EBNFRule? {
        indexByName[name].map { rules[$0] }
    }

    /// A copy in which each rule named like one of `replacements` is replaced by it.
    func replacing(_ replacements: [EBNFRule]) -> EBNFGrammar {
        EBNFGrammar(rules: rules.map { rule in replacements.first { $0.name == rule.name } ?? rule })
    }

    /// Whether a name refers to a lexical rule.
    func isLexical(_ name: String) -> Bool {
        self[name]?.section == .lexical
    }
}
