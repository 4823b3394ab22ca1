import StaveSyntax

/// Lowers one phrase body: follows the sticky cursors (octave, duration, velocity), gives
/// every note its exact position, resolves pitches against the key, and checks ties.
struct BodyLowering {
    /// A bar line written in the body: its offset from the phrase start and where it was written.
    struct BarLine {
        var offset: Rational
        var range: SourceRange
    }

    /// The key pitch letters read: the header key, or with key changes (`keyTimeline`) the key
    /// in force at the element being lowered.
    var key: Key
    /// Stave 3 key changes: the song's keys and the phrase's start, when a key change reaches
    /// the phrase (see `Placement.applyKeyChanges`).
    var keyTimeline: (map: KeyMap, start: Rational)?
    let kind: TrackKind
    let transpose: Int
    var octave: Int
    var velocity: Int
    var duration = Rational(1, 4)
    var time = Rational.zero
    var notes: [RootNote] = []
    var tempos: [TempoMark] = []
    var barLines: [BarLine] = []
    /// The tie rule, fed every note, chord and rest in time order.
    var ties: TieCheck<SourceRange>
    /// Lowest and highest pitch of the body, for range checks of transposed copies.
    var lowestPitch = Int.max
    var highestPitch = Int.min
    /// A multiple of the denominator of every event time in quarter notes (note boundaries and
    /// tempo marks): when the ppq is a multiple of it, every event of the body falls on a tick.
    var quarterDenominator = 1
    /// How many notes (chord members counted one by one) the body holds.
    var noteCount = 0
    var diagnostics: [Diagnostic] = []
    /// Set when a tuplet divides time too finely for exact fractions (nested tuplets of many primes).
    var subdivisionOverflow = false
    /// Set when a note names no drum: an error the parser reported, which makes the song as
    /// unfinished as an error found here (no timing checks follow).
    var hasUnknownDrum = false
    /// False once an element that failed to parse is met: the time of everything after it is
    /// a guess, so its bar lines are not recorded (checking them would only echo the error).
    var timingIsKnown = true

    // Stave 2 marks (see BodyLowering+Expression.swift).

    /// The texts of body `marker` statements (`SongSyntax.texts`).
    let texts: [String]
    /// The body's v2 marks so far, as written.
    var expression = PhraseExpression()
    /// Where each grace group of `expression.graces` was written.
    var graceRanges: [SourceRange] = []
    /// A hairpin waiting for the velocity command that ends it.
    var openHairpin: OpenHairpin?
    /// A grace group waiting for the note or chord it decorates.
    var pendingGrace: (items: [[ChordNote]], range: SourceRange)?
    /// The index (in `graceRanges`) of the grace group attached to the note or chord now
    /// arriving, until the tie rule has seen it (see `arrived`).
    var attachedGrace: Int?
    /// How many notes and chords start a sound (`ExpressionRule.Arrival`): the lyric notes.
    var lyricNotes = 0
    /// Record where each lyric note was written (a phrase that has lyrics: the checks of its
    /// verses name notes).
    var recordsLyricNotes = false
    /// Where each lyric note was written, in order, when `recordsLyricNotes`.
    var lyricNoteRanges: [SourceRange] = []
    /// Where a command stands (see `Stand`).
    var stand = Stand()

    /// False under `symbols off` (Accompaniment v3): a chord symbol's tones are kept at
    /// velocity 0 (rule 11: kept, but no MIDI note), so a melody pitch among them sounds alone.
    let symbolsSound: Bool

    init(track: Track, key: Key, texts: [String] = []) {
        self.symbolsSound = track.symbols
        self.texts = texts
        self.key = key
        self.kind = track.kind
        self.transpose = track.kind == .melody ? track.transpose : 0
        self.octave = track.octave
        self.velocity = track.velocity
        self.ties = TieCheck(kind: track.kind, key: key)
    }

