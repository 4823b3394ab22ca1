import StaveComposition
import StaveSyntax

/// Stave 2 marks on a generated body, as the front end could have produced them: marks on
/// notes, chord symbols on plain chords, grace groups before notes that start a sound,
/// hairpins over notes written at their starting velocity, pedal/cc/bend and markers between
/// notes and tuplet items, lyrics on named melody phrases; `legato` on tracks and header markers.
extension RandomSongGenerator {
    /// Where a command can stand in a body, and the notes and chords by their start.
    struct Places {
        /// Container starts, tuplet item starts, and the body's end, in time order.
        var slots: [Rational] = []
        /// Each note or chord: its start, its notes, whether some pitch continues a tie.
        var sounds: [(offset: Rational, notes: [ChordNote], continuesTie: Bool)] = []
    }

    static func places(of body: PhraseBody) -> Places {
        var places = Places()
        var tied: [Int] = []
        var end = Rational.zero
        func visit(_ division: TupletNote, start: Rational, width: Rational) {
            places.slots.append(start)
            switch division {
            case .chord(let notes):
                if notes.isEmpty { tied = []; return }
                places.sounds.append((start, notes, notes.contains { tied.contains($0.pitch) }))
                tied = notes.filter(\.tie).map(\.pitch)
            case .tuplet(let items):
                for (index, item) in items.enumerated() { visit(item, start: start + width / items.count * index, width: width / items.count) }
            }
        }
        for note in body.notes {
            if note.position > end { tied = [] }
            let divisions = note.divisions
            if divisions.count == 1, case .chord = divisions[0] {
                visit(divisions[0], start: note.position, width: note.width)
            } else {
                visit(.tuplet(divisions), start: note.position, width: note.width)
            }
            end = note.position + note.width
        }
        places.slots.append(body.length)
        // A tuplet's first item starts with the tuplet: one slot each.
        var unique: [Rational] = []
        for slot in places.slots where unique.last != slot { unique.append(slot) }
        places.slots = unique.sorted()
        return places
    }

    /// Adds v2 marks to a body of `track` (with `id`, when named).
    mutating func express(_ body: inout PhraseBody, track: Track, id: String?) {
        guard random.chance(60) else { return }
        addMarks(&body)
        if track.kind == .melody, random.chance(40) { addChordSymbols(&body, track: track) }
        let places = RandomSongGenerator.places(of: body)
        var expression = PhraseExpression()
        for sound in places.sounds where !sound.continuesTie && random.chance(15) {
            let items = (0..<random.int(1...3)).map { _ -> [ChordNote] in
                var pitches: [Int] = []
                for _ in 0..<(random.chance(80) ? 1 : 2) {
                    let pitch = randomPitch(track)
                    if !pitches.contains(pitch) { pitches.append(pitch) }
                }
                let velocity = random.chance(70) ? sound.notes[0].velocity : random.int(0...127)
                return pitches.map { ChordNote(pitch: $0, velocity: velocity) }
            }
            expression.graces.append(GraceGroup(offset: sound.offset, items: items))
        }
        addHairpins(&expression, places: places)
        for slot in places.slots where random.chance(10) {
            let event: ControlMark.Event
            switch random.int(0...2) {
            case 0: event = .pedal(down: random.chance(50))
            case 1: event = .controller(number: random.int(0...127), value: random.int(0...127))
            default: event = .bend(cents: random.int(-200...200))
            }
            expression.controls.append(ControlMark(offset: slot, event: event))
        }
        for slot in places.slots where random.chance(5) {
            expression.markers.append(MarkerMark(offset: slot, text: random.pick(RandomSongGenerator.texts)))
        }
        body.expression.graces = expression.graces
        body.expression.hairpins = expression.hairpins
        body.expression.controls = expression.controls
        body.expression.markers = expression.markers
        if track.kind == .melody, id != nil, random.chance(40) {
            let notes = ExpressionRule.lyricNotes(in: body)
            body.expression.verses = (0..<random.int(1...3)).map { _ in verse(syllables: random.int(0...notes)) }
        }
    }

    /// Staccato or tenuto and accent on some notes (the same on every note of some chords).
    mutating func addMarks(_ body: inout PhraseBody) {
        func marks() -> NoteMarks {
            var marks: NoteMarks = random.pick([[], [], .staccato, .tenuto])
            if random.chance(30) { marks.insert(.accent) }
            return marks
        }
        func mark(_ division: TupletNote) -> TupletNote {
            switch division {
            case .chord(var notes):
                let shared = marks()
                for index in notes.indices { notes[index].marks = random.chance(60) ? shared : marks() }
                return .chord(notes)
            case .tuplet(let items):
                return .tuplet(items.map(mark))
            }
        }
        for index in body.notes.indices where random.chance(40) {
            body.notes[index].divisions = body.notes[index].divisions.map(mark)
        }
    }

