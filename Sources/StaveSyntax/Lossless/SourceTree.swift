/// The lossless syntax tree: every token of a file with the trivia around it, grouped into
/// nodes (statements, tracks, phrases, notes, chords, …) that cover the tokens they were
/// parsed from. Printing it gives back the file byte for byte, valid or not: tokens that no
/// statement took stand in `.unparsed` nodes, characters that are no token in the trivia.
///
/// Tools that rewrite or explain a file (`stave fmt`, the language server) stand on it; the
/// compiler itself uses the lighter `SongSyntax`. Nodes are plain values in one array in
/// preorder (a node is followed by its descendants), tokens in another; see `SyntaxWalker`
/// for traversal.
public struct SourceTree: Sendable {
    /// The file.
    public let source: Source
    /// Every token in order; the last is `.end` (its leading trivia ends the file).
    public let tokens: [Token]
    /// Every node in preorder; node 0 is the `.song` root, which covers every token.
    public let nodes: [SyntaxNode]

    /// Creates a `SourceTree` from its parts.
    public init(source: Source, tokens: [Token], nodes: [SyntaxNode]) {
        self.source = source
        self.tokens = tokens
        self.nodes = nodes
    }

    /// The root: the whole song.
    public var root: SyntaxNode { nodes[0] }

    /// The file's bytes, printed back from the tree: each token's leading trivia, text and
    /// trailing trivia in order. Equal to `source.bytes` for every input.
    public func printed() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(source.bytes.count)
        for index in tokens.indices {
            output.append(contentsOf: source.bytes[leadingTriviaRange(of: index).start..<leadingTriviaRange(of: index).end])
            output.append(contentsOf: source.bytes[tokens[index].range.start..<tokens[index].range.end])
            output.append(contentsOf: source.bytes[trailingTriviaRange(of: index).start..<trailingTriviaRange(of: index).end])
        }
        return output
    }

    // MARK: - Tokens and trivia

    /// The gap before token `index`: from the previous token's end (or the file's start) to
    /// this token's start.
    public func gap(before index: Int) -> SourceRange {
        SourceRange(index == 0 ? 0 : tokens[index - 1].range.end, tokens[index].range.start)
    }

    /// The trivia after token `index` on its own line: spaces and comments up to the first
    /// line break (not inside a block comment). The `.end` token has none.
    public func trailingTriviaRange(of index: Int) -> SourceRange {
        guard index + 1 < tokens.count else { return SourceRange(tokens[index].range.end, tokens[index].range.end) }
        let gap = gap(before: index + 1)
        return SourceRange(gap.start, TriviaPiece.endOfTrailing(in: gap, of: source.bytes))
    }

    /// The trivia before token `index` that is not the previous token's trailing trivia: from
    /// the first line break of the gap on (the whole gap for the first token).
    public func leadingTriviaRange(of index: Int) -> SourceRange {
        let gap = gap(before: index)
        guard index > 0 else { return gap }
        return SourceRange(TriviaPiece.endOfTrailing(in: gap, of: source.bytes), gap.end)
    }

    /// The leading trivia of token `index`, in pieces.
    public func leadingTrivia(of index: Int) -> [TriviaPiece] {
        TriviaPiece.pieces(of: leadingTriviaRange(of: index), in: source.bytes)
    }

    /// The trailing trivia of token `index`, in pieces.
    public func trailingTrivia(of index: Int) -> [TriviaPiece] {
        TriviaPiece.pieces(of: trailingTriviaRange(of: index), in: source.bytes)
    }

    /// All trivia between token `index - 1` and token `index` (for index 0, before the first
    /// token), in pieces.
    public func trivia(before index: Int) -> [TriviaPiece] {
        TriviaPiece.pieces(of: gap(before: index), in: source.bytes)
    }

    /// A token's text.
    public func text(ofToken index: Int) -> String { source.text(tokens[index].range) }

    /// A byte range's text.
    public func text(_ range: SourceRange) -> String { source.text(range) }

    // MARK: - Nodes

    /// The direct children of node `index`, tokens and nodes in source order.
    public func children(of index: Int) -> [SyntaxChild] {
        var children: [SyntaxChild] = []
        let node = nodes[index]
        var token = node.tokens.lowerBound
        var child = index + 1
        let end = index + 1 + node.descendantCount
        while token < node.tokens.upperBound {
            if child < end, nodes[child].tokens.lowerBound == token {
                children.append(.node(child))
                token = nodes[child].tokens.upperBound
                child += 1 + nodes[child].descendantCount
            } else {
                children.append(.token(token))
                token += 1
            }
        }
        return children
    }

    /// The indices of the direct child nodes of node `index`, in order.
    public func childNodes(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = index + 1 + nodes[index].descendantCount
        while child < end {
            result.append(child)
            child += 1 + nodes[child].descendantCount
        }
        return result
    }

    /// The nodes holding token `index`, from the root to the innermost.
    public func path(toToken index: Int) -> [Int] {
        var path = [0]
        var current = 0
        while true {
            var child = current + 1
            let end = current + 1 + nodes[current].descendantCount
            var found: Int?
            while child < end {
                let node = nodes[child]
                if node.tokens.contains(index) { found = child; break }
                if node.tokens.lowerBound > index { break }
                child += 1 + node.descendantCount
            }
            guard let next = found else { return path }
            path.append(next)
            current = next
        }
    }
}

