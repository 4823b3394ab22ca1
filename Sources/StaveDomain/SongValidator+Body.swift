import StaveComposition
import StaveSyntax
import StaveJSON

/// The body of an Original phrase: containers in order without overlaps, widths and rests
/// that Stave durations can write, nesting within the limit, pitches in range, no repeated
/// pitch in a chord, tempo marks between notes, and ties that continue.
extension SongValidator {
    /// A stretch of silence between containers (or at the end), reported at `path`.
    struct Gap {
        var from: Int
        var to: Int
        var path: JSONPath
    }

    /// Checks an Original's body; its summary when it has no problems.
    mutating func checkBody(track: Int, phrase: Int, length: Int, containers: [SongDocument.NoteContainer],
                            tempos: [SongDocument.TempoMark], splitPoints: [Int] = []) -> OriginalSummary? {
        let before = problems.count
        let path = phrasePath(track, phrase)
        var end = 0
        var gaps: [Gap] = []
        var ties = TieCheck<JSONPath>(kind: document.tracks[track].kind, key: document.key)
        var lowest = 127, highest = 0
        for (index, container) in containers.enumerated() {
            // Paths are made only when a problem (or a tie) needs one: this loop sees every note.
            func containerPath() -> JSONPath { path.key("containers").index(index) }
            if container.position < end {
                problem(.saveContainerOrder, containerPath().key("position"), "expected a position at or after \(end), where containers[\(index - 1)] ends, found \(container.position)")
            } else if container.position > end {
                gaps.append(Gap(from: end, to: container.position, path: containerPath().key("position")))
                ties.arrive(isRest: true, pitchCount: 0) { _ in false }
            }
            checkWidth(container, at: containerPath)
            if let rule = SongRule.nesting(SongValidator.depth(of: container)) {
                problem(rule, at: containerPath().key("blocks"))
            }
            let part = container.blocks.count == 1 ? time(container.width) : time(container.width) / container.blocks.count
            for (blockIndex, block) in container.blocks.enumerated() {
                visit(block, at: { containerPath().key("blocks").index(blockIndex) }, part: part, track: track, ties: &ties, lowest: &lowest, highest: &highest)
            }
            end = max(end, container.position + container.width)
        }
        if length < end {
            problem(.saveContainerOrder, path.key("length"), "expected at least \(end), where the last container ends, found \(length)")
        } else if length > end {
            gaps.append(Gap(from: end, to: length, path: path.key("length")))
            ties.arrive(isRest: true, pitchCount: 0) { _ in false }
        }
        checkTempoMarks(tempos, length: length, containers: containers, at: path.key("tempos"))
        checkGaps(gaps, points: splitPoints.isEmpty ? tempos.map(\.offset) : tempos.map(\.offset) + splitPoints)
        ties.end()
        for (path, rule) in ties.problems { problem(rule, at: path) }
        guard problems.count == before else { return nil }
        return OriginalSummary(length: time(length), lowestPitch: lowest, highestPitch: highest)
    }

    /// A plain note or chord may last any sum of written durations; a tuplet lasts one.
    mutating func checkWidth(_ container: SongDocument.NoteContainer, at path: () -> JSONPath) {
        let width = time(container.width)
        if SongValidator.isTuplet(container) {
            if !WrittenDuration.isSingle(width) {
                problem(.saveUnwritableDuration, path().key("width"), "a tuplet or a rest block lasts one written duration (1, 2, 4, 8, 16, 32 or 64, with up to three dots), found \(describe(units: container.width))")
            }
        } else if !WrittenDuration.isWritable(width) {
            problem(.saveUnwritableDuration, path().key("width"), "expected a length Stave durations can write, found \(describe(units: container.width))")
        }
    }

    /// True unless the container is one block of one or more notes (written as a note or chord).
    static func isTuplet(_ container: SongDocument.NoteContainer) -> Bool {
        guard container.blocks.count == 1, case .notes(let notes) = container.blocks[0] else { return true }
        return notes.isEmpty
    }

    /// How deep chords and tuplets nest in the text that writes this container.
    static func depth(of container: SongDocument.NoteContainer) -> Int {
        guard isTuplet(container) else {
            if case .notes(let notes) = container.blocks[0], notes.count > 1 { return 1 }
            return 0
        }
        func depth(_ block: SongDocument.NoteBlock, level: Int) -> Int {
            switch block {
            case .notes(let notes): return notes.count > 1 ? level + 1 : level
            case .blocks(let blocks): return blocks.map { depth($0, level: level + 1) }.max() ?? level + 1
            }
        }
        return container.blocks.map { depth($0, level: 1) }.max() ?? 1
    }

