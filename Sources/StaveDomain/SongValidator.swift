import StaveComposition
import StaveSyntax
import StaveJSON

/// Checks a structurally sound `SongDocument` against everything the Stave language and
/// compiler require, so that its Composition is a song the front end could have produced:
/// header order, unique IDs, assigned channels, phrase bodies (`SongValidator+Body`),
/// references of Repeats and Syncs (no dangling ones, no cycles), where phrases start,
/// overlaps and the song-length limit. Each problem names its JSON path.
struct SongValidator {
    /// What the checks of Repeats and Syncs need to know about an Original phrase.
    struct OriginalSummary {
        var length: Rational
        var lowestPitch: Int
        var highestPitch: Int
    }

    let document: SongDocument
    var problems: [SaveProblem] = []
    var meterMap: MeterMap?
    /// Originals whose bodies checked out, by track index and phrase index.
    var originals: [[Int: OriginalSummary]]
    /// The Original each Repeat or Sync names, by track index and phrase index.
    var targets: [[Int: (track: Int, phrase: Int)]]
    /// Each track's phrases by ID: the first Original with the ID, else the first phrase of any kind.
    let phrasesByID: [[String: Int]]
    /// The first track with each ID.
    let tracksByID: [String: Int]
    /// The cycles among references, found when a reference first names a non-Original.
    var referenceCycles: ReferenceCycles?

    static let songPath = JSONPath.root.key("song")

    init(_ document: SongDocument) {
        self.document = document
        originals = Array(repeating: [:], count: document.tracks.count)
        targets = Array(repeating: [:], count: document.tracks.count)
        phrasesByID = document.tracks.map { track in
            var byID: [String: Int] = [:]
            for (index, phrase) in track.phrases.enumerated() {
                guard let id = phrase.id else { continue }
                if case .original = phrase.content {
                    if let earlier = byID[id], case .original = track.phrases[earlier].content { continue }
                    byID[id] = index
                } else if byID[id] == nil {
                    byID[id] = index
                }
            }
            return byID
        }
        var tracksByID: [String: Int] = [:]
        for (index, track) in document.tracks.enumerated() where tracksByID[track.id] == nil { tracksByID[track.id] = index }
        self.tracksByID = tracksByID
    }

    /// Every problem of a document, in document order within each kind of check.
    static func validate(_ document: SongDocument) -> [SaveProblem] {
        var validator = SongValidator(document)
        validator.checkHeader()
        validator.checkTracks()
        let bodies = validator.checkedBodies()
        for track in document.tracks.indices {
            validator.checkPhraseIDs(track)
            for index in document.tracks[track].phrases.indices {
                guard let body = bodies[track][index] else { continue }
                validator.problems += body.problems
                if body.problems.isEmpty { validator.originals[track][index] = body.summary }
            }
        }
        for track in document.tracks.indices { validator.checkReferences(track) }
        if validator.meterMap != nil {
            for track in document.tracks.indices { validator.checkPlacement(track) }
            if validator.problems.isEmpty { validator.checkInBodyTemposAgainstRamps() }
            if validator.problems.isEmpty { validator.checkForm() }
        }
        if validator.problems.isEmpty { validator.checkAccompaniment() }
        return validator.problems
    }

    /// What checking one Original's body found.
    struct CheckedBody {
        var problems: [SaveProblem]
        var summary: OriginalSummary?
    }

    /// The checks of every Original's body (nil for other phrases), by track and phrase. Each
    /// body is checked on its own (a large song's on all cores); the caller merges the problems
    /// in document order.
    func checkedBodies() -> [[CheckedBody?]] {
        ParallelJobs.run(groups: document.tracks.map(\.phrases.count)) { track, index -> CheckedBody? in
            guard case .original(let length, let containers, let tempos, let expression) = document.tracks[track].phrases[index].content
            else { return nil }
            var validator = self
            validator.problems = []
            var summary = validator.checkBody(track: track, phrase: index, length: length, containers: containers, tempos: tempos,
                                              splitPoints: expression.isEmpty ? [] : SongValidator.commandOffsets(expression))
            if !expression.isEmpty {
                validator.checkExpression(track: track, phrase: index, length: length, containers: containers, expression: expression)
                // Grace notes are transposed with the phrase, so a Sync's range check includes them.
                if var widened = summary {
                    for note in expression.graces.lazy.flatMap({ $0.items.joined() }) {
                        widened.lowestPitch = min(widened.lowestPitch, note.pitch)
                        widened.highestPitch = max(widened.highestPitch, note.pitch)
                    }
                    summary = widened
                }
            }
            return CheckedBody(problems: validator.problems, summary: summary)
        }
    }

