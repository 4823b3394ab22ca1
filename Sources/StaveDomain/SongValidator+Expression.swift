import StaveComposition
import StaveSyntax
import StaveJSON

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
    }

    /// The notes and chords of a body in time order, and the offsets strictly inside a
    /// container where a command can stand (the starts of tuplet items).
    static func items(of containers: [SongDocument.NoteContainer]) -> (items: [BodyItem], innerSlots: Set<Rational>) {
        var items: [BodyItem] = []
        var innerSlots: Set<Rational> = []
        func visit(_ block: SongDocument.NoteBlock, start: Rational, part: Rational, container: Int) {
            if start != Rational(container), !start.isOverflow { innerSlots.insert(start) }
            switch block {
            case .notes(let notes):
                if !notes.isEmpty { items.append(BodyItem(offset: start, notes: notes)) }
            case .blocks(let blocks):
                let inner = part / blocks.count
                guard !inner.isOverflow else { return }
                for (index, item) in blocks.enumerated() {
                    visit(item, start: start + inner * index, part: inner, container: container)
                }
            }
        }
        for container in containers {
            let part = container.blocks.isEmpty ? Rational(container.width) : Rational(container.width) / container.blocks.count
            for (index, block) in container.blocks.enumerated() {
                visit(block, start: Rational(container.position) + part * index, part: part, container: container.position)
            }
        }
        return (items, innerSlots)
    }

    /// The first of `count` elements in time order whose time is at or after `time` (binary search).
    static func firstIndex(in count: Int, atOrAfter time: Rational, _ timeOf: (Int) -> Rational) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if timeOf(mid) < time { low = mid + 1 } else { high = mid }
        }
        return low
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
        // Hairpins: where commands stand, notes inside at `from` (their direction and that
        // each ends before the next starts are the language's rules, checked below).
        for (index, pin) in expression.hairpins.enumerated() {
            let pinPath = path.key("hairpins").index(index)
            place(pin.start, after: 0, at: pinPath.key("start"), what: "hairpin")
            place(pin.end, after: pin.start, at: pinPath.key("end"), what: "hairpin end", order: "a hairpin ends at or after its start")
            guard pin.start <= pin.end else { continue }
            // Items and grace groups are in time order (when they are not, that is reported
            // elsewhere): look only at those inside the hairpin, so that a song with a hairpin
            // every bar is checked in time proportional to its notes.
            let start = Rational(pin.start), end = Rational(pin.end)
            var index = SongValidator.firstIndex(in: items.count, atOrAfter: start) { items[$0].offset }
            while index < items.count, items[index].offset < end {
                if let note = items[index].notes.first(where: { !$0.ownVelocity && $0.velocity != pin.from }) {
                    problem(.saveHairpinVelocity, pinPath, "a note starting at \(items[index].offset) inside this hairpin has velocity \(note.velocity); notes inside a hairpin are written at its starting velocity \(pin.from)")
                    break
                }
                index += 1
            }
            var grace = SongValidator.firstIndex(in: expression.graces.count, atOrAfter: start) { Rational(expression.graces[$0].offset) }
            while grace < expression.graces.count, Rational(expression.graces[grace].offset) < end {
                if expression.graces[grace].items.joined().contains(where: { $0.velocity != pin.from }) {
                    problem(.saveHairpinVelocity, pinPath, "the grace group at \(expression.graces[grace].offset) inside this hairpin has a velocity other than its starting velocity \(pin.from)")
                    break
                }
                grace += 1
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
            }
            previousGrace = max(previousGrace, group.offset)
            if group.items.count > Parser.maximumGraceItems {
                problem(.limitExceeded, groupPath.key("items"), "a grace group holds \(group.items.count) grace notes; the limit is \(Parser.maximumGraceItems) before one note")
            }
            checkGraceNotes(group, at: groupPath, track: track)
        }
        checkAfterGraces(expression, at: path)
        checkChordSymbols(expression.chordSymbols, items: items, starts: starts, kind: kind, at: path)
        checkLyrics(expression.verses, track: track, phrase: phrase, at: path)
        checkExpressionRules(track: track, phrase: phrase, length: length, containers: containers, expression: expression)
    }

    /// Commands counted after grace items (LANGUAGE.md "Time of a command") stand where Stave
    /// can write them: a grace group is at their offset; a velocity command ending a hairpin
    /// stands before one of its items or after them all, any other command inside the chord
    /// the group decorates (after every item).
    mutating func checkAfterGraces(_ expression: SongDocument.Expression, at path: JSONPath) {
        var items: [Int: Int] = [:]
        for group in expression.graces { items[group.offset] = group.items.count }
        func check(_ count: Int, _ offset: Int, anyItem: Bool, at countPath: @autoclosure () -> JSONPath) {
            guard count > 0 else { return }
            guard let total = items[offset] else {
                problem(.saveMarkPosition, countPath(), "no grace group stands at \(offset); expected 0 grace items before this command, found \(count)")
                return
            }
            if anyItem, count > total {
                problem(.saveMarkPosition, countPath(), "expected 0–\(total) grace items before this command (the group at \(offset) has \(total)), found \(count)")
            } else if !anyItem, count != total {
                problem(.saveMarkPosition, countPath(), "expected 0 or \(total) grace items before this command (it stands before the group at \(offset) or in the chord after it), found \(count)")
            }
        }
        for (index, pin) in expression.hairpins.enumerated() {
            check(pin.startAfterGraces, pin.start, anyItem: false, at: path.key("hairpins").index(index).key("startAfterGraces"))
            check(pin.endAfterGraces, pin.end, anyItem: true, at: path.key("hairpins").index(index).key("endAfterGraces"))
        }
        for (index, control) in expression.controls.enumerated() {
            check(control.afterGraces, control.offset, anyItem: false, at: path.key("controls").index(index).key("afterGraces"))
        }
        for (index, marker) in expression.markers.enumerated() {
            check(marker.afterGraces, marker.offset, anyItem: false, at: path.key("markers").index(index).key("afterGraces"))
        }
    }

    /// The language's own rules on the stored marks (`ExpressionRule`, shared with the front
    /// end): hairpin directions and overlaps, graces before tie continuations, verses against
    /// lyric notes and their bar checks.
    mutating func checkExpressionRules(track: Int, phrase: Int, length: Int, containers: [SongDocument.NoteContainer],
                                       expression: SongDocument.Expression) {
        let path = phrasePath(track, phrase)
        let body = SongDocument.body(length: length, containers: containers, tempos: [], expression: expression, resolution: max(1, document.resolution))
        let name = document.tracks[track].phrases[phrase].id ?? "#\(phrase + 1)"
        for (place, rule) in ExpressionRule.problems(in: body, phrase: name) {
            switch place {
            case .hairpin(let index): problem(rule, at: path.key("hairpins").index(index))
            case .grace(let index): problem(rule, at: path.key("graces").index(index).key("offset"))
            case .control(let index): problem(rule, at: path.key("controls").index(index))
            case .verse(let index): problem(rule, at: path.key("lyrics").index(index))
            }
        }
        // Bar checks `|` (version 6), where the Original stands; for `lyricsFrom` the verses
        // are the source's, reported at this phrase's `lyricsFrom`.
        if let meterMap, expression.verses.contains(where: { $0.utf8.contains(UInt8(ascii: "|")) }) {
            let start = time(document.tracks[track].phrases[phrase].start)
            let bars = ExpressionRule.lyricNoteBars(in: body, at: start, meterMap: meterMap)
            for (verse, _, _, rule) in ExpressionRule.barCheckProblems(expression.verses, bars: bars) {
                problem(rule, at: expression.lyricsSource == nil ? path.key("lyrics").index(verse) : path.key("lyricsFrom"))
            }
        }
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
                } else if kind == .melody, let rule = SongRule.pitchRange(note.pitch, transpose: transpose, shown: PitchSpeller(key: self.document.key).spell(note.pitch).name) {
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
            problem(.chordSymbolInDrums, path.key("chordSymbols"), "chord symbols belong to melody tracks, not drum tracks")
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
            // Velocities may differ (v3): a pitch of the symbol also written as a note sounds at the
            // higher of the two, and prints after the symbol at its own.
            if let first = members.first, members.contains(where: { $0.tie != first.tie || $0.marks != first.marks }) {
                problem(.saveChordSymbolPitches, markPath, "the pitches of \(mark.symbol) differ in tie or marks; a symbol's pitches are written once, alike")
            } else if notes != SongValidator.writtenOrder(notes, symbolPitches: pitches) {
                problem(.saveChordSymbolPitches, markPath, "the chord at \(mark.offset) lists \(mark.symbol)'s pitches apart; Stave lists the pitches written before the symbol, then the symbol's, then the others")
            }
        }
    }

    /// A chord with a symbol as Stave text gives it: the pitches written before the symbol
    /// (those before its first pitch), the symbol's other pitches in its order, then the rest.
    static func writtenOrder(_ notes: [SongDocument.Note], symbolPitches: [Int]) -> [SongDocument.Note] {
        guard let first = symbolPitches.first.flatMap({ pitch in notes.firstIndex { $0.pitch == pitch } }) else { return notes }
        let before = Array(notes[..<first])
        let symbol = symbolPitches.filter { pitch in !before.contains { $0.pitch == pitch } }.compactMap { pitch in notes.first { $0.pitch == pitch } }
        let rest = notes[first...].filter { !symbolPitches.contains($0.pitch) }
        return before + symbol + rest
    }

    /// Lyrics: on a melody phrase with an ID, each verse at most 100,000 bytes (the syllables
    /// against the lyric notes are `ExpressionRule`'s).
    mutating func checkLyrics(_ verses: [String], track: Int, phrase: Int, at path: JSONPath) {
        guard !verses.isEmpty else { return }
        guard document.tracks[track].kind == .melody else {
            problem(.lyricsInDrums, path.key("lyrics"), "lyrics belong to melody tracks: a drum track sings no words")
            return
        }
        if document.tracks[track].phrases[phrase].id == nil {
            problem(.saveLyricsWithoutID, path.key("lyrics"), "lyrics are written `lyrics ID \"…\"`, so their phrase needs an ID")
        }
        for (index, verse) in verses.enumerated() where verse.utf8.count > Parser.maximumLyricsBytes {
            problem(.limitExceeded, path.key("lyrics").index(index), "a lyrics string holds \(verse.utf8.count) bytes; the limit is \(Parser.maximumLyricsBytes)")
        }
    }
}
