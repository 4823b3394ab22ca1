import StaveSyntax

/// The Stave 2 marks of a body (LANGUAGE.md "Expression (v2)", "Songwriting (v2)"): kept as
/// written in `PhraseExpression`; their rules are `ExpressionRule`'s.
extension BodyLowering {
    /// A `!<` or `!>` waiting for the velocity command that ends it.
    struct OpenHairpin {
        var crescendo: Bool
        var start: Rational
        var from: Int
        var range: SourceRange
        var startAfterGraces = 0
    }

    /// Where a command stands: at the top level or in a chord `base`; inside a tuplet that
    /// starts at `base` and lasts `width`, before item `index` of `count`, the start of that
    /// item: `base + width × index / count`, worked out only when a mark needs it. Inside a
    /// grace group or a chord it decorates, `afterGraces` counts the group's items before it.
    struct Stand {
        var base = Rational.zero
        var width = Rational.zero
        var count = 1
        var index = 0
        var afterGraces = 0

        /// The time position.
        var time: Rational { index == 0 ? base : base + width * index / count }
    }

    // MARK: - Hairpins

    /// `!<` or `!>` at `stand.time` with the current velocity; a second one while one is open
    /// is an error and is left out.
    mutating func startHairpin(crescendo: Bool, range: SourceRange) {
        if let open = openHairpin {
            diagnostics.append(ExpressionRule.hairpinWhileOpen(crescendo: crescendo).diagnostic(
                at: range, notes: [DiagnosticNote("the open hairpin starts here", at: open.range)]))
            return
        }
        let start = stand.time
        account(start)
        openHairpin = OpenHairpin(crescendo: crescendo, start: start, from: velocity, range: range, startAfterGraces: stand.afterGraces)
    }

    /// A velocity command (in range) at `stand.time` ends the open hairpin.
    mutating func endHairpin(velocity to: Int, range: SourceRange) {
        guard let open = openHairpin else { return }
        openHairpin = nil
        if let problem = ExpressionRule.hairpinDirection(crescendo: open.crescendo, from: open.from, to: to) {
            diagnostics.append(problem.diagnostic(at: open.range, notes: [DiagnosticNote("the velocity command that ends it is here", at: range)]))
            return
        }
        let end = stand.time
        account(end)
        expression.hairpins.append(Hairpin(start: open.start, end: end, from: open.from, to: to,
                                           startAfterGraces: open.startAfterGraces, endAfterGraces: stand.afterGraces))
    }

    // MARK: - Controls

    /// `pedal`, `cc` or `bend` at `stand.time`; out of range it is reported and left out.
    mutating func control(_ event: ControlMark.Event, _ range: SourceRange) {
        if let problem = ExpressionRule.control(event) {
            diagnostics.append(problem.diagnostic(at: range))
            return
        }
        let offset = stand.time
        account(offset)
        expression.controls.append(ControlMark(offset: offset, event: event, afterGraces: stand.afterGraces))
    }

    // MARK: - Grace groups

    /// Lowers the items of a grace group (`body[items]`: notes, chords with their members,
    /// octave and velocity commands, which are sticky) and keeps it for the next note or chord.
    /// Grace notes carry no ties or marks and do not take part in the tie rule. A command in the
    /// group stands at the item after it (`stand.afterGraces`).
    mutating func lowerGrace(_ body: [BodyElement], items: Range<Int>, range: SourceRange) {
        var group: [[ChordNote]] = []
        var index = items.lowerBound
        defer { stand.afterGraces = 0 }
        while index < items.upperBound {
            let item = body[index]
            index += 1 + item.itemCount
            stand.afterGraces = group.count
            switch item.kind {
            case .note(let sound, _):
                guard let pitch = resolve(sound, item.range) else { continue }
                group.append([ChordNote(pitch: pitch, velocity: velocity, spelling: BodyLowering.written(sound, in: key))])
            case .chord(_, let members):
                var chord: [ChordNote] = []
                for memberIndex in index - Int(members) ..< index {
                    let member = body[memberIndex]
                    guard case .member(let written) = member.kind else {
                        graceCommand(member)
                        continue
                    }
                    if case .chordSymbol(let symbol) = written.sound {
                        // A grace item has no place for a symbol, so the song could not print back as written.
                        error(.graceItemNotAllowed, "a grace group cannot contain a chord symbol ('\(symbol)'): write its pitches as notes", written.range)
                    } else if let pitch = resolve(written.sound, written.range), !chord.contains(where: { $0.pitch == pitch }) {
                        chord.append(ChordNote(pitch: pitch, velocity: velocity, spelling: BodyLowering.written(written.sound, in: key)))
                    }
                }
                if !chord.isEmpty { group.append(chord) }
            default:
                graceCommand(item)
            }
        }
        noteCount += group.reduce(0) { $0 + $1.count }
        // An empty group, or a group with nothing after it, is reported by the parser.
        pendingGrace = group.isEmpty ? nil : (group, range)
    }

    /// The commands a grace group may hold (octave and velocity); anything else there is a
    /// parse error, already reported.
    mutating func graceCommand(_ element: BodyElement) {
        switch element.kind {
        case .setOctave, .octaveUp, .octaveDown, .velocity: command(element)
        default: break
        }
    }