    mutating func problem(_ id: DiagnosticID, _ path: JSONPath, _ message: String) {
        problems.append(SaveProblem(id, path, message))
    }

    /// A problem one of the language's rules (`SongRule`, shared with the front end) found.
    mutating func problem(_ rule: RuleProblem, at path: JSONPath) {
        problems.append(SaveProblem(rule, at: path))
    }

    func trackPath(_ track: Int) -> JSONPath { SongValidator.songPath.key("tracks").index(track) }

    func phrasePath(_ track: Int, _ phrase: Int) -> JSONPath { trackPath(track).key("phrases").index(phrase) }

    func time(_ units: Int) -> Rational { Rational(units, document.resolution) }

    /// A count of resolution units with its length: `160 (1/3 of a whole note)`.
    func describe(units: Int) -> String {
        "\(units) (\(WrittenDuration.describe(time(units))))"
    }

    // MARK: - Header and tracks

    mutating func checkHeader() {
        _ = checkBarOrder(document.tempos.map(\.bar), at: SongValidator.songPath.key("tempos"), what: "tempo change")
        for (index, tempo) in document.tempos.enumerated() where tempo.afterTracks > document.tracks.count {
            problem(.valueOutOfRange, SongValidator.songPath.key("tempos").index(index).key("afterTracks"),
                    "\(tempo.afterTracks) tracks before this tempo, but the song has \(document.tracks.count)")
        }
        if checkBarOrder(document.meters.map(\.bar), at: SongValidator.songPath.key("meters"), what: "meter change") {
            meterMap = MeterMap(meters: document.meters)
        }
        checkTempoRamps()
        checkKeyChanges() // Stave 3 keys
    }

    /// An in-body tempo (of an Original, or of a Repeat's or Sync's copy of one) inside a tempo
    /// ramp's bars is an error, as in the compiler; reported once per ramp, at the phrase.
    mutating func checkInBodyTemposAgainstRamps() {
        guard let meterMap, !document.tempoRamps.isEmpty else { return }
        let spans = document.tempoRamps.map { (ramp: $0, start: meterMap.start(ofBar: $0.bar), end: meterMap.start(ofBar: $0.through + 1)) }
        var reported = Set<Int>()
        for (trackIndex, track) in document.tracks.enumerated() {
            for (index, phrase) in track.phrases.enumerated() {
                let source: (track: Int, phrase: Int)
                var copies = 1
                switch phrase.content {
                case .original: source = (trackIndex, index)
                case .repeat(_, let count):
                    guard let target = targets[trackIndex][index] else { continue }
                    (source, copies) = (target, count)
                case .sync:
                    guard let target = targets[trackIndex][index] else { continue }
                    source = target
                }
                guard case .original(let length, _, let tempos, _) = document.tracks[source.track].phrases[source.phrase].content, !tempos.isEmpty else { continue }
                for copy in 0..<copies {
                    let offset = time(phrase.start) + time(length) * copy
                    for mark in tempos {
                        let at = offset + time(mark.offset)
                        // The ramps are in bar order and apart: the last one starting at or before `at`.
                        var low = 0, high = spans.count
                        while low < high {
                            let middle = (low + high) / 2
                            if spans[middle].start <= at { low = middle + 1 } else { high = middle }
                        }
                        let hit = low - 1
                        guard hit >= 0, at < spans[hit].end, reported.insert(hit).inserted else { continue }
                        let ramp = spans[hit].ramp
                        problem(.tempoRampConflict, phrasePath(trackIndex, index),
                                "tempo \(mark.bpm.decimalText) falls inside the tempo ramp over bars \(ramp.bar)-\(ramp.through)")
                    }
                    if reported.count == spans.count { return }
                }
            }
        }
    }

