import StaveComposition
import StaveJSON
import StaveSyntax

extension LanguageServer {
    /// Completion: the words valid where the cursor is.
    mutating func completion(_ uri: String, _ position: LSPPosition) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .array([]) }
        let offset = document.offset(of: position)
        let items = CompletionContext(analysis: analysis, offset: offset).items()
        return .fields(["isIncomplete": .bool(false), "items": .array(items.map { item in
            .fields(["label": .string(item.label), "kind": .int(item.kind), "detail": .string(item.detail)])
        })])
    }
}

/// Works out what may be written at a place of a document.
struct CompletionContext {
    struct Item {
        var label: String
        /// LSP CompletionItemKind: 14 keyword, 12 value, 3 function, 7 class, 21 constant, 10 property.
        var kind: Int
        var detail: String
    }

    let analysis: Analysis
    let offset: Int

    /// The word being typed (the token the cursor ends), and the token before it.
    func items() -> [Item] {
        let tree = analysis.tree
        let bytes = analysis.source.bytes
        // The token being typed, if the cursor is at the end of a word or inside one.
        var typing = analysis.token(at: offset)
        if let index = typing, tree.tokens[index].kind != .word { typing = nil }
        // The last token that ends before the word being typed.
        let before = previousToken(before: typing.map { tree.tokens[$0].range.start } ?? offset)
        let previousWord = before.flatMap { tree.tokens[$0].kind == .word ? tree.text(ofToken: $0) : nil }
        let path = before.map { analysis.path(toToken: $0) } ?? [0]
        let trackNode = path.first { tree.nodes[$0].kind == .track }
        let trackID = trackNode.flatMap { node in analysis.names.tracks.first { $0.node == node }?.id }
        let isDrums = trackNode.map(isDrumTrack) ?? false
        // Accompaniment (v3): `comp SOURCE STYLE.PART` — a style after the source, a part after the dot.
        if let before, before >= 1, tree.tokens[before].kind == .word, tree.tokens[before - 1].kind == .word, tree.text(ofToken: before - 1) == "comp" {
            return (StyleBuiltIns.names + analysis.song.styles.map(\.id)).map { Item(label: $0, kind: 7, detail: "style") }
        }
        if let before, before >= 3, tree.tokens[before].kind == .dot, tree.tokens[before - 1].kind == .word, tree.text(ofToken: before - 3) == "comp" {
            let style = tree.text(ofToken: before - 1)
            var names: [String] = []
            if let own = analysis.song.styles.first(where: { $0.id == style }) {
                for part in own.parts where !names.contains(part.name) { names.append(part.name) }
            } else if let builtIn = StyleBuiltIns.syntax.first(where: { $0.id.text == style }) {
                for part in builtIn.parts where !names.contains(part.name.text) { names.append(part.name.text) }
            }
            return names.map { Item(label: $0, kind: 10, detail: "part of style \(style)") }
        }
        // After a value-taking word.
        switch previousWord {
        case "comp" where trackNode != nil:
            return analysis.names.tracks.filter { $0.id != trackID }.map { Item(label: $0.id, kind: 7, detail: "track whose chord symbols the comp plays") }
        case "symbols" where trackNode != nil:
            return [Item(label: "on", kind: 12, detail: "the chord symbols sound (default)"), Item(label: "off", kind: 12, detail: "the chord symbols sound nothing here")]
        case "instrument":
            return GeneralMIDI.instrumentNames.enumerated().map { Item(label: $0.element, kind: 12, detail: "GM program \($0.offset)") }
                + GeneralMIDI.instrumentAliases.sorted { $0.key < $1.key }
                    .filter { !GeneralMIDI.instrumentNames.contains($0.key) } // `flute` is a name and an alias: once
                    .map { Item(label: $0.key, kind: 12, detail: "GM program \($0.value)") }
        case "kit":
            return GeneralMIDI.kits.sorted { $0.value < $1.value }.map { Item(label: $0.key, kind: 12, detail: "GM drum kit, program \($0.value)") }
        case "repeat":
            return phraseIDs(ofTrack: trackID).map { Item(label: $0, kind: 3, detail: "phrase of \(trackID ?? "this track")") }
        case "lyrics" where trackNode != nil && path.contains(where: { tree.nodes[$0].kind == .lyrics || tree.nodes[$0].kind == .track }):
            return phraseIDs(ofTrack: trackID).map { Item(label: $0, kind: 3, detail: "phrase of \(trackID ?? "this track") to set words to") }
        case "pedal" where path.contains(where: { tree.nodes[$0].kind == .phrase }):
            return [Item(label: "down", kind: 12, detail: "sustain pedal down (CC64 127)"), Item(label: "up", kind: 12, detail: "sustain pedal up (CC64 0)")]
        case "sync":
            var items = phraseIDs(ofTrack: trackID).map { Item(label: $0, kind: 3, detail: "phrase of \(trackID ?? "this track")") }
            // Only tracks of the same kind: a sync never copies across melody and drums.
            for (other, node) in analysis.names.tracks where other != trackID && isDrumTrack(node) == isDrums {
                items += phraseIDs(ofTrack: other).map { Item(label: "\(other).\($0)", kind: 3, detail: "phrase of track \(other)") }
            }
            return items
        case "key":
            return ["c", "g", "d", "a", "e", "b", "f#", "c#", "f", "bb", "eb", "ab", "db", "gb", "cb"].map { Item(label: $0, kind: 12, detail: "tonic") }
        default:
            break
        }
        // After `TRACK.` in a sync: that track's phrases.
        if let before, tree.tokens[before].kind == .dot, before > 0, tree.tokens[before - 1].kind == .word {
            let other = tree.text(ofToken: before - 1)
            return phraseIDs(ofTrack: other).map { Item(label: $0, kind: 3, detail: "phrase of track \(other)") }
        }
        // Directly after a note, rest, chord or tuplet with no space: durations.
        if let typing, let word = Optional(tree.text(ofToken: typing)), isDurationPlace(word: word, drums: isDrums) {
            return durations(after: word)
        }
        if typing == nil, offset > 0, bytes[offset - 1] == UInt8(ascii: "]") || bytes[offset - 1] == UInt8(ascii: "}"),
           path.contains(where: { tree.nodes[$0].kind == .phrase }) {
            return durations(after: "")
        }
        // Inside a chord bracket of a melody track, a word starting upper-case is a chord
        // symbol: its root's qualities.
        if let typing, !isDrums, path.contains(where: { tree.nodes[$0].kind == .chord }) || analysis.path(toToken: typing).contains(where: { tree.nodes[$0].kind == .chord }),
           let word = Optional(tree.text(ofToken: typing)), let first = word.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "G") {
            let root = String(word.prefix(word.dropFirst().first.map { $0 == "#" || $0 == "b" } == true ? 2 : 1))
            return ChordSymbol.Quality.allCases.map { quality in
                Item(label: root + quality.rawValue, kind: 12, detail: "chord symbol: semitones " + quality.intervals.map(String.init).joined(separator: " "))
            }
        }
        // Inside a phrase body.
        if let phrase = path.first(where: { tree.nodes[$0].kind == .phrase }), isInsideBody(phrase) {
            // Octave commands are errors in drum tracks: velocities and dynamics only there.
            let commands = (isDrums ? ["v90"] : ["o4", "v90"]).map { Item(label: $0, kind: 21, detail: $0 == "o4" ? "octave" : "velocity") }
                + ["!ppp", "!pp", "!p", "!mp", "!mf", "!f", "!ff", "!fff"].map { Item(label: $0, kind: 21, detail: "dynamic") }
            let sounds = isDrums
                ? DrumNames.table.flatMap { entry in entry.names.map { Item(label: $0, kind: 12, detail: "GM drum key \(entry.key)") } } + [Item(label: "r", kind: 12, detail: "rest")]
                : ["c", "d", "e", "f", "g", "a", "b", "r"].map { Item(label: $0, kind: 12, detail: $0 == "r" ? "rest" : "pitch") }
            let expression = ["!<", "!>"].map { Item(label: $0, kind: 21, detail: $0 == "!<" ? "crescendo to the next velocity command" : "diminuendo to the next velocity command") }
                + [Item(label: "pedal down", kind: 14, detail: "sustain pedal (CC64 127)"), Item(label: "pedal up", kind: 14, detail: "sustain pedal off (CC64 0)"),
                   Item(label: "cc", kind: 14, detail: "cc N V: MIDI controller N set to V"), Item(label: "bend", kind: 14, detail: "bend C: pitch bend in cents, -200…200"),
                   Item(label: "marker", kind: 14, detail: "marker \"text\": a named point of the song")]
            return sounds + commands + expression
                + [Item(label: "tempo", kind: 14, detail: "tempo change")]
        }
        // Inside a track, between statements: settings and phrase statements.
        if let trackNode, isInsideBody(trackNode) {
            // `kit` belongs to drum tracks; `instrument`, `octave`, `transpose`, `staff` and `symbols` to melody tracks.
            let settings = SettingKind.allCases.map(\.rawValue).filter { isDrums ? !["instrument", "octave", "transpose", "staff", "symbols"].contains($0) : $0 != "kit" }
            return (settings + ["phrase", "repeat", "sync"] + (isDrums ? [] : ["lyrics"]) + ["comp"]).map { Item(label: $0, kind: 14, detail: "track body") }
        }
        return Parser.topLevelWords.map { Item(label: $0, kind: 14, detail: "statement") } + LanguageServer.formCompletions
    }

    /// The last token ending at or before `offset`.
    func previousToken(before offset: Int) -> Int? {
        let tokens = analysis.tree.tokens
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.end <= offset, tokens[middle].kind != .end { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    /// True when the offset is after the node's `{` and not after its `}`.
    func isInsideBody(_ node: Int) -> Bool {
        let tree = analysis.tree
        let tokens = tree.nodes[node].tokens
        guard let open = tokens.first(where: { tree.tokens[$0].kind == .leftBrace }) else { return false }
        if offset < tree.tokens[open].range.end { return false }
        if let last = tokens.last, tree.tokens[last].kind == .rightBrace, offset > tree.tokens[last].range.start { return false }
        return true
    }

    /// A pitch, drum or rest word without a duration yet: durations may follow it.
    func isDurationPlace(word: String, drums: Bool) -> Bool {
        guard offset > 0, !word.isEmpty, let last = word.last, !last.isNumber else { return false }
        if drums { return DrumNames.key(named: word) != nil }
        guard let first = word.first, "abcdefgr".contains(first) else { return false }
        return word.dropFirst().allSatisfy { "#bn".contains($0) }
    }

    func durations(after word: String) -> [Item] {
        [("1", "whole"), ("2", "half"), ("4", "quarter"), ("8", "eighth"), ("16", "sixteenth"), ("32", "thirty-second"), ("64", "sixty-fourth")]
            .map { Item(label: word + $0.0, kind: 21, detail: "\($0.1) note") }
    }

    func isDrumTrack(_ node: Int) -> Bool {
        analysis.tree.text(ofToken: analysis.tree.nodes[node].tokens.lowerBound) == "drums"
    }

    func phraseIDs(ofTrack track: String?) -> [String] {
        guard let track else { return [] }
        var seen: Set<String> = []
        return analysis.names.occurrences.compactMap {
            guard $0.isDefinition, case .phrase(track, let id) = $0.target, seen.insert(id).inserted else { return nil }
            return id
        }
    }
}
