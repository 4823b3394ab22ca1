import StaveComposition
import StaveSyntax

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

    mutating func checkReferences(_ track: Int) {
        let trackID = document.tracks[track].id
        for (index, phrase) in document.tracks[track].phrases.enumerated() {
            let path = phrasePath(track, index)
            switch phrase.content {
            case .original:
                continue
            case .repeat(let source, _):
                guard let target = lookup(source, inTrack: track) else {
                    let elsewhere = document.tracks.indices.first { lookup(source, inTrack: $0) != nil }.map { document.tracks[$0].id }
                    problem(SongRule.unknownRepeatSource(source, track: trackID, elsewhere: elsewhere), at: path.key("source"))
                    continue
                }
                if checkIsOriginal(from: (track, index), to: (track, target), at: path.key("source")) {
                    targets[track][index] = (track, target)
                }
            case .sync(let sourceTrack, let source, let transpose):
                guard let sourceIndex = trackIndex(sourceTrack) else {
                    problem(SongRule.unknownSyncTrack(sourceTrack), at: path.key("track"))
                    continue
                }
                guard let target = lookup(source, inTrack: sourceIndex) else {
                    problem(SongRule.unknownSyncPhrase(source, track: sourceTrack), at: path.key("phrase"))
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
    /// or the cycle it belongs to.
    mutating func checkIsOriginal(from start: (track: Int, phrase: Int), to target: (track: Int, phrase: Int), at path: JSONPath) -> Bool {
        let targetPhrase = document.tracks[target.track].phrases[target.phrase]
        if case .original = targetPhrase.content { return true }
        func name(_ node: (track: Int, phrase: Int)) -> String {
            "\(document.tracks[node.track].id).\(document.tracks[node.track].phrases[node.phrase].id ?? "#\(node.phrase)")"
        }
        var chain = [name(start)]
        var visited: [(Int, Int)] = [start]
        var node: (track: Int, phrase: Int)? = target
        while let current = node {
            chain.append(name(current))
            if current == start {
                problem(.saveReferenceCycle, path, "repeat and sync phrases name each other in a cycle (\(chain.joined(separator: " → "))); they must name an Original phrase")
                return false
            }
            if visited.contains(where: { $0 == current }) { break }
            if case .original = document.tracks[current.track].phrases[current.phrase].content { break }
            visited.append(current)
            node = reference(track: current.track, phrase: current.phrase)
        }
        let kind = SongValidator.kindName(targetPhrase.content)
        problem(.wrongPhraseKind, path, "phrase '\(targetPhrase.id ?? "")' of track '\(document.tracks[target.track].id)' is a \(kind), not an Original phrase; repeat and sync must name an Original phrase")
        return false
    }
}
