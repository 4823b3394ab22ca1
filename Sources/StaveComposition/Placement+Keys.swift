import StaveSyntax

/// Stave 3 keys in placement: key changes (`key … at BAR`, Form v3) and patterns
/// (`pattern ID { … }`, Songwriting v3).
///
/// An Original's place is known only once its track is placed, after its body was lowered in
/// the header key. With key changes, each body is kept; a body that a key change reaches is
/// lowered again, every pitch letter reading the key in force at its written time (a Repeat or
/// Sync copy keeps its Original's pitches, rule 6), and its diagnostics replace the first ones.
struct KeyBodies {
    /// A kept body: its statement, its elements and the diagnostics its first lowering made.
    struct Entry {
        var statement: Int
        var elements: [BodyElement]
        var diagnostics: Range<Int>
    }
    /// By track index, then by the start of the statement's range (`Phrase.source`).
    var entries: [[Int: Entry]] = []
}

/// A `pattern ID { … }` as written, waiting for its placements.
struct WrittenPattern {
    var track: Int
    var statement: Int
    var id: Name
    var original: Placement.Original
}

extension Placement {
    /// Keeps a body for `applyKeyChanges` (only when the song has key changes).
    mutating func keep(_ elements: [BodyElement], track: Int, statement: Int, diagnostics range: Range<Int>) {
        if keyBodies.entries.isEmpty { keyBodies.entries = Array(repeating: [:], count: tracks.count) }
        let start = syntax.tracks[track].phrases[statement].range.start
        keyBodies.entries[track][start] = KeyBodies.Entry(statement: statement, elements: elements, diagnostics: range)
    }

    /// Lowers again every placed Original that a key change reaches, in the keys in force
    /// along it.
    mutating func applyKeyChanges() {
        guard !song.keyChanges.isEmpty, !keyBodies.entries.isEmpty else { return }
        let keyMap = KeyMap(song: song, meterMap: meterMap)
        var dropped = Set<Int>()
        var added: [Diagnostic] = []
        for trackIndex in tracks.indices {
            let withLyrics = Set(syntax.tracks[trackIndex].lyrics.map(\.phrase.text))
            for phraseIndex in tracks[trackIndex].phrases.indices {
                let phrase = tracks[trackIndex].phrases[phraseIndex]
                guard case .original(var body) = phrase.content, let start = phrase.source.range?.start,
                      let entry = keyBodies.entries[trackIndex][start] else { continue }
                let end = phrase.start + body.length
                let reached = keyMap.key(at: phrase.start) != song.key || (keyMap.nextChange(after: phrase.start).map { $0 < end } ?? false)
                guard reached else { continue }
                var lowering = BodyLowering(track: tracks[trackIndex], key: song.key, texts: syntax.texts)
                lowering.keyTimeline = (keyMap, phrase.start)
                lowering.recordsLyricNotes = phrase.id.map { withLyrics.contains($0) } ?? false
                let statement = syntax.tracks[trackIndex].phrases[entry.statement]
                let (lowered, _) = lowering.lower(entry.elements, phraseRange: statement.keywordRange)
                // The notes and the grace notes (the key in force spells both).
                body.notes = lowered.notes
                body.expression.graces = lowered.expression.graces
                tracks[trackIndex].phrases[phraseIndex].content = .original(body)
                self.lowered[trackIndex][entry.statement]?.body.notes = lowered.notes
                self.lowered[trackIndex][entry.statement]?.body.expression.graces = lowered.expression.graces
                if let id = phrase.id, originals[trackIndex][id] != nil {
                    originals[trackIndex][id]?.body.notes = lowered.notes
                    originals[trackIndex][id]?.body.expression.graces = lowered.expression.graces
                }
                dropped.formUnion(entry.diagnostics)
                added += lowering.diagnostics
            }
        }
        guard !dropped.isEmpty || !added.isEmpty else { return }
        diagnostics = diagnostics.enumerated().filter { !dropped.contains($0.offset) }.map(\.element) + added
    }

    /// Puts each pattern's Original at its earliest placement by a `repeat` of its own track
    /// (the first copy of that `repeat`; the others stay a Repeat), and reports a pattern that
    /// nothing places (a warning) or that only Syncs of other tracks place (an error).
    mutating func placePatterns() {
        for pattern in writtenPatterns {
            let trackID = tracks[pattern.track].id
            var earliest: Int?
            for (index, phrase) in tracks[pattern.track].phrases.enumerated() {
                guard case .repeat(let source, _) = phrase.content, source == pattern.id.text else { continue }
                if earliest.map({ phrase.start < tracks[pattern.track].phrases[$0].start }) ?? true { earliest = index }
            }
            guard let index = earliest else {
                let synced = tracks.contains { track in
                    track.phrases.contains { if case .sync(trackID, pattern.id.text, _) = $0.content { true } else { false } }
                }
                if synced {
                    diagnostics.append(.error(.patternWithoutRepeat, "pattern '\(pattern.id.text)' is placed only by syncs of other tracks; place it with a 'repeat \(pattern.id.text)' in track '\(trackID)' too", at: pattern.id.range))
                } else {
                    diagnostics.append(.warning(.unusedPattern, "pattern '\(pattern.id.text)' is never played: no 'repeat \(pattern.id.text)' or sync places it", at: pattern.id.range))
                }
                continue
            }
            let placement = tracks[pattern.track].phrases[index]
            guard case .repeat(_, let count) = placement.content else { continue }
            let range = syntax.tracks[pattern.track].phrases[pattern.statement].range
            var phrases = [Phrase(id: pattern.id.text, start: placement.start, content: .original(pattern.original.body), source: range)]
            if count > 1 {
                var rest = Phrase(start: placement.start + pattern.original.body.length, content: .repeat(source: pattern.id.text, count: count - 1))
                rest.source = placement.source
                phrases.append(rest)
            }
            tracks[pattern.track].phrases.replaceSubrange(index...index, with: phrases)
            let denominator = quarterDenominators[pattern.track][index]
            quarterDenominators[pattern.track].replaceSubrange(index...index, with: Array(repeating: denominator, count: phrases.count))
        }
    }
}
