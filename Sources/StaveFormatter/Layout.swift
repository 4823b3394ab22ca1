import StaveSyntax

/// How a token is separated from the one before it.
enum Separator {
    /// Directly after it (`c4`, `[c`, `e]`).
    case glued
    /// One space.
    case space
    /// A new line at `indent` levels, with blank lines as `blanks` says; own-line comments
    /// before the token are indented `commentIndent` levels.
    case newline(indent: Int, blanks: BlankLines, commentIndent: Int)
    /// The first token of the file.
    case fileStart
}

/// Blank lines before a new line.
enum BlankLines {
    /// None.
    case none
    /// One where the text had at least one.
    case asWritten
    /// Exactly one.
    case one
}

/// Writes the tokens of a `SourceTree` in order with canonical space between them, keeping
/// every comment; records where body lines may be broken.
struct Layout {
    let tree: SourceTree
    /// The longest line a one-line phrase may make.
    let lineWidth: Int
    private let bytes: [UInt8]
    private(set) var output: [UInt8] = []
    /// Offsets in `output` of spaces after bar lines where a long line may break, with the
    /// indentation the next line gets.
    private(set) var breakOpportunities: [(offset: Int, indent: Int)] = []
    /// The indentation of a line that continues the statement or body item being written
    /// (after a line comment inside it): one level deeper than the line it starts on.
    private var continuation = 1
    /// True when the last thing written is a line comment: the next token needs a new line.
    private var afterLineComment = false
    /// True while the output holds only the file's byte order mark.
    private var isOnlyByteOrderMark = false

    init(tree: SourceTree, lineWidth: Int) {
        self.tree = tree
        self.lineWidth = lineWidth
        self.bytes = tree.source.bytes
        output.reserveCapacity(bytes.count + bytes.count / 8 + 64)
    }

    // MARK: - The song's structure

    mutating func song() {
        var previous: SyntaxNodeKind?
        for child in tree.children(of: 0) {
            switch child {
            case .node(let index):
                let kind = tree.nodes[index].kind
                let separator: Separator
                if previous == nil {
                    separator = .fileStart
                } else if kind == .track || previous == .track || kind == .style || previous == .style {
                    separator = .newline(indent: 0, blanks: .one, commentIndent: 0)
                } else if kind == .header, previous == .header {
                    separator = .newline(indent: 0, blanks: .none, commentIndent: 0)
                } else {
                    separator = .newline(indent: 0, blanks: .asWritten, commentIndent: 0)
                }
                previous = kind
                switch kind {
                case .track, .style: track(index, separator)
                default: flat(index, separator)
                }
            case .token(let token):
                // The end of the file: what stands before it, then one line feed.
                if previous == nil {
                    emit(token, .fileStart)
                } else {
                    emit(token, .newline(indent: 0, blanks: .asWritten, commentIndent: 0))
                }
                while output.last == 0x0A { output.removeLast() }
                if !output.isEmpty { output.append(0x0A) }
            }
        }
    }

    /// A statement on one line: its tokens one space apart, `/` and `.` glued, and the `-B` of a
    /// tempo ramp's `A-B` glued to its `A` (the lexer reads `-B` as a negative number).
    private mutating func flat(_ node: Int, _ separator: Separator) {
        if case .newline(let indent, _, _) = separator { continuation = indent + 1 } else if case .fileStart = separator { continuation = 1 }
        var first = true
        var previousKind: TokenKind?
        for token in tree.nodes[node].tokens {
            let kind = tree.tokens[token].kind
            if first {
                emit(token, separator)
                first = false
            } else {
                let range = tree.tokens[token].range
                let rampEnd = kind == .number && previousKind == .number && bytes[range.start] == UInt8(ascii: "-")
                let glued = kind == .slash || kind == .dot || previousKind == .slash || previousKind == .dot || rampEnd
                emit(token, glued ? .glued : .space)
            }
            previousKind = kind
        }
    }

    /// `track ID "Name" {`, the members one per line, `}`.
    private mutating func track(_ node: Int, _ separator: Separator) {
        block(node, separator, level: 0, inline: false) { layout, member, first in
            let memberSeparator = Separator.newline(indent: 1, blanks: first ? .none : .asWritten, commentIndent: 1)
            layout.continuation = 2
            if layout.tree.nodes[member].kind == .phrase {
                layout.phrase(member, memberSeparator)
            } else {
                layout.flat(member, memberSeparator)
            }
        }
    }

