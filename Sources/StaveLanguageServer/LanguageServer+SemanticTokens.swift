import StaveDomain
import StaveSyntax

extension LanguageServer {
    /// Semantic tokens for the whole document, in the legend of `Capabilities.tokenTypes`:
    /// keywords and settings, track IDs (class), phrase IDs (function), pitches, rests and
    /// drums (enumMember), durations and numbers, commands (macro: `o5`, `>`, `v90`, `!mf`),
    /// strings, comments, and bar lines and ties (operator).
    mutating func semanticTokens(_ uri: String) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .fields(["data": .array([])]) }
        let tree = analysis.tree
        var spans: [(range: SourceRange, type: Int)] = []
        let names = Dictionary(analysis.names.occurrences.map { ($0.range.start, $0.target.isTrack ? 1 : 2) }, uniquingKeysWith: { a, _ in a })
        // Node kinds by token, for the words of phrase bodies.
        var owner = [SyntaxNodeKind?](repeating: nil, count: tree.tokens.count)
        // The first token of each setting: its keyword (the rest is its value).
        var settingKeywords: Set<Int> = []
        for node in tree.nodes where node.kind.isBodyItem || node.kind == .setting {
            for token in node.tokens where owner[token] == nil || node.kind.isBodyItem { owner[token] = node.kind }
            if node.kind == .setting { settingKeywords.insert(node.tokens.lowerBound) }
        }
        for index in tree.tokens.indices {
            for piece in tree.trivia(before: index) where piece.isComment { spans.append((piece.range, 7)) }
            let token = tree.tokens[index]
            switch token.kind {
            case .word:
                if let type = names[token.range.start] { spans.append((token.range, type)); continue }
                let text = tree.text(ofToken: index)
                switch owner[index] {
                case .note?, .member?, .rest?:
                    // The name part, then the duration digits.
                    let digits = text.utf8.firstIndex { $0 >= 0x30 && $0 <= 0x39 }.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? text.utf8.count
                    spans.append((SourceRange(token.range.start, token.range.start + digits), 3))
                    if digits < text.utf8.count { spans.append((SourceRange(token.range.start + digits, token.range.end), 4)) }
                case .octave?, .velocity?:
                    spans.append((token.range, 5))
                case .tempoChange?:
                    spans.append((token.range, 0))
                case .setting?:
                    spans.append((token.range, settingKeywords.contains(index) ? 0 : 3))
                default:
                    if Parser.reservedWords.contains(text) { spans.append((token.range, 0)) }
                }
            case .number, .decimal: spans.append((token.range, 4))
            case .string: spans.append((token.range, 6))
            case .dynamic, .greater, .less: spans.append((token.range, 5))
            case .bar, .tilde: spans.append((token.range, 8))
            case .dot where owner[index]?.isBodyItem == true: spans.append((token.range, 4)) // a duration's dots
            default: break
            }
        }
        // Relative encoding: line delta, start delta, length (UTF-16), type, modifiers. Tokens
        // never span lines except comments, which are split per line.
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
