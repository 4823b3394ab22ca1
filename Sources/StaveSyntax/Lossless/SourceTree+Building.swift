extension SourceTree {
    /// Parses a file into its lossless tree, with the `SongSyntax` the compiler lowers and the
    /// lexical and syntax diagnostics (the same as `Parser.parse`).
    ///
    /// The parser stays the one place that knows the grammar: the tree is built from the
    /// ranges of the syntax nodes it made, laid over every token of the file.
    public static func parse(_ source: Source) -> (tree: SourceTree, syntax: SongSyntax, diagnostics: [Diagnostic]) {
        let (syntax, diagnostics, tokens) = Parser.parseKeepingTokens(source)
        return (build(source: source, syntax: syntax, tokens: tokens), syntax, diagnostics)
    }

    /// The tree of `source` from the syntax tree the parser made of it and every token of the
    /// source (`Parser.parseKeepingTokens` gives both).
    public static func build(source: Source, syntax: SongSyntax, tokens: [Token]) -> SourceTree {
        var builder = SourceTreeBuilder(tokens: tokens)
        builder.addSong(syntax, byteCount: source.bytes.count)
        return SourceTree(source: source, tokens: tokens, nodes: builder.nodes)
    }
}

/// Lays the syntax nodes' byte ranges over the tokens, in preorder.
struct SourceTreeBuilder {
    let tokens: [Token]
    var nodes: [SyntaxNode] = []
    /// Indices in `nodes` of the nodes still open, innermost last.
    private var open: [Int] = []

    init(tokens: [Token]) {
        self.tokens = tokens
        nodes.reserveCapacity(tokens.count)
    }

    mutating func addSong(_ syntax: SongSyntax, byteCount: Int) {
        nodes.append(SyntaxNode(kind: .song, tokens: 0..<tokens.count, range: SourceRange(0, byteCount)))
        open = [0]
        // Header statements and tracks in source order, whatever order they were collected in.
        var items: [(start: Int, header: Int?, track: Int?)] = []
        for (index, header) in syntax.header.enumerated() { items.append((header.range.start, index, nil)) }
        for (index, track) in syntax.tracks.enumerated() { items.append((track.range.start, nil, index)) }
        // Accompaniment (v3): a style is laid out as a track is (its parts one a line).
        for (index, style) in syntax.styles.enumerated() { items.append((style.range.start, nil, -1 - index)) }
        items.sort { $0.start < $1.start }
        var cursor = 0
        for item in items {
            if let header = item.header {
                cursor = addUnparsed(upTo: syntax.header[header].range.start, from: cursor)
                cursor = add(.header, syntax.header[header].range) { _ in }
            } else if let track = item.track, track < 0 {
                let style = syntax.styles[-1 - track]
                cursor = addUnparsed(upTo: style.range.start, from: cursor)
                cursor = add(.style, style.range) { builder in
                    for part in style.parts { builder.add(.setting, part.range) { _ in } }
                }
            } else if let track = item.track {
                let trackSyntax = syntax.tracks[track]
                cursor = addUnparsed(upTo: trackSyntax.range.start, from: cursor)
                cursor = add(.track, trackSyntax.range) { builder in builder.addTrackMembers(trackSyntax) }
            }
        }
        _ = addUnparsed(upTo: Int.max, from: cursor)
        close(0)
    }

    /// Settings, phrase statements and lyrics statements in source order.
    private mutating func addTrackMembers(_ track: TrackSyntax) {
        var members: [(start: Int, setting: Int?, phrase: Int?, lyrics: Int?)] = []
        for (index, setting) in track.settings.enumerated() { members.append((setting.range.start, index, nil, nil)) }
        for (index, phrase) in track.phrases.enumerated() { members.append((phrase.range.start, nil, index, nil)) }
        for (index, lyrics) in track.lyrics.enumerated() { members.append((lyrics.range.start, nil, nil, index)) }
        // Accompaniment (v3): `comp SOURCE STYLE.PART` is laid out as a setting.
        for (index, comp) in track.comps.enumerated() { members.append((comp.range.start, -1 - index, nil, nil)) }
        members.sort { $0.start < $1.start }
        for member in members {
            if let lyrics = member.lyrics {
                add(.lyrics, track.lyrics[lyrics].range) { _ in }
            } else if let setting = member.setting, setting < 0 {
                add(.setting, track.comps[-1 - setting].range) { _ in }
            } else if let setting = member.setting {
                add(.setting, track.settings[setting].range) { _ in }
            } else if let phrase = member.phrase {
                let statement = track.phrases[phrase]
                switch statement.kind {
                case .original(_, let body):
                    add(.phrase, statement.range) { builder in builder.addBody(body) }
                case .repeat:
                    add(.repeatPhrase, statement.range) { _ in }
                case .sync:
                    add(.syncPhrase, statement.range) { _ in }
                }
            }
        }
    }

