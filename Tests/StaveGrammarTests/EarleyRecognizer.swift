/// One token as the recognizer sees it: its text and whether whitespace or a comment precedes it.
struct GrammarToken: Equatable, Sendable {
    var text: String
    var spaceBefore: Bool
}

/// The outcome of recognizing a token sequence.
struct Recognition: Equatable {
    /// Whether the whole sequence is a sentence of the start rule.
    var accepted: Bool
    /// How many tokens were read before the recognizer had nothing left to try (all of them
    /// when accepted, or when the input ended too early).
    var tokensRead: Int
}

/// Recognizes token sequences with the grammar's syntax rules (an Earley recognizer).
///
/// The syntax rules are compiled to plain BNF: groups, `?`, `*` and `+` become fresh
/// nonterminals. Terminals are quoted literals (a token with exactly that text) and
/// references to lexical rules (a token whose whole text the rule matches). `~adjacent~`
/// must stand right before such a terminal and requires the token to have no space before it.
/// Nullable nonterminals are handled as Aycock and Horspool describe.
struct EarleyRecognizer {
    /// A terminal symbol of the compiled grammar.
    struct Terminal: Hashable {
        enum Match: Hashable {
            case literal(String)
            case lexical(String)
        }
        var match: Match
        /// The token must follow the previous one directly.
        var adjacent: Bool
    }

    enum Symbol: Hashable {
        case nonterminal(Int)
        case terminal(Int)
    }

    struct Production {
        var left: Int
        var right: [Symbol]
    }

    private(set) var productions: [Production] = []
    private var productionsOf: [[Int]] = []
    private var nullable: [Bool] = []
    private(set) var terminals: [Terminal] = []
    private var terminalIndex: [Terminal: Int] = [:]
    private var nonterminalIndex: [String: Int] = [:]
    private var start = 0
    private let grammar: EBNFGrammar
    private let matcher: LexicalMatcher

    /// Pairs of terminals that may never stand directly together (`SpaceRequired`).
    private var forbiddenPairs: [(first: Terminal, second: Terminal)] = []

    /// Compiles the syntax rules reachable from `start`. Each alternative of the optional rule
    /// `spaceRequired` must be `A ~adjacent~ B` with terminals A and B: a token sequence in which
    /// B directly follows A is rejected wherever it stands.
    init(grammar: EBNFGrammar, start: String, spaceRequired: String? = nil) throws {
        self.grammar = grammar
        self.matcher = LexicalMatcher(grammar: grammar)
        guard grammar[start]?.section == .syntax else {
            throw EBNFReadError(line: 0, message: "start rule '\(start)' is not a syntax rule")
        }
        self.start = try nonterminal(named: start)
        computeNullable()
        if let name = spaceRequired {
            guard let rule = grammar[name] else { throw EBNFReadError(line: 0, message: "undefined rule '\(name)'") }
            for alternative in rule.expression.alternatives {
                let symbols = try sequence(alternative.items, in: rule)
                guard symbols.count == 2, case .terminal(let first) = symbols[0], case .terminal(let second) = symbols[1],
                      terminals[second].adjacent else {
                    throw EBNFReadError(line: rule.line, message: "'\(name)' must list pairs 'A ~adjacent~ B' of terminals")
                }
                forbiddenPairs.append((terminals[first], terminals[second]))
            }
        }
    }

    // MARK: - Compiling

    private mutating func newNonterminal() -> Int {
        productionsOf.append([])
        return productionsOf.count - 1
    }

    private mutating func addProduction(_ left: Int, _ right: [Symbol]) {
        productions.append(Production(left: left, right: right))
        productionsOf[left].append(productions.count - 1)
    }

    private mutating func nonterminal(named name: String) throws -> Int {
        if let known = nonterminalIndex[name] { return known }
        guard let rule = grammar[name] else { throw EBNFReadError(line: 0, message: "undefined rule '\(name)'") }
        let id = newNonterminal()
        nonterminalIndex[name] = id
        for alternative in rule.expression.alternatives {
            addProduction(id, try sequence(alternative.items, in: rule))
        }
        return id
    }

    private mutating func terminal(_ match: Terminal.Match, adjacent: Bool) -> Symbol {
        let terminal = Terminal(match: match, adjacent: adjacent)
        if let known = terminalIndex[terminal] { return .terminal(known) }
        terminals.append(terminal)
        terminalIndex[terminal] = terminals.count - 1
        return .terminal(terminals.count - 1)
    }

    private mutating func sequence(_ items: [EBNFExpression], in rule: EBNFRule) throws -> [Symbol] {
        var symbols: [Symbol] = []
        var adjacent = false
        for item in items {
            if item == .adjacent {
                adjacent = true
                continue
            }
            if adjacent {
                switch item {
                case .literal(let text): symbols.append(terminal(.literal(text), adjacent: true))
                case .reference(let name) where grammar.isLexical(name): symbols.append(terminal(.lexical(name), adjacent: true))
                default:
                    throw EBNFReadError(line: rule.line, message: "in '\(rule.name)', ~adjacent~ must stand before a literal or a lexical rule")
                }
                adjacent = false
                continue
            }
            symbols.append(try symbol(item, in: rule))
        }
        if adjacent { throw EBNFReadError(line: rule.line, message: "in '\(rule.name)', ~adjacent~ ends a sequence") }
        return symbols
    }

