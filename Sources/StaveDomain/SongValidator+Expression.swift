import StaveComposition
import StaveSyntax

/// Where the v2 marks of an Original phrase stand (version 5): hairpins, controllers and
/// markers where a command can stand, in time order; grace groups and chord symbols on a note
/// or chord that starts at their offset; notes inside a hairpin written with its starting
/// velocity; chord symbols whose pitches are in their chord; lyrics on a named melody phrase.
/// Runs only for bodies that have v2 marks, so v1 songs load as fast as before.
extension SongValidator {
    /// A note or chord of a body: where it starts (in resolution units) and its notes.
    struct BodyItem {
        var offset: Rational
        var notes: [SongDocument.Note]
        /// Some of its pitches continue a tie from the note or chord before.
        var continuesTie: Bool
        /// It starts a sound: at least one pitch does not continue a tie (a lyric note).
        var startsSound: Bool
    }

    /// The notes and chords of a body in time order, and the offsets strictly inside a
    /// container where a command can stand (the starts of tuplet items).
    static func items(of containers: [SongDocument.NoteContainer]) -> (items: [BodyItem], innerSlots: Set<Rational>) {
        var items: [BodyItem] = []
        var innerSlots: Set<Rational> = []
        var tied: Set<Int> = []
        var lastEnd = 0
        func visit(_ block: SongDocument.NoteBlock, start: Rational, part: Rational, container: Int) {
            if start != Rational(container), !start.isOverflow { innerSlots.insert(start) }
            switch block {
            case .notes(let notes):
                guard !notes.isEmpty else {
                    tied = []
                    return
                }
                let continuing = notes.filter { tied.contains($0.pitch) }.count
                items.append(BodyItem(offset: start, notes: notes, continuesTie: continuing > 0, startsSound: continuing < notes.count))
                tied = Set(notes.filter(\.tie).map(\.pitch))
            case .blocks(let blocks):
                let inner = part / blocks.count
                guard !inner.isOverflow else { return }
                for (index, item) in blocks.enumerated() {
                    visit(item, start: start + inner * index, part: inner, container: container)
                }
            }
        }
        for container in containers {
            if container.position > lastEnd { tied = [] }
            let part = container.blocks.isEmpty ? Rational(container.width) : Rational(container.width) / container.blocks.count
            for (index, block) in container.blocks.enumerated() {
                visit(block, start: Rational(container.position) + part * index, part: part, container: container.position)
            }
            lastEnd = max(lastEnd, container.position + container.width)
        }
        return (items, innerSlots)
    }

    /// The offsets of a body's hairpin ends, controllers and markers: where rests are split.
    static func commandOffsets(_ expression: SongDocument.Expression) -> [Int] {
        expression.hairpins.flatMap { [$0.start, $0.end] } + expression.controls.map(\.offset) + expression.markers.map(\.offset)
    }

