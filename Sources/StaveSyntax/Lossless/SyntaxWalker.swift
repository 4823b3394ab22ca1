/// What a walker does after visiting a node.
public enum WalkDecision: Sendable {
    /// Visit the node's children.
    case visitChildren
    /// Skip them.
    case skipChildren
}

/// Visits a `SourceTree` in source order: a node, then its children (tokens and nodes), then
/// `leave` for the node. Tools implement the methods they need; the defaults visit everything
/// and do nothing. The walk is iterative, so deep nesting cannot exhaust the stack.
public protocol SyntaxWalker {
    /// Called on entering a node; decides whether its children are visited.
    mutating func visit(node index: Int, in tree: SourceTree) -> WalkDecision
    /// Called for each token of a visited node, in order (the trivia is the tree's to read).
    mutating func visit(token index: Int, in tree: SourceTree)
    /// Called after a node's children (also when they were skipped).
    mutating func leave(node index: Int, in tree: SourceTree)
}

extension SyntaxWalker {
    public mutating func visit(node index: Int, in tree: SourceTree) -> WalkDecision { .visitChildren }
    public mutating func visit(token index: Int, in tree: SourceTree) {}
    public mutating func leave(node index: Int, in tree: SourceTree) {}
}

extension SourceTree {
    /// Walks the tree from node `start` (the root by default) with `walker`.
    public func walk<Walker: SyntaxWalker>(_ walker: inout Walker, from start: Int = 0) {
        // Each frame: a node and the position of the next token to visit in it.
        var stack: [(node: Int, token: Int, nextChild: Int)] = []
        func enter(_ index: Int, _ walker: inout Walker) {
            if walker.visit(node: index, in: self) == .visitChildren {
                stack.append((index, nodes[index].tokens.lowerBound, index + 1))
            } else {
                walker.leave(node: index, in: self)
            }
        }
        enter(start, &walker)
        while let top = stack.last {
            let node = nodes[top.node]
            let childrenEnd = top.node + 1 + node.descendantCount
            if top.token >= node.tokens.upperBound {
                stack.removeLast()
                walker.leave(node: top.node, in: self)
                continue
            }
            if top.nextChild < childrenEnd, nodes[top.nextChild].tokens.lowerBound == top.token {
                let child = top.nextChild
                stack[stack.count - 1].token = nodes[child].tokens.upperBound
                stack[stack.count - 1].nextChild = child + 1 + nodes[child].descendantCount
                enter(child, &walker)
            } else {
                stack[stack.count - 1].token += 1
                walker.visit(token: top.token, in: self)
            }
        }
    }
}
