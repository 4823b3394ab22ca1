import StaveComposition
import StaveSyntax
import StaveJSON

/// References of Repeat and Sync phrases: each must name an Original phrase that exists, of
/// the right track and kind; chains through Repeats and Syncs (and cycles) are reported.
extension SongValidator {
    /// The phrase of a track with an ID: the first Original with it, else the first of any kind.
    func lookup(_ id: String, inTrack track: Int) -> Int? {
        phrasesByID[track][id]
    }

    func trackIndex(_ id: String) -> Int? {
        tracksByID[id]
    }

    /// Where a Repeat or Sync points, when the names resolve.
    func reference(track: Int, phrase: Int) -> (track: Int, phrase: Int)? {
        switch document.tracks[track].phrases[phrase].content {
        case .original:
            return nil
        case .repeat(let source, _):
            return lookup(source, inTrack: track).map { (track, $0) }
        case .sync(let sourceTrack, let source, _):
            guard let index = trackIndex(sourceTrack), let target = lookup(source, inTrack: index) else { return nil }
            return (index, target)
        }
    }

    /// The IDs of a track's Original phrases in order (for "did you mean").
    func originalIDs(_ track: Int) -> [String] {
        document.tracks[track].phrases.compactMap { phrase in
            if case .original = phrase.content { return phrase.id }
            return nil
        }
    }

    mutating func checkReferences(_ track: Int) {
        let trackID = document.tracks[track].id
        for (index, phrase) in document.tracks[track].phrases.enumerated() {
            let path = phrasePath(track, index)
            switch phrase.content {
            case .original(_, _, _, let expression):
                if let source = expression.lyricsSource { checkLyricsSource(source, track: track, phrase: index) }
                continue
            case .repeat(let source, _):
                guard let target = lookup(source, inTrack: track) else {
                    let elsewhere = document.tracks.indices.first { lookup(source, inTrack: $0) != nil }.map { document.tracks[$0].id }
                    problem(SongRule.unknownRepeatSource(source, track: trackID, elsewhere: elsewhere, phrases: originalIDs(track)), at: path.key("source"))
                    continue
                }
                if checkIsOriginal(from: (track, index), to: (track, target), at: path.key("source")) {
                    targets[track][index] = (track, target)
                }
            case .sync(let sourceTrack, let source, let transpose):
                guard let sourceIndex = trackIndex(sourceTrack) else {
                    problem(SongRule.unknownSyncTrack(sourceTrack, tracks: document.tracks.map(\.id)), at: path.key("track"))
                    continue
                }
                guard let target = lookup(source, inTrack: sourceIndex) else {
                    problem(SongRule.unknownSyncPhrase(source, track: sourceTrack, phrases: originalIDs(sourceIndex)), at: path.key("phrase"))
                    continue
                }
                guard checkIsOriginal(from: (track, index), to: (sourceIndex, target), at: path.key("phrase")) else { continue }
                let targetKind = document.tracks[track].kind, sourceKind = document.tracks[sourceIndex].kind
                if let rule = SongRule.syncKind(source: sourceKind, target: targetKind, name: "\(sourceTrack).\(source)", targetTrack: trackID) {
                    problem(rule, at: path.key("phrase"))
                    continue
                }
                targets[track][index] = (sourceIndex, target)
                guard let summary = originals[sourceIndex][target] else { continue }
                let shift = transpose + (targetKind == .melody ? document.tracks[track].transpose : 0)
                if let rule = SongRule.syncRange(lowest: summary.lowestPitch, highest: summary.highestPitch, shift: shift, name: "\(sourceTrack).\(source)") {
                    problem(rule, at: path.key("transpose"))
                }
            }
        }
    }

    /// True when the target is an Original; otherwise reports a reference to a Repeat or Sync,
    /// or, once, the cycle it belongs to (at the cycle's first phrase in the document). The
    /// cycles are found once for the whole document (`ReferenceCycles`), so checking every
    /// reference takes time linear in the number of phrases, however long the chains.
    mutating func checkIsOriginal(from start: (track: Int, phrase: Int), to target: (track: Int, phrase: Int), at path: JSONPath) -> Bool {
        let targetPhrase = document.tracks[target.track].phrases[target.phrase]
        if case .original = targetPhrase.content { return true }
        if referenceCycles == nil { referenceCycles = ReferenceCycles(self) }
        if let members = referenceCycles?.cycle(through: start) {
            guard referenceCycles?.markReported(start) == true else { return false }
            func name(_ node: (track: Int, phrase: Int)) -> String {
                "\(document.tracks[node.track].id).\(document.tracks[node.track].phrases[node.phrase].id ?? "#\(node.phrase)")"
            }
            let first = members.firstIndex { $0 == start } ?? 0
            let order = members[first...] + members[..<first]
            let shown = 6
            var names = order.count <= shown + 2 ? order.map(name) : order.prefix(4).map(name) + ["… \(order.count - shown) more …"] + order.suffix(2).map(name)
            names.append(name(start))
            let size = order.count <= shown + 2 ? "" : " of \(order.count) phrases"
            problem(.saveReferenceCycle, path, "repeat and sync phrases name each other in a cycle\(size) (\(names.joined(separator: " → "))); they must name an Original phrase")
            return false
        }
        let kind = SongValidator.kindName(targetPhrase.content)
        problem(.wrongPhraseKind, path, "phrase '\(targetPhrase.id ?? "")' of track '\(document.tracks[target.track].id)' is a \(kind), not an Original phrase; repeat and sync must name an Original phrase")
        return false
    }
}

