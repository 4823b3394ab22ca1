import StaveComposition

/// Writes a song as a Standard MIDI File, format 1: track 0 is the conductor (title, composer,
/// tempo map, time and key signatures), then one track per Stave track in source order.
///
/// Ticks are each event's exact time × 4 × ppq rounded on its own (halves up), so nothing
/// drifts. At one tick note-offs come before note-ons (with v2 marks: note-offs, controller
/// and bend messages, lyrics, note-ons — rule 14). The output is deterministic.
public struct MIDIFileWriter: Backend {
    /// The format's name on the command line.
    public var formatName: String { "midi" }

    /// When true, the conductor track lasts to the song's end (`SongFigures.end`), so rests
    /// at the end of the song are part of the file's length; a synthesizer rendering the file
    /// then renders them too. Off for `stave compile`, whose output is unchanged by it.
    public var lastsToSongEnd: Bool

    /// Creates the writer; see `lastsToSongEnd`.
    public init(lastsToSongEnd: Bool = false) {
        self.lastsToSongEnd = lastsToSongEnd
    }

    /// The Standard MIDI File of a song that checked without errors.
    public func render(_ song: Song) throws -> [UInt8] {
        // Stave 3 form: a song with repeats or jumps plays its performance (FormUnfolding);
        // a song without keeps this path, byte for byte.
        if !song.form.isEmpty, !FormUnfolding(song).isIdentity { return renderPerformance(song) }
        let file = MIDIBuffer(capacity: 64 + 16 * song.tracks.reduce(0) { $0 + $1.phrases.count } + 4096)
        file.append(Array("MThd".utf8))
        file.appendUInt32(6)
        file.appendUInt16(1)
        file.appendUInt16(song.tracks.count + 1)
        file.appendUInt16(song.ppq)
        let ticksPerWhole = Rational(4 * song.ppq)
        conductor(song, ticksPerWhole: ticksPerWhole, into: file)
        for track in song.tracks {
            encode(track, in: song, ticksPerWhole: ticksPerWhole, into: file)
        }
        return file.bytes
    }

    /// The tick of an exact time: time × ticks per whole note, rounded to the nearest, halves up.
    @inline(__always)
    static func tick(_ time: Rational, _ ticksPerWhole: Rational) -> Int {
        let (scaled, overflow) = time.numerator.multipliedReportingOverflow(by: ticksPerWhole.numerator)
        if overflow || time.denominator == 0 { return (time * ticksPerWhole).roundedHalfUp }
        if time.denominator == 1 { return scaled }
        // floor((2·scaled + d) / 2d)
        let (twice, o1) = scaled.multipliedReportingOverflow(by: 2)
        let (sum, o2) = twice.addingReportingOverflow(time.denominator)
        if o1 || o2 { return (time * ticksPerWhole).roundedHalfUp }
        let divisor = 2 * time.denominator
        let quotient = sum / divisor
        return sum % divisor != 0 && sum < 0 ? quotient - 1 : quotient
    }

    /// MIDI clocks (24 per quarter note) per metronome click for the time-signature meta
    /// event (FF 58): the click falls on the meter's beat. A compound meter (numerator a
    /// multiple of 3 above 3, denominator 8 or more: 6/8, 9/8, 12/8, 6/16) beats in dotted
    /// notes of three denominators, 24·4/denominator·3 clocks (36 for 6/8, as in the Standard
    /// MIDI File specification's own example); any other meter beats in its denominator,
    /// 24·4/denominator (24 for 3/4, 48 for 2/2). Rounded halves up where a /64 meter makes it
    /// fractional.
    public static func clocksPerClick(numerator: Int, denominator: Int) -> UInt8 {
        let compound = numerator > 3 && numerator % 3 == 0 && denominator >= 8
        let twice = 2 * 96 * (compound ? 3 : 1) / max(1, denominator)
        return UInt8(clamping: max(1, (twice + 1) / 2))
    }

    /// Microseconds per quarter note for a tempo, rounded, within the 24-bit field.
    static func microsecondsPerQuarter(_ bpm: Rational) -> Int {
        let exact = Rational(60_000_000) / bpm
        return min(max(exact.roundedHalfUp, 1), 0xFF_FFFF)
    }

