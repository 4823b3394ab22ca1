extension FormUnfolding {
    /// The performance of a song with a form as a song of its own, for the backends that read
    /// performed notes rather than a written score (the piano roll, `--from/--to` excerpts):
    /// as `SongExcerpt` builds one, each track holds one Original phrase whose containers are
    /// the performed notes (cut at the seams, already transposed and at their sounding
    /// lengths), with the track's controllers; track 0's body holds every tempo event of the
    /// performance (those re-established at seams first at their time), the meters stand at
    /// performance bars and the markers are header markers at the bars where they sound
    /// (body markers at the start of their bar). Lyrics are not part of it: the MIDI file is
    /// written from the written score (`MIDIFileWriter` follows the unfolding itself).
    public static func performedSong(_ song: Song) -> Song {
        guard !song.form.isEmpty else { return song }
        let unfolding = FormUnfolding(song)
        guard !unfolding.isIdentity else { return song }
        let meterMap = MeterMap(meters: song.meters)
        let barSegments = unfolding.segmentsByBar()
        var performed = song
        performed.form = Form()
        performed.tempoRamps = []
        // Meters: the one in force at each segment's start, and the changes inside it.
        var meters: [MeterChange] = []
        func addMeter(_ meter: MeterChange, at bar: Int) {
            if let last = meters.last, last.numerator == meter.numerator, last.denominator == meter.denominator { return }
            meters.append(MeterChange(bar: bar, numerator: meter.numerator, denominator: meter.denominator))
        }
        for segment in unfolding.segments {
            addMeter(meterMap.locate(segment.writtenStart).meter, at: segment.performedBar)
            for meter in song.meters where meter.bar > segment.firstBar && meter.bar <= segment.lastBar {
                addMeter(meter, at: segment.performedBar + meter.bar - segment.firstBar)
            }
        }
        performed.meters = meters.isEmpty ? [MeterChange(bar: 1, numerator: 4, denominator: 4)] : meters
        // Tempos: in force at each seam, then the written ones inside each segment.
        let tempos = Performance.tempos(of: song)
        var tempoMarks: [TempoMark] = []
        let tempoRanges = unfolding.ranges(ofSorted: tempos.map(\.time))
        for (index, segment) in unfolding.segments.enumerated() {
            let inside = tempoRanges[index]
            // Re-established unless a tempo stands at the written start itself.
            if inside.isEmpty || tempos[inside.lowerBound].time != segment.writtenStart {
                let before = inside.lowerBound
                tempoMarks.append(TempoMark(offset: segment.performedStart, bpm: before > 0 ? tempos[before - 1].bpm : Rational(120)))
            }
            for tempo in tempos[inside] { tempoMarks.append(TempoMark(offset: segment.performed(tempo.time), bpm: tempo.bpm)) }
        }
        performed.tempos = [TempoChange(bar: 1, bpm: tempoMarks.first?.bpm ?? Rational(120))]
        // Markers at the performance bar where they sound, in performance order.
        let performedMeters = MeterMap(meters: performed.meters)
        let markers = Performance.markers(of: song).enumerated().sorted {
            $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
        }.map(\.element)
        performed.markers = []
        for (index, range) in unfolding.ranges(ofSorted: markers.map(\.time)).enumerated() {
            for marker in markers[range] {
                performed.markers.append(SongMarker(bar: performedMeters.locate(unfolding.segments[index].performed(marker.time)).bar, text: marker.text))
            }
        }
        let length = unfolding.length
        performed.tracks = song.tracks.enumerated().map { trackIndex, track in
            var flat = track
            flat.transpose = 0
            flat.legato = 100
            var notes: [(start: Rational, note: RootNote)] = []
            var controls: [ControlMark] = []
            for placement in Performance.placements(of: track, in: song) {
                let body = Performance.performedBody(placement.body, legato: placement.legato)
                for copy in 0..<placement.count {
                    let start = placement.start + placement.body.length * copy
                    for index in unfolding.segments(overlapping: start, start + placement.body.length, meterMap: meterMap, barSegments: barSegments) {
                        let segment = unfolding.segments[index]
                        for note in body.notes where note.velocity > 0 {
                            let time = start + note.start
                            guard time >= segment.writtenStart, time < segment.writtenEnd else { continue }
                            let from = segment.performed(time), to = segment.performed(min(start + note.end, segment.writtenEnd))
                            guard to > from else { continue }
                            notes.append((from, RootNote(position: from, width: to - from, note: ChordNote(pitch: note.pitch + placement.shift, velocity: note.velocity))))
                        }
                        for control in body.controls {
                            let time = start + control.time
                            guard time >= segment.writtenStart, time < segment.writtenEnd else { continue }
                            controls.append(ControlMark(offset: segment.performed(time), event: control.event))
                        }
                    }
                }
            }
            let sorted = notes.enumerated().sorted { $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset }.map(\.element.note)
            let orderedControls = controls.enumerated().sorted { $0.element.offset != $1.element.offset ? $0.element.offset < $1.element.offset : $0.offset < $1.offset }.map(\.element)
            let body = PhraseBody(length: length, notes: sorted, tempos: trackIndex == 0 ? tempoMarks : [],
                                  expression: PhraseExpression(controls: orderedControls))
            flat.phrases = [Phrase(id: "performance", start: .zero, content: .original(body))]
            return flat
        }
        return performed
    }
}
