import StaveComposition
import StaveSyntax

/// Prints one Original phrase body as Stave elements, following the same sticky cursors as
/// the compiler (octave, duration, velocity) so that it writes only what changes.
///
/// Rests fill the gaps between notes; bar lines go where a valid bar boundary falls between
/// elements; in-body tempo marks stand at their offsets. `StavePrinter` groups the elements
/// into lines.
struct BodyPrinter {
    let key: Key
    let kind: TrackKind
    var octave: Int
    var velocity: Int
    var duration = Rational(1, 4)
    /// The elements written so far; `|` is a bar line.
    var elements: [String] = []
    private var tempoIndex = 0
    private var tempos: [TempoMark] = []
    private var barSet: Set<Rational> = []
    private var bars: [Rational] = []
    /// The first bar offset not yet passed (bar offsets are visited in order).
    private var barIndex = 0

    init(track: Track, key: Key) {
        self.key = key
        self.kind = track.kind
        self.octave = track.octave
        self.velocity = track.velocity
    }

    /// The body's elements, given the offsets where bar lines are valid.
    mutating func print(_ body: PhraseBody, barOffsets: [Rational]) -> [String] {
        tempos = body.tempos
        bars = barOffsets
        barSet = Set(barOffsets)
        var time = Rational.zero
        boundary(at: time, barLine: false)
        for note in body.notes {
            if note.position > time { rest(from: time, to: note.position) }
            container(note)
            time = note.position + note.width
            boundary(at: time, barLine: true)
        }
        if body.length > time { rest(from: time, to: body.length) }
        // Anything left (never for a checked song) is written at the end so nothing is lost.
        while tempoIndex < tempos.count {
            elements.append("tempo \(tempos[tempoIndex].bpm.decimalText)")
            tempoIndex += 1
        }
        return elements
    }

    /// A point between elements: a bar line if one is valid here, then the tempo marks here.
    mutating func boundary(at time: Rational, barLine: Bool) {
        if barLine, barSet.contains(time) { elements.append("|") }
        while tempoIndex < tempos.count, tempos[tempoIndex].offset <= time {
            elements.append("tempo \(tempos[tempoIndex].bpm.decimalText)")
            tempoIndex += 1
        }
    }

    /// Rests from one boundary to the next, split where tempo marks stand and, when the parts
    /// can be written, at bar boundaries.
    mutating func rest(from start: Rational, to end: Rational) {
        var points: [Rational] = []
        var index = tempoIndex
        while index < tempos.count, tempos[index].offset < end {
            if tempos[index].offset > start { points.append(tempos[index].offset) }
            index += 1
        }
        points.append(end)
        var last = start
        while barIndex < bars.count, bars[barIndex] <= start { barIndex += 1 }
        for point in points where point > last {
            while barIndex < bars.count, bars[barIndex] < point {
                let bar = bars[barIndex]
                barIndex += 1
                guard DurationSpeller.spell(bar - last) != nil, DurationSpeller.spell(point - bar) != nil else { continue }
                rests(bar - last)
                boundary(at: bar, barLine: true)
                last = bar
            }
            rests(point - last)
            boundary(at: point, barLine: true)
            last = point
        }
    }

    mutating func rests(_ length: Rational) {
        for part in DurationSpeller.spell(length) ?? [] {
            elements.append("r" + lengthText([part]))
        }
    }

    // MARK: - Notes, chords, tuplets

    /// Written text with the commands that must come right before it. Commands needed by the
    /// first note of a chord or tuplet go before the bracket, where a person would put them.
    struct Written {
        var commands: [String]
        var text: String
    }

    mutating func container(_ note: RootNote) {
        if note.divisions.count == 1, case .chord(let notes) = note.divisions[0], !notes.isEmpty {
            let parts = DurationSpeller.spell(note.width) ?? [WrittenDuration(value: 4, dots: 0)]
            let written = notes.count == 1 ? single(notes[0]) : chord(notes)
            let tie = notes.count == 1 ? notes[0].tie : notes.allSatisfy(\.tie)
            elements += written.commands
            elements.append(written.text + lengthText(parts) + (tie ? "~" : ""))
            return
        }
        let written = tuplet(note.divisions)
        let duration = DurationSpeller.single(note.width) ?? WrittenDuration(value: 4, dots: 0)
        elements += written.commands
        elements.append(written.text + lengthText([duration]))
    }

    /// `{c d e}` without its duration.
    mutating func tuplet(_ items: [TupletNote]) -> Written {
        var prefix: [String] = []
        var texts: [String] = []
        for (index, division) in items.enumerated() {
            let written = item(division)
            if index == 0 { prefix = written.commands } else { texts += written.commands }
            texts.append(written.text)
        }
        return Written(commands: prefix, text: "{" + texts.joined(separator: " ") + "}")
    }

    /// A tuplet item: a note, a rest, a chord or a nested tuplet.
    mutating func item(_ division: TupletNote) -> Written {
        switch division {
        case .chord(let notes) where notes.isEmpty:
            return Written(commands: [], text: "r")
        case .chord(let notes) where notes.count == 1:
            let written = single(notes[0])
            return Written(commands: written.commands, text: written.text + (notes[0].tie ? "~" : ""))
        case .chord(let notes):
            let written = chord(notes)
            return Written(commands: written.commands, text: written.text + (notes.allSatisfy(\.tie) ? "~" : ""))
        case .tuplet(let items):
            return tuplet(items)
        }
    }

    /// One note without tie or duration.
    mutating func single(_ note: ChordNote) -> Written {
        let (commands, pitch) = member(note)
        return Written(commands: commands, text: pitch)
    }

    /// `[c e > g]`: members with their own ties unless the whole chord is tied.
    mutating func chord(_ notes: [ChordNote]) -> Written {
        let tieAll = notes.allSatisfy(\.tie)
        var prefix: [String] = []
        var parts: [String] = []
        for (index, note) in notes.enumerated() {
            let (commands, pitch) = member(note)
            if index == 0 { prefix = commands } else { parts += commands }
            parts.append(pitch + (note.tie && !tieAll ? "~" : ""))
        }
        return Written(commands: prefix, text: "[" + parts.joined(separator: " ") + "]")
    }

    /// The velocity and octave commands a note needs, and its pitch or drum name.
    mutating func member(_ note: ChordNote) -> (commands: [String], pitch: String) {
        var commands: [String] = []
        if note.velocity != velocity {
            velocity = note.velocity
            if let dynamic = Parser.dynamics.first(where: { $0.value == note.velocity })?.key {
                commands.append("!" + dynamic)
            } else {
                commands.append("v\(note.velocity)")
            }
        }
        if kind == .drums {
            return (commands, GeneralMIDI.drumName(forKey: note.pitch) ?? "kick")
        }
        let (text, noteOctave) = PitchText.spell(note, in: key)
        if noteOctave != octave {
            switch noteOctave - octave {
            case 1: commands.append(">")
            case -1: commands.append("<")
            default: commands.append("o\(noteOctave)")
            }
            octave = noteOctave
        }
        return (commands, text)
    }

    /// The written length: nothing when it is the current duration, one duration, or
    /// durations tied inline (`2~8`). The last one written becomes current.
    mutating func lengthText(_ parts: [WrittenDuration]) -> String {
        guard let last = parts.last else { return "" }
        defer { duration = last.length }
        if parts.count == 1, last.length == duration { return "" }
        return parts.map(\.text).joined(separator: "~")
    }
}