    func conductor(_ song: Song, ticksPerWhole: Rational, into file: MIDIBuffer) {
        var encoder = TrackEncoder(into: file)
        encoder.meta(at: 0, type: 0x03, Array(song.title.utf8))
        if let composer = song.composer { encoder.meta(at: 0, type: 0x02, Array(composer.utf8)) }
        let meterMap = MeterMap(meters: song.meters)
        enum Event { case meter(MeterChange), key(Key), tempo(Rational), marker(String) }
        var events: [(tick: Int, order: Int, event: Event)] = []
        for (index, meter) in song.meters.enumerated() {
            events.append((MIDIFileWriter.tick(meterMap.start(ofBar: meter.bar), ticksPerWhole), index, .meter(meter)))
        }
        // The key at bar 1 and each key change (Stave 3), as the song sounds (`transpose`).
        for signature in song.keySignatures {
            events.append((MIDIFileWriter.tick(meterMap.start(ofBar: signature.bar), ticksPerWhole), song.meters.count, .key(signature.key)))
        }
        // Tempos in file order; of those that round to one tick, the later in the file wins.
        let allTempos = Performance.tempoEvents(of: song)
        let tempos = allTempos
            .map { MIDIFileWriter.tick($0.time, ticksPerWhole) }
            .enumerated()
            .sorted { $0.element != $1.element ? $0.element < $1.element : $0.offset < $1.offset }
        for (position, entry) in tempos.enumerated() where position + 1 == tempos.count || tempos[position + 1].element != entry.element {
            events.append((entry.element, song.meters.count + 1 + entry.offset, .tempo(allTempos[entry.offset].bpm)))
        }
        // Markers after the other events of their tick, in `Performance.markers`' order.
        let markerOrder = song.meters.count + 1 + allTempos.count
        for (index, marker) in Performance.markers(of: song).enumerated() {
            events.append((MIDIFileWriter.tick(marker.time, ticksPerWhole), markerOrder + index, .marker(marker.text)))
        }
        events.sort { $0.tick != $1.tick ? $0.tick < $1.tick : $0.order < $1.order }
        var end = 0
        for entry in events {
            switch entry.event {
            case .meter(let meter):
                let power = UInt8(meter.denominator.trailingZeroBitCount)
                let clocks = MIDIFileWriter.clocksPerClick(numerator: meter.numerator, denominator: meter.denominator)
                encoder.meta(at: entry.tick, type: 0x58, [UInt8(meter.numerator), power, clocks, 8])
            case .key(let key):
                encoder.meta(at: entry.tick, type: 0x59, [UInt8(bitPattern: Int8(key.fifths)), key.mode == .minor ? 1 : 0])
            case .tempo(let bpm):
                let micros = MIDIFileWriter.microsecondsPerQuarter(bpm)
                encoder.meta(at: entry.tick, type: 0x51, [UInt8(micros >> 16), UInt8((micros >> 8) & 0xFF), UInt8(micros & 0xFF)])
            case .marker(let text):
                encoder.meta(at: entry.tick, type: 0x06, text: text)
            }
            end = max(end, entry.tick)
        }
        if lastsToSongEnd {
            let songEnd = SongFigures(song).end
            if !songEnd.isOverflow { end = max(end, MIDIFileWriter.tick(songEnd, ticksPerWhole)) }
        }
        encoder.finish(at: end)
    }

    func encode(_ track: Track, in song: Song, ticksPerWhole: Rational, into file: MIDIBuffer) {
        var encoder = TrackEncoder(into: file)
        let channel = UInt8(track.channel - 1)
        encoder.meta(at: 0, type: 0x03, Array((track.name ?? track.id).utf8))
        encoder.channel(at: 0, status: 0xC0 | channel, UInt8(track.program))
        encoder.channel(at: 0, status: 0xB0 | channel, 7, UInt8(track.volume))
        encoder.channel(at: 0, status: 0xB0 | channel, 10, UInt8(track.pan))

        // Phrases of one track never overlap, so placements in start order give note-ons in
        // start order without collecting the whole track. Note-offs wait in a min-heap.
        let placements = Performance.placements(of: track, in: song)
            .enumerated().sorted { $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset }
            .map(\.element)
        // When every time of a phrase falls on a tick, its notes are joined in whole ticks once
        // and shifted to each copy that starts on a tick; otherwise every event's exact time is
        // rounded on its own.
        let wholeTicks = ticksPerWhole.numerator
        func joined(_ placement: Performance.Placement) -> (notes: [TimedNote<Int>], unmarked: Bool)? {
            Performance.joinedNotesAndMarks(placement.body) { $0.ticks(perWhole: wholeTicks) }.map { ($0.notes, $0.marks.isEmpty) }
        }
        var stream = NoteStream(encoder: encoder, channel: channel)
        // Rule 17: swing and humanize (Stave 3 feel) act on the track's performance timeline,
        // after the form is unfolded: a felt track is timed whole by `emitFelt`.
        if song.hasFeel(track) {
            MIDIFileWriter.emitFelt(track, in: song, placements: placements, ticksPerWhole: ticksPerWhole, into: &stream)
            stream.finish()
            return
        }
        for placement in placements {
            // A body without v2 marks takes the v1 path: the walk that joins its ties tells
            // whether any note is marked, so v1 songs pay no extra pass (`Performance.isPlain`
            // only when the walk stopped at a time between ticks).
            if placement.legato >= 100, placement.body.expression.isEmpty {
                let exact = joined(placement)
                if exact?.unmarked ?? placement.isPlain {
                    MIDIFileWriter.emit(placement, exact: exact?.notes, ticksPerWhole: ticksPerWhole, into: &stream)
                    continue
                }
            }
            MIDIFileWriter.emitExpressive(placement, ticksPerWhole: ticksPerWhole, into: &stream)
        }
        stream.finish()
    }

    /// The notes of every copy of a placement, in order.
    static func emit(_ placement: Performance.Placement, exact: [TimedNote<Int>]?, ticksPerWhole: Rational, into stream: inout NoteStream) {
        var relative: [PerformedNote]?
        for copy in 0..<placement.count {
            let offset = placement.start + placement.body.length * copy
            let scaledOffset = offset * ticksPerWhole
            if let exact, scaledOffset.isInteger {
                let base = scaledOffset.numerator
                for note in exact {
                    stream.note(start: base + note.start, stop: base + note.end, pitch: note.pitch + placement.shift, velocity: note.velocity)
                }
                continue
            }
            if relative == nil { relative = Performance.joinedNotes(placement.body) }
            for note in relative ?? [] {
                stream.note(start: MIDIFileWriter.tick(note.start + offset, ticksPerWhole), stop: MIDIFileWriter.tick(note.end + offset, ticksPerWhole),
                            pitch: note.pitch + placement.shift, velocity: note.velocity)
            }
        }
    }

}