    mutating func checkExpression(track: Int, phrase: Int, length: Int, containers: [SongDocument.NoteContainer],
                                  expression: SongDocument.Expression) {
        let path = phrasePath(track, phrase)
        let kind = document.tracks[track].kind
        let (items, innerSlots) = SongValidator.items(of: containers)
        let starts = Dictionary(items.enumerated().map { ($1.offset, $0) }, uniquingKeysWith: { first, _ in first })
        func isSlot(_ offset: Int) -> Bool {
            guard offset <= length else { return false }
            return SongValidator.container(around: offset, in: containers) == nil || innerSlots.contains(Rational(offset))
        }
        func place(_ offset: Int, after previous: Int, at offsetPath: @autoclosure () -> JSONPath, what: String, order: String? = nil) {
            if offset > length {
                problem(.saveMarkPosition, offsetPath(), "expected an offset within the phrase (0–\(length)), found \(offset)")
            } else if offset < previous {
                problem(.saveMarkPosition, offsetPath(), "expected an offset at or after \(previous) (\(order ?? "\(what)s are listed in source order")), found \(offset)")
            } else if !isSlot(offset) {
                let inside = SongValidator.container(around: offset, in: containers) ?? 0
                problem(.saveMarkPosition, offsetPath(), "\(offset) falls inside a note of containers[\(inside)]; a \(what) stands between notes, between tuplet items or in a rest")
            }
        }
        // Hairpins: in order, each closed before the next starts, notes inside at `from`.
        var previousEnd = 0
        for (index, pin) in expression.hairpins.enumerated() {
            let pinPath = path.key("hairpins").index(index)
            place(pin.start, after: previousEnd, at: pinPath.key("start"), what: "hairpin")
            place(pin.end, after: pin.start, at: pinPath.key("end"), what: "hairpin end", order: "a hairpin ends at or after its start")
            if pin.from == pin.to {
                problem(.saveInvalidValue, pinPath.key("to"), "a hairpin leads to a velocity above (crescendo) or below (diminuendo) its start, found \(pin.from) to \(pin.to)")
            }
            previousEnd = max(previousEnd, pin.end)
            guard pin.start <= pin.end else { continue }
            let range = Rational(pin.start)..<Rational(pin.end)
            if let item = items.first(where: { range.contains($0.offset) && $0.notes.contains { $0.velocity != pin.from } }),
               let note = item.notes.first(where: { $0.velocity != pin.from }) {
                problem(.saveHairpinVelocity, pinPath, "a note starting at \(item.offset) inside this hairpin has velocity \(note.velocity); notes inside a hairpin are written at its starting velocity \(pin.from)")
            }
            if let group = expression.graces.first(where: { range.contains(Rational($0.offset)) && $0.items.joined().contains { $0.velocity != pin.from } }) {
                problem(.saveHairpinVelocity, pinPath, "the grace group at \(group.offset) inside this hairpin has a velocity other than its starting velocity \(pin.from)")
            }
        }
        var previous = 0
        for (index, control) in expression.controls.enumerated() {
            place(control.offset, after: previous, at: path.key("controls").index(index).key("offset"), what: "controller")
            previous = max(previous, control.offset)
        }
        previous = 0
        for (index, marker) in expression.markers.enumerated() {
            place(marker.offset, after: previous, at: path.key("markers").index(index).key("offset"), what: "marker")
            previous = max(previous, marker.offset)
        }
        // Grace groups: before a note or chord, one a note, in time order.
        var previousGrace = -1
        for (index, group) in expression.graces.enumerated() {
            let groupPath = path.key("graces").index(index)
            if group.offset <= previousGrace {
                problem(.saveGracePosition, groupPath.key("offset"), "expected an offset after \(previousGrace) (one grace group a note, in time order), found \(group.offset)")
            } else if starts[Rational(group.offset)] == nil {
                problem(.saveGracePosition, groupPath.key("offset"), "no note or chord starts at \(group.offset); a grace group stands before one")
            } else if let item = starts[Rational(group.offset)], items[item].continuesTie {
                problem(.saveGracePosition, groupPath.key("offset"), "the note at \(group.offset) continues a tie; a grace group cannot stand before it")
            }
            previousGrace = max(previousGrace, group.offset)
            if group.items.count > 64 {
                problem(.limitExceeded, groupPath.key("items"), "\(group.items.count) grace items before one note; at most 64")
            }
            checkGraceNotes(group, at: groupPath, track: track)
        }
        checkChordSymbols(expression.chordSymbols, items: items, starts: starts, kind: kind, at: path)
        checkLyrics(expression.verses, items: items, track: track, phrase: phrase, at: path)
    }

    /// Grace notes: each chord without a repeated pitch, melody pitches within range after the
    /// track's transpose.
    mutating func checkGraceNotes(_ group: SongDocument.Grace, at path: JSONPath, track: Int) {
        let kind = document.tracks[track].kind, transpose = document.tracks[track].transpose
        let pitchKey = kind == .drums ? "drum" : "pitch"
        for (itemIndex, item) in group.items.enumerated() {
            for (index, note) in item.enumerated() {
                let notePath = path.key("items").index(itemIndex).index(index)
                if let first = item[..<index].firstIndex(where: { $0.pitch == note.pitch }) {
                    problem(.saveDuplicatePitch, notePath, "\(pitchKey) \(note.pitch) is already in this grace chord ([\(first)])")
                } else if kind == .melody, let rule = SongRule.pitchRange(note.pitch, transpose: transpose, shown: {
                    let (spelling, octave) = Pitch.spell(note.pitch, in: self.document.key)
                    return "\(Pitch.spellingText(spelling))\(octave)"
                }()) {
                    problem(rule, at: notePath)
                }
            }
        }
    }

