/// What a song amounts to, in the figures a person reads in a one-line summary
/// (`3 tracks, 117 notes, 0:16, 8 bars`): computed from the Song alone, in exact time.
public struct SongFigures: Equatable, Sendable {
    /// The number of tracks.
    public var tracks: Int
    /// The notes the song plays: every Repeat copy and Sync counted, tied notes counted once,
    /// grace notes counted, notes of velocity 0 (which sound nothing and give no MIDI note) left out.
    public var notes: Int
    /// Where the last phrase (with its copies) ends, in whole notes from the song start.
    public var end: Rational
    /// How long the song lasts up to `end`, in seconds, exact, from the tempo map.
    public var seconds: Rational
    /// The bars the song spans: the bar `end` falls in (a song ending on a bar line does not
    /// reach into the next bar); 0 for a song without phrases (or an end past exact arithmetic).
    public var bars: Int

    /// Computes the figures of `song`. Each Original body is walked once, however often it is
    /// repeated or synced, and no note list is built, so this is cheap next to any backend.
    public init(_ song: Song) {
        tracks = song.tracks.count
        var perBody: [String: [String: Int]] = [:]
        for track in song.tracks {
            for phrase in track.phrases {
                if case .original(let body) = phrase.content, let id = phrase.id {
                    perBody[track.id, default: [:]][id] = SongFigures.noteCount(of: body)
                }
            }
        }
        var notes = 0
        var end = Rational.zero
        for track in song.tracks {
            for phrase in track.phrases {
                let count: Int, copies: Int, length: Rational
                switch phrase.content {
                case .original(let body):
                    (count, copies, length) = (phrase.id.flatMap { perBody[track.id]?[$0] } ?? SongFigures.noteCount(of: body), 1, body.length)
                case .repeat(let source, let times):
                    guard let body = track.original(source) else { continue }
                    (count, copies, length) = (perBody[track.id]?[source] ?? 0, times, body.length)
                case .sync(let sourceTrack, let source, _):
                    guard let body = song.track(sourceTrack)?.original(source) else { continue }
                    (count, copies, length) = (perBody[sourceTrack]?[source] ?? 0, 1, body.length)
                }
                notes += count * copies
                end = max(end, phrase.start + length * copies)
            }
            // A comp track (Accompaniment v3) plays its realised notes (within its source's span).
            if track.comp != nil {
                for placement in Performance.placements(of: track, in: song) { notes += SongFigures.noteCount(of: placement.body) * placement.count }
            }
        }
        self.notes = notes
        self.end = end
        let meterMap = MeterMap(meters: song.meters)
        if !end.isOverflow, end > .zero {
            let (bar, offset, _) = meterMap.locate(end)
            bars = offset == .zero ? bar - 1 : bar
        } else {
            bars = 0
        }
        seconds = SongFigures.seconds(upTo: end, tempos: Performance.tempos(of: song))
    }

    /// Seconds from the song start to `time` (whole notes) under a tempo map sorted by time
    /// (quarter notes per minute; before the first change, and without any, 120).
    public static func seconds(upTo time: Rational, tempos: [PerformedTempo]) -> Rational {
        var total = Rational.zero
        var from = Rational.zero
        var bpm = Rational(120)
        for tempo in tempos {
            guard tempo.time < time else { break }
            if tempo.time > from {
                total = total + (tempo.time - from) * 240 / bpm
                from = tempo.time
            }
            bpm = tempo.bpm
        }
        return time > from ? total + (time - from) * 240 / bpm : total
    }

    /// The notes one body plays, ties joined as `Performance.joinedNotes` joins them (a note
    /// tied to the same pitch in the next note or chord continues it), counted without
    /// building the notes.
    static func noteCount(of body: PhraseBody) -> Int {
        var counter = TieCounter()
        for root in body.notes {
            if let note = root.singleNote {
                counter.single(note)
            } else if let notes = root.singleChord {
                counter.chord(notes)
            } else {
                for division in root.divisions { counter.division(division) }
            }
        }
        // Grace notes (v2) are notes the song plays too.
        var graces = 0
        for group in body.expression.graces {
            for item in group.items { graces += item.reduce(0) { $0 + ($1.velocity > 0 ? 1 : 0) } }
        }
        return counter.count + graces
    }

    /// Walks notes and chords in order, keeping the pitches tied into the next one.
    private struct TieCounter {
        var count = 0
        var open: [Int] = []
        var nextOpen: [Int] = []

        /// A plain note: with no tie open or starting, no list is touched (most notes).
        @inline(__always)
        mutating func single(_ note: ChordNote) {
            if open.isEmpty, !note.tie {
                if note.velocity > 0 { count += 1 }
                return
            }
            chord(CollectionOfOne(note))
        }

        mutating func chord<Notes: Collection>(_ notes: Notes) where Notes.Element == ChordNote {
            // With no tie open or starting (most chords and tuplet items), no list is touched:
            // one pass counts the sounding notes and looks for a tie, without branching on either.
            if open.isEmpty {
                var sounding = 0, tied = false
                for note in notes {
                    sounding &+= note.velocity > 0 ? 1 : 0
                    tied = tied || note.tie
                }
                if !tied {
                    count += sounding
                    return
                }
            }
            nextOpen.removeAll(keepingCapacity: true)
            for note in notes {
                if !open.contains(note.pitch), note.velocity > 0 { count += 1 }
                if note.tie { nextOpen.append(note.pitch) }
            }
            swap(&open, &nextOpen)
        }

        mutating func division(_ division: TupletNote) {
            switch division {
            case .chord(let notes): chord(notes)
            case .tuplet(let items): for item in items { self.division(item) }
            }
        }
    }
}
