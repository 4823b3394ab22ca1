import StaveSyntax

/// A tempo event at an absolute time.
public struct PerformedTempo: Equatable, Sendable {
    /// When the tempo takes effect, in whole notes from the song start.
    public var time: Rational
    /// Quarter notes per minute, exact.
    public var bpm: Rational

    /// Creates a `PerformedTempo` from its parts.
    public init(time: Rational, bpm: Rational) {
        self.time = time
        self.bpm = bpm
    }
}

/// Expands a Composition into performed notes and a tempo map.
public enum Performance {
    /// The notes of one Original phrase body, relative to its start, ties joined, pitches as written.
    public static func joinedNotes(_ body: PhraseBody) -> [PerformedNote] {
        joinedNotes(body) { $0 } ?? []
    }

    /// The notes of a body with times converted by `convert` (for example to MIDI ticks); nil
    /// when a time or an equal subdivision has no exact value in the target unit.
    @inlinable
    public static func joinedNotes<Time: NoteTime>(_ body: PhraseBody, convert: (Rational) -> Time?) -> [TimedNote<Time>]? {
        joinedNotesAndMarks(body, convert: convert)?.notes
    }

    /// `joinedNotes(_:convert:)` and every articulation mark met on the way (empty for a v1
    /// body), so a backend learns whether the v1 path applies without a second pass.
    @inlinable
    public static func joinedNotesAndMarks<Time: NoteTime>(_ body: PhraseBody, convert: (Rational) -> Time?) -> (notes: [TimedNote<Time>], marks: NoteMarks)? {
        var joiner = TieJoiner<Time>()
        joiner.out.reserveCapacity(body.notes.count)
        for root in body.notes {
            guard let position = convert(root.position), let width = convert(root.width) else { return nil }
            if let note = root.singleNote {
                joiner.single(note, start: position, end: position + width)
                continue
            }
            if let notes = root.singleChord {
                joiner.chord(notes, start: position, end: position + width)
                continue
            }
            let divisions = root.divisions
            guard !divisions.isEmpty else { continue }
            if divisions.count == 1 {
                guard joiner.division(divisions[0], start: position, width: width) else { return nil }
            } else {
                guard let part = width.part(of: divisions.count) else { return nil }
                var start = position
                for division in divisions {
                    guard joiner.division(division, start: start, width: part) else { return nil }
                    start = start + part
                }
            }
        }
        return (joiner.out, joiner.marksSeen)
    }

    /// One placement of a phrase body: its start, copy count, and pitch shift.
    public struct Placement: Sendable {
        /// The notes placed.
        public var body: PhraseBody
        /// Where the first copy starts, in whole notes from the song start.
        public var start: Rational
        /// How many back-to-back copies.
        public var count: Int
        /// Semitones added to every pitch (sync, track and song transpose).
        public var shift: Int
        /// The `legato` of the track that plays it (a Sync copy uses its own track's).
        public var legato: Int = 100
        /// Which placement of its phrase in the phrase's own track the first copy is (0-based,
        /// in time order, each Repeat copy counted): copy c sings verse (lyricPlacement + c)
        /// mod the verse count. Nil for a Sync copy in another track, which sings nothing.
        public var lyricPlacement: Int?

        /// The verse (0-based) that copy `copy` sings, or nil when it sings none.
        public func verse(ofCopy copy: Int) -> Int? {
            let verses = body.expression.verses.count
            guard verses > 0, let first = lyricPlacement else { return nil }
            return (first % verses + copy % verses) % verses
        }

        /// True when it sounds as version 1 reads it (`Performance.isPlain`).
        public var isPlain: Bool { Performance.isPlain(body, legato: legato) }
    }

    /// Where each phrase of a track sounds: Originals, each Repeat copy, Syncs; for a track
    /// with `comp`, its realised accompaniment.
    public static func placements(of track: Track, in song: Song) -> [Placement] {
        // Stave 3 accompaniment (rule 17), the one hook where a comp track's notes are made:
        // `Accompaniment` realises the comp over its source's harmony, which it reads from
        // `phrasePlacements` of the source (the form's unfolding goes before this stage).
        if let comp = track.comp { return Accompaniment.placements(comp, of: track, in: song) }
        return phrasePlacements(of: track, in: song)
    }

