import StaveSyntax

/// Where an excerpt starts or stops, as the user names it (`--from 5`, `--to Chorus`): a bar
/// number, or a marker's name, which means the bar where that marker stands. Both are resolved
/// by `SongExcerpt.bar(of:in:bars:isEnd:)` alone.
public enum CutPoint: Equatable, Sendable {
    /// The start of a 1-based bar.
    case bar(Int)
    /// The start of the bar where the marker with this text first stands (`marker "Chorus"`).
    case marker(String)

    /// Reads a cut point as written on the command line: digits are a bar number, any other
    /// text that does not start like a number (a digit, `+`, `-`) is a marker name; nil for
    /// what is neither (`-1`, `1.5`, an empty text, a number too large).
    public init?(parsing text: String) {
        guard let first = text.utf8.first else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard let bar = Int(text) else { return nil }
            self = .bar(bar)
        } else if (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            return nil
        } else {
            self = .marker(text)
        }
    }
}

/// A part of a song cut out to be heard on its own: `[from, to)`, from the start of bar
/// `from` up to the start of bar `to`, moved to the start of the song.
///
/// What a musician hearing "from bar 17" expects:
/// - Tempo, meter, key and every track's settings (instrument or kit, channel, volume, pan)
///   are those in force at the cut; tempo and meter changes inside the excerpt are kept at
///   their places, those outside it are dropped.
/// - A note that starts before the cut and still sounds at it (a tied or held note, a pad
///   chord) is **cut, not dropped**: it sounds from the cut for what remains of it, at its own
///   velocity, so the harmony of the first bar is heard as written. (Dropping it would leave a
///   hole exactly where the listener starts; a DAW's "note chase" makes the same choice.)
/// - A note that still sounds at the end of the excerpt is cut there.
/// - Notes sound as the whole song plays them (Stave 2 marks applied: sounding lengths, grace
///   notes, velocities); pedal, controllers and bend in force at the cut are sent at its start,
///   and those inside keep their places. Lyrics and markers are not part of an excerpt.
///
/// The result is a `Song` for the backends that play it (MIDI): each track holds one Original
/// phrase whose containers are the performed notes, one per note, so they may overlap. It is
/// not meant for the printer or the save format, which expect written bodies.
public enum SongExcerpt {
    /// Why an excerpt cannot be cut; the message is for the user.
    public struct Problem: Error, Equatable, Sendable {
        /// What is wrong, in a sentence.
        public var message: String
    }

    /// The message for a `--from`/`--to` value that is not a cut point (`what` is the option).
    public static func unknownCutPointMessage(_ text: String, option what: String) -> String {
        "\(what) takes a bar number (1, 2, …) or a marker's name, not '\(text)'"
    }

    /// Each marker text of the song with the bar where it first stands, in the order the song
    /// plays them (a header `marker "…" at BAR` at its bar; a body `marker` in the bar where its
    /// earliest placement puts it, Repeat and Sync copies counted).
    public static func markerBars(of song: Song) -> [(text: String, bar: Int)] {
        let meterMap = MeterMap(meters: song.meters)
        var first: [String: Rational] = [:]
        var order: [String] = []
        for marker in Performance.markers(of: song) {
            if let known = first[marker.text] {
                if marker.time < known { first[marker.text] = marker.time }
            } else {
                first[marker.text] = marker.time
                order.append(marker.text)
            }
        }
        return order.map { (text: $0, time: first[$0] ?? .zero) }
            .sorted { $0.time < $1.time }
            .map { (text: $0.text, bar: meterMap.locate($0.time).bar) }
    }

