import StaveSyntax

/// Turns a syntax tree into a checked Composition `Song`, reporting every error and warning
/// LANGUAGE.md defines. Pure: takes values, returns values and diagnostics.
public struct Lowering {
    /// Songs last at most this many bars.
    public static let maximumBars = 1_000_000
    /// `repeat … xN` takes at most this N.
    public static let maximumRepeat = 10_000
    /// A song expands (every Repeat and Sync copy counted) to at most this many notes…
    public static let maximumExpandedNotes = 100_000_000
    /// …and at most this many tempo changes.
    public static let maximumExpandedTempos = 1_000_000

    var diagnostics: [Diagnostic] = []
    /// The form statements of the header (v3), lowered once the phrases are placed.
    var formStatements: [HeaderStatement] = []

    /// Lowers and checks a parsed song. `defaultTitle` is used when the song has no `title`
    /// (the file name). The song is meaningful only when the diagnostics hold no error.
    ///
    /// The syntax is consumed: each phrase body is released once it is lowered, so a caller that
    /// hands over its only copy never holds a large song twice (see `Placement.lowerOriginals`).
    public static func lower(_ syntax: consuming SongSyntax, defaultTitle: String) -> (song: Song, diagnostics: [Diagnostic]) {
        var lowering = Lowering()
        var song = lowering.lowerHeader(syntax.header, defaultTitle: defaultTitle, trackStarts: syntax.tracks.map(\.range.start))
        let meterMap = MeterMap(meters: song.meters)
        var tracks = lowering.lowerTracks(syntax.tracks)
        lowering.assignChannels(&tracks, syntax.tracks)
        lowering.checkStaves(tracks, syntax.tracks) // Stave 3: `staff PART N` across tracks
        // Accompaniment (v3): the song's own styles, then each comp once the tracks are placed.
        let styles = syntax.styles
        if !styles.isEmpty { song.styles = lowering.lowerStyles(styles) }
        var placement = Placement(song: song, meterMap: meterMap, syntax: consume syntax, tracks: tracks)
        placement.run()
        lowering.diagnostics += placement.diagnostics.indices.lazy.filter { !placement.supersededDiagnostics.contains($0) }.map { placement.diagnostics[$0] }
        song.tracks = placement.tracks
        // Stave 3 form: checked once every phrase has its place (the written score's end).
        if !lowering.formStatements.isEmpty {
            let (form, formDiagnostics) = FormLowering.lower(lowering.formStatements, song: song)
            song.form = form
            lowering.diagnostics += formDiagnostics
        }
        if !lowering.diagnostics.hasErrors, let outside = song.pitchOutsideTransposition() {
            // Stave 3: the header `transpose` must keep every melody pitch inside MIDI's range.
            let range = placement.syntax.header.first { if case .transpose = $0.kind { true } else { false } }?.range ?? SourceRange(0, 0)
            lowering.error(.valueOutOfRange, "transpose \(song.transpose) takes a note of track '\(outside.track)' to MIDI \(outside.pitch), outside 0–127", range)
        }
        if placement.syntax.tracks.contains(where: { !$0.comps.isEmpty }) {
            lowering.lowerComps(&song, tracks: placement.syntax.tracks, styles: styles)
        }
        // Timing is checked only on a song without errors of its own (a name that is no drum
        // counts, though the parser reported it).
        if !lowering.diagnostics.hasErrors, !placement.hasUnknownDrum {
            lowering.diagnostics += TimingCheck.check(song, syntax: placement.syntax, order: placement.tempoOrder, quarterDenominators: placement.quarterDenominators)
        }
        return (song, lowering.diagnostics)
    }

    /// Convenience: parse and lower a source in one step.
    public static func compile(_ source: Source, defaultTitle: String) -> (song: Song, diagnostics: [Diagnostic]) {
        let (syntax, parseDiagnostics) = Parser.parse(source)
        let (song, diagnostics) = lower(consume syntax, defaultTitle: defaultTitle)
        return (song, (parseDiagnostics + diagnostics).sortedByPosition())
    }