    /// A body's flat preorder list, as nested nodes: one pass with a stack of the chords and
    /// tuplets still open (the hot loop of a large song).
    private mutating func addBody(_ body: [BodyElement]) {
        // Open containers: node index, token end of their parent range, element index where their items end.
        var containers: [(node: Int, itemsEnd: Int)] = []
        var bound = nodes[open[open.count - 1]].tokens.upperBound
        var cursor = nodes[open[open.count - 1]].tokens.lowerBound
        for (index, element) in body.enumerated() {
            while let last = containers.last, index >= last.itemsEnd {
                close(last.node)
                containers.removeLast()
                bound = containers.last.map { nodes[$0.node].tokens.upperBound } ?? nodes[open[open.count - 1]].tokens.upperBound
            }
            let first: Int, end: Int
            if cursor < bound, tokens[cursor].range.start == element.range.start, tokens[cursor].range.end >= element.range.end,
               cursor + 1 == bound || tokens[cursor + 1].range.start >= element.range.end {
                // The common case, a note of one token where the cursor stands.
                (first, end) = (cursor, cursor + 1)
            } else {
                first = firstToken(startingAtOrAfter: element.range.start, in: cursor..<bound)
                end = firstToken(startingAtOrAfter: max(element.range.end, element.range.start + 1), in: first..<bound)
            }
            guard first < end else { continue }
            let node = nodes.count
            nodes.append(SyntaxNode(kind: Self.kind(of: element.kind), tokens: first..<end,
                                    range: SourceRange(tokens[first].range.start, tokens[end - 1].range.end)))
            if element.itemCount > 0 {
                containers.append((node, index + 1 + element.itemCount))
                bound = end
                cursor = first
            } else {
                cursor = end
            }
        }
        while let last = containers.popLast() { close(last.node) }
    }

    static func kind(of element: BodyElement.Kind) -> SyntaxNodeKind {
        switch element {
        case .note: return .note
        case .rest: return .rest
        case .chord: return .chord
        case .tuplet: return .tuplet
        case .member: return .member
        case .setOctave, .octaveUp, .octaveDown: return .octave
        case .velocity: return .velocity
        case .barLine: return .barLine
        case .tempo: return .tempoChange
        case .invalid: return .invalid
        case .hairpin: return .hairpin
        case .grace: return .grace
        case .pedal, .controller, .bend: return .control
        case .marker: return .marker
        }
    }

    // MARK: - Nodes from ranges

    /// Adds a node covering the tokens that start in `range` (within the innermost open
    /// node's tokens), then its children. A range that holds no token adds nothing. Returns
    /// the index of the first token after the node.
    @discardableResult
    private mutating func add(_ kind: SyntaxNodeKind, _ range: SourceRange, children: (inout SourceTreeBuilder) -> Void) -> Int {
        let parent = nodes[open[open.count - 1]].tokens
        let first = firstToken(startingAtOrAfter: range.start, in: parent)
        let end = firstToken(startingAtOrAfter: max(range.end, range.start + 1), in: first..<parent.upperBound)
        guard first < end else { return first }
        let index = nodes.count
        let byteRange = SourceRange(tokens[first].range.start, tokens[end - 1].range.end)
        nodes.append(SyntaxNode(kind: kind, tokens: first..<end, range: byteRange))
        open.append(index)
        children(&self)
        open.removeLast()
        close(index)
        return end
    }

    /// Tokens from `cursor` up to the first one starting at `offset` that belong to the root
    /// and no statement, as one `.unparsed` node (the `.end` token stays with the root).
    private mutating func addUnparsed(upTo offset: Int, from cursor: Int) -> Int {
        var end = firstToken(startingAtOrAfter: offset, in: cursor..<tokens.count)
        if end == tokens.count { end -= 1 }
        guard cursor < end else { return max(cursor, end) }
        nodes.append(SyntaxNode(kind: .unparsed, tokens: cursor..<end,
                                range: SourceRange(tokens[cursor].range.start, tokens[end - 1].range.end)))
        return end
    }

    private mutating func close(_ index: Int) {
        nodes[index].descendantCount = nodes.count - index - 1
    }

    /// The first token index in `within` whose start is at or after `offset` (the upper bound
    /// when none is): a galloping search from the front, as nodes are mostly a token or two.
    private func firstToken(startingAtOrAfter offset: Int, in within: Range<Int>) -> Int {
        var low = within.lowerBound, step = 1
        var high = low
        while high < within.upperBound, tokens[high].range.start < offset {
            low = high + 1
            high = min(within.upperBound, high + step)
            step *= 2
        }
        // Now every token before `low` starts before `offset`, and `high` is the bound or starts at/after it.
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
