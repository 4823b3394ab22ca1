import StaveComposition
import StaveJSON
import StaveFormatter
import StaveSyntax

extension LanguageServer {
    /// Tracks, and in each its phrases with the bars they span.
    mutating func documentSymbols(_ uri: String) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .array([]) }
        let tree = analysis.tree
        let meters = MeterMap(meters: analysis.song.meters)
        var symbols: [JSONValue] = []
        for (trackID, trackNode) in analysis.names.tracks {
            let track = analysis.song.track(trackID)
            var children: [JSONValue] = []
            for member in tree.childNodes(of: trackNode) {
                let node = tree.nodes[member]
                guard [.phrase, .repeatPhrase, .syncPhrase].contains(node.kind) else { continue }
                let tokens = node.tokens
                let nameToken = tokens.count > 1 && tree.tokens[tokens.lowerBound + 1].kind == .word && tree.text(ofToken: tokens.lowerBound + 1) != "at" ? tokens.lowerBound + 1 : tokens.lowerBound
                var name = tree.text(ofToken: tokens.lowerBound)
                if nameToken != tokens.lowerBound { name += " " + tree.text(ofToken: nameToken) }
                var selection = tree.tokens[nameToken].range
                if node.kind == .syncPhrase, tokens.count > 3, tree.tokens[tokens.lowerBound + 2].kind == .dot {
                    name += "." + tree.text(ofToken: tokens.lowerBound + 3)
                    selection = SourceRange(selection.start, tree.tokens[tokens.lowerBound + 3].range.end) // `lead.theme`
                }
                var detail = ""
                if let phrase = track?.phrases.first(where: { $0.source.range?.start == node.range.start }) {
                    let length = phraseLength(phrase, analysis.song)
                    let start = meters.locate(phrase.start).bar
                    let end = meters.locate(phrase.start + length)
                    let last = end.offset == .zero ? max(start, end.bar - 1) : end.bar
                    detail = start == last ? "bar \(start)" : "bars \(start)–\(last)"
                }
                children.append(.fields([
                    "name": .string(name), "detail": .string(detail), "kind": .int(12),
                    "range": Self.json(node.range, in: document), "selectionRange": Self.json(selection, in: document),
                ]))
            }
            let idToken = tree.nodes[trackNode].tokens.lowerBound + 1
            symbols.append(.fields([
                "name": .string(trackID), "detail": .string(track.map { $0.kind == .drums ? "drums" : "track" } ?? ""), "kind": .int(5),
                "range": Self.json(tree.nodes[trackNode].range, in: document), "selectionRange": Self.json(tree.tokens[idToken].range, in: document),
                "children": .array(children),
            ]))
        }
        return .array(symbols)
    }

    /// How long a phrase lasts on its track.
    func phraseLength(_ phrase: Phrase, _ song: Song) -> Rational {
        switch phrase.content {
        case .original(let body): return body.length
        case .repeat(let source, let count):
            return song.tracks.first { $0.phrases.contains { $0.source.range == phrase.source.range } }?.original(source).map { $0.length * count } ?? .zero
        case .sync(let track, let source, _): return song.track(track)?.original(source)?.length ?? .zero
        }
    }

    /// Track blocks, phrase bodies and block comments that span lines.
    mutating func foldingRanges(_ uri: String) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .array([]) }
        let tree = analysis.tree
        var ranges: [JSONValue] = []
        func fold(_ range: SourceRange, kind: String?) {
            let start = document.position(of: range.start).line, end = document.position(of: range.end).line
            guard end > start else { return }
            var members: [JSONMember] = [JSONMember("startLine", .int(start)), JSONMember("endLine", .int(end))]
            if let kind { members.append(JSONMember("kind", .string(kind))) }
            ranges.append(.object(members))
        }
        for (_, trackNode) in analysis.names.tracks {
            fold(tree.nodes[trackNode].range, kind: nil)
            for member in tree.childNodes(of: trackNode) where tree.nodes[member].kind == .phrase { fold(tree.nodes[member].range, kind: nil) }
        }
        for index in tree.tokens.indices {
            for piece in tree.trivia(before: index) where piece.kind == .blockComment { fold(piece.range, kind: "comment") }
        }
        return .array(ranges)
    }

    /// The whole document laid out by `stave fmt`; no edit for a song with errors.
    mutating func formatting(_ uri: String) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .array([]) }
        guard !analysis.diagnostics.hasErrors else { return .array([]) }
        let formatted = Formatter().format(analysis.tree)
        guard formatted != document.bytes, FormatCheck.saysTheSame(formatted, as: analysis.tree) else { return .array([]) }
        return .array([.fields(["range": Self.json(SourceRange(0, document.bytes.count), in: document),
                                "newText": .string(String(decoding: formatted, as: UTF8.self))])])
    }

    /// Quick fixes for diagnostics that name their fix: a did-you-mean replaces the word, a
    /// duration written apart from its note is joined to it.
    mutating func codeActions(_ uri: String, _ range: (start: LSPPosition, end: LSPPosition)) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .array([]) }
        let (start, end) = range
        let from = document.offset(of: start), to = document.offset(of: end)
        var actions: [JSONValue] = []
        for diagnostic in analysis.diagnostics where diagnostic.range.start <= to && from <= diagnostic.range.end {
            let lsp = lspDiagnostic(diagnostic, document, analysis)
            func action(_ title: String, _ edit: SourceRange, _ text: String) {
                actions.append(.fields([
                    "title": .string(title), "kind": .string("quickfix"), "diagnostics": .array([lsp]), "isPreferred": .bool(true),
                    "edit": .fields(["changes": .object([JSONMember(uri, .array([.fields(["range": Self.json(edit, in: document), "newText": .string(text)])]))])]),
                ]))
            }
            if diagnostic.id == .unknownPhrase || diagnostic.id == .unknownTrack,
               let name = analysis.names.occurrence(at: diagnostic.range.start), !name.isDefinition,
               let guess = Self.closestName(to: name.target, in: analysis.names) {
                // The name alone is replaced (`lead.vers` → `lead.verse`): the closest ID the track
                // (or song) defines, judged as the compiler's "did you mean" judges it.
                action("Change to '\(guess)'", name.range, guess)
            } else if let guess = Self.didYouMean(diagnostic.message), let word = analysis.token(at: diagnostic.range.start).map({ analysis.tree.tokens[$0] }), word.kind == .word {
                // Replace the word's name part (a drum keeps its duration: `kik8` → `kick8`).
                let text = analysis.tree.text(word.range)
                var nameEnd = word.range.end
                if diagnostic.id == .unknownDrum, let digits = text.firstIndex(where: { $0.isNumber }) { nameEnd = word.range.start + text[..<digits].utf8.count }
                action("Change to '\(guess)'", SourceRange(word.range.start, nameEnd), guess)
            } else if diagnostic.id == .durationNotAttached, let index = analysis.token(at: diagnostic.range.start), index > 0 {
                let gap = analysis.tree.gap(before: index)
                action("Join the duration to its note", gap, "")
            }
        }
        return .array(actions)
    }

    /// The defined track ID, or phrase ID of the same track, closest to a name that is not defined.
    static func closestName(to target: NameIndex.Occurrence.Target, in names: NameIndex) -> String? {
        switch target {
        case .track(let id):
            return Suggestion.closest(to: id, among: names.tracks.map(\.id))
        case .phrase(let track, let id):
            let defined = names.occurrences.compactMap { occurrence -> String? in
                guard occurrence.isDefinition, case .phrase(track, let other) = occurrence.target else { return nil }
                return other
            }
            return Suggestion.closest(to: id, among: defined)
        }
    }

    /// The suggestion of a `…; did you mean 'x'?` message.
    static func didYouMean(_ message: String) -> String? {
        let marker = Array("did you mean '".utf8), bytes = Array(message.utf8)
        guard bytes.count >= marker.count else { return nil }
        for start in stride(from: bytes.count - marker.count, through: 0, by: -1) where bytes[start..<start + marker.count].elementsEqual(marker) {
            let rest = bytes[(start + marker.count)...]
            guard let close = rest.firstIndex(of: UInt8(ascii: "'")) else { return nil }
            return String(decoding: rest[..<close], as: UTF8.self)
        }
        return nil
    }
}
