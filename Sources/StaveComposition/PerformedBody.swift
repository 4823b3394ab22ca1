import StaveSyntax

/// What one phrase body sounds like when a track plays it (LANGUAGE.md "Expression (v2)"):
/// the one place where the v2 marks the Composition keeps as written become sound.
///
/// - **Sounding length.** A note written (or joined by ties) to last L sounds from its start s
///   to s + L·f: f = 1/2 staccato, 1 tenuto, else the playing track's `legato`/100. A joined
///   note takes its velocity and accent from its first part, its staccato or tenuto from its
///   last (`NoteMarks.joined(with:)`). Ends are rounded to ticks by the backend, each on its own.
/// - **Grace notes.** k items before a main note of written length L (its own; in a tuplet its
///   share) each last g = min(1/32, L/(2k)), one after another from the main note's written
///   start; the main note starts k·g later and is k·g shorter. Legato applies to them, marks do not.
/// - **Commands** (pedal, controller, bend, hairpin ends) take effect where they stand, grace
///   notes before them counted (`PhraseBody.time(of:afterGraces:)`).
/// - **Hairpins.** A note (grace notes included) whose start t falls in start ≤ t < end takes
///   round(from + (to − from)·(t − start)/(end − start)), halves upward. t is the note's
///   *sounding* start: a grace note's own, and for a main note after graces its delayed start
///   (where it is heard). Accents (+20, at most 127; velocity 0 stays 0) are added after.
/// - **Lyric notes.** Each note or chord that starts a sound (a chord once; rests, tie
///   continuations and grace notes not) gives one lyric start: the main note's start, after
///   any graces.
public struct PerformedBody<Time: NoteTime>: Sendable {
    /// The sounding notes, grace notes included, in start order, relative to the phrase start;
    /// velocities after hairpins and accents, pitches as written (before any shift).
    public var notes: [TimedNote<Time>]
    /// Pedal, controller and bend commands with their times, in body order.
    public var controls: [TimedControl<Time>]
    /// The start of each lyric note, in order (see the type's comment).
    public var lyricStarts: [Time]
}

/// A controller command at a time.
public struct TimedControl<Time: NoteTime>: Sendable {
    /// When it is sent.
    public var time: Time
    /// What it sends.
    public var event: ControlMark.Event
}

extension Performance {
    /// True when `body` played by a track of `legato` sounds exactly as version 1 reads it (no
    /// v2 marks, no legato): the backends then keep their v1 paths, byte for byte and as fast.
    public static func isPlain(_ body: PhraseBody, legato: Int) -> Bool {
        guard legato >= 100, body.expression.isEmpty else { return false }
        for root in body.notes {
            if let note = root.singleNote {
                if !note.marks.isEmpty { return false }
            } else if let notes = root.singleChord {
                if notes.contains(where: { !$0.marks.isEmpty }) { return false }
            } else if root.divisions.contains(where: { hasMarks($0) }) {
                return false
            }
        }
        return true
    }

    private static func hasMarks(_ division: TupletNote) -> Bool {
        switch division {
        case .chord(let notes): return notes.contains { !$0.marks.isEmpty }
        case .tuplet(let items): return items.contains { hasMarks($0) }
        }
    }

    /// The sound of `body` played by a track of `legato` percent, in exact whole notes.
    public static func performedBody(_ body: PhraseBody, legato: Int) -> PerformedBody<Rational> {
        performedBody(body, legato: legato) { $0 } ?? PerformedBody(notes: [], controls: [], lyricStarts: [])
    }

    /// The sound of `body` in whole MIDI ticks (`ticksPerWhole` = 4 × ppq); nil when some time
    /// falls between ticks (the caller then rounds the exact times one by one). Specialized here,
    /// where the generic walk is compiled, so backends in other modules get the fast path.
    public static func performedBody(_ body: PhraseBody, legato: Int, ticksPerWhole: Int, timingOnly: Bool = false) -> PerformedBody<Int>? {
        performedBody(body, legato: legato, timingOnly: timingOnly) { $0.ticks(perWhole: ticksPerWhole) }
    }

