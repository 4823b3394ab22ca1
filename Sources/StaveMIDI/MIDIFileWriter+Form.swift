import StaveComposition

/// The MIDI file of a song with a form (LANGUAGE.md "Form (v3)"): every event of the written
/// score is played where `FormUnfolding` places it, once for each segment whose written bars
/// hold it. Notes still sounding at a segment's end are cut there (every segment's end is a
/// seam); tempo, meter and key in force at a segment's written start are written again at its
/// performed start when they differ from those in force (first at that tick, rule 19); key
/// signatures are the song's as it sounds (`Song.keySignatures`, transposed); lyrics
/// with verses count soundings in performance order.
extension MIDIFileWriter {
    /// The Standard MIDI File of the performance of `song` (its form not empty).
    func renderPerformance(_ song: Song) -> [UInt8] {
        let unfolding = FormUnfolding(song)
        let file = MIDIBuffer(capacity: 4096)
        file.append(Array("MThd".utf8))
        file.appendUInt32(6)
        file.appendUInt16(1)
        file.appendUInt16(song.tracks.count + 1)
        file.appendUInt16(song.ppq)
        let ticksPerWhole = Rational(4 * song.ppq)
        let meterMap = MeterMap(meters: song.meters)
        performedConductor(song, unfolding: unfolding, meterMap: meterMap, ticksPerWhole: ticksPerWhole, into: file)
        let barSegments = unfolding.segmentsByBar()
        for track in song.tracks {
            performedTrack(track, in: song, unfolding: unfolding, meterMap: meterMap, barSegments: barSegments, ticksPerWhole: ticksPerWhole, into: file)
        }
        return file.bytes
    }