    mutating func error(_ id: DiagnosticID, _ message: String, _ range: SourceRange) {
        diagnostics.append(.error(id, message, at: range))
    }

    // MARK: - Values

    /// The exact length of a written duration: 1/value × (2 − 1/2^dots).
    static func value(of duration: DurationSyntax) -> Rational {
        // (2^(dots+1) − 1) / (value · 2^dots): an odd numerator over a power of two, already reduced.
        let powerOfTwo = 1 << duration.dots
        return Rational(unchecked: 2 * powerOfTwo - 1, duration.value * powerOfTwo)
    }

    /// A tempo in range 1…1000, or nil (reported).
    static func tempo(_ syntax: DecimalSyntax, _ diagnostics: inout [Diagnostic]) -> Rational? {
        var scale = 1
        for _ in 0..<syntax.scale { scale *= 10 }
        let bpm = Rational(syntax.numerator, scale)
        guard bpm >= Rational(1), bpm <= Rational(1000) else {
            diagnostics.append(.error(.valueOutOfRange, "tempo \(bpm.decimalText) is out of range: expected 1–1000 beats per minute", at: syntax.range))
            return nil
        }
        // MIDI holds at most 16,777,215 µs per quarter note: about 3.58 beats per minute.
        if Rational(60_000_000) / bpm > Rational(0xFF_FFFF) {
            diagnostics.append(.warning(.tempoTooSlowForMIDI, "tempo \(bpm.decimalText) is slower than MIDI can store; the MIDI file uses its slowest tempo, about 3.58 beats per minute", at: syntax.range))
        }
        return bpm
    }

    /// A bar number from `at BAR`, in 1…maximumBars, or nil (reported).
    static func bar(_ syntax: NumberSyntax, _ diagnostics: inout [Diagnostic]) -> Int? {
        guard syntax.value >= 1, syntax.value <= maximumBars else {
            diagnostics.append(.error(.valueOutOfRange, "bar \(syntax.value) is out of range: bars are numbered 1–\(maximumBars)", at: syntax.range))
            return nil
        }
        return syntax.value
    }

    // MARK: - Header

