import StaveJSON
import StaveSyntax

extension LanguageServer {
    /// Semantic tokens for the whole document, in the legend of `Capabilities.tokenTypes`:
    /// keywords and settings, track IDs (class), phrase IDs (function), pitches, rests,
    /// drums and chord symbols (enumMember), durations and numbers, commands (macro: `o5`, `>`,
    /// `v90`, `!mf`, `!<`, `pedal down`, `cc`, `bend`, `marker`), strings, comments, and bar
    /// lines, ties and articulation marks (operator).
    mutating func semanticTokens(_ uri: String) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .fields(["data": .array([])]) }
        let tree = analysis.tree
        var spans: [(range: SourceRange, type: Int)] = []
        let names = Dictionary(analysis.names.occurrences.map { ($0.range.start, $0.target.isTrack ? 1 : 2) }, uniquingKeysWith: { a, _ in a })
        // Node kinds by token, for the words of phrase bodies.
        var owner = [SyntaxNodeKind?](repeating: nil, count: tree.tokens.count)
        // The first token of each setting, header statement and `lyrics` statement: its
        // keyword (`legato`, `marker` and `lyrics` are keywords only there: not reserved).
        var settingKeywords: Set<Int> = []
        for node in tree.nodes where node.kind.isBodyItem || node.kind == .setting || node.kind == .header || node.kind == .lyrics {
            for token in node.tokens where owner[token] == nil || node.kind.isBodyItem { owner[token] = node.kind }
            if !node.kind.isBodyItem, !node.tokens.isEmpty { settingKeywords.insert(node.tokens.lowerBound) }
            // `from` in `lyrics ID from TRACK.ID2` (v3): a keyword there only.
            if node.kind == .lyrics, node.tokens.count > 3, tree.tokens[node.tokens.lowerBound + 2].kind == .word,
               tree.text(ofToken: node.tokens.lowerBound + 2) == "from" { settingKeywords.insert(node.tokens.lowerBound + 2) }
        }
        for index in tree.tokens.indices {
            for piece in tree.trivia(before: index) where piece.isComment { spans.append((piece.range, 7)) }
            let token = tree.tokens[index]
            switch token.kind {
            case .word:
                if let type = names[token.range.start] { spans.append((token.range, type)); continue }
                let text = tree.text(ofToken: index)
                switch owner[index] {
                case .member? where text.utf8.first.map({ $0 >= 0x41 && $0 <= 0x5A }) == true:
                    spans.append((token.range, 3)) // a chord symbol, `Am7`, is one name
                case .note?, .member?, .rest?:
                    // The name part, then the duration digits, then a tenuto `_` written in the word.
                    let tenuto = text.utf8.last == UInt8(ascii: "_") ? 1 : 0
                    let end = token.range.end - tenuto
                    let digits = text.utf8.firstIndex { $0 >= 0x30 && $0 <= 0x39 }.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? (text.utf8.count - tenuto)
                    spans.append((SourceRange(token.range.start, token.range.start + digits), 3))
                    if token.range.start + digits < end { spans.append((SourceRange(token.range.start + digits, end), 4)) }
                    if tenuto == 1 { spans.append((SourceRange(end, token.range.end), 8)) }
                case .octave?, .velocity?, .control?, .marker?:
                    spans.append((token.range, 5))
                case .tempoChange?:
                    spans.append((token.range, 0))
                case .setting?:
                    spans.append((token.range, settingKeywords.contains(index) ? 0 : 3))
                case .header? where settingKeywords.contains(index), .lyrics? where settingKeywords.contains(index):
                    spans.append((token.range, 0))
                default:
                    if Parser.reservedWords.contains(text) { spans.append((token.range, 0)) }
                }
            case .number, .decimal: spans.append((token.range, 4))
            case .string: spans.append((token.range, 6))
            case .dynamic, .greater, .less: spans.append((token.range, 5))
            case .bar, .tilde, .apostrophe, .caret, .at: spans.append((token.range, 8))
            case .dot where owner[index]?.isBodyItem == true: spans.append((token.range, 4)) // a duration's dots
            default: break
            }
        }
        // Relative encoding: line delta, start delta, length (UTF-16), type, modifiers. Tokens
        // never span lines except comments and lyrics strings, which are split per line.
        var data: [JSONValue] = []
        var lastLine = 0, lastStart = 0
        var walker = PositionWalker(document)
        for span in spans {
            var start = span.range.start
            while start < span.range.end {
                let from = walker.position(of: start)
                let lineEnd = min(span.range.end, document.lineEnd(from.line))
                let to = walker.position(of: lineEnd)
                if to.character > from.character {
                    data += [.int(from.line - lastLine), .int(from.line == lastLine ? from.character - lastStart : from.character),
                             .int(to.character - from.character), .int(span.type), .int(0)]
                    lastLine = from.line
                    lastStart = from.character
                }
                guard from.line + 1 < document.lineStarts.count else { break }
                start = document.lineStarts[from.line + 1]
            }
        }
        return .fields(["data": .array(data)])
    }
}