    /// `performedBody(_:legato:ticksPerWhole:)` with each written tick moved by `place` (swing,
    /// `TickSwingMap`). Specialized here for the same reason: the MIDI writer's feel path.
    public static func performedBody(_ body: PhraseBody, legato: Int, ticksPerWhole: Int, place: (Int) -> Int) -> PerformedBody<Int>? {
        withoutActuallyEscaping(place) { place in
            performedBody(body, legato: legato, place: place) { $0.ticks(perWhole: ticksPerWhole) }
        }
    }

    /// The sound of `body` with times converted by `convert` (for example to whole MIDI ticks);
    /// nil when a time, a grace length or a sounding length has no exact value in that unit.
    /// With `timingOnly` the notes keep their written velocities and no controls or lyric
    /// starts are made (for checks that need only where notes sound).
    ///
    /// `place` (Stave 3 swing, `SwingMap`) maps each written time of a note (relative to the
    /// body, in the target unit) to where it sounds; grace notes, sounding lengths, lyric starts
    /// and commands are then timed from the placed times. Nil: as written.
    public static func performedBody<Time: NoteTime>(_ body: PhraseBody, legato: Int, timingOnly: Bool = false,
                                                     place: ((Time) -> Time)? = nil,
                                                     convert: (Rational) -> Time?) -> PerformedBody<Time>? {
        let expression = body.expression
        guard let graceCap = convert(Rational(1, 32)) else { return nil }
        // Grace groups by their main note's start in the target unit (exact, so equal times
        // stay equal and order is kept).
        var graceStarts: [Time] = []
        graceStarts.reserveCapacity(expression.graces.count)
        for group in expression.graces {
            guard let start = convert(group.offset) else { return nil }
            graceStarts.append(start)
        }
        var walk = ExpressiveWalk<Time>(graces: expression.graces, graceStarts: graceStarts, graceCap: graceCap,
                                        countsLyrics: !timingOnly && !expression.verses.isEmpty)
        walk.place = place
        walk.joiner.out.reserveCapacity(body.notes.count + 2 * graceStarts.count)
        for root in body.notes {
            guard let position = convert(root.position), let width = convert(root.width) else { return nil }
            if let note = root.singleNote {
                guard walk.sound(CollectionOfOne(note), start: position, width: width) else { return nil }
                continue
            }
            if let notes = root.singleChord {
                guard walk.sound(notes, start: position, width: width) else { return nil }
                continue
            }
            let divisions = root.divisions
            guard let part = width.part(of: max(1, divisions.count)) else { return nil }
            var start = position
            for division in divisions {
                guard walk.division(division, start: start, width: part) else { return nil }
                start = start + part
            }
        }
        var notes = walk.joiner.out
        walk.joiner.out = []   // the only reference: shaped in place, not copied
        guard shape(&notes, hairpins: timingOnly ? [] : expression.hairpins, of: body, velocities: !timingOnly, legato: legato, convert: convert) else { return nil }
        var controls: [TimedControl<Time>] = []
        if !timingOnly {
            controls.reserveCapacity(expression.controls.count)
            for mark in expression.controls {
                let time: Time
                if let place {
                    // Swung: the command's written place, then the grace items before it timed
                    // from the swung main note (`PhraseBody.time(of:afterGraces:place:)`).
                    guard let start = convert(mark.offset) else { return nil }
                    var placed = place(start)
                    if mark.afterGraces > 0, let k = body.graceItems(at: mark.offset), k > 0, let length = body.writtenLength(at: mark.offset) {
                        guard let end = convert(mark.offset + length), let share = (place(end) - placed).part(of: 2 * k) else { return nil }
                        placed = placed + min(graceCap, share).times(min(mark.afterGraces, k))
                    }
                    time = placed
                } else {
                    guard let converted = convert(body.time(of: mark.offset, afterGraces: mark.afterGraces)) else { return nil }
                    time = converted
                }
                controls.append(TimedControl(time: time, event: mark.event))
            }
        }
        return PerformedBody(notes: notes, controls: controls, lyricStarts: walk.lyricStarts)
    }

