import StaveComposition

/// The limits of LANGUAGE.md rule 13 (and `Lowering`'s expansion limits) checked on a file's
/// events before the importer builds anything: a few bytes can hold a note that lasts millions
/// of bars, and building it first took seconds and gigabytes only to fail at the end.
enum ImportLimits {
    /// Throws when the song the file makes would last more than `Lowering.maximumBars` bars,
    /// hold more than `Lowering.maximumExpandedNotes` notes or more than
    /// `Lowering.maximumExpandedTempos` tempo changes; otherwise returns the bars it lasts.
    /// Linear in the number of events.
    @discardableResult
    static func check(_ file: MIDIFile, parts: [ChannelPart], conductor: Conductor, scale: Int, clock: TickTime) throws(MIDIReadError) -> Int {
        let meterMap = conductor.meterMap
        /// The bar that holds `tick`.
        func bar(_ tick: Int) -> Int { meterMap.locate(clock.time(tick)).bar }
        var last: (bar: Int, what: String, tick: Int)?
        func consider(_ tick: Int, _ what: String, endsThere: Bool) {
            // A note ending on a bar's start does not reach into that bar; a point event does.
            let candidate = endsThere ? max(1, bar(max(0, tick - 1))) : bar(tick)
            if candidate > (last?.bar ?? 0) { last = (candidate, what, tick) }
        }
        var notes = 0
        for part in parts {
            notes += part.notes.count
            if let end = part.notes.max(by: { $0.end < $1.end })?.end { consider(end, "a note ends", endsThere: true) }
            if let control = part.controls.last { consider(control.tick, "a controller or bend event stands", endsThere: false) }
        }
        for tempo in conductor.tempos { if tempo.bar > (last?.bar ?? 0) { last = (tempo.bar, "a tempo change stands", clock.tick(meterMap.start(ofBar: tempo.bar))) } }
        for meter in conductor.meters { if meter.bar > (last?.bar ?? 0) { last = (meter.bar, "a time signature stands", clock.tick(meterMap.start(ofBar: meter.bar))) } }
        if let tempo = conductor.bodyTempos.last { consider(tempo.tick, "a tempo change stands", endsThere: false) }
        if let marker = conductor.markers.last { consider(marker.tick, "a marker stands", endsThere: false) }
        for track in file.tracks {
            if let lyric = track.events.last(where: { $0.isMeta && $0.data1 == 0x05 }) { consider(lyric.tick * scale, "a lyric stands", endsThere: false) }
        }
        if let last, last.bar > Lowering.maximumBars {
            throw MIDIReadError(offset: nil, message: "the song would last \(grouped(last.bar)) bars (\(last.what) at tick \(grouped(last.tick / scale)) "
                                + "of \(file.ticksPerQuarter) a quarter): expected at most \(grouped(Lowering.maximumBars)) bars, Stave's limit")
        }
        if notes > Lowering.maximumExpandedNotes {
            throw MIDIReadError(offset: nil, message: "the file holds \(grouped(notes)) notes: expected at most \(grouped(Lowering.maximumExpandedNotes)), Stave's limit")
        }
        let tempos = conductor.tempos.count + conductor.bodyTempos.count
        if tempos > Lowering.maximumExpandedTempos {
            throw MIDIReadError(offset: nil, message: "the file holds \(grouped(tempos)) tempo changes: expected at most \(grouped(Lowering.maximumExpandedTempos)), Stave's limit")
        }
        return last?.bar ?? 1
    }

    /// `2,796,203`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
