import StaveComposition

extension MIDIFileWriter {
    /// The events of a track that plays with swing or humanize (LANGUAGE.md "Feel (v3)"): every
    /// placement copy performed in exact time with its swing (`SwingMap`), each event rounded to
    /// ticks on its own, then the whole track humanized (`Humanizer`) and written in rule 14's
    /// order at each tick: note-offs, controllers and bends (by placement start, then body
    /// order), lyrics, note-ons.
    ///
    /// `placements` are the track's placements on its performance timeline, in start order:
    /// the hook where the form's unfolding (rule 17) comes before the feel.
    static func emitFelt(_ track: Track, in song: Song, placements: [Performance.Placement], ticksPerWhole: Rational,
                         into stream: inout NoteStream) {
        let meterMap = MeterMap(meters: song.meters)
        let wholeTicks = ticksPerWhole.numerator
        // Whole ticks when every window and onset falls on one (the common case, and fast);
        // exact times otherwise. Both give the same ticks.
        let tickSwing = song.swing(of: track).flatMap { TickSwingMap(swing: $0, placements: placements, meterMap: meterMap, ticksPerWhole: wholeTicks) }
        // The exact map: made at once when the tick map cannot be, else only if a copy needs it.
        var swing = tickSwing == nil ? song.swing(of: track).map { SwingMap(swing: $0, placements: placements, meterMap: meterMap) } : nil
        var notes: [Humanizer.Note] = []
        var controls: [(tick: Int, event: ControlMark.Event)] = []
        var lyrics: [(tick: Int, verse: Int, syllable: Int)] = []
        var verses: [LyricTexts] = []
        var verseIndex: [String: Int] = [:]
        for placement in placements {
            var unswung: PerformedBody<Rational>?
            var unswungTicks: PerformedBody<Int>??
            for copy in 0..<placement.count {
                let offset = placement.start + placement.body.length * copy
                if let tickSwing, let base = offset.ticks(perWhole: wholeTicks),
                   let swung = Performance.performedBody(placement.body, legato: placement.legato, ticksPerWhole: wholeTicks,
                                                         place: { tickSwing.time(base + $0) - base }) {
                    var body = swung
                    if !placement.body.expression.hairpins.isEmpty {
                        // Velocities follow the written times.
                        if unswungTicks == nil { unswungTicks = .some(Performance.performedBody(placement.body, legato: placement.legato, ticksPerWhole: wholeTicks)) }
                        let straight = unswungTicks!.map(\.notes) ?? Performance.performedBody(placement.body, legato: placement.legato).notes.map {
                            TimedNote(start: 0, end: 0, pitch: $0.pitch, velocity: $0.velocity)
                        }
                        if straight.count == body.notes.count {
                            for index in body.notes.indices { body.notes[index].velocity = straight[index].velocity }
                        }
                    }
                    for note in body.notes {
                        let pitch = note.pitch + placement.shift
                        let start = base + note.start, end = base + note.end
                        guard pitch >= 0, pitch <= 127, end > start else { continue }
                        notes.append(Humanizer.Note(start: start, end: end, pitch: pitch, velocity: note.velocity))
                    }
                    for control in body.controls { controls.append((base + control.time, control.event)) }
                    if let verse = placement.verse(ofCopy: copy) {
                        let index = verseSlot(placement.body.expression.verses[verse], &verses, &verseIndex)
                        let syllables = verses[index]
                        for syllable in 0..<min(syllables.count, body.lyricStarts.count) where syllables.isSung(syllable) {
                            lyrics.append((base + body.lyricStarts[syllable], index, syllable))
                        }
                    }
                    continue
                }
                let body: PerformedBody<Rational>
                if swing == nil, let written = song.swing(of: track) { swing = SwingMap(swing: written, placements: placements, meterMap: meterMap) }
                if let swing {
                    body = swing.performedBody(placement.body, legato: placement.legato, at: offset)
                } else {
                    if unswung == nil { unswung = Performance.performedBody(placement.body, legato: placement.legato) }
                    body = unswung!
                }
                func tick(_ time: Rational) -> Int { MIDIFileWriter.tick(time + offset, ticksPerWhole) }
                for note in body.notes {
                    let pitch = note.pitch + placement.shift
                    let start = tick(note.start), end = tick(note.end)
                    // Out-of-range pitches (a song built in code) and notes that round to no length send nothing.
                    guard pitch >= 0, pitch <= 127, end > start else { continue }
                    notes.append(Humanizer.Note(start: start, end: end, pitch: pitch, velocity: note.velocity))
                }
                for control in body.controls { controls.append((tick(control.time), control.event)) }
                if let verse = placement.verse(ofCopy: copy) {
                    let index = verseSlot(placement.body.expression.verses[verse], &verses, &verseIndex)
                    let syllables = verses[index]
                    for syllable in 0..<min(syllables.count, body.lyricStarts.count) where syllables.isSung(syllable) {
                        lyrics.append((tick(body.lyricStarts[syllable]), index, syllable))
                    }
                }
            }
        }
        if let humanize = song.humanize(of: track) {
            let tempos = tempoTicks(song, ticksPerWhole: ticksPerWhole)
            let steps = Humanizer.apply(humanize, trackID: track.id, ppq: song.ppq, to: &notes) { tick in
                // The tempo in force at `tick`: the last change at or before it.
                var low = 0, high = tempos.count
                while low < high {
                    let middle = (low + high) / 2
                    if tempos[middle].tick <= tick { low = middle + 1 } else { high = middle }
                }
                return low > 0 ? tempos[low - 1].micros : 500_000
            }
            for index in lyrics.indices { lyrics[index].tick = max(0, lyrics[index].tick + Humanizer.step(at: lyrics[index].tick, in: steps)) }
        }
        // Stable sorts keep placement and body order among events of one tick.
        let noteOrder = notes.indices.sorted { notes[$0].start != notes[$1].start ? notes[$0].start < notes[$1].start : $0 < $1 }
        let controlOrder = controls.indices.sorted { controls[$0].tick != controls[$1].tick ? controls[$0].tick < controls[$1].tick : $0 < $1 }
        let lyricOrder = lyrics.indices.sorted { lyrics[$0].tick != lyrics[$1].tick ? lyrics[$0].tick < lyrics[$1].tick : $0 < $1 }
        var control = 0, lyric = 0
        func pending(through limit: Int) {
            while true {
                let controlTick = control < controlOrder.count ? controls[controlOrder[control]].tick : Int.max
                let lyricTick = lyric < lyricOrder.count ? lyrics[lyricOrder[lyric]].tick : Int.max
                guard min(controlTick, lyricTick) <= limit else { return }
                if controlTick <= lyricTick {
                    write(controls[controlOrder[control]].event, at: controlTick, into: &stream)
                    control += 1
                } else {
                    let entry = lyrics[lyricOrder[lyric]]
                    let texts = verses[entry.verse]
                    texts.bytes.withUnsafeBufferPointer { bytes in
                        stream.lyric(at: entry.tick, bytes: UnsafeBufferPointer(rebasing: bytes[texts.ranges[entry.syllable]]), mayMeetLaterControls: false)
                    }
                    lyric += 1
                }
            }
        }
        for index in noteOrder {
            let note = notes[index]
            pending(through: note.start)
            stream.note(start: note.start, stop: note.end, pitch: note.pitch, velocity: note.velocity)
        }
        pending(through: Int.max - 1)
    }

    /// The index of a verse's syllables in `verses`, made once per verse text.
    static func verseSlot(_ text: String, _ verses: inout [LyricTexts], _ index: inout [String: Int]) -> Int {
        if let known = index[text] { return known }
        index[text] = verses.count
        verses.append(LyricTexts(verse: text))
        return verses.count - 1
    }

    /// The conductor's tempo changes in ticks with their microseconds per quarter (of several
    /// on one tick, the later in the file), in tick order.
    static func tempoTicks(_ song: Song, ticksPerWhole: Rational) -> [(tick: Int, micros: Int)] {
        let events = Performance.tempoEvents(of: song)
        let ordered = events.map { MIDIFileWriter.tick($0.time, ticksPerWhole) }.enumerated()
            .sorted { $0.element != $1.element ? $0.element < $1.element : $0.offset < $1.offset }
        var result: [(tick: Int, micros: Int)] = []
        for entry in ordered {
            let micros = microsecondsPerQuarter(events[entry.offset].bpm)
            if let last = result.last, last.tick == entry.element { result[result.count - 1].micros = micros } else { result.append((entry.element, micros)) }
        }
        return result
    }
}
