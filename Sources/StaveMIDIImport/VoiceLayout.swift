import StaveComposition
import StaveSyntax

/// A note of one voice in ticks.
struct VoiceNote: Equatable {
    var start: Int
    var end: Int
    var pitch: Int
    var velocity: Int
    /// How the note was written, when the source says (MusicXML); nil: the speller's choice.
    var spelling: PitchSpelling? = nil
    /// Its articulations as written (MusicXML): the accent goes on its first piece, staccato
    /// and tenuto on its last.
    var marks: NoteMarks = []
}

/// Writes the notes of one voice (no two notes of one pitch overlap) as a phrase body: the
/// time between consecutive boundaries (note starts and ends) is one chord of the notes
/// sounding then, tied on to the next where a note goes on; plain notes outside tuplet
/// windows, split at bar lines, and equal parts inside them.
struct VoiceLayout {
    let clock: TickTime
    let meterMap: MeterMap
    /// Spells the pitches by the song's key and the line (drum tracks: none).
    var speller: LineSpeller?

    /// Where a note of one voice starts and its pitch: no two notes of a voice share both.
    struct NoteKey: Hashable {
        var start: Int
        var pitch: Int
    }

    /// The body (starting at time zero), the number of boundaries placed inexactly, and the
    /// times of `extraTicks` (points the body must have a boundary at outside any tuplet, such
    /// as tempo changes) and of `markTicks` (points that may also fall between tuplet items,
    /// such as controllers, bends and markers). The body starts at `origin` (a bar start at or
    /// before the first note); its positions are offsets from there.
    func body(_ notes: [VoiceNote], origin: Rational = .zero, extraTicks: [Int] = [], markTicks: [Int] = [])
        -> (body: PhraseBody, inexact: Int, extraTimes: [Rational], markTimes: [Rational]) {
        var boundarySet = Set<Int>(minimumCapacity: notes.count * 2 + extraTicks.count + 1)
        let originTick = clock.tick(origin)
        boundarySet.insert(originTick)
        boundarySet.formUnion(extraTicks)
        boundarySet.formUnion(markTicks)
        for note in notes {
            boundarySet.insert(note.start)
            boundarySet.insert(note.end)
        }
        let ticks = boundarySet.sorted()
        let mapping = TimeMapping(clock: clock, meterMap: meterMap)
        var (times, windows, inexact) = mapping.map(ticks, origin: origin, plainTicks: Set(extraTicks))

        // The chord sounding in each span between consecutive boundaries.
        let sorted = notes.sorted { $0.start != $1.start ? $0.start < $1.start : $0.pitch < $1.pitch }
        // The direction of the line after each chromatic black key, which chooses its spelling.
        var directions: [NoteKey: Int] = [:]
        if let speller, sorted.contains(where: { speller.dependsOnDirection($0.pitch) }) {
            for (note, direction) in zip(sorted, LineSpeller.directions(sorted)) where speller.dependsOnDirection(note.pitch) {
                directions[NoteKey(start: note.start, pitch: note.pitch)] = direction
            }
        }
        var active: [VoiceNote] = []
        var next = 0
        var containers: [RootNote] = []
        containers.reserveCapacity(notes.count + notes.count / 2)
        var windowIndex = 0
        var pendingWindow: (window: TupletWindow, parts: [TupletNote])?

        // Times of marks inside tuplet windows: a window of rests is kept when one stands in it,
        // so that the printer can write the mark between its items.
        /// The time of a boundary tick.
        func time(of tick: Int) -> Rational {
            var low = 0, high = ticks.count - 1
            while low < high {
                let mid = (low + high) / 2
                if ticks[mid] < tick { low = mid + 1 } else { high = mid }
            }
            return ticks.isEmpty ? origin : times[low]
        }
        let markTimes = Set(markTicks.map(time))
        func flushWindow() {
            defer { pendingWindow = nil }
            if let pending = pendingWindow, pending.parts.contains(where: { $0 != .rest })
                || markTimes.contains(where: { $0 > pending.window.start && $0 < pending.window.end }) {
                var parts = pending.parts
                while parts.count < pending.window.count { parts.append(.rest) }
                containers.append(RootNote(position: pending.window.start - origin, width: pending.window.width, divisions: parts))
            }
        }

        for (index, tick) in ticks.enumerated() where index + 1 < ticks.count {
            let nextTick = ticks[index + 1]
            active.removeAll { $0.end <= tick }
            while next < sorted.count, sorted[next].start == tick {
                active.append(sorted[next])
                next += 1
            }
            var from = times[index]
            let to = times[index + 1]
            // Split the span at window edges and bar lines; each piece is in one window or none.
            while from < to {
                while windowIndex < windows.count, windows[windowIndex].end <= from { windowIndex += 1 }
                if windowIndex < windows.count, windows[windowIndex].start <= from {
                    let window = windows[windowIndex]
                    let pieceEnd = min(to, window.end)
                    if pendingWindow?.window != window {
                        flushWindow()
                        pendingWindow = (window, [])
                    }
                    let firstPart = ((from - window.start) / window.part).floor
                    let endPart = ((pieceEnd - window.start) / window.part).floor
                    while pendingWindow!.parts.count < firstPart { pendingWindow!.parts.append(.rest) }
                    for part in firstPart..<endPart {
                        let chord = chordNotes(active, endingAt: nextTick, continuing: part + 1 < endPart || pieceEnd < to, directions: directions,
                                               first: part == firstPart && from == times[index] ? tick : nil)
                        pendingWindow!.parts.append(.chord(chord))
                    }
                    if pieceEnd == window.end { flushWindow() }
                    from = pieceEnd
                } else if active.isEmpty {
                    flushWindow()
                    let restEnd = windowIndex < windows.count && windows[windowIndex].start < to ? windows[windowIndex].start : to
                    if !WrittenDuration.isWritable(restEnd - from) { inexact += 1 }
                    from = restEnd
                } else {
                    flushWindow()
                    var pieceEnd = to
                    if windowIndex < windows.count, windows[windowIndex].start < pieceEnd { pieceEnd = windows[windowIndex].start }
                    let place = meterMap.locate(from)
                    let barEnd = from - place.offset + place.meter.barLength
                    if barEnd < pieceEnd, WrittenDuration.isWritable(barEnd - from), WrittenDuration.isWritable(pieceEnd - barEnd) { pieceEnd = barEnd }
                    if !WrittenDuration.isWritable(pieceEnd - from) { inexact += 1 }
                    let chord = chordNotes(active, endingAt: nextTick, continuing: pieceEnd < to, directions: directions,
                                           first: from == times[index] ? tick : nil)
                    containers.append(RootNote(position: from - origin, width: pieceEnd - from, chord: chord))
                    from = pieceEnd
                }
            }
        }
        flushWindow()
        // A tuplet window at the end is filled with rests to its end.
        let length = max((times.last ?? origin) - origin, containers.last.map { $0.position + $0.width } ?? .zero)
        return (PhraseBody(length: length, notes: containers), inexact, extraTicks.map { time(of: $0) - origin }, markTicks.map { time(of: $0) - origin })
    }