/// One child of a node: a token or a node, by index.
public enum SyntaxChild: Equatable, Sendable {
    case token(Int)
    case node(Int)
}

/// One node of a `SourceTree`. Sixteen bytes of token indices and kind, plus its byte range.
public struct SyntaxNode: Equatable, Sendable {
    private var firstToken: UInt32
    private var tokenEnd: UInt32
    private var storedDescendants: UInt32
    /// What the node is.
    public var kind: SyntaxNodeKind
    /// From its first token's start to its last token's end.
    public var range: SourceRange

    /// The indices of the tokens it covers (its own and its descendants').
    public var tokens: Range<Int> {
        get { Int(firstToken)..<Int(tokenEnd) }
        set {
            firstToken = UInt32(clamping: newValue.lowerBound)
            tokenEnd = UInt32(clamping: newValue.upperBound)
        }
    }

    /// How many nodes after it in preorder are its descendants.
    public var descendantCount: Int {
        get { Int(storedDescendants) }
        set { storedDescendants = UInt32(clamping: newValue) }
    }

    /// Creates a `SyntaxNode` from its parts.
    public init(kind: SyntaxNodeKind, tokens: Range<Int>, range: SourceRange, descendantCount: Int = 0) {
        self.kind = kind
        self.firstToken = UInt32(clamping: tokens.lowerBound)
        self.tokenEnd = UInt32(clamping: tokens.upperBound)
        self.storedDescendants = UInt32(clamping: descendantCount)
        self.range = range
    }
}

/// The kinds of node.
public enum SyntaxNodeKind: UInt8, Equatable, Sendable, CaseIterable {
    /// The whole file; its children are statements, tracks, unparsed runs and the `.end` token.
    case song
    /// A header statement: `title`, `composer`, `tempo`, `meter`, `key`, `ppq`.
    case header
    /// A `track` or `drums` block.
    case track
    /// A track setting: `instrument flute`, `volume 90`, …
    case setting
    /// `phrase [ID] [at BAR] { … }`: its body's items are its child nodes.
    case phrase
    /// `repeat ID …`.
    case repeatPhrase
    /// `sync [TRACK.]ID …`.
    case syncPhrase
    /// A note with its length and ties (`c2~8~`), or a pitch inside a tuplet.
    case note
    /// A rest.
    case rest
    /// `[ … ]` with its length and tie; its members and commands are child nodes.
    case chord
    /// `{ … }` with its length; its items are child nodes.
    case tuplet
    /// A pitch or drum inside a chord.
    case member
    /// `o5`, `>` or `<`.
    case octave
    /// `v90` or `!mf`.
    case velocity
    /// `|`.
    case barLine
    /// `!<` or `!>` (v2).
    case hairpin
    /// `( … )` before a note (v2); its items are child nodes.
    case grace
    /// `pedal down|up`, `cc N V` or `bend C` (v2).
    case control
    /// `marker "…"` in a body (v2).
    case marker
    /// `lyrics ID "…" …` in a track (v2).
    case lyrics
    /// `tempo N` inside a body.
    case tempoChange
    /// Something in a body that did not parse (reported).
    case invalid
    /// Tokens at the top level that no statement took (reported); they keep their bytes.
    case unparsed
    /// `style ID { … }` (Accompaniment v3): its parts are `.setting` children, laid out as a
    /// track's settings are.
    case style

    /// True for the nodes that are items of a phrase body or of a chord or tuplet.
    public var isBodyItem: Bool {
        switch self {
        case .note, .rest, .chord, .tuplet, .member, .octave, .velocity, .barLine, .tempoChange, .invalid,
             .hairpin, .grace, .control, .marker: return true
        default: return false
        }
    }
}