    /// Lowers a body; returns the phrase body and its bar lines.
    mutating func lower(_ elements: [BodyElement], phraseRange: SourceRange) -> (PhraseBody, [BarLine]) {
        // Room for exactly the containers the body makes (its top-level notes, chords and
        // tuplets), not one per element: the notes of a large song are its biggest array.
        var containers = 0, scan = 0
        while scan < elements.count {
            switch elements[scan].kind {
            case .note, .chord, .tuplet: containers += 1
            default: break
            }
            scan += 1 + elements[scan].itemCount
        }
        notes.reserveCapacity(containers)
        // The body is flat: a chord or tuplet is followed by its items, which it lowers itself.
        var index = 0
        while index < elements.count {
            lowerTop(elements, at: index)
            index += 1 + elements[index].itemCount
        }
        ties.end()
        for (range, problem) in ties.problems { diagnostics.append(problem.diagnostic(at: range)) }
        account(time)
        if time.isOverflow || subdivisionOverflow {
            diagnostics.append(.error(.timeOverflow, "this phrase's durations are too fine to add up exactly (tuplets nested too finely)", at: phraseRange))
            return (PhraseBody(length: .zero), [])
        }
        let body = PhraseBody(length: time, notes: notes, tempos: tempos, expression: expression)
        if openHairpin != nil { finishExpression() }
        return (body, barLines)
    }

    mutating func error(_ id: DiagnosticID, _ message: String, _ range: SourceRange) {
        diagnostics.append(.error(id, message, at: range))
    }

    // MARK: - Elements

    /// Lowers the top-level element at `index` of a body (with its items, for a chord or tuplet).
    mutating func lowerTop(_ body: [BodyElement], at index: Int) {
        let element = body[index]
        if let keyTimeline { key = keyTimeline.map.key(at: keyTimeline.start + time) }
        switch element.kind {
        case .note(let sound, let length):
            let width = resolve(length)
            account(time)
            if pendingGrace != nil { attachGrace(at: time) }
            guard let pitch = resolve(sound, element.range) else {
                attachedGrace = nil
                time = time + width
                return
            }
            let note = ChordNote(pitch: pitch, velocity: length.velocity ?? velocity, tie: length.tiesToNext, spelling: BodyLowering.written(sound, in: key), marks: length.marks, ownVelocity: length.velocity != nil)
            var root = RootNote(position: time, width: width, note: note)
            root.source = SourceMark(element.range)
            notes.append(root)
            noteCount += 1
            arrived(ties.arrive(isRest: false, pitchCount: 1) { $0 == pitch }, element.range)
            if length.tiesToNext { ties.tie(pitch, at: length.tieRange ?? element.range) }
            time = time + width
        case .rest(let length):
            account(time)
            pendingGrace = nil // a grace group before a rest: reported by the parser
            time = time + resolve(length)
            ties.arrive(isRest: true, pitchCount: 0) { _ in false }
        case .chord(let length, let items):
            let width = resolve(length)
            account(time)
            let graces = pendingGrace != nil ? attachGrace(at: time) : 0
            stand = Stand(base: time, afterGraces: graces)
            let chord = lowerChord(body, items: index + 1 ..< index + 1 + Int(items), length: length, range: element.range)
            var root = RootNote(position: time, width: width, chord: chord)
            root.source = SourceMark(element.range)
            notes.append(root)
            time = time + width
        case .tuplet(let length, let items):
            let width = resolve(length)
            account(time)
            let divisions = lowerTuplet(body, items: index + 1 ..< index + 1 + Int(items), start: time, width: width)
            if BodyLowering.overflows(divisions, start: time, width: width) { subdivisionOverflow = true }
            accountParts(of: divisions, width: width)
            var root = RootNote(position: time, width: width, divisions: divisions)
            root.source = SourceMark(element.range)
            notes.append(root)
            time = time + width
        case .barLine:
            if timingIsKnown { barLines.append(BarLine(offset: time, range: element.range)) }
        case .invalid:
            timingIsKnown = false
            openHairpin = nil // what failed to parse may have been its end: no second error
        case .tempo(let bpm):
            if let value = Lowering.tempo(bpm, &diagnostics) {
                account(time)
                tempos.append(TempoMark(offset: time, bpm: value))
            }
        case .grace(let items):
            stand = Stand(base: time)
            lowerGrace(body, items: index + 1 ..< index + 1 + Int(items), range: element.range)
        default:
            stand = Stand(base: time)
            command(element)
        }
    }