    /// A block at indentation `level`: its opening tokens one space apart up to `{`, its child
    /// nodes as `child` lays them out (told whether each is the first), its `}` on a line of its
    /// own — or, `inline`, after one space.
    private mutating func block(_ node: Int, _ separator: Separator, level: Int, inline: Bool,
                                _ child: (inout Layout, _ node: Int, _ first: Bool) -> Void) {
        continuation = level + 1
        var opened = false
        var first = true
        for part in tree.children(of: node) {
            switch part {
            case .token(let token):
                let kind = tree.tokens[token].kind
                if token == tree.nodes[node].tokens.lowerBound {
                    emit(token, separator)
                } else if kind == .rightBrace && opened {
                    continuation = level + 1
                    emit(token, inline ? .space : .newline(indent: level, blanks: .none, commentIndent: level + 1))
                } else {
                    emit(token, .space)
                    if kind == .leftBrace { opened = true }
                }
            case .node(let member):
                child(&self, member, first)
                first = false
            }
        }
    }

    /// `phrase [ID] [at BAR] {`, the body's lines, `}`; or, for a body written on one line
    /// that fits in the line width, `phrase … { items }` on one line.
    private mutating func phrase(_ node: Int, _ separator: Separator) {
        if isWrittenOnOneLine(node) {
            let saved = (output.count, breakOpportunities.count, continuation, afterLineComment)
            phraseBody(node, separator, inline: true)
            var lineStart = output.count
            while lineStart > 0, output[lineStart - 1] != 0x0A { lineStart -= 1 }
            if LineBreaker.columns(output, lineStart, output.count) <= lineWidth { return }
            output.removeSubrange(saved.0...)
            breakOpportunities.removeSubrange(saved.1...)
            (continuation, afterLineComment) = (saved.2, saved.3)
        }
        phraseBody(node, separator, inline: false)
    }

    /// True when no line break stands between a phrase's `{` and its `}`.
    private func isWrittenOnOneLine(_ node: Int) -> Bool {
        let tokens = tree.nodes[node].tokens
        guard let open = tokens.first(where: { tree.tokens[$0].kind == .leftBrace }) else { return false }
        return !(open + 1..<tokens.upperBound).contains { tree.gapHasLineBreak(before: $0) }
    }

    /// A phrase statement and its body: items on the lines where they were written, or all on
    /// the statement's line (`inline`).
    private mutating func phraseBody(_ node: Int, _ separator: Separator, inline: Bool) {
        var previousItem: SyntaxNodeKind?
        block(node, separator, level: 1, inline: inline) { layout, item, first in
            let tree = layout.tree
            let start = tree.nodes[item].tokens.lowerBound
            var itemSeparator: Separator
            if inline {
                itemSeparator = .space
            } else if first {
                itemSeparator = .newline(indent: 2, blanks: .none, commentIndent: 2)
            } else if previousItem == .grace {
                // A grace group is written tight against the note it decorates: `(d e)f4`.
                itemSeparator = .glued
            } else if tree.gapHasLineBreak(before: start) {
                itemSeparator = .newline(indent: 2, blanks: .asWritten, commentIndent: 2)
            } else {
                itemSeparator = .space
            }
            layout.continuation = 3
            if inline, previousItem == .grace { itemSeparator = .glued }
            if !inline, previousItem == .barLine, case .space = itemSeparator, tree.trivia(before: start).allSatisfy({ !$0.isComment }) {
                layout.breakOpportunities.append((layout.output.count, 2))
            }
            layout.item(item, itemSeparator)
            previousItem = tree.nodes[item].kind
        }
    }

    /// A body item: its tokens glued where the notation joins them, otherwise one space apart.
    /// Articulation marks follow what they mark directly (`c4'`, `[c e]2^`, `c4._`), a chord
    /// symbol keeps its `/` (`Bb7/D`, `C6/9`), and a grace group its note (`(d e)f4`, also in tuplets).
    private mutating func item(_ node: Int, _ separator: Separator) {
        var previous: TokenKind?
        for token in tree.nodes[node].tokens {
            let kind = tree.tokens[token].kind
            guard let before = previous else {
                emit(token, separator)
                previous = kind
                continue
            }
            let glued: Bool
            switch kind {
            case .rightBracket, .rightBrace, .rightParen, .tilde, .dot, .apostrophe, .caret, .slash, .at: glued = true
            // After `/`: the `9` of a chord symbol's `6/9`.
            case .number: glued = before == .tilde || before == .at || before == .rightBracket || before == .rightBrace || before == .slash
            case .word where before == .slash || isTenutoMark(token): glued = true
            default: glued = before == .leftBracket || before == .leftBrace || before == .leftParen || before == .rightParen
            }
            emit(token, glued ? .glued : .space)
            previous = kind
        }
    }

    /// True for a word of `_` only: tenuto marks after dots or other marks (`c4._`, `c4^_`).
    private func isTenutoMark(_ token: Int) -> Bool {
        let range = tree.tokens[token].range
        return bytes[range.start..<range.end].allSatisfy { $0 == UInt8(ascii: "_") }
    }

    // MARK: - Tokens, trivia and comments