    func performedConductor(_ song: Song, unfolding: FormUnfolding, meterMap: MeterMap, ticksPerWhole: Rational, into file: MIDIBuffer) {
        var encoder = TrackEncoder(into: file)
        encoder.meta(at: 0, type: 0x03, Array(song.title.utf8))
        if let composer = song.composer { encoder.meta(at: 0, type: 0x02, Array(composer.utf8)) }
        enum Event { case meter(MeterChange), key(Key), tempo(Rational), marker(String) }
        // The written events with their order at one tick (as `conductor` orders them).
        var written: [(time: Rational, order: Int, event: Event)] = []
        for (index, meter) in song.meters.enumerated() { written.append((meterMap.start(ofBar: meter.bar), index, .meter(meter))) }
        // The key at bar 1 and each key change, as the song sounds (as `conductor` writes them).
        let keySignatures = song.keySignatures
        for signature in keySignatures {
            written.append((meterMap.start(ofBar: signature.bar), song.meters.count, .key(signature.key)))
        }
        /// The key signature in force at written bar `bar`.
        func key(atBar bar: Int) -> Key { keySignatures.last { $0.bar <= bar }?.key ?? keySignatures[0].key }
        let keyBars = Set(keySignatures.map(\.bar).filter { $0 > 1 })
        let tempoEvents = Performance.tempoEvents(of: song)
        for (index, tempo) in tempoEvents.enumerated() { written.append((tempo.time, song.meters.count + 1 + index, .tempo(tempo.bpm))) }
        let markerOrder = song.meters.count + 1 + tempoEvents.count
        for (index, marker) in Performance.markers(of: song).enumerated() { written.append((marker.time, markerOrder + index, .marker(marker.text))) }
        written.sort { $0.time != $1.time ? $0.time < $1.time : $0.order < $1.order }
        let ranges = unfolding.ranges(ofSorted: written.map(\.time))
        // The tempo map of the written score, to know whether a tempo stands at a segment's start.
        let tempos = Performance.tempos(of: song)
        // The written tempo events by time (file order within one time), with their ticks.
        let byTime = tempoEvents.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
            .map { (time: $0.element.time, tick: MIDIFileWriter.tick($0.element.time, ticksPerWhole), order: $0.offset, bpm: $0.element.bpm) }
        /// The tempo a listener of the written score hears at `time`: of the events before it
        /// (or at it), those on the latest tick, and of them the later in the file (rule 8), so
        /// a tempo that lost its tick to a later-written one is not brought back at a seam.
        func tempo(before time: Rational, inclusive: Bool) -> Rational {
            var low = 0, high = byTime.count
            while low < high {
                let mid = (low + high) / 2
                if byTime[mid].time < time || (inclusive && byTime[mid].time == time) { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else { return Rational(120) }
            let lastTick = byTime[low - 1].tick
            var winner = byTime[low - 1]
            var index = low - 1
            while index > 0, byTime[index - 1].tick == lastTick {
                index -= 1
                if byTime[index].order > winner.order { winner = byTime[index] }
            }
            return winner.bpm
        }
        /// True when a tempo of the map stands exactly at `time` (by binary search).
        func hasTempo(at time: Rational) -> Bool {
            var low = 0, high = tempos.count
            while low < high {
                let mid = (low + high) / 2
                if tempos[mid].time < time { low = mid + 1 } else { high = mid }
            }
            return low < tempos.count && tempos[low].time == time
        }
        // Meter changes by bar, to know whether one stands at a segment's first bar.
        let meterBars = Set(song.meters.map(\.bar))
        var events: [(tick: Int, order: Int, event: Event)] = []
        for (index, segment) in unfolding.segments.enumerated() {
            let start = MIDIFileWriter.tick(segment.performedStart, ticksPerWhole)
            if index > 0 {
                // A seam: what the previous segment left in force against what this one's
                // written start has (rule 19: first at that tick).
                let previous = unfolding.segments[index - 1]
                let meterThen = meterMap.locate(previous.writtenEnd - Rational(1, 1 << 20)).meter
                let meterNow = meterMap.locate(segment.writtenStart).meter
                if !meterBars.contains(segment.firstBar), meterNow.barLength != meterThen.barLength || meterNow.numerator != meterThen.numerator {
                    events.append((start, -3, .meter(meterNow)))
                }
                let keyThen = key(atBar: previous.lastBar), keyNow = key(atBar: segment.firstBar)
                if !keyBars.contains(segment.firstBar), keyNow != keyThen { events.append((start, -2, .key(keyNow))) }
                let tempoThen = tempo(before: previous.writtenEnd, inclusive: false)
                let tempoNow = tempo(before: segment.writtenStart, inclusive: true)
                if !hasTempo(at: segment.writtenStart), tempoNow != tempoThen { events.append((start, -1, .tempo(tempoNow))) }
            }
            for entry in written[ranges[index]] {
                // the key at bar 1 sounds from the start; later segments re-establish it at the seam
                if case .key = entry.event, index > 0, entry.time == .zero { continue }
                events.append((MIDIFileWriter.tick(segment.performed(entry.time), ticksPerWhole), entry.order, entry.event))
            }
        }
        events.sort { $0.tick != $1.tick ? $0.tick < $1.tick : $0.order < $1.order }
        var end = 0
        for (position, entry) in events.enumerated() {
            switch entry.event {
            case .meter(let meter):
                let power = UInt8(meter.denominator.trailingZeroBitCount)
                let clocks = MIDIFileWriter.clocksPerClick(numerator: meter.numerator, denominator: meter.denominator)
                encoder.meta(at: entry.tick, type: 0x58, [UInt8(meter.numerator), power, clocks, 8])
            case .key(let key):
                encoder.meta(at: entry.tick, type: 0x59, [UInt8(bitPattern: Int8(key.fifths)), key.mode == .minor ? 1 : 0])
            case .tempo(let bpm):
                // Of the tempos on one tick the last one wins.
                if events[(position + 1)...].prefix(while: { $0.tick == entry.tick }).contains(where: { if case .tempo = $0.event { return true } else { return false } }) { continue }
                let micros = MIDIFileWriter.microsecondsPerQuarter(bpm)
                encoder.meta(at: entry.tick, type: 0x51, [UInt8(micros >> 16), UInt8((micros >> 8) & 0xFF), UInt8(micros & 0xFF)])
            case .marker(let text):
                encoder.meta(at: entry.tick, type: 0x06, text: text)
            }
            end = max(end, entry.tick)
        }
        if lastsToSongEnd { end = max(end, MIDIFileWriter.tick(unfolding.length, ticksPerWhole)) }
        encoder.finish(at: end)
    }

    func performedTrack(_ track: Track, in song: Song, unfolding: FormUnfolding, meterMap: MeterMap, barSegments: [[Int]],
                        ticksPerWhole: Rational, into file: MIDIBuffer) {
        var encoder = TrackEncoder(into: file)
        let channel = UInt8(track.channel - 1)
        encoder.meta(at: 0, type: 0x03, Array((track.name ?? track.id).utf8))
        encoder.channel(at: 0, status: 0xC0 | channel, UInt8(track.program))
        encoder.channel(at: 0, status: 0xB0 | channel, 7, UInt8(track.volume))
        encoder.channel(at: 0, status: 0xB0 | channel, 10, UInt8(track.pan))
        let placements = Performance.placements(of: track, in: song)
        // Each sounding: a copy of a placement played by one segment, in performance order.
        struct Sounding { var placement: Int; var copy: Int; var segment: Int; var performedStart: Rational }
        var soundings: [Sounding] = []
        for (index, placement) in placements.enumerated() {
            for copy in 0..<placement.count {
                let start = placement.start + placement.body.length * copy
                let end = start + placement.body.length
                for segment in unfolding.segments(overlapping: start, end, meterMap: meterMap, barSegments: barSegments) {
                    let s = unfolding.segments[segment]
                    soundings.append(Sounding(placement: index, copy: copy, segment: segment, performedStart: s.performed(max(start, s.writtenStart))))
                }
            }
        }
        soundings = soundings.enumerated().sorted {
            $0.element.performedStart != $1.element.performedStart ? $0.element.performedStart < $1.element.performedStart : $0.offset < $1.offset
        }.map(\.element)
        // The source phrase each placement sings for (its own track's phrases only).
        let sources: [String?] = track.phrases.map { phrase in
            switch phrase.content {
            case .original: return phrase.id
            case .repeat(let source, _): return source
            case .sync(let sourceTrack, let source, _): return sourceTrack == track.id ? source : nil
            }
        }
        var sung: [String: Int] = [:]
        var bodies: [Int: PerformedBody<Rational>] = [:]
        enum Event { case control(ControlMark.Event), lyric([UInt8]), note(pitch: Int, velocity: Int, stop: Int) }
        var events: [(tick: Int, rank: Int, sequence: Int, event: Event)] = []
        var sequence = 0
        for sounding in soundings {
            let placement = placements[sounding.placement]
            let segment = unfolding.segments[sounding.segment]
            let body: PerformedBody<Rational>
            if let known = bodies[sounding.placement] { body = known } else {
                body = Performance.performedBody(placement.body, legato: placement.legato)
                bodies[sounding.placement] = body
            }
            let offset = placement.start + placement.body.length * sounding.copy
            func inside(_ time: Rational) -> Bool { time >= segment.writtenStart && time < segment.writtenEnd }
            func tick(_ time: Rational) -> Int { MIDIFileWriter.tick(segment.performed(time), ticksPerWhole) }
            for control in body.controls where inside(offset + control.time) {
                events.append((tick(offset + control.time), 0, sequence, .control(control.event)))
                sequence += 1
            }
            let verses = placement.body.expression.verses
            if !verses.isEmpty, placement.lyricPlacement != nil, sounding.placement < sources.count, let source = sources[sounding.placement] {
                let n = sung[source, default: 0]
                sung[source] = n + 1
                for (syllable, start) in zip(Lyrics.syllables(of: verses[n % verses.count]), body.lyricStarts) where inside(offset + start) {
                    if case .sung(let text) = syllable {
                        events.append((tick(offset + start), 1, sequence, .lyric(Array(text.utf8))))
                        sequence += 1
                    }
                }
            }
            for note in body.notes where inside(offset + note.start) {
                let pitch = note.pitch + placement.shift
                guard pitch >= 0, pitch <= 127 else { continue }
                let stop = tick(min(offset + note.end, segment.writtenEnd))
                events.append((tick(offset + note.start), 2, sequence, .note(pitch: pitch, velocity: note.velocity, stop: stop)))
                sequence += 1
            }
        }
        events.sort { $0.tick != $1.tick ? $0.tick < $1.tick : $0.rank != $1.rank ? $0.rank < $1.rank : $0.sequence < $1.sequence }
        var stream = NoteStream(encoder: encoder, channel: channel)
        for entry in events {
            switch entry.event {
            case .control(let event): MIDIFileWriter.write(event, at: entry.tick, into: &stream)
            case .lyric(let bytes):
                bytes.withUnsafeBufferPointer { stream.lyric(at: entry.tick, bytes: $0, mayMeetLaterControls: false) }
            case .note(let pitch, let velocity, let stop): stream.note(start: entry.tick, stop: stop, pitch: pitch, velocity: velocity)
            }
        }
        stream.finish()
    }
}