    /// Applies an octave or velocity command; ignores anything else (already reported).
    mutating func command(_ element: BodyElement) {
        switch element.kind {
        case .setOctave(let value):
            if (0...9).contains(value) { octave = value } else {
                error(.octaveOutOfRange, "octave \(value) is out of range: octaves are 0–9", element.range)
            }
        case .octaveUp:
            if octave < 9 { octave += 1 } else { error(.octaveOutOfRange, "'>' goes above octave 9", element.range) }
        case .octaveDown:
            if octave > 0 { octave -= 1 } else { error(.octaveOutOfRange, "'<' goes below octave 0", element.range) }
        case .velocity(let value):
            if (0...127).contains(value) {
                if openHairpin != nil { endHairpin(velocity: value, range: element.range) }
                velocity = value
            } else {
                // A hairpin it would have ended is dropped with it: one mistake, one error.
                openHairpin = nil
                error(.valueOutOfRange, "velocity \(value) is out of range: expected 0–127", element.range)
            }
        case .hairpin(let crescendo):
            startHairpin(crescendo: crescendo, range: element.range)
        case .pedal(let down):
            control(.pedal(down: down), element.range)
        case .controller(let number, let value):
            control(.controller(number: Int(number), value: Int(value)), element.range)
        case .bend(let cents):
            control(.bend(cents: Int(cents)), element.range)
        case .marker(let textIndex):
            // An index past the texts cannot come from the parser; nothing to mark.
            guard Int(textIndex) < texts.count else { return }
            let offset = stand.time
            account(offset)
            expression.markers.append(MarkerMark(offset: offset, text: texts[Int(textIndex)], afterGraces: stand.afterGraces))
        case .invalid:
            openHairpin = nil // what failed to parse may have been its end: no second error
        default:
            break
        }
    }

    /// Lowers the items of a chord: `body[items]` (members and commands, nothing nested).
    /// A chord symbol's pitches (`[Am7]`) become its notes and the symbol is recorded at
    /// `stand.time`, the chord's start; commands among the members stand there too, after the
    /// chord's grace notes (`stand.afterGraces`).
    mutating func lowerChord(_ body: [BodyElement], items: Range<Int>, length: Length, range: SourceRange) -> [ChordNote] {
        var chord: [ChordNote] = []
        chord.reserveCapacity(items.count)
        var tied: [(pitch: Int, range: SourceRange)] = []
        let tieAll = length.tiesToNext
        for index in items {
            let item = body[index]
            guard case .member(let member) = item.kind else { command(item); continue }
            let tie = member.tie || tieAll
            let tieRange = !tie || member.tie ? member.range : (length.tieRange ?? range)
            let marks = member.marks.union(length.marks)
            // The member's own `@N` wins over the chord's; either over the cursor.
            let own = member.velocity ?? length.velocity
            if case .chordSymbol(let symbol) = member.sound {
                guard let (root, pitches) = resolve(symbol, member.range) else { continue }
                // One symbol per chord (a second one is the parser's error); symbols come in time order.
                let offset = stand.time
                if expression.chordSymbols.last?.offset != offset {
                    expression.chordSymbols.append(ChordSymbolMark(offset: offset, symbol: symbol, rootPitch: root))
                }
                var merged = marks
                for pitch in pitches {
                    var velocities: (Int, Int)?
                    let symbolVelocity = symbolsSound ? own ?? velocity : 0
                    merged.formUnion(BodyLowering.merge(pitch, velocity: symbolVelocity, ownVelocity: symbolsSound && own != nil, tie: tie, tieRange: tieRange, marks: marks, spelling: nil,
                                                        into: &chord, tied: &tied, velocities: &velocities))
                    if let velocities, symbolsSound { pitchTwice(pitch, velocities, member.range) }
                }
                if !merged.isEmpty { checkMarks(merged, member.range) }
                continue
            }
            guard let pitch = resolve(member.sound, member.range) else { continue }
            var velocities: (Int, Int)?
            let merged = BodyLowering.merge(pitch, velocity: own ?? velocity, ownVelocity: own != nil, tie: tie, tieRange: tieRange, marks: marks,
                                            spelling: BodyLowering.written(member.sound, in: key), into: &chord, tied: &tied, velocities: &velocities)
            // Under `symbols off` a melody pitch among a symbol's silent tones is no second copy.
            if let velocities, symbolsSound || min(velocities.0, velocities.1) > 0 { pitchTwice(pitch, velocities, member.range) }
            if !merged.isEmpty { checkMarks(merged, member.range) }
        }
        noteCount += chord.count
        arrived(ties.arrive(isRest: false, pitchCount: chord.count) { pitch in chord.contains { $0.pitch == pitch } }, range)
        for (pitch, range) in tied { ties.tie(pitch, at: range) }
        return chord
    }