    /// Tempo ramps: A ≤ B, in bar order without overlapping, and no header tempo change inside
    /// one but bar 1's (where a ramp at bar 1 starts from).
    mutating func checkTempoRamps() {
        let path = SongValidator.songPath.key("tempoRamps")
        var previous: TempoRamp?
        var changes = document.tempos.filter { $0.bar > 1 }.makeIterator()
        var change = changes.next()
        for (index, ramp) in document.tempoRamps.enumerated() {
            if ramp.through < ramp.bar {
                problem(.tempoRampBars, path.index(index).key("through"), "a tempo ramp from bar \(ramp.bar) must end at or after it, found bar \(ramp.through)")
            }
            if let previous, ramp.bar <= previous.through {
                problem(.saveBarOrder, path.index(index).key("bar"), "expected a bar after bar \(previous.through) (tempo ramps are listed in bar order and do not overlap), found \(ramp.bar)")
            }
            while let next = change, next.bar < ramp.bar { change = changes.next() }
            if let inside = change, inside.bar <= ramp.through {
                problem(.tempoRampConflict, path.index(index), "tempo \(inside.bpm.decimalText) at bar \(inside.bar) falls inside the tempo ramp over bars \(ramp.bar)-\(ramp.through)")
            }
            previous = ramp
        }
    }

    /// The first change must be at bar 1 and the bars must rise; true when they do.
    mutating func checkBarOrder(_ bars: [Int], at path: JSONPath, what: String) -> Bool {
        guard let first = bars.first else {
            problem(.saveBarOrder, path, "expected at least one \(what), at bar 1")
            return false
        }
        var valid = true
        if first != 1 {
            problem(.saveBarOrder, path.index(0).key("bar"), "the first \(what) must be at bar 1, found bar \(first)")
            valid = false
        }
        for index in bars.indices.dropFirst() where bars[index] <= bars[index - 1] {
            problem(.saveBarOrder, path.index(index).key("bar"), "expected a bar after bar \(bars[index - 1]) (\(what)s are listed in bar order, one a bar), found \(bars[index])")
            valid = false
        }
        return valid
    }

    /// Unique track IDs; channels that are either explicit or the ones Stave assigns, by the
    /// language's own rules (`SongRule`, `ChannelAssignment`).
    mutating func checkTracks() {
        for (index, earlier) in SongRule.earlierDuplicates(document.tracks.map(\.id)).enumerated() where earlier != nil {
            problem(SongRule.duplicateTrack(document.tracks[index].id), at: trackPath(index).key("id"))
        }
        let assignment = ChannelAssignment(document.tracks.map {
            ChannelAssignment.Request(id: $0.id, kind: $0.kind, explicitChannel: $0.channelIsExplicit ? $0.channel : nil)
        })
        for (index, rule) in assignment.problems where rule.severity == .error {
            problem(rule, at: trackPath(index).key("channel"))
        }
        for (index, track) in document.tracks.enumerated() where !track.channelIsExplicit {
            guard let expected = assignment.channels[index], track.channel != expected else { continue }
            problem(.saveChannelNotAssigned, trackPath(index).key("channel"), "expected \(expected), the channel Stave assigns to this track, found \(track.channel) (set \"channelExplicit\": true to keep it)")
        }
        // Stave 3: the staves of the parts (`staff PART N`), by the language's rule.
        for (index, rule) in StaffRule.check(document.tracks.map(\.staff), trackIDs: document.tracks.map(\.id)) {
            problem(rule, at: trackPath(index).key("staff"))
        }
    }

    /// Only Originals have IDs, and an Original's ID is unique in its track.
    mutating func checkPhraseIDs(_ track: Int) {
        let phrases = document.tracks[track].phrases
        var originalIDs: [String?] = []
        for (index, phrase) in phrases.enumerated() {
            if case .original = phrase.content {
                originalIDs.append(phrase.id)
            } else {
                originalIDs.append(nil)
                if phrase.id != nil {
                    problem(.saveIDOnCopy, phrasePath(track, index).key("id"), "only original phrases have IDs in Stave; a \(SongValidator.kindName(phrase.content)) has none")
                }
            }
        }
        for (index, earlier) in SongRule.earlierDuplicates(originalIDs).enumerated() where earlier != nil {
            problem(SongRule.duplicatePhrase(phrases[index].id ?? "", track: document.tracks[track].id), at: phrasePath(track, index).key("id"))
        }
    }

    static func kindName(_ content: SongDocument.Phrase.Content) -> String {
        switch content {
        case .original: return "original"
        case .repeat: return "repeat"
        case .sync: return "sync"
        }
    }
}