    /// The waiting grace group decorates the note or chord that starts at `offset`; returns
    /// its item count (0 when none is waiting): the commands inside the chord come after them.
    @discardableResult
    mutating func attachGrace(at offset: Rational) -> Int {
        guard let grace = pendingGrace else { return 0 }
        pendingGrace = nil
        expression.graces.append(GraceGroup(offset: offset, items: grace.items))
        attachedGrace = graceRanges.count
        graceRanges.append(grace.range)
        return grace.items.count
    }

    /// A note or chord has met the tie rule: counts it if it is a lyric note, and reports a
    /// grace group before it when it continues a tie (`ExpressionRule.graceProblems` on a
    /// stored body, here as the notes come, with no second walk).
    @inline(__always)
    mutating func arrived(_ arrival: ExpressionRule.Arrival, _ range: SourceRange) {
        if arrival.startsSound {
            lyricNotes += 1
            if recordsLyricNotes { lyricNoteRanges.append(range) }
        }
        if let grace = attachedGrace {
            attachedGrace = nil
            if arrival.continuesTie { diagnostics.append(ExpressionRule.graceBeforeTieContinuation.diagnostic(at: graceRanges[grace])) }
        }
    }

    // MARK: - Articulations

    /// A chord member's marks after the chord's are joined to them (and a repeated pitch's):
    /// staccato and tenuto together is an error, once per member.
    mutating func checkMarks(_ marks: NoteMarks, _ range: SourceRange) {
        if let problem = ExpressionRule.marks(marks) { diagnostics.append(problem.diagnostic(at: range)) }
    }

    // MARK: - Chord symbols

    /// The root and pitches of a chord symbol in the current octave (the key signature does
    /// not apply); nil (reported) when a pitch falls outside MIDI's range or on a drum track.
    mutating func resolve(_ symbol: ChordSymbol, _ range: SourceRange) -> (root: Int, pitches: [Int])? {
        guard kind == .melody else { return nil } // a symbol on a drum track: the parser reports it
        let root = symbol.rootPitch(octave: octave)
        let pitches = symbol.pitches(root: root)
        for pitch in pitches {
            if let problem = SongRule.pitchRange(pitch, transpose: transpose, shown: "of chord symbol \(symbol) in octave \(octave)") {
                diagnostics.append(problem.diagnostic(at: range))
                return nil
            }
        }
        if let lowest = pitches.first, let highest = pitches.max() {
            lowestPitch = min(lowestPitch, lowest)
            highestPitch = max(highestPitch, highest)
        }
        return (root, pitches)
    }

    /// Adds a pitch to a chord being built, or merges it into the same pitch already there
    /// (`[c c^]`: one note, ties and marks joined); a tied pitch is remembered once for the tie
    /// rule. Returns the note's marks after the merge.
    @inline(__always) @discardableResult
    static func merge(_ pitch: Int, velocity: Int, ownVelocity: Bool = false, tie: Bool, tieRange: SourceRange, marks: NoteMarks, spelling: PitchSpelling?,
                      into chord: inout [ChordNote], tied: inout [(pitch: Int, range: SourceRange)],
                      velocities: inout (Int, Int)?) -> NoteMarks {
        var merged = marks
        if let index = chord.firstIndex(where: { $0.pitch == pitch }) {
            // Two copies of one pitch sound once, at the higher velocity (LANGUAGE.md
            // "Songwriting (v3)"); `velocities` tells the caller when they differ.
            if chord[index].velocity != velocity {
                velocities = (chord[index].velocity, velocity)
                if velocity > chord[index].velocity {
                    chord[index].velocity = velocity
                    chord[index].ownVelocity = ownVelocity
                }
            } else if ownVelocity {
                chord[index].ownVelocity = true
            }
            if tie { chord[index].tie = true }
            if !marks.isEmpty { chord[index].marks.formUnion(marks) }
            merged = chord[index].marks
        } else {
            chord.append(ChordNote(pitch: pitch, velocity: velocity, tie: tie, spelling: spelling, marks: marks, ownVelocity: ownVelocity))
        }
        if tie, !tied.contains(where: { $0.pitch == pitch }) { tied.append((pitch, tieRange)) }
        return merged
    }

    /// A pitch written a second time in a chord at another velocity (`velocities`: the first
    /// copy's, this one's): a warning at this copy.
    mutating func pitchTwice(_ pitch: Int, _ velocities: (Int, Int), _ range: SourceRange) {
        let name = kind == .drums ? (GeneralMIDI.drumName(forKey: pitch) ?? "key \(pitch)") : PitchSpeller(key: key).spell(pitch).name
        diagnostics.append(ExpressionRule.pitchTwice(name, pitch: pitch, first: velocities.0, second: velocities.1).diagnostic(at: range))
    }

    // MARK: - The end of the body

    /// At the end of the body: a hairpin still open has nothing to end it.
    mutating func finishExpression() {
        if let open = openHairpin {
            diagnostics.append(ExpressionRule.hairpinUnended(crescendo: open.crescendo).diagnostic(at: open.range))
            openHairpin = nil
        }
    }
}
