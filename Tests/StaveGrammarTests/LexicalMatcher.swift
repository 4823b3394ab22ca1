/// Matches text against the grammar's lexical rules, character by character.
///
/// A set-of-positions matcher: for an expression and a start it computes every position where
/// a match can end, so alternation, repetition and `A - B` need no backtracking. Lexical rules
/// are short and not recursive (the grammar tests check that), so this is fast enough.
struct LexicalMatcher {
    let grammar: EBNFGrammar

    /// Whether all of `text` matches the lexical rule `rule`.
    func matches(_ text: String, rule: String) -> Bool {
        matches(Array(text.unicodeScalars), .reference(rule))
    }

    /// Whether all of `scalars` matches `expression`.
    func matches(_ scalars: [Unicode.Scalar], _ expression: EBNFExpression) -> Bool {
        var memo: [Key: Set<Int>] = [:]
        return ends(expression, scalars, 0, 0, &memo).contains(scalars.count)
    }

    /// A rule reference at a start position, for memoizing.
    private struct Key: Hashable {
        var rule: String
        var start: Int
    }

    private func ends(_ expression: EBNFExpression, _ text: [Unicode.Scalar], _ start: Int, _ depth: Int, _ memo: inout [Key: Set<Int>]) -> Set<Int> {
        guard depth < 200 else { return [] }
        switch expression {
        case .literal(let literal):
            let scalars = Array(literal.unicodeScalars)
            guard start + scalars.count <= text.count, Array(text[start..<start + scalars.count]) == scalars else { return [] }
            return [start + scalars.count]
        case .characters(let set):
            return start < text.count && set.contains(text[start]) ? [start + 1] : []
        case .reference(let name):
            let key = Key(rule: name, start: start)
            if let known = memo[key] { return known }
            guard let rule = grammar[name] else { return [] }
            memo[key] = []
            let result = ends(rule.expression, text, start, depth + 1, &memo)
            memo[key] = result
            return result
        case .adjacent:
            return [start]
        case .sequence(let items):
            var positions: Set<Int> = [start]
            for item in items {
                var next: Set<Int> = []
                for position in positions { next.formUnion(ends(item, text, position, depth + 1, &memo)) }
                positions = next
                if positions.isEmpty { break }
            }
            return positions
        case .choice(let items):
            var result: Set<Int> = []
            for item in items { result.formUnion(ends(item, text, start, depth + 1, &memo)) }
            return result
        case .optional(let inner):
            return ends(inner, text, start, depth + 1, &memo).union([start])
        case .zeroOrMore(let inner):
            return repeated(inner, text, from: [start], depth, &memo)
        case .oneOrMore(let inner):
            return repeated(inner, text, from: ends(inner, text, start, depth + 1, &memo), depth, &memo)
        case .difference(let left, let right):
            return ends(left, text, start, depth + 1, &memo).filter { end in
                let piece = Array(text[start..<end])
                var inner: [Key: Set<Int>] = [:]
                return !ends(right, piece, 0, depth + 1, &inner).contains(piece.count)
            }
        }
    }

    /// Every end reachable by zero or more further matches of `inner` from `starts`.
    private func repeated(_ inner: EBNFExpression, _ text: [Unicode.Scalar], from starts: Set<Int>, _ depth: Int, _ memo: inout [Key: Set<Int>]) -> Set<Int> {
        var result = starts
        var frontier = starts
        while !frontier.isEmpty {
            var next: Set<Int> = []
            for position in frontier { next.formUnion(ends(inner, text, position, depth + 1, &memo)) }
            frontier = next.subtracting(result)
            result.formUnion(frontier)
        }
        return result
    }
}