    /// The 1-based bar a cut point names, checked against the song's `bars` (`SongFigures.bars`);
    /// `isEnd` allows the bar just after the last one (`--to` at the very end).
    public static func bar(of point: CutPoint, in song: Song, bars: Int, isEnd: Bool) -> Result<Int, Problem> {
        switch point {
        case .bar(let bar):
            let last = isEnd ? bars + 1 : bars
            guard bar >= 1 else { return .failure(Problem(message: "there is no bar \(bar): bars count from 1")) }
            guard bar <= last else {
                return .failure(Problem(message: "there is no bar \(bar): the song has \(bars) bar\(bars == 1 ? "" : "s")"
                                        + (isEnd ? " (--to may name bar \(bars + 1), the end)" : "")))
            }
            return .success(bar)
        case .marker(let name):
            let markers = markerBars(of: song)
            if let found = markers.first(where: { $0.text == name }) { return .success(found.bar) }
            guard !markers.isEmpty else {
                return .failure(Problem(message: "there is no marker '\(name)': the song has no markers (give a bar number)"))
            }
            let names = markers.map(\.text)
            let shown = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 10 ? ", …" : "")
            return .failure(Problem(message: "there is no marker '\(name)'\(Suggestion.hint(for: name, among: names)) (the song's markers: \(shown))"))
        }
    }

    /// An excerpt and the bar of the whole song where it starts.
    public struct Cut: Equatable, Sendable {
        /// The excerpt, starting at its time zero.
        public var song: Song
        /// The 1-based bar of the whole song where the excerpt starts.
        public var firstBar: Int
    }

    /// Cuts `song` to the bars `from` up to (not including) `to`; nil `to` runs to the song's
    /// end (`SongFigures.end`). A `to` past the end stops at the end. Fails when the excerpt
    /// would be empty or a bar is out of range.
    public static func cut(_ song: Song, from: CutPoint, to: CutPoint?) -> Result<Cut, Problem> {
        let figures = SongFigures(song)
        let meterMap = MeterMap(meters: song.meters)
        let fromBar: Int
        switch bar(of: from, in: song, bars: figures.bars, isEnd: false) {
        case .success(let bar): fromBar = bar
        case .failure(let problem): return .failure(problem)
        }
        var toBar: Int?
        if let to {
            switch bar(of: to, in: song, bars: figures.bars, isEnd: true) {
            case .success(let bar): toBar = bar
            case .failure(let problem): return .failure(problem)
            }
        }
        if let toBar, toBar <= fromBar {
            return .failure(Problem(message: "--to \(toBar) does not come after --from \(fromBar): the excerpt runs from the start of bar \(fromBar) up to the start of bar \(toBar)"))
        }
        let start = meterMap.start(ofBar: fromBar)
        let end = min(toBar.map(meterMap.start(ofBar:)) ?? figures.end, figures.end)
        guard end > start else { return .failure(Problem(message: "the excerpt from bar \(fromBar) is empty")) }
        return .success(Cut(song: cut(song, start: start, end: end, fromBar: fromBar, toBar: toBar ?? Int.max, meterMap: meterMap), firstBar: fromBar))
    }

    /// The excerpt `[start, end)` in whole notes; `start` is the start of `fromBar`.
    static func cut(_ song: Song, start: Rational, end: Rational, fromBar: Int, toBar: Int, meterMap: MeterMap) -> Song {
        var excerpt = song
        // Stave 3 keys: the notes are performed (moved by the song's `transpose` too); the key
        // signatures as they sound, the one in force at the cut from bar 1.
        let signatures = song.keySignatures
        excerpt.transpose = 0
        excerpt.key = signatures.last { $0.bar <= fromBar }?.key ?? song.key
        excerpt.keyChanges = signatures.filter { $0.bar > fromBar && $0.bar < toBar }.map { KeyChange(bar: $0.bar - fromBar + 1, key: $0.key) }
        // Meters: the one in force at the cut becomes bar 1's; later ones move with the bars.
        let inForce = meterMap.locate(start).meter
        excerpt.meters = [MeterChange(bar: 1, numerator: inForce.numerator, denominator: inForce.denominator)]
            + song.meters.filter { $0.bar > fromBar && $0.bar < toBar }.map {
                MeterChange(bar: $0.bar - fromBar + 1, numerator: $0.numerator, denominator: $0.denominator)
            }
        // Tempos: the one in force at the cut from bar 1; the changes inside keep their places.
        let tempos = Performance.tempos(of: song)
        let carried = tempos.last { $0.time <= start }?.bpm ?? Rational(120)
        excerpt.tempos = [TempoChange(bar: 1, bpm: carried, afterTracks: 0)]
        let inside = tempos.filter { $0.time > start && $0.time < end }.map { TempoMark(offset: $0.time - start, bpm: $0.bpm) }
        let length = end - start
        excerpt.tracks = song.tracks.enumerated().map { index, track in
            var cutTrack = track
            // The notes are performed, so already transposed: the track adds nothing more.
            cutTrack.transpose = 0
            // ... and already sound as long as the track's legato makes them.
            cutTrack.legato = 100
            // ... and already swung (Stave 3 feel): the excerpt's track plays them straight.
            let swing = song.swing(of: track).map { SwingMap(swing: $0, placements: Performance.placements(of: track, in: song), meterMap: meterMap) }
            if swing != nil { cutTrack.swing = .straight }
            let notes = Performance.feltNotes(of: track, in: song).compactMap { note -> RootNote? in
                guard note.velocity > 0, note.start < end, note.end > start else { return nil }
                let from = max(note.start, start), to = min(note.end, end)
                return RootNote(position: from - start, width: to - from, note: ChordNote(pitch: note.pitch, velocity: note.velocity))
            }
            let body = PhraseBody(length: length, notes: notes, tempos: index == 0 ? inside : [],
                                  expression: PhraseExpression(controls: SongExcerpt.controls(of: track, in: song, start: start, end: end, swing: swing)))
            cutTrack.phrases = [Phrase(id: "excerpt", start: .zero, content: .original(body))]
            return cutTrack
        }
        return excerpt
    }

    /// A track's pedal, controller and bend commands for the excerpt `[start, end)`: those in
    /// force at the cut first, at its time zero (the pedal when it is down, the last value of
    /// each controller, the last bend — as a DAW chases them), then those inside, moved.
    static func controls(of track: Track, in song: Song, start: Rational, end: Rational, swing: SwingMap? = nil) -> [ControlMark] {
        var pedalDown = false
        var controllers: [Int: Int] = [:]
        var bend: Int?
        var inside: [ControlMark] = []
        for control in Performance.controls(of: track, in: song, swing: swing) {
            if control.time >= end { break }
            if control.time >= start {
                inside.append(ControlMark(offset: control.time - start, event: control.event))
                continue
            }
            switch control.event {
            case .pedal(let down): pedalDown = down
            case .controller(let number, let value): controllers[number] = value
            case .bend(let cents): bend = cents
            }
        }
        var chased: [ControlMark] = []
        if pedalDown { chased.append(ControlMark(offset: .zero, event: .pedal(down: true))) }
        for number in controllers.keys.sorted() {
            chased.append(ControlMark(offset: .zero, event: .controller(number: number, value: controllers[number] ?? 0)))
        }
        if let bend { chased.append(ControlMark(offset: .zero, event: .bend(cents: bend))) }
        return chased + inside
    }
}