    /// `trackStarts`: where each track begins in the file, to place header tempos among them.
    mutating func lowerHeader(_ header: [HeaderStatement], defaultTitle: String, trackStarts: [Int]) -> Song {
        var song = Song(title: defaultTitle, tempos: [], meters: [])
        var seen: [String: SourceRange] = [:]
        var tracksBefore = 0
        var tempos: [(change: TempoChange, range: SourceRange)] = []
        var ramps: [(ramp: TempoRamp, range: SourceRange)] = []
        var meters: [(change: MeterChange, range: SourceRange, atForm: Bool)] = []
        var keyChanges: [(change: KeyChange, range: SourceRange)] = []
        func once(_ name: String, _ statement: HeaderStatement, _ lowering: inout Lowering) -> Bool {
            if seen[name] != nil {
                lowering.error(.duplicateHeader, "'\(name)' is given twice; each header statement may appear once", statement.keywordRange)
                return false
            }
            seen[name] = statement.range
            return true
        }
        for statement in header {
            switch statement.kind {
            case .title(let title):
                if once("title", statement, &self) { song.title = title }
            case .marker(let text, let at):
                guard let bar = Lowering.bar(at, &diagnostics) else { continue }
                var marker = SongMarker(bar: bar, text: text)
                marker.source = SourceMark(statement.range)
                song.markers.append(marker)
            case .form:
                formStatements.append(statement)
            case .composer(let composer):
                if once("composer", statement, &self) { song.composer = composer }
            case .feel(let feel):
                // Stave 3 feel (Lowering+Feel).
                if once(feel.word, statement, &self) { lowerFeel(feel, swing: &song.swing, humanize: &song.humanize) }
            case .ppq(let ppq):
                guard once("ppq", statement, &self) else { continue }
                if (24...32767).contains(ppq.value) { song.ppq = ppq.value } else {
                    error(.valueOutOfRange, "ppq \(ppq.value) is out of range: expected 24–32767", ppq.range)
                }
            case .key(let tonic, let tonicRange, let mode):
                guard once("key", statement, &self) else { continue }
                if let key = Key(tonic: tonic, mode: mode) { song.key = key } else {
                    error(.invalidKey, "'\(Pitch.spellingText(tonic)) \(mode.rawValue)' is not a key with at most 7 sharps or flats", tonicRange)
                }
            case .keyChange(let tonic, let tonicRange, let mode, let at):
                guard let bar = Lowering.bar(at, &diagnostics) else { continue }
                guard let key = Key(tonic: tonic, mode: mode) else {
                    error(.invalidKey, "'\(Pitch.spellingText(tonic)) \(mode.rawValue)' is not a key with at most 7 sharps or flats", tonicRange)
                    continue
                }
                var change = KeyChange(bar: bar, key: key)
                change.source = SourceMark(statement.range)
                keyChanges.append((change, statement.range))
            case .transpose(let amount):
                guard once("transpose", statement, &self) else { continue }
                if let value = Lowering.songTranspose(amount, &diagnostics) { song.transpose = value }
            case .tempo(let bpm, let at?, let through?):
                let first = Lowering.bar(at, &diagnostics)
                let last = Lowering.bar(through, &diagnostics)
                guard let value = Lowering.tempo(bpm, &diagnostics), let first, let last else { continue }
                guard first <= last else {
                    error(.tempoRampBars, "tempo ramp over bars \(first)-\(last) runs backwards: the first bar must not come after the last", at.range.union(through.range))
                    continue
                }
                var ramp = TempoRamp(bar: first, through: last, bpm: value)
                ramp.source = SourceMark(statement.range)
                ramps.append((ramp, statement.range))
            case .tempo(let bpm, let at, _):
                if at == nil, !once("tempo", statement, &self) { continue }
                guard let value = Lowering.tempo(bpm, &diagnostics) else { continue }
                var bar = 1
                if let at {
                    guard let parsed = Lowering.bar(at, &diagnostics) else { continue }
                    bar = parsed
                }
                // Statements and tracks are both in file order.
                while tracksBefore < trackStarts.count, trackStarts[tracksBefore] < statement.range.start { tracksBefore += 1 }
                var change = TempoChange(bar: bar, bpm: value, afterTracks: tracksBefore)
                change.source = SourceMark(statement.range)
                tempos.append((change, statement.range))
            case .meter(let numerator, let denominator, let at):
                if at == nil, !once("meter", statement, &self) { continue }
                var valid = true
                if !(1...64).contains(numerator.value) {
                    error(.invalidMeter, "meter numerator \(numerator.value) is out of range: expected 1–64", numerator.range)
                    valid = false
                }
                if ![1, 2, 4, 8, 16, 32, 64].contains(denominator.value) {
                    error(.invalidMeter, "meter denominator \(denominator.value) is not one of 1, 2, 4, 8, 16, 32, 64", denominator.range)
                    valid = false
                }
                var bar = 1
                if let at {
                    guard let parsed = Lowering.bar(at, &diagnostics) else { continue }
                    bar = parsed
                }
                if valid {
                    var change = MeterChange(bar: bar, numerator: numerator.value, denominator: denominator.value)
                    change.source = SourceMark(statement.range)
                    meters.append((change, statement.range, at != nil))
                }
            }
        }
        song.tempos = resolveTempos(tempos)
        song.tempoRamps = resolveRamps(ramps, tempos: song.tempos)
        song.meters = resolveMeters(meters)
        song.keyChanges = resolveKeyChanges(keyChanges)
        return song
    }

    /// Sorts tempo changes by bar; on one bar the later in the file wins, with a warning when
    /// the two differ.
    mutating func resolveTempos(_ tempos: [(change: TempoChange, range: SourceRange)]) -> [TempoChange] {
        var byBar: [Int: (change: TempoChange, range: SourceRange)] = [:]
        for entry in tempos {
            if let earlier = byBar[entry.change.bar], earlier.change.bpm != entry.change.bpm {
                diagnostics.append(.warning(.tempoConflict, "two tempo changes at bar \(entry.change.bar): tempo \(entry.change.bpm.decimalText) replaces tempo \(earlier.change.bpm.decimalText)", at: entry.range, notes: [DiagnosticNote("the earlier tempo is here", at: earlier.range)]))
            }
            byBar[entry.change.bar] = entry
        }
        if byBar[1] == nil { byBar[1] = (TempoChange(bar: 1, bpm: Rational(120)), SourceRange(0, 0)) }
        return byBar.values.map(\.change).sorted { $0.bar < $1.bar }
    }