    /// Writes token `index` after the trivia before it: comments kept, space made canonical.
    private mutating func emit(_ index: Int, _ separator: Separator) {
        // Line breaks seen since the last comment (or the previous token).
        var lineBreaks = 0
        var wroteComment = false
        // The last comment stood on a line of its own.
        var commentOnOwnLine = false
        // A separator of `.one` blank line puts it before the first thing on a new line.
        var blankOwed = { if case .newline(_, .one, _) = separator { return true } else { return false } }()
        // Most gaps are only spaces and line breaks: counted without splitting them into pieces.
        let plainBreaks = tree.lineBreaksIfOnlySpace(before: index)
        if let plainBreaks { lineBreaks = plainBreaks }
        for piece in plainBreaks == nil ? tree.trivia(before: index) : [] {
            switch piece.kind {
            case .newline:
                lineBreaks += 1
            case .lineComment, .blockComment:
                if output.isEmpty || isOnlyByteOrderMark {
                    // The file starts with it.
                    commentOnOwnLine = true
                } else if lineBreaks == 0 {
                    // After a token on its line: stays there, one space after it.
                    output.append(0x20)
                    commentOnOwnLine = false
                } else {
                    newLine(indent: commentIndent(for: separator), blank: blankOwed || (lineBreaks >= 2 && allowsBlank(separator)))
                    blankOwed = false
                    commentOnOwnLine = true
                }
                output.append(contentsOf: bytes[piece.range.start..<piece.range.end])
                afterLineComment = piece.kind == .lineComment
                wroteComment = true
                lineBreaks = 0
            case .byteOrderMark:
                output.append(contentsOf: bytes[piece.range.start..<piece.range.end])
                isOnlyByteOrderMark = true
            case .spaces, .unexpected:
                break
            }
        }
        guard tree.tokens[index].kind != .end else { return }
        let text = bytes[tree.tokens[index].range.start..<tree.tokens[index].range.end]
        // A block comment on a line of its own with the token right after it: the token follows it.
        let followsOwnLineComment = wroteComment && commentOnOwnLine && lineBreaks == 0 && !afterLineComment
        switch separator {
        case .fileStart:
            if wroteComment {
                if followsOwnLineComment { output.append(0x20) } else { newLine(indent: 0, blank: lineBreaks >= 2) }
            }
        case .newline(let indent, let blanks, _):
            if followsOwnLineComment {
                output.append(0x20)
            } else {
                let blank: Bool
                switch blanks {
                case .none: blank = false
                case .asWritten: blank = lineBreaks >= 2
                case .one: blank = blankOwed || lineBreaks >= 2
                }
                newLine(indent: indent, blank: blank)
            }
        case .space, .glued:
            if afterLineComment || (wroteComment && lineBreaks > 0) {
                newLine(indent: continuation, blank: false)
            } else if wroteComment {
                output.append(0x20)
            } else if case .space = separator {
                output.append(0x20)
            }
        }
        output.append(contentsOf: text)
        afterLineComment = false
        isOnlyByteOrderMark = false
    }

    /// The indentation of own-line comments before a token with this separator.
    private func commentIndent(for separator: Separator) -> Int {
        switch separator {
        case .newline(_, _, let commentIndent): return commentIndent
        case .fileStart: return 0
        case .space, .glued: return continuation
        }
    }

    private func allowsBlank(_ separator: Separator) -> Bool {
        switch separator {
        case .newline(_, .none, _): return false
        case .newline, .fileStart: return true
        case .space, .glued: return false
        }
    }

    /// Ends the current line (dropping spaces at its end) and indents the next.
    private mutating func newLine(indent: Int, blank: Bool) {
        while output.last == 0x20 { output.removeLast() }
        output.append(0x0A)
        if blank { output.append(0x0A) }
        for _ in 0..<indent { output.append(0x20); output.append(0x20) }
    }
}

extension SourceTree {
    /// True when the gap before token `index` holds a line break (outside comments; a line
    /// comment always ends in one).
    func gapHasLineBreak(before index: Int) -> Bool {
        if let breaks = lineBreaksIfOnlySpace(before: index) { return breaks > 0 }
        return trivia(before: index).contains { $0.kind == .newline }
    }

    /// The number of line breaks in the gap before token `index` when it holds nothing but
    /// spaces, tabs and line breaks; nil when it holds more (comments, a byte order mark, …).
    func lineBreaksIfOnlySpace(before index: Int) -> Int? {
        let gap = gap(before: index)
        var breaks = 0
        var at = gap.start
        let bytes = source.bytes
        while at < gap.end {
            switch bytes[at] {
            case 0x20, 0x09: break
            case 0x0A: breaks += 1
            case 0x0D: if at + 1 >= gap.end || bytes[at + 1] != 0x0A { breaks += 1 }
            default: return nil
            }
            at += 1
        }
        return breaks
    }
}
