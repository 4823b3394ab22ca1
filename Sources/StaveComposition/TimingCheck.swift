import StaveSyntax

/// Checks that depend on ticks: events that fall between ticks (one warning naming a ppq that
/// makes every event exact), notes whose *sounding* length (v2: staccato, legato, grace notes)
/// rounds to zero (dropped, with a warning), and
/// tempo events that collide on one tick (the later wins, with a warning).
///
/// Runs only on a song without errors, so each track's phrases line up with its statements.
enum TimingCheck {
    static func check(_ song: Song, syntax: SongSyntax, order tempos: [TimedTempo], quarterDenominators: [[Int]]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let ticksPerWhole = Rational(4 * song.ppq)
        func tick(_ time: Rational) -> Int { (time * ticksPerWhole).roundedHalfUp }
        /// Denominator of a time in quarter notes: the ppq must be a multiple of it.
        /// (A time that overflowed counts as needing a ppq beyond any limit, never as 0.)
        func quarterDenominator(_ time: Rational) -> Int {
            let quarters = time * 4
            return quarters.isOverflow ? Int.max / 2 : quarters.denominator
        }

        var sufficient = 1   // a ppq multiple of this makes every event exact
        var offGridAt: SourceRange?
        func require(_ denominator: Int, _ range: SourceRange) {
            sufficient = Rational.lcm(sufficient, denominator) ?? Int.max / 2
            if song.ppq % denominator != 0, offGridAt == nil { offGridAt = range }
        }

        let meterMap = MeterMap(meters: song.meters)
        let headerRange = syntax.header.first?.range ?? SourceRange(0, 0)
        for meter in song.meters { require(quarterDenominator(meterMap.start(ofBar: meter.bar)), headerRange) }
        for change in song.tempos { require(quarterDenominator(meterMap.start(ofBar: change.bar)), headerRange) }

        for (trackIndex, track) in song.tracks.enumerated() {
            let statements = syntax.tracks[trackIndex].phrases
            let placements = Performance.placements(of: track, in: song)
            for (index, placement) in placements.enumerated() where index < statements.count {
                let range = statements[index].keywordRange
                let relativeDenominator = quarterDenominators[trackIndex][index]
                var placementDenominator = Rational.lcm(quarterDenominator(placement.start), relativeDenominator) ?? Int.max / 2
                if placement.count > 1 {
                    placementDenominator = Rational.lcm(placementDenominator, quarterDenominator(placement.body.length)) ?? Int.max / 2
                }
                sufficient = Rational.lcm(sufficient, placementDenominator) ?? Int.max / 2
                // v2 marks make sounding times of their own (grace notes, shortened ends). Without
                // legato and graces only staccato does, halving a joined length: when every written
                // time falls on an even tick that is a whole tick too, and no note needs a look.
                let noLegatoOrGraces = placement.legato >= 100 && placement.body.expression.isEmpty
                let (evenGrid, overflow) = placementDenominator.multipliedReportingOverflow(by: 2)
                if noLegatoOrGraces, !overflow, evenGrid > 0, song.ppq % evenGrid == 0 { continue }
                let plain = noLegatoOrGraces && placement.isPlain
                if song.ppq % placementDenominator == 0 {
                    if plain { continue }
                    // Usually the written grid alone shows that every sounding time is a whole tick.
                    if Performance.soundsOnWholeTicks(placement.body, legato: placement.legato, ppq: song.ppq,
                                                      gridTicks: song.ppq / placementDenominator) { continue }
                    let inTicks = Performance.performedBody(placement.body, legato: placement.legato, ticksPerWhole: 4 * song.ppq, timingOnly: true)
                    if let inTicks, !inTicks.notes.contains(where: { $0.start == $0.end }) { continue }
                }
                // Some events may fall between ticks: look at the copies. Copies whose starts differ
                // by a whole number of ticks round alike, so one period of copies tells for all.
                let relative = plain ? Performance.joinedNotes(placement.body) : Performance.performedBody(placement.body, legato: placement.legato).notes
                if !plain {
                    for note in relative {
                        sufficient = Rational.lcm(sufficient, Rational.lcm(quarterDenominator(note.start), quarterDenominator(note.end)) ?? Int.max / 2) ?? Int.max / 2
                    }
                }
                let lengthTicks = placement.body.length * ticksPerWhole
                let period = lengthTicks.isOverflow ? placement.count : min(placement.count, max(1, lengthTicks.denominator))
                var droppedPerCopy: [Int] = []
                var inexact = false
                for copy in 0..<period {
                    let offset = placement.start + placement.body.length * copy
                    var droppedHere = 0
                    for note in relative {
                        let start = note.start + offset, end = note.end + offset
                        if !(start * ticksPerWhole).isInteger || !(end * ticksPerWhole).isInteger { inexact = true }
                        if tick(start) == tick(end) { droppedHere += 1 }
                    }
                    droppedPerCopy.append(droppedHere)
                    for mark in placement.body.tempos where !((mark.offset + offset) * ticksPerWhole).isInteger { inexact = true }
                    if copy > 64 && !inexact && droppedPerCopy.allSatisfy({ $0 == 0 }) { break }
                }
                var dropped = droppedPerCopy.reduce(0, +)
                if droppedPerCopy.count == period, period < placement.count {
                    dropped = dropped * (placement.count / period) + droppedPerCopy.prefix(placement.count % period).reduce(0, +)
                }
                if inexact, offGridAt == nil { offGridAt = range }
                if dropped > 0 {
                    diagnostics.append(.warning(.zeroLengthNote, "\(dropped) note\(dropped == 1 ? "" : "s") of this phrase round\(dropped == 1 ? "s" : "") to zero ticks at ppq \(song.ppq) and \(dropped == 1 ? "is" : "are") dropped from the MIDI output", at: range))
                }
            }
        }
        if let offGridAt {
            var message = "some events fall between ticks at ppq \(song.ppq) and are rounded to the nearest tick"
            if let exact = Rational.lcm(song.ppq, sufficient), exact <= 32767 {
                message += "; ppq \(exact) makes every event exact"
            } else if sufficient <= 32767 {
                message += "; ppq \(max(sufficient, (24 + sufficient - 1) / sufficient * sufficient)) makes every event exact"
            } else {
                message += "; no ppq up to 32767 makes every event exact"
            }
            diagnostics.append(.warning(.offTickGrid, message, at: offGridAt))
        }

        // Tempo events that collide on one tick, in file order: a header tempo stands where its
        // statement is (the last one for its bar: earlier ones were replaced in the header), an
        // in-body tempo where the statement placing it is. Only tempos written in the header
        // count: the default 120 at bar 1 is no event of the file.
        var headerStatements: [Int: SourceRange] = [:]
        for statement in syntax.header {
            guard case .tempo(_, let at, nil) = statement.kind else { continue }
            headerStatements[at?.value ?? 1] = statement.range
        }
        diagnostics += rampConflicts(song, inBody: tempos, meterMap: meterMap)
        var events = tempos
        for change in song.tempos {
            guard let range = headerStatements[change.bar] else { continue }
            events.append(TimedTempo(time: meterMap.start(ofBar: change.bar), bpm: change.bpm, range: range))
        }
        // Stable: the copies of one phrase keep their order.
        events = events.enumerated().sorted {
            $0.element.range.start != $1.element.range.start ? $0.element.range.start < $1.element.range.start : $0.offset < $1.offset
        }.map(\.element)
        var seen: [Int: Rational] = [:]
        for tempo in events {
            let at = tick(tempo.time)
            if let earlier = seen[at], earlier != tempo.bpm {
                diagnostics.append(.warning(.tempoConflict, "two tempo changes on tick \(at): tempo \(tempo.bpm.decimalText) replaces tempo \(earlier.decimalText)", at: tempo.range))
            }
            seen[at] = tempo.bpm
        }
        return diagnostics
    }

    /// An in-body tempo inside a tempo ramp's bars is an error (one per ramp, at the first).
    static func rampConflicts(_ song: Song, inBody tempos: [TimedTempo], meterMap: MeterMap) -> [Diagnostic] {
        guard !song.tempoRamps.isEmpty, !tempos.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        let spans = song.tempoRamps.map { (ramp: $0, start: meterMap.start(ofBar: $0.bar), end: meterMap.start(ofBar: $0.through + 1)) }
        var reported = Set<Int>()
        for tempo in tempos {
            // The ramps are in bar order and do not overlap: the last one starting at or before the tempo.
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].start <= tempo.time { low = middle + 1 } else { high = middle }
            }
            guard low > 0, tempo.time < spans[low - 1].end, reported.insert(low - 1).inserted else { continue }
            let ramp = spans[low - 1].ramp
            var diagnostic = Diagnostic.error(.tempoRampConflict, "tempo \(tempo.bpm.decimalText) falls inside the tempo ramp over bars \(ramp.bar)-\(ramp.through)", at: tempo.range)
            if let range = ramp.source.range { diagnostic.notes.append(DiagnosticNote("the ramp is here", at: range)) }
            diagnostics.append(diagnostic)
        }
        return diagnostics
    }
}
