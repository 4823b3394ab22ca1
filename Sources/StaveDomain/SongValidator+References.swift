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
                    var message = "no Original phrase '\(source)' in track '\(trackID)' to repeat"
                    if let elsewhere = document.tracks.indices.first(where: { lookup(source, inTrack: $0) != nil }) {
                        message += "; to copy phrase '\(source)' of track '\(document.tracks[elsewhere].id)' use a sync"
                    }
                    problem(path.key("source"), message)
                    continue
                }
                if checkIsOriginal(from: (track, index), to: (track, target), at: path.key("source")) {
                    targets[track][index] = (track, target)
                }
            case .sync(let sourceTrack, let source, let transpose):
                guard let sourceIndex = trackIndex(sourceTrack) else {
                    problem(path.key("track"), "no track '\(sourceTrack)' to sync from")
                    continue
                }
                guard let target = lookup(source, inTrack: sourceIndex) else {
                    problem(path.key("phrase"), "no Original phrase '\(source)' in track '\(sourceTrack)' to sync")
                    continue
                }
                guard checkIsOriginal(from: (track, index), to: (sourceIndex, target), at: path.key("phrase")) else { continue }
                let kinds = { (kind: TrackKind) in kind == .drums ? "drum" : "melody" }
                let targetKind = document.tracks[track].kind, sourceKind = document.tracks[sourceIndex].kind
                guard sourceKind == targetKind else {
                    problem(path.key("phrase"), "cannot sync \(kinds(sourceKind)) phrase '\(sourceTrack).\(source)' into \(kinds(targetKind)) track '\(trackID)'")
                    continue
                }
                targets[track][index] = (sourceIndex, target)
                guard let summary = originals[sourceIndex][target], summary.lowestPitch <= summary.highestPitch else { continue }
                let shift = transpose + (targetKind == .melody ? document.tracks[track].transpose : 0)
                if summary.lowestPitch + shift < 0 || summary.highestPitch + shift > 127 {
                    let outside = summary.lowestPitch + shift < 0 ? summary.lowestPitch + shift : summary.highestPitch + shift
                    problem(path.key("transpose"), "sync of '\(sourceTrack).\(source)' transposed by \(shift) semitones reaches MIDI \(outside), outside 0–127")
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
                problem(path, "repeat and sync phrases name each other in a cycle (\(chain.joined(separator: " → "))); they must name an Original phrase")
                return false
            }
            if visited.contains(where: { $0 == current }) { break }
            if case .original = document.tracks[current.track].phrases[current.phrase].content { break }
            visited.append(current)
            node = reference(track: current.track, phrase: current.phrase)
        }
        let kind = SongValidator.kindName(targetPhrase.content)
        problem(path, "phrase '\(targetPhrase.id ?? "")' of track '\(document.tracks[target.track].id)' is a \(kind), not an Original phrase; repeat and sync must name an Original phrase")
        return false
    }
}