    /// The share of a written length a note of a track of `legato` sounds for, in percent
    /// (1…100; staccato and tenuto aside).
    @inlinable
    public static func legatoPercent(_ legato: Int) -> Int { min(100, max(1, legato)) }

    /// True when every sounding time of `body`, played by a track of `legato`, is a whole MIDI
    /// tick at `ppq` and every note sounds for at least one tick — proved from the written grid
    /// alone, without performing the body: every written time of the body is a multiple of
    /// `gridTicks` ticks. A shortcut for checks; false means "perform it and see", not "inexact".
    ///
    /// Why (the rules are in `PerformedBody`'s comment): a joined written length J is a positive
    /// multiple of the grid u, so J·p/100 (u·p/100 whole) and J/2 (u even) are whole and at least
    /// one tick. A grace group of k items before a main note of written length L (≤ J) has
    /// g = min(ppq/8, L/(2k)); when g is whole and even and g·p/100 is whole, each grace note
    /// (g, sounding g·p/100) and the main note (J − k·g ≥ J/2, halved or scaled) are whole too.
    /// A grace group inside a tuplet is not looked into (false).
    public static func soundsOnWholeTicks(_ body: PhraseBody, legato: Int, ppq: Int, gridTicks: Int) -> Bool {
        let percent = legatoPercent(legato)
        func scalesWhole(_ ticks: Int) -> Bool { percent == 100 || (ticks * percent) % 100 == 0 }
        guard gridTicks > 0, gridTicks <= ppq, gridTicks % 2 == 0, scalesWhole(gridTicks) else { return false }
        let graces = body.expression.graces
        guard !graces.isEmpty else { return true }
        guard ppq % 8 == 0 else { return false }
        let cap = ppq / 8, ticksPerWhole = Rational(4 * ppq)
        let notes = body.notes
        var low = 0
        for group in graces {
            // The main note: the top-level note or chord written at the group's offset (graces
            // and notes are both in time order, so the search goes on from the last one).
            var high = notes.count
            while low < high {
                let middle = (low + high) / 2
                if notes[middle].position < group.offset { low = middle + 1 } else { high = middle }
            }
            guard low < notes.count, notes[low].position == group.offset,
                  notes[low].singleNote != nil || notes[low].singleChord != nil else { return false }
            let length = notes[low].width * ticksPerWhole
            let k = group.items.count
            guard k > 0, length.isInteger, !length.isOverflow else { return false }
            let lengthTicks = length.numerator
            let grace = lengthTicks / (2 * k) >= cap ? cap : (lengthTicks % (2 * k) == 0 ? lengthTicks / (2 * k) : 0)
            guard grace > 0, grace % 2 == 0, scalesWhole(grace) else { return false }
        }
        return true
    }