    private mutating func symbol(_ expression: EBNFExpression, in rule: EBNFRule) throws -> Symbol {
        switch expression {
        case .literal(let text):
            return terminal(.literal(text), adjacent: false)
        case .reference(let name):
            guard let target = grammar[name] else {
                throw EBNFReadError(line: rule.line, message: "in '\(rule.name)', undefined rule '\(name)'")
            }
            if target.section == .lexical { return terminal(.lexical(name), adjacent: false) }
            return .nonterminal(try nonterminal(named: name))
        case .sequence(let items):
            let id = newNonterminal()
            addProduction(id, try sequence(items, in: rule))
            return .nonterminal(id)
        case .choice(let alternatives):
            let id = newNonterminal()
            for alternative in alternatives { addProduction(id, try sequence(alternative.items, in: rule)) }
            return .nonterminal(id)
        case .optional(let inner):
            let id = newNonterminal()
            addProduction(id, [])
            addProduction(id, [try symbol(inner, in: rule)])
            return .nonterminal(id)
        case .zeroOrMore(let inner):
            let id = newNonterminal()
            let element = try symbol(inner, in: rule)
            addProduction(id, [])
            addProduction(id, [.nonterminal(id), element])
            return .nonterminal(id)
        case .oneOrMore(let inner):
            let id = newNonterminal()
            let element = try symbol(inner, in: rule)
            addProduction(id, [element])
            addProduction(id, [.nonterminal(id), element])
            return .nonterminal(id)
        case .characters, .difference, .adjacent:
            throw EBNFReadError(line: rule.line, message: "in syntax rule '\(rule.name)', character classes, '-' and a lone ~adjacent~ are not allowed")
        }
    }

    private mutating func computeNullable() {
        nullable = Array(repeating: false, count: productionsOf.count)
        var changed = true
        while changed {
            changed = false
            for production in productions where !nullable[production.left] {
                let empty = production.right.allSatisfy { symbol in
                    if case .nonterminal(let id) = symbol { return nullable[id] }
                    return false
                }
                if empty {
                    nullable[production.left] = true
                    changed = true
                }
            }
        }
    }

    // MARK: - Recognizing

    private struct Item: Hashable {
        var production: Int
        var dot: Int
        var origin: Int
    }

    /// One Earley set: its items in order, and the items waiting for each nonterminal.
    private struct ItemSet {
        var items: [Item] = []
        var seen: Set<Item> = []
        var waiting: [Int: [Item]] = [:]
    }

    /// Recognizes a token sequence (the whole of it) as a sentence of the start rule.
    func recognize(_ tokens: [GrammarToken]) -> Recognition {
        for index in tokens.indices.dropFirst() where !tokens[index].spaceBefore {
            if forbiddenPairs.contains(where: { matches($0.first, tokens[index - 1]) && matches($0.second, tokens[index]) }) {
                return Recognition(accepted: false, tokensRead: index)
            }
        }
        var sets = Array(repeating: ItemSet(), count: tokens.count + 1)
        var matchCache: [Int: [Int: Bool]] = [:]
        func add(_ item: Item, to index: Int) {
            guard sets[index].seen.insert(item).inserted else { return }
            sets[index].items.append(item)
            let right = productions[item.production].right
            if item.dot < right.count, case .nonterminal(let id) = right[item.dot] {
                sets[index].waiting[id, default: []].append(item)
            }
        }
        for production in productionsOf[start] { add(Item(production: production, dot: 0, origin: 0), to: 0) }
        var furthest = 0
        for index in 0...tokens.count {
            var cursor = 0
            while cursor < sets[index].items.count {
                let item = sets[index].items[cursor]
                cursor += 1
                let production = productions[item.production]
                if item.dot == production.right.count {
                    for waiting in sets[item.origin].waiting[production.left] ?? [] {
                        add(Item(production: waiting.production, dot: waiting.dot + 1, origin: waiting.origin), to: index)
                    }
                    continue
                }
                switch production.right[item.dot] {
                case .nonterminal(let id):
                    for next in productionsOf[id] { add(Item(production: next, dot: 0, origin: index), to: index) }
                    if nullable[id] { add(Item(production: item.production, dot: item.dot + 1, origin: item.origin), to: index) }
                case .terminal(let id):
                    guard index < tokens.count else { continue }
                    let matched: Bool
                    if let known = matchCache[index]?[id] {
                        matched = known
                    } else {
                        matched = matches(terminals[id], tokens[index])
                        matchCache[index, default: [:]][id] = matched
                    }
                    if matched { add(Item(production: item.production, dot: item.dot + 1, origin: item.origin), to: index + 1) }
                }
            }
            if sets[index].items.isEmpty { break }
            furthest = index
        }
        let accepted = sets[tokens.count].items.contains { item in
            item.origin == 0 && productions[item.production].left == start && item.dot == productions[item.production].right.count
        }
        return Recognition(accepted: accepted, tokensRead: accepted ? tokens.count : furthest)
    }

    private func matches(_ terminal: Terminal, _ token: GrammarToken) -> Bool {
        if terminal.adjacent && token.spaceBefore { return false }
        switch terminal.match {
        case .literal(let text): return token.text == text
        case .lexical(let rule): return matcher.matches(token.text, rule: rule)
        }
    }
}