/// The cycles among the references of Repeat and Sync phrases, found in one pass: each phrase
/// names at most one other, so following the names from every phrase once, and marking
/// phrases done, finds each cycle once.
struct ReferenceCycles {
    /// The first phrase index of each track in `cycleOf`.
    private var offsets: [Int] = []
    /// The cycle each phrase lies on (an index into `cycles`), or -1.
    private var cycleOf: [Int] = []
    /// The phrases of each cycle, each naming the next; the last names the first.
    private var cycles: [[(track: Int, phrase: Int)]] = []
    /// Whether each cycle has been reported.
    private var reported: [Bool] = []

    init(_ validator: SongValidator) {
        let tracks = validator.document.tracks
        var total = 0
        for track in tracks {
            offsets.append(total)
            total += track.phrases.count
        }
        cycleOf = Array(repeating: -1, count: total)
        // 0: not visited, 1: on the walk under way (at `place` in it), 2: done.
        var state = [UInt8](repeating: 0, count: total)
        var place = [Int](repeating: 0, count: total)
        for (trackIndex, track) in tracks.enumerated() {
            for phraseIndex in track.phrases.indices where state[offsets[trackIndex] + phraseIndex] == 0 {
                var walk: [(track: Int, phrase: Int)] = []
                var node: (track: Int, phrase: Int)? = (trackIndex, phraseIndex)
                while let current = node, state[offsets[current.track] + current.phrase] == 0 {
                    let index = offsets[current.track] + current.phrase
                    state[index] = 1
                    place[index] = walk.count
                    walk.append(current)
                    node = validator.reference(track: current.track, phrase: current.phrase)
                }
                if let current = node, state[offsets[current.track] + current.phrase] == 1 {
                    let members = Array(walk[place[offsets[current.track] + current.phrase]...])
                    for member in members { cycleOf[offsets[member.track] + member.phrase] = cycles.count }
                    cycles.append(members)
                    reported.append(false)
                }
                for member in walk { state[offsets[member.track] + member.phrase] = 2 }
            }
        }
    }

    /// The cycle a phrase lies on, if any.
    func cycle(through node: (track: Int, phrase: Int)) -> [(track: Int, phrase: Int)]? {
        let cycle = cycleOf[offsets[node.track] + node.phrase]
        return cycle < 0 ? nil : cycles[cycle]
    }

    /// Marks the cycle through a phrase reported; false when it already was.
    mutating func markReported(_ node: (track: Int, phrase: Int)) -> Bool {
        let cycle = cycleOf[offsets[node.track] + node.phrase]
        guard cycle >= 0, !reported[cycle] else { return false }
        reported[cycle] = true
        return true
    }
}

extension SongValidator {
    /// `lyricsFrom` (version 6, `lyrics ID from [TRACK.]ID2`): on a melody phrase with an ID,
    /// naming an Original of a track that has strings of its own (not `lyricsFrom` itself).
    mutating func checkLyricsSource(_ source: LyricsSource, track: Int, phrase: Int) {
        let path = phrasePath(track, phrase).key("lyricsFrom")
        guard document.tracks[track].kind == .melody else {
            problem(.lyricsInDrums, path, "lyrics belong to melody tracks: a drum track sings no words")
            return
        }
        if document.tracks[track].phrases[phrase].id == nil {
            problem(.saveLyricsWithoutID, path, "lyrics are written `lyrics ID from …`, so their phrase needs an ID")
        }
        let trackID = source.track ?? document.tracks[track].id
        guard let sourceTrack = trackIndex(trackID) else {
            problem(ExpressionRule.unknownLyricsSourceTrack(trackID, suggestion: nil), at: path.key("track"))
            return
        }
        guard let target = lookup(source.phrase, inTrack: sourceTrack),
              case .original(_, _, _, let expression) = document.tracks[sourceTrack].phrases[target].content else {
            problem(ExpressionRule.unknownLyricsSourcePhrase(source.phrase, track: trackID, suggestion: nil), at: path.key("phrase"))
            return
        }
        if expression.verses.isEmpty || expression.lyricsSource != nil {
            let takesFrom = expression.lyricsSource.map { "\($0.track ?? trackID).\($0.phrase)" }
            problem(ExpressionRule.lyricsSourceWithoutWords("\(trackID).\(source.phrase)", takesFrom: takesFrom), at: path.key("phrase"))
        }
    }
}
