import StaveSyntax

/// Lowers one phrase body: follows the sticky cursors (octave, duration, velocity), gives
/// every note its exact position, resolves pitches against the key, and checks ties.
struct BodyLowering {
    /// A bar line written in the body: its offset from the phrase start and where it was written.
    struct BarLine {
        var offset: Rational
        var range: SourceRange
    }


    let key: Key
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

    init(track: Track, key: Key) {
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
        return (PhraseBody(length: time, notes: notes, tempos: tempos), barLines)
    }

    mutating func error(_ id: DiagnosticID, _ message: String, _ range: SourceRange) {
        diagnostics.append(.error(id, message, at: range))
    }

    // MARK: - Elements

    /// Lowers the top-level element at `index` of a body (with its items, for a chord or tuplet).
    mutating func lowerTop(_ body: [BodyElement], at index: Int) {
        let element = body[index]
        switch element.kind {
        case .note(let sound, let length):
            let width = resolve(length)
            account(time)
            guard let pitch = resolve(sound, element.range) else { time = time + width; return }
            let note = ChordNote(pitch: pitch, velocity: velocity, tie: length.tiesToNext, spelling: written(sound))
            var root = RootNote(position: time, width: width, note: note)
            root.source = SourceMark(element.range)
            notes.append(root)
            noteCount += 1
            ties.arrive(isRest: false) { $0 == pitch }
            if length.tiesToNext { ties.tie(pitch, at: length.tieRange ?? element.range) }
            time = time + width
        case .rest(let length):
            account(time)
            time = time + resolve(length)
            ties.arrive(isRest: true) { _ in false }
        case .chord(let length, let items):
            let width = resolve(length)
            account(time)
            let chord = lowerChord(body, items: index + 1 ..< index + 1 + Int(items), tieAll: length.tiesToNext, tieRange: length.tieRange, range: element.range)
            var root = RootNote(position: time, width: width, chord: chord)
            root.source = SourceMark(element.range)
            notes.append(root)
            time = time + width
        case .tuplet(let length, let items):
            let width = resolve(length)
            account(time)
            let divisions = lowerTuplet(body, items: index + 1 ..< index + 1 + Int(items))
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
        case .tempo(let bpm):
            if let value = Lowering.tempo(bpm, &diagnostics) {
                account(time)
                tempos.append(TempoMark(offset: time, bpm: value))
            }
        default:
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
            if (0...127).contains(value) { velocity = value } else {
                error(.valueOutOfRange, "velocity \(value) is out of range: expected 0–127", element.range)
            }
        default:
            break
        }
    }

    /// Lowers the items of a chord: `body[items]` (members and commands, nothing nested).
    mutating func lowerChord(_ body: [BodyElement], items: Range<Int>, tieAll: Bool, tieRange: SourceRange?, range: SourceRange) -> [ChordNote] {
        var chord: [ChordNote] = []
        chord.reserveCapacity(items.count)
        var tied: [(pitch: Int, range: SourceRange)] = []
        for index in items {
            let item = body[index]
            guard case .member(let member) = item.kind else { command(item); continue }
            guard let pitch = resolve(member.sound, member.range) else { continue }
            let tie = member.tie || tieAll
            if let index = chord.firstIndex(where: { $0.pitch == pitch }) {
                if tie { chord[index].tie = true }
            } else {
                chord.append(ChordNote(pitch: pitch, velocity: velocity, tie: tie, spelling: written(member.sound)))
            }
            if tie, !tied.contains(where: { $0.pitch == pitch }) {
                tied.append((pitch, member.tie ? member.range : (tieRange ?? range)))
            }
        }
        noteCount += chord.count
        ties.arrive(isRest: false) { pitch in chord.contains { $0.pitch == pitch } }
        for (pitch, range) in tied { ties.tie(pitch, at: range) }
        return chord
    }

    /// Lowers the items of a tuplet: `body[items]`, where a nested chord or tuplet is followed
    /// by its own items.
    mutating func lowerTuplet(_ body: [BodyElement], items: Range<Int>) -> [TupletNote] {
        var divisions: [TupletNote] = []
        divisions.reserveCapacity(items.count)
        var index = items.lowerBound
        while index < items.upperBound {
            let item = body[index]
            index += 1 + item.itemCount
            switch item.kind {
            case .note(let sound, let length):
                guard let pitch = resolve(sound, item.range) else {
                    divisions.append(.rest)
                    continue
                }
                divisions.append(.chord([ChordNote(pitch: pitch, velocity: velocity, tie: length.tiesToNext, spelling: written(sound))]))
                noteCount += 1
                ties.arrive(isRest: false) { $0 == pitch }
                if length.tiesToNext { ties.tie(pitch, at: length.tieRange ?? item.range) }
            case .rest:
                divisions.append(.rest)
                ties.arrive(isRest: true) { _ in false }
            case .chord(let length, let members):
                let start = index - Int(members)
                divisions.append(.chord(lowerChord(body, items: start ..< index, tieAll: length.tiesToNext, tieRange: length.tieRange, range: item.range)))
            case .tuplet(_, let nested):
                let start = index - Int(nested)
                divisions.append(.tuplet(lowerTuplet(body, items: start ..< index)))
            default:
                command(item)
            }
        }
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
    @inline(__always)
    mutating func account(_ time: Rational) {
        // The denominator of time × 4 (a quarter-note count).
        let denominator = time.denominator.trailingZeroBitCount >= 2 ? time.denominator >> 2
            : time.denominator / Int(Rational.gcd(time.denominator.magnitude, 4))
        if denominator > 1, quarterDenominator % denominator != 0 {
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
    /// is F-sharp); nil for drums.
    @inline(__always)
    func written(_ sound: Sound) -> PitchSpelling? {
        guard case .pitch(let spelling) = sound else { return nil }
        return PitchSpelling(letterByte: spelling.letterByte, accidental: spelling.accidental ?? key.accidental(forByte: spelling.letterByte))
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
            return nil // v2: lowered by the Stave 2 front end (in progress)
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