    /// Checks a block and the blocks inside it; `path` is made only when a problem or a tie
    /// needs it.
    mutating func visit(_ block: SongDocument.NoteBlock, at path: () -> JSONPath, part: Rational, track: Int,
                        ties: inout TieCheck<JSONPath>, lowest: inout Int, highest: inout Int) {
        let kind = document.tracks[track].kind
        switch block {
        case .notes(let notes):
            guard !notes.isEmpty else {
                ties.arrive(isRest: true, pitchCount: 0) { _ in false }
                return
            }
            let notesKey = kind == .drums ? "beats" : "notes", pitchKey = kind == .drums ? "drum" : "pitch"
            let transpose = document.tracks[track].transpose
            var tied: [(pitch: Int, path: JSONPath)] = []
            for (index, note) in notes.enumerated() {
                func notePath() -> JSONPath { path().key(notesKey).index(index) }
                if let first = notes[..<index].firstIndex(where: { $0.pitch == note.pitch }) {
                    problem(.saveDuplicatePitch, notePath().key(pitchKey), "\(pitchKey) \(note.pitch) is already in this chord (\(notesKey)[\(first)])")
                    continue
                }
                if kind == .melody {
                    let rule = SongRule.pitchRange(note.pitch, transpose: transpose, shown: PitchSpeller(key: self.document.key).spell(note.pitch).name)
                    if let rule { problem(rule, at: notePath().key(pitchKey)) }
                }
                lowest = min(lowest, note.pitch)
                highest = max(highest, note.pitch)
                if note.tie { tied.append((note.pitch, notePath().key("tie"))) }
            }
            ties.arrive(isRest: false, pitchCount: notes.count) { pitch in notes.contains { $0.pitch == pitch } }
            for (pitch, path) in tied { ties.tie(pitch, at: path) }
        case .blocks(let blocks):
            let inner = part / blocks.count
            if inner.isOverflow {
                problem(.timeOverflow, path(), "tuplets are nested too finely here to keep exact time")
                return
            }
            for (index, item) in blocks.enumerated() {
                visit(item, at: { path().key("blocks").index(index) }, part: inner, track: track, ties: &ties, lowest: &lowest, highest: &highest)
            }
        }
    }

    /// Tempo marks lie within the phrase, in time order, and not inside a container.
    mutating func checkTempoMarks(_ tempos: [SongDocument.TempoMark], length: Int, containers: [SongDocument.NoteContainer], at path: JSONPath) {
        var previous = 0
        for (index, mark) in tempos.enumerated() {
            let markPath = path.index(index).key("offset")
            if mark.offset > length {
                problem(.saveTempoMarkPosition, markPath, "expected an offset within the phrase (0–\(length)), found \(mark.offset)")
            } else if mark.offset < previous {
                problem(.saveTempoMarkPosition, markPath, "expected an offset at or after \(previous) (tempo marks are listed in time order), found \(mark.offset)")
            } else if let inside = SongValidator.container(around: mark.offset, in: containers) {
                let container = containers[inside]
                problem(.saveTempoMarkPosition, markPath, "\(mark.offset) falls inside containers[\(inside)] (\(container.position)–\(container.position + container.width)); a tempo change stands between notes")
            }
            previous = max(previous, mark.offset)
        }
    }

    /// The container (of containers in position order) that holds an offset strictly inside it.
    static func container(around offset: Int, in containers: [SongDocument.NoteContainer]) -> Int? {
        var low = 0, high = containers.count
        while low < high {
            let mid = (low + high) / 2
            if containers[mid].position < offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, offset < containers[low - 1].position + containers[low - 1].width else { return nil }
        return low - 1
    }

    /// Every rest (split where tempo marks, hairpins, controllers and markers stand) must be a
    /// sum of written durations.
    mutating func checkGaps(_ gaps: [Gap], points: [Int]) {
        let offsets = points.sorted()
        var next = 0
        for gap in gaps {
            var points = [gap.from]
            while next < offsets.count, offsets[next] <= gap.from { next += 1 }
            while next < offsets.count, offsets[next] < gap.to {
                points.append(offsets[next])
                next += 1
            }
            points.append(gap.to)
            for index in points.indices.dropLast() where points[index + 1] > points[index] {
                let rest = time(points[index + 1] - points[index])
                if !WrittenDuration.isWritable(rest) {
                    problem(.saveUnwritableDuration, gap.path, "the rest from \(points[index]) to \(points[index + 1]) lasts \(WrittenDuration.describe(rest)), which Stave durations cannot write")
                }
            }
        }
    }
}