    /// Chord symbols: melody tracks only, each on a chord that starts at its offset and holds
    /// the symbol's pitches alike (velocity, tie, marks), its root the letter in octave 0–9.
    mutating func checkChordSymbols(_ symbols: [SongDocument.ChordSymbolMark], items: [BodyItem], starts: [Rational: Int],
                                    kind: TrackKind, at path: JSONPath) {
        guard !symbols.isEmpty else { return }
        guard kind == .melody else {
            problem(.settingNotAllowed, path.key("chordSymbols"), "a drum track has no chord symbols")
            return
        }
        var previous = -1
        for (index, mark) in symbols.enumerated() {
            let markPath = path.key("chordSymbols").index(index)
            defer { previous = max(previous, mark.offset) }
            guard mark.offset > previous else {
                problem(.saveGracePosition, markPath.key("offset"), "expected an offset after \(previous) (one chord symbol a chord, in time order), found \(mark.offset)")
                continue
            }
            guard let item = starts[Rational(mark.offset)] else {
                problem(.saveGracePosition, markPath.key("offset"), "no chord starts at \(mark.offset); a chord symbol stands in one")
                continue
            }
            let semitones = mark.symbol.root.semitonesAboveC
            let octave = (mark.root - semitones).quotientAndRemainder(dividingBy: 12)
            guard octave.remainder == 0, (1...10).contains(octave.quotient) else {
                problem(.saveChordSymbolPitches, markPath.key("root"), "root \(mark.root) is not \(mark.symbol.root.text) in an octave 0–9")
                continue
            }
            let notes = items[item].notes
            let pitches = mark.symbol.pitches(root: mark.root)
            let members = pitches.compactMap { pitch in notes.first { $0.pitch == pitch } }
            guard members.count == pitches.count else {
                let missing = pitches.filter { pitch in !notes.contains { $0.pitch == pitch } }
                problem(.saveChordSymbolPitches, markPath, "\(mark.symbol) on root \(mark.root) sounds \(pitches.map(String.init).joined(separator: " ")), but the chord at \(mark.offset) has no \(missing.map(String.init).joined(separator: ", "))")
                continue
            }
            if let first = members.first, members.contains(where: { $0.velocity != first.velocity || $0.tie != first.tie || $0.marks != first.marks }) {
                problem(.saveChordSymbolPitches, markPath, "the pitches of \(mark.symbol) differ in velocity, tie or marks; a symbol's pitches are written once, alike")
            }
        }
    }

    /// Lyrics: on a melody phrase with an ID, each verse at most 100,000 bytes, with no more
    /// syllables than the phrase has lyric notes.
    mutating func checkLyrics(_ verses: [String], items: [BodyItem], track: Int, phrase: Int, at path: JSONPath) {
        guard !verses.isEmpty else { return }
        guard document.tracks[track].kind == .melody else {
            problem(.settingNotAllowed, path.key("lyrics"), "a drum track has no lyrics")
            return
        }
        if document.tracks[track].phrases[phrase].id == nil {
            problem(.saveLyricsWithoutID, path.key("lyrics"), "lyrics are written `lyrics ID \"…\"`, so their phrase needs an ID")
        }
        let lyricNotes = items.filter(\.startsSound).count
        for (index, verse) in verses.enumerated() {
            if verse.utf8.count > 100_000 {
                problem(.limitExceeded, path.key("lyrics").index(index), "a lyrics string of \(verse.utf8.count) bytes; at most 100,000")
                continue
            }
            let syllables = Lyrics.syllables(of: verse).count
            if syllables > lyricNotes {
                problem(.saveInvalidValue, path.key("lyrics").index(index), "\(syllables) syllables for \(lyricNotes) notes; a verse has at most one syllable a note")
            }
        }
    }
}