    /// Velocities (hairpins, then accents; a note's own `@N` wins over the ramp and still
    /// takes its accent) and sounding ends, in one pass over notes in start
    /// order with a cursor on the hairpins (which are in time order and never overlap).
    /// A hairpin's ends are timed as commands (`PhraseBody.time(of:afterGraces:)`).
    private static func shape<Time: NoteTime>(_ notes: inout [TimedNote<Time>], hairpins: [Hairpin], of body: PhraseBody, velocities: Bool, legato: Int, convert: (Rational) -> Time?) -> Bool {
        var ramps: [(start: Time, end: Time, from: Int, to: Int)] = []
        ramps.reserveCapacity(hairpins.count)
        for hairpin in hairpins {
            let startTime = body.time(of: hairpin.start, afterGraces: hairpin.startAfterGraces)
            let endTime = body.time(of: hairpin.end, afterGraces: hairpin.endAfterGraces)
            guard endTime > startTime else { continue }
            guard let start = convert(startTime), let end = convert(endTime) else { return false }
            ramps.append((start, end, hairpin.from, hairpin.to))
        }
        var ramp = 0
        let percent = legatoPercent(legato)
        return notes.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                var note = buffer[index]
                while ramp < ramps.count, ramps[ramp].end <= note.start { ramp += 1 }
                if ramp < ramps.count, ramps[ramp].start <= note.start, !note.ownVelocity {
                    let r = ramps[ramp]
                    note.velocity = r.from + (note.start - r.start).roundedRatio(times: r.to - r.from, over: r.end - r.start)
                }
                if velocities, note.marks.contains(.accent), note.velocity > 0 { note.velocity = min(127, note.velocity + 20) }
                note.velocity = min(127, max(0, note.velocity))
                let length = note.end - note.start
                let sounding: Time?
                if note.marks.contains(.staccato) {
                    sounding = length.part(of: 2)
                } else if note.marks.contains(.tenuto) || percent == 100 {
                    sounding = length
                } else {
                    sounding = length.scaled(percent, over: 100)
                }
                guard let sounding else { return false }
                note.end = note.start + sounding
                buffer[index] = note
            }
            return true
        }
    }
}

/// Walks a body's notes for `Performance.performedBody`: joins ties (`TieJoiner`), puts grace
/// notes before their main notes, and records where lyric notes start.
struct ExpressiveWalk<Time: NoteTime> {
    var joiner = TieJoiner<Time>()
    let graces: [GraceGroup]
    /// Each grace group's main-note start, converted.
    let graceStarts: [Time]
    let graceCap: Time
    let countsLyrics: Bool
    var nextGrace = 0
    var lyricStarts: [Time] = []
    /// Where a written time sounds (swing); nil: as written.
    var place: ((Time) -> Time)?

    init(graces: [GraceGroup], graceStarts: [Time], graceCap: Time, countsLyrics: Bool) {
        self.graces = graces
        self.graceStarts = graceStarts
        self.graceCap = graceCap
        self.countsLyrics = countsLyrics
    }

    /// A note or chord (empty: a rest) written at `start`, lasting `width`.
    mutating func sound<Notes: Collection>(_ notes: Notes, start: Time, width: Time) -> Bool where Notes.Element == ChordNote {
        let written = start
        var start = start, width = width
        if let place {
            let end = place(start + width)
            start = place(start)
            width = end - start
        }
        if nextGrace < graceStarts.count {
            while nextGrace < graceStarts.count, graceStarts[nextGrace] < written { nextGrace += 1 }
            if nextGrace < graceStarts.count, graceStarts[nextGrace] == written, !notes.isEmpty {
                let items = graces[nextGrace].items
                nextGrace += 1
                if !items.isEmpty {
                    guard let share = width.part(of: 2 * items.count) else { return false }
                    let length = min(graceCap, share)
                    for item in items {
                        for note in item {
                            joiner.out.append(TimedNote(start: start, end: start + length, pitch: note.pitch, velocity: note.velocity, isGrace: true))
                        }
                        start = start + length
                    }
                    width = width - length.times(items.count)
                }
            }
        }
        let before = joiner.out.count
        if notes.count == 1, let note = notes.first {
            joiner.single(note, start: start, end: start + width)
        } else {
            joiner.chord(Array(notes), start: start, end: start + width)
        }
        if countsLyrics, joiner.out.count > before { lyricStarts.append(start) }
        return true
    }

    /// One subdivision of a container, descending into nested tuplets.
    mutating func division(_ division: TupletNote, start: Time, width: Time) -> Bool {
        switch division {
        case .chord(let notes):
            return sound(notes, start: start, width: width)
        case .tuplet(let items):
            guard !items.isEmpty else { return true }
            guard let part = width.part(of: items.count) else { return false }
            var itemStart = start
            for item in items {
                guard self.division(item, start: itemStart, width: part) else { return false }
                itemStart = itemStart + part
            }
            return true
        }
    }
}