    /// Lowers the items of a tuplet: `body[items]`, where a nested chord or tuplet is followed
    /// by its own items. The tuplet starts at `start` and lasts `width` (for the marks inside).
    mutating func lowerTuplet(_ body: [BodyElement], items: Range<Int>, start: Rational, width: Rational) -> [TupletNote] {
        var count = 0, scan = items.lowerBound
        while scan < items.upperBound {
            switch body[scan].kind {
            case .note, .rest, .chord, .tuplet: count += 1
            default: break
            }
            scan += 1 + body[scan].itemCount
        }
        var divisions: [TupletNote] = []
        divisions.reserveCapacity(count)
        let outer = stand
        stand = Stand(base: start, width: width, count: max(1, count))
        var index = items.lowerBound
        while index < items.upperBound {
            let item = body[index]
            index += 1 + item.itemCount
            switch item.kind {
            case .note(let sound, let length):
                if pendingGrace != nil { attachGrace(at: stand.time) }
                stand.index += 1
                guard let pitch = resolve(sound, item.range) else {
                    attachedGrace = nil
                    divisions.append(.rest)
                    continue
                }
                divisions.append(.chord([ChordNote(pitch: pitch, velocity: length.velocity ?? velocity, tie: length.tiesToNext, spelling: BodyLowering.written(sound, in: key), marks: length.marks, ownVelocity: length.velocity != nil)]))
                noteCount += 1
                arrived(ties.arrive(isRest: false, pitchCount: 1) { $0 == pitch }, item.range)
                if length.tiesToNext { ties.tie(pitch, at: length.tieRange ?? item.range) }
            case .rest:
                pendingGrace = nil // a grace group before a rest: reported by the parser
                stand.index += 1
                divisions.append(.rest)
                ties.arrive(isRest: true, pitchCount: 0) { _ in false }
            case .chord(let length, let members):
                stand.afterGraces = pendingGrace != nil ? attachGrace(at: stand.time) : 0
                let start = index - Int(members)
                divisions.append(.chord(lowerChord(body, items: start ..< index, length: length, range: item.range)))
                stand.afterGraces = 0
                stand.index += 1
            case .tuplet(_, let nested):
                let start = index - Int(nested)
                let itemStart = stand.time, itemWidth = stand.width / stand.count
                divisions.append(.tuplet(lowerTuplet(body, items: start ..< index, start: itemStart, width: itemWidth)))
                stand.index += 1
            case .grace(let graceItems):
                lowerGrace(body, items: index - Int(graceItems) ..< index, range: item.range)
            default:
                command(item)
            }
        }
        stand = outer
        return divisions
    }