    /// Where each phrase of a track sounds: Originals, each Repeat copy, Syncs.
    public static func phrasePlacements(of track: Track, in song: Song) -> [Placement] {
        // Stave 3: the header `transpose` moves every melody track on top of its own.
        let ownShift = track.kind == .melody ? track.transpose + song.transpose : 0
        // Placements of one phrase in its own track, in time order, number the verses.
        var sources: [String?] = []
        var result: [Placement] = track.phrases.compactMap { phrase in
            switch phrase.content {
            case .original(let body):
                sources.append(phrase.id)
                return Placement(body: body, start: phrase.start, count: 1, shift: ownShift, legato: track.legato)
            case .repeat(let source, let count):
                guard let body = track.original(source) else { return nil }
                sources.append(source)
                return Placement(body: body, start: phrase.start, count: count, shift: ownShift, legato: track.legato)
            case .sync(let sourceTrack, let source, let transpose):
                guard let body = song.track(sourceTrack)?.original(source) else { return nil }
                sources.append(sourceTrack == track.id ? source : nil)
                return Placement(body: body, start: phrase.start, count: 1, shift: ownShift + transpose, legato: track.legato)
            }
        }
        if result.contains(where: { !$0.body.expression.verses.isEmpty }) {
            let order = result.indices.sorted { result[$0].start != result[$1].start ? result[$0].start < result[$1].start : $0 < $1 }
            var sung: [String: Int] = [:]
            for index in order {
                guard let source = sources[index], !result[index].body.expression.verses.isEmpty else { continue }
                let before = sung[source, default: 0]
                result[index].lyricPlacement = before
                sung[source] = before + result[index].count
            }
        }
        return result
    }

    /// All notes of a track in absolute time as they sound (grace notes, sounding lengths and
    /// velocities of v2 marks included), sorted by start (stable).
    public static func notes(of track: Track, in song: Song) -> [PerformedNote] {
        var out: [PerformedNote] = []
        var sorted = true
        for placement in placements(of: track, in: song) {
            let relative = placement.isPlain ? joinedNotes(placement.body) : performedBody(placement.body, legato: placement.legato).notes
            for copy in 0..<placement.count {
                let offset = placement.start + placement.body.length * copy
                if let last = out.last, let first = relative.first, first.start + offset < last.start { sorted = false }
                for note in relative {
                    var shifted = note
                    shifted.start = note.start + offset
                    shifted.end = note.end + offset
                    shifted.pitch = note.pitch + placement.shift
                    out.append(shifted)
                }
            }
        }
        if !sorted {
            out = out.enumerated().sorted { $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset }.map(\.element)
        }
        return out
    }

    /// The tempo map: header tempos (at bar starts), then in-body tempos of every placement in
    /// track and phrase order; sorted by time, and at one time the later one wins.
    public static func tempos(of song: Song) -> [PerformedTempo] {
        let events = tempoEvents(of: song)
        let ordered = events.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }.map(\.element)
        var result: [PerformedTempo] = []
        for event in ordered {
            if let last = result.last, last.time == event.time { result[result.count - 1] = event } else { result.append(event) }
        }
        return result
    }

    /// Every tempo event in file order: the in-body tempos of every placement in track and
    /// phrase order, with each header tempo (at its bar's start) before the tracks written after
    /// it. Of events that meet, the later one here wins.
    public static func tempoEvents(of song: Song) -> [PerformedTempo] {
        let meterMap = MeterMap(meters: song.meters)
        let header = Dictionary(grouping: song.tempos) { $0.position(amongTracks: song.tracks.count) }
        var events: [PerformedTempo] = []
        func headerTempos(after trackCount: Int) {
            for change in header[trackCount] ?? [] {
                events.append(PerformedTempo(time: meterMap.start(ofBar: change.bar), bpm: change.bpm))
            }
        }
        for (index, track) in song.tracks.enumerated() {
            headerTempos(after: index)
            // A comp track (Accompaniment v3) holds no tempo marks: its notes are not realised for them.
            for placement in track.comp == nil ? placements(of: track, in: song) : [] where !placement.body.tempos.isEmpty {
                for copy in 0..<placement.count {
                    let offset = placement.start + placement.body.length * copy
                    for mark in placement.body.tempos { events.append(PerformedTempo(time: offset + mark.offset, bpm: mark.bpm)) }
                }
            }
        }
        headerTempos(after: song.tracks.count)
        if !song.tempoRamps.isEmpty { events += rampSteps(of: song, after: events, meterMap: meterMap) }
        return events
    }

    /// The steps of the song's tempo ramps (in bar order), each ramp starting from the tempo in
    /// force just before its first bar (`events`, the other tempo events in file order, decide
    /// it; at bar 1 the header tempo). They come after every other event, so a ramp at bar 1
    /// replaces the header tempo on its first tick; no other event falls inside a ramp.
    static func rampSteps(of song: Song, after events: [PerformedTempo], meterMap: MeterMap) -> [PerformedTempo] {
        let ordered = events.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }.map(\.element)
        var steps: [PerformedTempo] = []
        var next = 0
        var inForce: PerformedTempo?
        for ramp in song.tempoRamps {
            let start = meterMap.start(ofBar: ramp.bar)
            while next < ordered.count, ordered[next].time < start || (start == .zero && ordered[next].time == .zero) {
                if inForce == nil || inForce!.time <= ordered[next].time { inForce = ordered[next] }
                next += 1
            }
            let ramped = ramp.steps(from: inForce?.bpm ?? Rational(120), meterMap: meterMap)
            steps += ramped
            if let last = ramped.last { inForce = last }
        }
        return steps
    }
}
