import StaveComposition

/// Finds passages that one melody track plays again later — another track, or the same one
/// further on — note for note, possibly transposed, and writes them as a `sync` of the first
/// (`sync lead.p1 transpose -12`): the Original phrase that came first stays, the later one
/// becomes a linked copy. Only whole Original phrases (as `RepeatFinder` and the silences cut
/// them) of at least `shortest` notes and chords are linked, and only plain ones: a phrase with
/// controllers, markers, lyrics or tempo changes stays as it is (a sync sings no lyrics). The
/// compiled notes are exactly those of the phrases it replaces (LANGUAGE.md rule 6: a sync
/// keeps its source's velocities and ties; the sounding pitch is the source's plus the sync's
/// transpose plus the target track's, so K is the difference of the written pitches).
enum SyncFinder {
    /// The fewest notes and chords a phrase needs to become a sync.
    static let shortest = 4

    /// What must agree for two phrases to be copies up to a transposition.
    struct Shape: Hashable {
        var length: Rational
        var places: [Rational]
        /// Each note's pitch less the phrase's first pitch, its velocity and its tie, with a
        /// separator at each chord or tuplet boundary.
        var notes: [Int]
    }

    /// Links the later copies among the tracks' phrases.
    static func link(_ tracks: inout [Track]) {
        var first: [Shape: (track: Int, phrase: Int, base: Int)] = [:]
        for trackIndex in tracks.indices where tracks[trackIndex].kind == .melody {
            var usedIDs = Set(tracks[trackIndex].phrases.compactMap(\.id))
            for phraseIndex in tracks[trackIndex].phrases.indices {
                guard case .original(let body) = tracks[trackIndex].phrases[phraseIndex].content,
                      body.notes.count >= shortest, body.tempos.isEmpty, body.expression.isEmpty,
                      let (shape, base) = shape(of: body) else { continue }
                guard let source = first[shape] else {
                    first[shape] = (trackIndex, phraseIndex, base)
                    continue
                }
                // A named phrase is the source of a `repeat`: it stays an Original.
                guard tracks[trackIndex].phrases[phraseIndex].id == nil else { continue }
                let transpose = base - source.base
                guard abs(transpose) <= 48 else { continue }
                // The source needs an ID; an anonymous one gets the next free `pN` of its track.
                var sourceID = tracks[source.track].phrases[source.phrase].id
                if sourceID == nil {
                    var sourceIDs = source.track == trackIndex ? usedIDs : Set(tracks[source.track].phrases.compactMap(\.id))
                    var number = 1
                    while sourceIDs.contains("p\(number)") { number += 1 }
                    sourceID = "p\(number)"
                    sourceIDs.insert("p\(number)")
                    if source.track == trackIndex { usedIDs = sourceIDs }
                    tracks[source.track].phrases[source.phrase].id = sourceID
                }
                guard let id = sourceID else { continue }
                let start = tracks[trackIndex].phrases[phraseIndex].start
                tracks[trackIndex].phrases[phraseIndex] = Phrase(start: start, content: .sync(track: tracks[source.track].id, phrase: id, transpose: transpose))
            }
        }
    }

    /// The shape of a body and its first pitch; nil when it has no note.
    static func shape(of body: PhraseBody) -> (Shape, Int)? {
        var places: [Rational] = []
        places.reserveCapacity(body.notes.count * 2 + 1)
        var notes: [Int] = []
        var base: Int?
        func chord(_ members: [ChordNote]) {
            for note in members {
                if base == nil { base = note.pitch }
                notes += [note.pitch - (base ?? 0), note.velocity, note.tie ? 1 : 0, note.marks.isEmpty ? 0 : 1]
            }
            notes.append(-1000)
        }
        func divisions(_ items: [TupletNote]) {
            notes.append(-2000 - items.count)
            for item in items {
                switch item {
                case .chord(let members): chord(members)
                case .tuplet(let nested): divisions(nested)
                }
            }
        }
        for root in body.notes {
            places += [root.position, root.width]
            if let note = root.singleNote { chord([note]) } else { divisions(root.divisions) }
        }
        guard let base else { return nil }
        return (Shape(length: body.length, places: places, notes: notes), base)
    }
}