    /// Sorts tempo ramps by bar; a ramp that overlaps another ramp or holds a header tempo change
    /// (other than bar 1's, which is where a ramp at bar 1 starts from) is an error.
    mutating func resolveRamps(_ ramps: [(ramp: TempoRamp, range: SourceRange)], tempos: [TempoChange]) -> [TempoRamp] {
        guard !ramps.isEmpty else { return [] }
        let sorted = ramps.enumerated().sorted { $0.element.ramp.bar != $1.element.ramp.bar ? $0.element.ramp.bar < $1.element.ramp.bar : $0.offset < $1.offset }.map(\.element)
        var kept: [TempoRamp] = []
        var changes = tempos.filter { $0.bar > 1 }.makeIterator()
        var change = changes.next()
        for entry in sorted {
            if let previous = kept.last, previous.through >= entry.ramp.bar {
                error(.tempoRampConflict, "tempo ramp over bars \(entry.ramp.bar)-\(entry.ramp.through) overlaps the tempo ramp over bars \(previous.bar)-\(previous.through)", entry.range)
                continue
            }
            while let next = change, next.bar < entry.ramp.bar { change = changes.next() }
            if let inside = change, inside.bar <= entry.ramp.through {
                diagnostics.append(.error(.tempoRampConflict, "tempo \(inside.bpm.decimalText) at bar \(inside.bar) falls inside the tempo ramp over bars \(entry.ramp.bar)-\(entry.ramp.through)",
                                          at: inside.source.range ?? entry.range, notes: [DiagnosticNote("the ramp is here", at: entry.range)]))
                continue
            }
            kept.append(entry.ramp)
        }
        return kept
    }

    /// Sorts meter changes by bar; `meter … at 1` replaces the header meter; two different meters
    /// for one bar are an error.
    mutating func resolveMeters(_ meters: [(change: MeterChange, range: SourceRange, atForm: Bool)]) -> [MeterChange] {
        var byBar: [Int: (change: MeterChange, range: SourceRange, atForm: Bool)] = [:]
        for entry in meters {
            guard let earlier = byBar[entry.change.bar] else {
                byBar[entry.change.bar] = entry
                continue
            }
            if entry.change.bar == 1 && earlier.atForm != entry.atForm {
                // The `at 1` form replaces the header meter, wherever it is written.
                if entry.atForm { byBar[1] = entry }
                continue
            }
            if earlier.change != entry.change {
                error(.meterConflict, "two different meters for bar \(entry.change.bar): \(entry.change.numerator)/\(entry.change.denominator) and \(earlier.change.numerator)/\(earlier.change.denominator)", entry.range)
            }
        }
        if byBar[1] == nil { byBar[1] = (MeterChange(bar: 1, numerator: 4, denominator: 4), SourceRange(0, 0), false) }
        return byBar.values.map(\.change).sorted { $0.bar < $1.bar }
    }
}

extension Rational {
    /// The value as a decimal when it is one (`92.5`), else as a fraction.
    public var decimalText: String {
        var denominator = self.denominator
        var twos = 0, fives = 0
        while denominator % 2 == 0 && denominator > 1 { denominator /= 2; twos += 1 }
        while denominator % 5 == 0 && denominator > 1 { denominator /= 5; fives += 1 }
        guard denominator == 1, !isOverflow else { return description }
        let digits = max(twos, fives)
        if digits == 0 { return "\(numerator)" }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (self * Rational(scale)).numerator
        let whole = scaled / scale
        var fraction = String(abs(scaled % scale))
        while fraction.count < digits { fraction = "0" + fraction }
        let sign = scaled < 0 && whole == 0 ? "-" : ""
        return "\(sign)\(whole).\(fraction)"
    }
}
