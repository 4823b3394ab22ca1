import StaveComposition
import StaveSyntax

/// Notes, chords, tuplets, and what Stave 2 writes on them: marks (`c4'`, `[c e g]2^`, `{c' d
/// e}4`), grace groups before their note (`(d e)f4`), chord symbols in their chord (`[Am7]`,
/// `[G7 > d]`, `[C~]2`).
extension BodyPrinter {
    /// Written text with the commands that must come right before it. Commands needed by the
    /// first note of a chord or tuplet go before the bracket, where a person would put them.
    struct Written {
        var commands: [String]
        var text: String
    }

    mutating func container(_ note: RootNote) {
        // A plain note or chord, read without building a divisions array.
        if let single = note.singleNote {
            plain(CollectionOfOne(single), of: note)
            return
        }
        if let notes = note.singleChord, !notes.isEmpty {
            plain(notes, of: note)
            return
        }
        let written = tuplet(note.divisions, start: note.position, width: note.width)
        let duration = WrittenDuration.single(note.width) ?? WrittenDuration(value: 4, dots: 0)
        elements += written.commands
        elements.append(written.text + lengthText([duration]))
    }

    /// A note or chord (not a rest) that fills its container, with its duration, marks and tie.
    private mutating func plain<Notes: Collection>(_ notes: Notes, of note: RootNote) where Notes.Element == ChordNote {
        guard let first = notes.first else { return }
        let parts = WrittenDuration.spell(note.width) ?? [WrittenDuration(value: 4, dots: 0)]
        let grace = graces.isEmpty ? nil : graceText(at: note.position)
        let inside = grace == nil ? [] : commandTexts(upTo: note.position, afterGraces: .max)
        let symbol = symbols.isEmpty ? nil : symbols[note.position]
        var written = notes.count == 1 && symbol == nil ? single(first) : chord(Array(notes), symbol: symbol, memberMarks: false)
        if !inside.isEmpty { written = BodyPrinter.bracketed(written, after: inside, single: notes.count == 1 && symbol == nil) }
        let tie = notes.count == 1 ? first.tie : symbol == nil && notes.allSatisfy(\.tie)
        let shared = notes.count == 1 || BodyPrinter.sharedMarks(Array(notes)) ? BodyPrinter.markText(first.marks) : ""
        // The note's own `@N` follows its marks (`c4'@70`, `[c e g]2@70`); a chord's when all
        // its notes share it, else each member wrote its own.
        let marks = shared + (symbol == nil && BodyPrinter.sharedOwnVelocity(Array(notes)) ? BodyPrinter.ownVelocityText(first) : "")
        if let grace { written = Written(commands: [], text: BodyPrinter.graceGroup(grace, written.commands) + written.text) }
        elements += written.commands
        // Marks follow the (first) duration: `c4'`, `c2'~8` for a length tied inline.
        let length = lengthText(parts)
        let marked = marks.isEmpty ? length : length.firstIndex(of: "~").map { length[..<$0] + marks + length[$0...] } ?? length + marks
        elements.append(written.text + marked + (tie ? "~" : ""))
    }

    /// `{c d e}` without its duration; commands that stand at an item's start go before it.
    mutating func tuplet(_ items: [TupletNote], start: Rational, width: Rational) -> Written {
        var prefix: [String] = []
        var texts: [String] = []
        let part = width / max(1, items.count)
        for (index, division) in items.enumerated() {
            let itemStart = start + part * index
            if index > 0 { texts += commandTexts(upTo: itemStart) }
            let written = item(division, start: itemStart, part: part)
            if index == 0 { prefix = written.commands } else { texts += written.commands }
            texts.append(written.text)
        }
        return Written(commands: prefix, text: "{" + texts.joined(separator: " ") + "}")
    }

