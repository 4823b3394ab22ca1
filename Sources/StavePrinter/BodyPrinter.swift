import StaveComposition
import StaveSyntax

/// Prints one Original phrase body as Stave elements, following the same sticky cursors as
/// the compiler (octave, duration, velocity) so that it writes only what changes.
///
/// Rests fill the gaps between notes; bar lines go where a valid bar boundary falls between
/// elements; in-body tempo marks stand at their offsets, and so do the v2 commands (hairpins,
/// `pedal`, `cc`, `bend`, `marker`: `BodyCommand`), splitting rests where they fall in one
/// and standing between tuplet items where they fall in a tuplet. `StavePrinter` groups the
/// elements into lines.
struct BodyPrinter {
    /// The key pitches are written in: the header key, or with key changes (`keyTimeline`) the
    /// key in force at the note or chord being written (a tuplet's start for its items).
    var key: Key
    /// Stave 3 key changes: the song's keys and the phrase's start.
    var keyTimeline: (map: KeyMap, start: Rational)?
    let kind: TrackKind
    var octave: Int
    var velocity: Int
    var duration = Rational(1, 4)
    /// The elements written so far; `|` is a bar line.
    var elements: [String] = []
    private var tempoIndex = 0
    private var tempos: [TempoMark] = []
    private var bars: [Rational] = []
    /// The first bar offset not yet passed (bar offsets are visited in order) by the rests…
    private var barIndex = 0
    /// …and by the boundaries, which come in time order too.
    private var barLineIndex = 0
    /// The v2 commands in the order they are written, and the first not yet written.
    var commands: [BodyCommand] = []
    var commandIndex = 0
    /// Grace groups and chord symbols by the offset of the note they belong to.
    var graces: [Rational: GraceGroup] = [:]
    var symbols: [Rational: ChordSymbolMark] = [:]

    /// False under `symbols off`: a chord symbol's tones are silent (velocity 0) as written.
    let symbolsSound: Bool

    init(track: Track, key: Key) {
        self.symbolsSound = track.symbols
        self.key = key
        self.kind = track.kind
        self.octave = track.octave
        self.velocity = track.velocity
    }