    /// The chord of the sounding notes in a span: each note tied on when it goes on past the
    /// span's end tick, or when the span itself is cut (`continuing`); spelled by `speller`,
    /// a chromatic black key by the direction of its line (`directions`, by start and pitch).
    /// `first`: the tick the piece starts at when it is the first piece of its span (a note
    /// starting there keeps its accent), nil for a later piece.
    func chordNotes(_ active: [VoiceNote], endingAt tick: Int, continuing: Bool, directions: [NoteKey: Int] = [:], first: Int? = -1) -> [ChordNote] {
        var chord = active.map { note in
            var spelling: PitchSpelling? = note.spelling
            if spelling == nil, let speller, (0...127).contains(note.pitch) {
                let direction = directions.isEmpty ? 0 : directions[NoteKey(start: note.start, pitch: note.pitch)] ?? 0
                spelling = speller.spelling(note.pitch, direction: direction)
            }
            let tie = continuing || note.end > tick
            var marks = note.marks
            if !marks.isEmpty {
                if first.map({ $0 != note.start }) ?? true { marks.remove(.accent) }
                if tie { marks.subtract([.staccato, .tenuto]) }
            }
            return ChordNote(pitch: note.pitch, velocity: note.velocity, tie: tie, spelling: spelling, marks: marks)
        }
        if chord.count > 1 { chord.sort { $0.pitch < $1.pitch } }
        return chord
    }
}
