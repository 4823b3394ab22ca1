import StaveJSON

extension SourceTree {
    /// The tree as indented text, one line per node, token and trivia piece, each with its byte
    /// range and (for tokens and trivia) its text as a JSON string:
    ///
    ///     song 0..31
    ///       header 0..13
    ///         word 0..5 "title"
    ///         trailing spaces 5..6 " "
    ///         string 6..13 "\"Tune\""
    ///
    /// Leading trivia comes before its token, trailing trivia after it. For people and tools
    /// that want to see what the formatter and the language server see (`stave tree`).
    public func dump() -> String {
        var lines: [String] = []
        struct Dumper: SyntaxWalker {
            var lines: [String] = []
            var depth = 0
            mutating func visit(node index: Int, in tree: SourceTree) -> WalkDecision {
                let node = tree.nodes[index]
                lines.append(indent + "\(node.kind) \(node.range.start)..\(node.range.end)")
                depth += 1
                return .visitChildren
            }
            mutating func leave(node index: Int, in tree: SourceTree) { depth -= 1 }
            mutating func visit(token index: Int, in tree: SourceTree) {
                for piece in tree.leadingTrivia(of: index) { lines.append(indent + "leading " + describe(piece, tree)) }
                let token = tree.tokens[index]
                let kind = token.kind == .end ? "end" : token.kind == .apostrophe ? "'" : String("\(token.kind)".filter { $0 != "'" })
                lines.append(indent + "\(kind) \(token.range.start)..\(token.range.end) " + JSONText.quoted(tree.text(token.range)))
                for piece in tree.trailingTrivia(of: index) { lines.append(indent + "trailing " + describe(piece, tree)) }
            }
            var indent: String { String(repeating: "  ", count: depth) }
            func describe(_ piece: TriviaPiece, _ tree: SourceTree) -> String {
                "\(piece.kind) \(piece.range.start)..\(piece.range.end) " + JSONText.quoted(tree.text(piece.range))
            }
        }
        var dumper = Dumper()
        walk(&dumper)
        lines = dumper.lines
        return lines.joined(separator: "\n") + "\n"
    }
}