    /// Replaces plain chords that no tie reaches or leaves with a chord symbol's pitches (and
    /// sometimes a melody pitch above them).
    mutating func addChordSymbols(_ body: inout PhraseBody, track: Track) {
        var tiedIn: Set<Int> = []
        for index in body.notes.indices {
            let divisions = body.notes[index].divisions
            defer { tiedIn = Set(RandomSongGenerator.lastLeaf(body.notes[index].divisions).filter(\.tie).map(\.pitch)) }
            guard divisions.count == 1, case .chord(let notes) = divisions[0], !notes.isEmpty, tiedIn.isEmpty,
                  !notes.contains(where: \.tie), random.chance(50) else { continue }
            let quality = random.pick(ChordSymbol.Quality.allCases)
            let letter = random.pick(Array("ABCDEFG".utf8))
            let bass: ChordSymbol.Note? = random.chance(20) ? ChordSymbol.Note(letterByte: random.pick(Array("ABCDEFG".utf8)), accidental: random.int(-1...1)) : nil
            let symbol = ChordSymbol(root: ChordSymbol.Note(letterByte: letter, accidental: random.int(-1...1)), quality: quality, bass: bass)
            let octave = random.int(2...5)
            let root = symbol.rootPitch(octave: octave)
            let pitches = symbol.pitches(root: root)
            guard let low = pitches.first, let high = pitches.last, low >= 10, low + track.transpose >= 0, high + 12 <= 127,
                  high + track.transpose + 12 <= 127 else { continue }
            let velocity = notes[0].velocity, marks = notes[0].marks
            var chord = pitches.map { ChordNote(pitch: $0, velocity: velocity, marks: marks) }
            if random.chance(30) { chord.append(ChordNote(pitch: high + random.int(1...12), velocity: random.chance(70) ? velocity : random.int(0...127))) }
            body.notes[index].divisions = [.chord(chord)]
            body.expression.chordSymbols.append(ChordSymbolMark(offset: body.notes[index].position, symbol: symbol, rootPitch: root))
        }
    }

    /// The notes of the last item of a container (deepest last for nested tuplets).
    static func lastLeaf(_ divisions: [TupletNote]) -> [ChordNote] {
        switch divisions.last {
        case .chord(let notes)?: return notes
        case .tuplet(let items)?: return lastLeaf(items)
        case nil: return []
        }
    }

    /// Hairpins from a note's start to a later slot, over notes (and graces) written at the
    /// starting velocity, one after another.
    mutating func addHairpins(_ expression: inout PhraseExpression, places: Places) {
        var earliest = Rational.zero
        for (index, sound) in places.sounds.enumerated() where sound.offset >= earliest && random.chance(20) {
            let from = sound.notes[0].velocity
            // The hairpin may run over the notes that follow at the same velocity.
            var last = index
            while last + 1 < places.sounds.count, places.sounds[last + 1].notes.allSatisfy({ $0.velocity == from }) { last += 1 }
            guard sound.notes.allSatisfy({ $0.velocity == from }) else { continue }
            let limit = last + 1 < places.sounds.count ? places.sounds[last + 1].offset : places.slots.last ?? sound.offset
            // Now and then a hairpin that ends where it starts (`!> !mf`).
            let ends = places.slots.filter { ($0 > sound.offset || random.chance(5)) && $0 >= sound.offset && $0 <= limit }
            guard !ends.isEmpty else { continue }
            let end = random.pick(ends)
            let inside = expression.graces.filter { $0.offset >= sound.offset && $0.offset < end }
            guard inside.allSatisfy({ $0.items.joined().allSatisfy { $0.velocity == from } }) else { continue }
            var to = random.int(0...127)
            if to == from { to = from == 127 ? 126 : from + 1 }
            expression.hairpins.append(Hairpin(start: sound.offset, end: end, from: from, to: to))
            earliest = end
        }
    }

    /// A verse of `syllables` syllables: words, words split with `-`, `_` and `*`.
    mutating func verse(syllables: Int) -> String {
        var words: [String] = []
        var left = syllables
        while left > 0 {
            let parts = min(left, random.int(1...3))
            let syllable = { (generator: inout RandomSongGenerator) -> String in
                generator.random.chance(10) ? generator.random.pick(["_", "*"]) : generator.random.pick(["la", "Twin", "kle", "née", "歌", "o\"h", "a\\b"])
            }
            var word: [String] = []
            for _ in 0..<parts { word.append(syllable(&self)) }
            words.append(word.joined(separator: "-"))
            left -= parts
        }
        return words.joined(separator: " ")
    }
}
