import StaveComposition
import StaveSyntax

/// What the server knows of one version of a document: its lossless tree, the checked song
/// and the diagnostics, exactly as `stave check` makes them, and an index of names.
public struct Analysis: Sendable {
    public let source: Source
    public let tree: SourceTree
    public let song: Song
    public let diagnostics: [Diagnostic]
    /// Track and phrase names: where each is defined and referred to.
    public let names: NameIndex

    /// Compiles a document's text.
    public init(path: String, bytes: [UInt8]) {
        source = Source(path: path, bytes: bytes)
        let (syntax, parseDiagnostics, tokens) = Parser.parseKeepingTokens(source)
        tree = SourceTree.build(source: source, syntax: syntax, tokens: tokens)
        let (song, lowerDiagnostics) = Lowering.lower(consume syntax, defaultTitle: Song.defaultTitle(forPath: path))
        self.song = song
        diagnostics = (parseDiagnostics + lowerDiagnostics).sortedByPosition()
        names = NameIndex(tree: tree)
    }

    /// The index of the token holding byte `offset`, or the one ending right there (a cursor
    /// just after a word is on that word, unless another word starts there).
    public func token(at offset: Int) -> Int? {
        let tokens = tree.tokens
        // The first token that ends at or after the offset.
        var low = 0, high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.end < offset { low = middle + 1 } else { high = middle }
        }
        guard tokens[low].kind != .end, tokens[low].range.start <= offset else { return nil }
        // Between two tokens (`{|c`, `.|a`): the one that starts here, unless a word ends here
        // and punctuation starts (`f4|.`, `lead|.a` stay on the word).
        if tokens[low].range.end == offset, low + 1 < tokens.count, tokens[low + 1].kind != .end,
           tokens[low + 1].range.start == offset, tokens[low].kind != .word || tokens[low + 1].kind == .word {
            return low + 1
        }
        return low
    }

    /// The innermost node that holds token `index`, and its ancestors (root first).
    public func path(toToken index: Int) -> [Int] { tree.path(toToken: index) }
}

/// Track and phrase IDs in a document: definitions and references, from the lossless tree.
public struct NameIndex: Sendable {
    /// A name written in the text.
    public struct Occurrence: Equatable, Sendable {
        /// What it names: a track, or a phrase of a track.
        public enum Target: Hashable, Sendable {
            case track(String)
            case phrase(track: String, id: String)
        }
        public var target: Target
        /// The name's bytes.
        public var range: SourceRange
        /// True for the definition (`track ID`, `phrase ID`).
        public var isDefinition: Bool
    }

    public private(set) var occurrences: [Occurrence] = []
    /// Track IDs in order, with the node of each track.
    public private(set) var tracks: [(id: String, node: Int)] = []

    init(tree: SourceTree) {
        /// `[TRACK.]ID` starting at token `first` (a word), as `sync` and `lyrics … from` write it:
        /// a phrase of TRACK, or of `ownTrack` without one.
        func phraseReference(at first: Int, before end: Int, inTrack ownTrack: String) {
            if first + 2 < end, tree.tokens[first + 1].kind == .dot, tree.tokens[first + 2].kind == .word {
                let sourceTrack = tree.text(ofToken: first)
                occurrences.append(Occurrence(target: .track(sourceTrack), range: tree.tokens[first].range, isDefinition: false))
                occurrences.append(Occurrence(target: .phrase(track: sourceTrack, id: tree.text(ofToken: first + 2)), range: tree.tokens[first + 2].range, isDefinition: false))
            } else {
                occurrences.append(Occurrence(target: .phrase(track: ownTrack, id: tree.text(ofToken: first)), range: tree.tokens[first].range, isDefinition: false))
            }
        }
        for trackNode in tree.childNodes(of: 0) where tree.nodes[trackNode].kind == .track {
            let trackTokens = tree.nodes[trackNode].tokens
            guard trackTokens.count > 1, tree.tokens[trackTokens.lowerBound + 1].kind == .word else { continue }
            let idToken = trackTokens.lowerBound + 1
            let trackID = tree.text(ofToken: idToken)
            tracks.append((trackID, trackNode))
            occurrences.append(Occurrence(target: .track(trackID), range: tree.tokens[idToken].range, isDefinition: true))
            for member in tree.childNodes(of: trackNode) {
                let tokens = tree.nodes[member].tokens
                guard tokens.count > 1 else { continue }
                let second = tokens.lowerBound + 1
                switch tree.nodes[member].kind {
                case .phrase:
                    if tree.tokens[second].kind == .word, tree.text(ofToken: second) != "at" {
                        occurrences.append(Occurrence(target: .phrase(track: trackID, id: tree.text(ofToken: second)), range: tree.tokens[second].range, isDefinition: true))
                    }
                case .repeatPhrase, .lyrics:
                    // `repeat ID …` and `lyrics ID "…"` name a phrase of this track.
                    if tree.tokens[second].kind == .word {
                        occurrences.append(Occurrence(target: .phrase(track: trackID, id: tree.text(ofToken: second)), range: tree.tokens[second].range, isDefinition: false))
                    }
                    // `lyrics ID from [TRACK.]ID2` (v3) names another phrase, as `sync` does.
                    let source = second + 2
                    if tree.nodes[member].kind == .lyrics, source < tokens.upperBound, tree.tokens[source - 1].kind == .word,
                       tree.text(ofToken: source - 1) == "from", tree.tokens[source].kind == .word {
                        phraseReference(at: source, before: tokens.upperBound, inTrack: trackID)
                    }
                case .syncPhrase:
                    guard tree.tokens[second].kind == .word else { continue }
                    phraseReference(at: second, before: tokens.upperBound, inTrack: trackID)
                default:
                    break
                }
            }
        }
    }

    /// The occurrence at byte `offset`.
    public func occurrence(at offset: Int) -> Occurrence? {
        occurrences.first { $0.range.start <= offset && offset <= $0.range.end }
    }

    /// Every occurrence of a target, the definition first.
    public func occurrences(of target: Occurrence.Target) -> [Occurrence] {
        let all = occurrences.filter { $0.target == target }
        return all.filter(\.isDefinition) + all.filter { !$0.isDefinition }
    }
}