    /// A tuplet item: a note, a rest, a chord or a nested tuplet; marks after each pitch.
    mutating func item(_ division: TupletNote, start: Rational, part: Rational) -> Written {
        switch division {
        case .chord(let notes) where notes.isEmpty:
            return Written(commands: [], text: "r")
        case .chord(let notes):
            let grace = graces.isEmpty ? nil : graceText(at: start)
            let inside = grace == nil ? [] : commandTexts(upTo: start, afterGraces: .max)
            let symbol = symbols.isEmpty ? nil : symbols[start]
            var written: Written
            if notes.count == 1, symbol == nil, inside.isEmpty {
                written = single(notes[0])
                written.text += BodyPrinter.markText(notes[0].marks) + BodyPrinter.ownVelocityText(notes[0]) + (notes[0].tie ? "~" : "")
            } else if notes.count == 1, symbol == nil {
                // `[e pedal down]`: the member keeps its own marks and tie inside the brackets.
                let member = single(notes[0])
                written = BodyPrinter.bracketed(Written(commands: member.commands, text: member.text + BodyPrinter.markText(notes[0].marks) + BodyPrinter.ownVelocityText(notes[0]) + (notes[0].tie ? "~" : "")),
                                                after: inside, single: true)
            } else {
                written = chord(notes, symbol: symbol, memberMarks: true)
                if symbol == nil, notes.allSatisfy(\.tie) { written.text += "~" }
                if !inside.isEmpty { written = BodyPrinter.bracketed(written, after: inside, single: false) }
            }
            if let grace { written = Written(commands: [], text: BodyPrinter.graceGroup(grace, written.commands) + written.text) }
            return written
        case .tuplet(let items):
            return tuplet(items, start: start, width: part)
        }
    }

    /// One note without marks, tie or duration.
    mutating func single(_ note: ChordNote) -> Written {
        let (commands, pitch) = member(note)
        return Written(commands: commands, text: pitch)
    }

    /// `[c e > g]`: members with their own ties unless the whole chord is tied, and their own
    /// marks when `memberMarks` or when the chord's notes differ in marks; with a chord symbol,
    /// `[Am7]`, `[G7 > d]`: the symbol where its first pitch stands among the notes (its octave set
    /// right before it so that its root lands on its pitch; the symbol leaves the octave as it
    /// is), the notes before it as pitches, and after it the pitches that are not its own.
    mutating func chord(_ notes: [ChordNote], symbol: ChordSymbolMark?, memberMarks: Bool) -> Written {
        let tieAll = symbol == nil && notes.allSatisfy(\.tie)
        let marksEach = memberMarks || !BodyPrinter.sharedMarks(notes)
        let ownEach = memberMarks || symbol != nil || !BodyPrinter.sharedOwnVelocity(notes)
        func own(_ note: ChordNote) -> String { ownEach ? BodyPrinter.ownVelocityText(note) : "" }
        var prefix: [String] = []
        var parts: [String] = []
        var before = notes[...], after = notes[notes.endIndex...]
        var symbolPitches: [Int] = []
        if let symbol {
            // Its first pitch (the bass of `/BASS`, else the root) is where it stands.
            symbolPitches = symbol.pitches
            let first = notes.firstIndex { $0.pitch == symbolPitches.first } ?? notes.startIndex
            before = notes[..<first]
            after = notes[first...]
        }
        func add(_ commands: [String], _ text: String) {
            if parts.isEmpty, prefix.isEmpty { prefix = commands } else { parts += commands }
            parts.append(text)
        }
        for note in before {
            let (commands, pitch) = member(note)
            add(commands, pitch + (marksEach ? BodyPrinter.markText(note.marks) : "") + own(note) + (note.tie && !tieAll ? "~" : ""))
        }
        if let symbol, let first = after.first {
            // The symbol at its pitches' lowest velocity; a pitch of it that sounds louder was
            // also written as a note (`[v0 G v90 > d]`: two copies sound at the higher) and is
            // written again after the symbol.
            // Under `symbols off` the symbol's tones are silent (velocity 0) and need no command.
            let symbolVelocity = symbolsSound ? after.lazy.filter { symbolPitches.contains($0.pitch) }.map(\.velocity).min() ?? first.velocity : 0
            // A symbol with its own `@N` (`[Am7@40]`, `[Am7]2@40`) writes it, not a velocity command.
            let symbolOwn = after.first { symbolPitches.contains($0.pitch) && $0.velocity == symbolVelocity }?.ownVelocity ?? false
            var commands: [String] = []
            if symbolsSound, !symbolOwn, symbolVelocity != velocity { commands.append(velocityCommand(symbolVelocity)) }
            let rootOctave = (symbol.rootPitch - symbol.symbol.root.semitonesAboveC) / 12 - 1
            if let command = octaveCommand(to: rootOctave) { commands.append(command) }
            add(commands, symbol.symbol.description + (marksEach ? BodyPrinter.markText(first.marks) : "") + (symbolOwn ? "@\(symbolVelocity)" : "") + (first.tie ? "~" : ""))
            for note in after where !symbolPitches.contains(note.pitch) || note.velocity != symbolVelocity || note.ownVelocity != symbolOwn {
                let (commands, pitch) = member(note)
                add(commands, pitch + (marksEach ? BodyPrinter.markText(note.marks) : "") + own(note) + (note.tie ? "~" : ""))
            }
        }
        return Written(commands: prefix, text: "[" + parts.joined(separator: " ") + "]")
    }

