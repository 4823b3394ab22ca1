import StaveComposition

extension MIDIFileWriter {
    /// The events of every copy of a placement with v2 marks, as `Performance.performedBody`
    /// sounds them: notes (sounding lengths, grace notes, velocities after hairpins and accents),
    /// pedal/controller/bend messages and lyrics. At one tick (rule 14): note-offs, then
    /// controller and bend messages in body order, then lyrics, then note-ons.
    ///
    /// When every time of the body falls on a tick, it is performed once in whole ticks and
    /// shifted to each copy that starts on a tick; otherwise each time is rounded on its own.
    static func emitExpressive(_ placement: Performance.Placement, ticksPerWhole: Rational, into stream: inout NoteStream) {
        let exact = Performance.performedBody(placement.body, legato: placement.legato, ticksPerWhole: ticksPerWhole.numerator)
        var relative: PerformedBody<Rational>?
        var textsByVerse: [Int: LyricTexts] = [:]
        for copy in 0..<placement.count {
            var syllables = LyricTexts()
            if let verse = placement.verse(ofCopy: copy) {
                if let known = textsByVerse[verse] {
                    syllables = known
                } else {
                    syllables = LyricTexts(verse: placement.body.expression.verses[verse])
                    textsByVerse[verse] = syllables
                }
            }
            let offset = placement.start + placement.body.length * copy
            let scaledOffset = offset * ticksPerWhole
            // A lyric on the copy's last tick may meet a control of the next copy or phrase there.
            let endTick = MIDIFileWriter.tick(offset + placement.body.length, ticksPerWhole)
            if let exact, scaledOffset.isInteger {
                let base = scaledOffset.numerator
                emitCopy(exact, syllables: syllables, shift: placement.shift, endTick: endTick, tick: { base + $0 }, into: &stream)
                continue
            }
            if relative == nil { relative = Performance.performedBody(placement.body, legato: placement.legato) }
            if let relative {
                emitCopy(relative, syllables: syllables, shift: placement.shift, endTick: endTick,
                         tick: { MIDIFileWriter.tick($0 + offset, ticksPerWhole) }, into: &stream)
            }
        }
    }

    /// One copy of a performed body: its notes in start order, with its controller messages
    /// and lyrics merged in by tick. Lyrics on or after `endTick` (the copy's last tick) wait in
    /// the stream for the controls a following copy or phrase may send on that tick.
    static func emitCopy<Time: NoteTime>(_ body: PerformedBody<Time>, syllables: LyricTexts, shift: Int, endTick: Int,
                                         tick: (Time) -> Int, into stream: inout NoteStream) {
        let controls = body.controls, starts = body.lyricStarts
        let lyricCount = min(syllables.count, starts.count)
        var control = 0, lyric = 0
        var controlTick = controls.isEmpty ? Int.max : tick(controls[0].time)
        var lyricTick = Int.max
        /// Moves to the next syllable that is sung (`_` and `*` take a lyric note, no event).
        func nextSung() {
            while lyric < lyricCount, !syllables.isSung(lyric) { lyric += 1 }
            lyricTick = lyric < lyricCount ? tick(starts[lyric]) : Int.max
        }
        nextSung()
        func pending(through limit: Int) {
            while min(controlTick, lyricTick) <= limit {
                if controlTick <= lyricTick {
                    write(controls[control].event, at: controlTick, into: &stream)
                    control += 1
                    controlTick = control < controls.count ? tick(controls[control].time) : Int.max
                } else {
                    syllables.bytes.withUnsafeBufferPointer { bytes in
                        stream.lyric(at: lyricTick, bytes: UnsafeBufferPointer(rebasing: bytes[syllables.ranges[lyric]]),
                                     mayMeetLaterControls: lyricTick >= endTick)
                    }
                    lyric += 1
                    nextSung()
                }
            }
        }
        for note in body.notes {
            let start = tick(note.start)
            pending(through: start)
            // A checked song keeps every pitch in 0…127 (grace notes included); a song built in
            // code might not, and a MIDI byte must never trap.
            let pitch = note.pitch + shift
            guard pitch >= 0, pitch <= 127 else { continue }
            stream.note(start: start, stop: tick(note.end), pitch: pitch, velocity: note.velocity)
        }
        pending(through: Int.max - 1)
    }

    /// A pedal (CC64), controller or pitch-bend message (14 bits, least significant 7 first).
    static func write(_ event: ControlMark.Event, at tick: Int, into stream: inout NoteStream) {
        switch event {
        case .pedal(let down):
            stream.control(at: tick, status: 0xB0, 64, down ? 127 : 0)
        case .controller(let number, let value):
            stream.control(at: tick, status: 0xB0, UInt8(min(127, max(0, number))), UInt8(min(127, max(0, value))))
        case .bend(let cents):
            let value = ControlMark.bendValue(cents: cents)
            stream.control(at: tick, status: 0xE0, UInt8(value & 0x7F), UInt8(value >> 7))
        }
    }
}