    /// True when some subdivision's start or end cannot be held as an exact fraction.
    static func overflows(_ divisions: [TupletNote], start: Rational, width: Rational) -> Bool {
        // Fast path for a plain tuplet of modest numbers: every denominator below stays under
        // 2^32 and every numerator under 2^56, so nothing can overflow.
        if !start.isOverflow, !width.isOverflow, start.denominator < 1 << 12, width.denominator < 1 << 12, divisions.count < 1 << 8,
           start.numerator.magnitude < 1 << 24, width.numerator.magnitude < 1 << 24,
           !divisions.contains(where: { if case .tuplet = $0 { return true } else { return false } }) {
            return false
        }
        let part = width / divisions.count
        if part.isOverflow { return true }
        for (index, division) in divisions.enumerated() {
            let at = start + part * index
            if at.isOverflow || (at + part).isOverflow { return true }
            if case .tuplet(let nested) = division, overflows(nested, start: at, width: part) { return true }
        }
        return false
    }

    // MARK: - Durations and pitches

    /// The length of a note: written duration (which becomes current) plus inline ties.
    mutating func resolve(_ length: Length) -> Rational {
        if let written = length.duration { duration = Lowering.value(of: written) }
        guard let last = length.inlineTies.last else { return duration }
        let total = duration + Rational(length.inlineTies.total512, 512)
        duration = Lowering.value(of: last)
        return total
    }

    /// Takes a time's denominator (in quarter notes) into `quarterDenominator`.
    /// Every note passes here, so it neither divides (a power of two is tested with a mask)
    /// nor branches on whether the time falls on a quarter note (which comes in no order).
    @inline(__always)
    mutating func account(_ time: Rational) {
        // The denominator of time × 4 (a quarter-note count): gcd(d, 4) is 1 << min(twos in d, 2).
        let denominator = time.denominator >> min(time.denominator.trailingZeroBitCount, 2)
        guard denominator > 0 else { return }   // an overflowed time: reported elsewhere
        let remainder = denominator & (denominator &- 1) == 0 ? quarterDenominator & (denominator &- 1)
            : quarterDenominator % denominator
        if remainder != 0 {
            quarterDenominator = Rational.lcm(quarterDenominator, denominator) ?? Int.max
        }
    }

    /// Takes the boundaries inside a tuplet into account: they are multiples of its parts.
    mutating func accountParts(of divisions: [TupletNote], width: Rational) {
        guard !divisions.isEmpty else { return }
        let part = width / divisions.count
        account(part)
        for case .tuplet(let nested) in divisions { accountParts(of: nested, width: part) }
    }

    /// How a melody pitch was written, with the key's accidental when none was (`f` in D major
    /// is F-sharp); nil for drums. Static: a method on `self` would copy the whole lowering
    /// state for every note.
    @inline(__always)
    static func written(_ sound: Sound, in key: Key) -> PitchSpelling? {
        guard case .pitch(let spelling) = sound else { return nil }
        return spelling.spelled(or: key.accidental(forByte: spelling.letterByte))
    }

    /// The MIDI key of a sound; nil (reported) when out of range or unknown.
    mutating func resolve(_ sound: Sound, _ range: SourceRange) -> Int? {
        switch sound {
        case .drum(let drum):
            // Drum 0 is a name that is no drum, reported by the parser.
            guard drum != 0 else {
                hasUnknownDrum = true
                return nil
            }
            let key = Int(drum)
            lowestPitch = min(lowestPitch, key)
            highestPitch = max(highestPitch, key)
            return key
        case .chordSymbol:
            return nil // only a chord member can be a chord symbol (the parser reports others)
        case .chordTone(let tone):
            // A pattern's word keeps its octave and word until the realisation (`Accompaniment`).
            return 12 * (octave + 1) + tone.code
        case .pitch(let spelling):
            let pitch = Pitch.midi(spelling, octave: octave, key: key)
            if pitch >= 0, pitch <= 127, pitch + transpose >= 0, pitch + transpose <= 127 {
                lowestPitch = min(lowestPitch, pitch)
                highestPitch = max(highestPitch, pitch)
                return pitch
            }
            let shown = "\(Pitch.spellingText(spelling))\(octave)"
            if let problem = SongRule.pitchRange(pitch, transpose: transpose, shown: shown) {
                diagnostics.append(problem.diagnostic(at: range))
                return nil
            }
            return pitch
        }
    }
}