    /// The velocity and octave commands a note needs, and its pitch or drum name.
    mutating func member(_ note: ChordNote) -> (commands: [String], pitch: String) {
        var commands: [String] = []
        if !note.ownVelocity, note.velocity != velocity { commands.append(velocityCommand(note.velocity)) }
        if kind == .drums {
            return (commands, GeneralMIDI.drumName(forKey: note.pitch) ?? "kick")
        }
        // As written, else the key's spelling; the text relative to the key signature.
        let spelled = PitchSpeller(key: key).spell(note.pitch, written: note.spelling)
        if let command = octaveCommand(to: spelled.octave) { commands.append(command) }
        return (commands, spelled.text(in: key))
    }

    /// `>` / `<` for one octave, `oN` for more; nil when `target` is current. It becomes current.
    mutating func octaveCommand(to target: Int) -> String? {
        guard target != octave else { return nil }
        defer { octave = target }
        switch target - octave {
        case 1: return ">"
        case -1: return "<"
        default: return "o\(target)"
        }
    }

    /// The items of the grace group before the note at `offset` (without the parentheses),
    /// with the commands they need and the commands that stand before an item (a velocity
    /// command ending a hairpin there, LANGUAGE.md "Time of a command"); nil when there is none.
    mutating func graceText(at offset: Rational) -> [String]? {
        guard let group = graces[offset] else { return nil }
        var parts: [String] = []
        for (index, item) in group.items.enumerated() {
            if index > 0, commandIndex < commands.count { parts += commandTexts(upTo: offset, afterGraces: index) }
            if item.count == 1 {
                let (commands, pitch) = member(item[0])
                parts += commands + [pitch]
            } else {
                let written = chord(item, symbol: nil, memberMarks: true)
                parts += written.commands + [written.text]
            }
        }
        return parts
    }

    /// `[pedal down c e g]`: a note or chord with the commands that stand inside it, after its
    /// grace notes, written first inside the brackets (with the commands its first note needs).
    static func bracketed(_ written: Written, after commands: [String], single: Bool) -> Written {
        let inner = single ? written.text + "]" : String(written.text.dropFirst())
        return Written(commands: [], text: "[" + (commands + written.commands).joined(separator: " ") + " " + inner)
    }

    /// `(d e)`: the grace items, then the commands the main note needs (a grace group stands
    /// directly before its note, so they go inside it, last).
    static func graceGroup(_ items: [String], _ mainCommands: [String]) -> String {
        "(" + (items + mainCommands).joined(separator: " ") + ")"
    }

    /// True when every note of a chord has the same marks.
    static func sharedMarks(_ notes: [ChordNote]) -> Bool {
        guard let first = notes.first?.marks else { return true }
        return notes.allSatisfy { $0.marks == first }
    }

    /// `@N` for a note with its own velocity (v3), written after its marks; else nothing.
    static func ownVelocityText(_ note: ChordNote) -> String {
        note.ownVelocity ? "@\(note.velocity)" : ""
    }

    /// True when every note of a chord has its own velocity, the same one (written once, after
    /// the chord's duration).
    static func sharedOwnVelocity(_ notes: [ChordNote]) -> Bool {
        guard let first = notes.first, first.ownVelocity else { return false }
        return notes.allSatisfy { $0.ownVelocity && $0.velocity == first.velocity }
    }

    /// `'` staccato, `_` tenuto, `^` accent, in that order.
    static func markText(_ marks: NoteMarks) -> String {
        guard !marks.isEmpty else { return "" }
        return (marks.contains(.staccato) ? "'" : "") + (marks.contains(.tenuto) ? "_" : "") + (marks.contains(.accent) ? "^" : "")
    }
}