    /// The body's elements, given the offsets where bar lines are valid.
    mutating func print(_ body: PhraseBody, barOffsets: [Rational]) -> [String] {
        tempos = body.tempos
        bars = barOffsets
        if !body.expression.isEmpty {
            commands = BodyCommand.commands(of: body.expression)
            for group in body.expression.graces where graces[group.offset] == nil { graces[group.offset] = group }
            for mark in body.expression.chordSymbols where symbols[mark.offset] == nil { symbols[mark.offset] = mark }
        }
        var time = Rational.zero
        boundary(at: time, barLine: false)
        for note in body.notes {
            if note.position > time { rest(from: time, to: note.position) }
            if let keyTimeline { key = keyTimeline.map.key(at: keyTimeline.start + note.position) }
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
        elements += commandTexts(upTo: nil)
        return elements
    }

    /// A point between elements: a bar line if one is valid here, then the tempo marks and
    /// the v2 commands here.
    mutating func boundary(at time: Rational, barLine: Bool) {
        while barLineIndex < bars.count, bars[barLineIndex] < time { barLineIndex += 1 }
        if barLine, barLineIndex < bars.count, bars[barLineIndex] == time { elements.append("|") }
        while tempoIndex < tempos.count, tempos[tempoIndex].offset <= time {
            elements.append("tempo \(tempos[tempoIndex].bpm.decimalText)")
            tempoIndex += 1
        }
        if commandIndex < commands.count { elements += commandTexts(upTo: time) }
    }

    /// The text of the v2 commands up to a time (all that are left for nil), in order; keeps
    /// the velocity cursor in step with the velocity commands among them. At `time` itself only
    /// those with at most `afterGraces` grace items before them: the others stand inside the
    /// grace group or the chord of the note there.
    mutating func commandTexts(upTo time: Rational?, afterGraces: Int = 0) -> [String] {
        var texts: [String] = []
        while commandIndex < commands.count, time.map({ commands[commandIndex].offset < $0
                || commands[commandIndex].offset == $0 && commands[commandIndex].afterGraces <= afterGraces }) ?? true {
            switch commands[commandIndex].action {
            case .hairpinStart(let from, let crescendo):
                if velocity != from { texts.append(velocityCommand(from)) }
                texts.append(crescendo ? "!<" : "!>")
            case .hairpinEnd(let to):
                texts.append(velocityCommand(to))
            case .text(let text):
                texts.append(text)
            }
            commandIndex += 1
        }
        return texts
    }

    /// `!mf` when a dynamic mark matches, else `vN`; the velocity becomes current.
    mutating func velocityCommand(_ value: Int) -> String {
        velocity = value
        if let dynamic = Parser.dynamics.first(where: { $0.value == value })?.key { return "!" + dynamic }
        return "v\(value)"
    }

    /// Rests from one boundary to the next, split where tempo marks and v2 commands stand and,
    /// when the parts can be written, at bar boundaries.
    mutating func rest(from start: Rational, to end: Rational) {
        var points: [Rational] = []
        var index = tempoIndex
        while index < tempos.count, tempos[index].offset < end {
            if tempos[index].offset > start { points.append(tempos[index].offset) }
            index += 1
        }
        index = commandIndex
        while index < commands.count, commands[index].offset < end {
            if commands[index].offset > start { points.append(commands[index].offset) }
            index += 1
        }
        if commandIndex < commands.count { points.sort() }
        points.append(end)
        var last = start
        while barIndex < bars.count, bars[barIndex] <= start { barIndex += 1 }
        for point in points where point > last {
            while barIndex < bars.count, bars[barIndex] < point {
                let bar = bars[barIndex]
                barIndex += 1
                guard WrittenDuration.spell(bar - last) != nil, WrittenDuration.spell(point - bar) != nil else { continue }
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
        for part in WrittenDuration.spell(length) ?? [] {
            elements.append("r" + lengthText([part]))
        }
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

/// A v2 command of a body at its offset: a hairpin's start or end, or a `pedal`, `cc`, `bend`
/// or `marker` (written as is).
struct BodyCommand {
    enum Action {
        /// `!<` / `!>`, after a velocity command when `from` is not the velocity in force.
        case hairpinStart(from: Int, crescendo: Bool)
        /// The velocity command that ends a hairpin.
        case hairpinEnd(to: Int)
        /// `pedal down`, `cc 11 90`, `bend -50`, `marker "Chorus"`.
        case text(String)
    }

    var offset: Rational
    /// How many grace items of the group at `offset` come before it (see `ControlMark`).
    var afterGraces = 0
    var action: Action

    /// A body's commands in writing order: by offset, then by the grace items before them; at
    /// one place, hairpin ends first, then controllers and markers (each in source order), then
    /// hairpin starts (a hairpin that ends where it starts is written `!> !mf`, its end right
    /// after its start).
    static func commands(of expression: PhraseExpression) -> [BodyCommand] {
        var ranked: [(command: BodyCommand, rank: Int, order: Int)] = []
        for pin in expression.hairpins {
            ranked.append((BodyCommand(offset: pin.start, afterGraces: pin.startAfterGraces, action: .hairpinStart(from: pin.from, crescendo: pin.isCrescendo)), 2, ranked.count))
            // A hairpin that ends where it starts ends right after its own start (`!> !mf`).
            let empty = pin.end == pin.start && pin.endAfterGraces == pin.startAfterGraces
            ranked.append((BodyCommand(offset: pin.end, afterGraces: pin.endAfterGraces, action: .hairpinEnd(to: pin.to)), empty ? 2 : 0, ranked.count))
        }
        for control in expression.controls {
            ranked.append((BodyCommand(offset: control.offset, afterGraces: control.afterGraces, action: .text(text(control.event))), 1, ranked.count))
        }
        for marker in expression.markers {
            ranked.append((BodyCommand(offset: marker.offset, afterGraces: marker.afterGraces, action: .text("marker " + StavePrinter.quoted(marker.text))), 1, ranked.count))
        }
        ranked.sort {
            ($0.command.offset, $0.command.afterGraces, $0.rank, $0.order) < ($1.command.offset, $1.command.afterGraces, $1.rank, $1.order)
        }
        return ranked.map(\.command)
    }

    /// `pedal down`, `pedal up`, `cc N V`, `bend C`.
    static func text(_ event: ControlMark.Event) -> String {
        switch event {
        case .pedal(let down): return down ? "pedal down" : "pedal up"
        case .controller(let number, let value): return "cc \(number) \(value)"
        case .bend(let cents): return "bend \(cents)"
        }
    }
}
