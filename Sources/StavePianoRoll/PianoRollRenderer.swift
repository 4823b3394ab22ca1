import StaveComposition

/// Draws a song as a text piano roll: the `roll` backend behind `stave roll` and
/// `stave compile -o SONG.txt`.
///
/// The roll starts with the title and a line giving the key, meters, bars and step. Then come
/// systems (lines of music no wider than `options.width`); in each, every shown track has its
/// header, a ruler (bar numbers and beat marks, `|` at bar lines) and one row per pitch. In a row
/// a note's first cell is `#`, the cells it sustains are `=` (other glyphs for soft, loud and
/// silent notes), silent cells are `.`. ROLL.md
/// describes the format in full. Pure: a song and options in, text out.
public struct PianoRollRenderer: Backend {
    /// What to show and how wide.
    public var options: PianoRollOptions

    /// A renderer; the defaults draw everything on the automatic grid, 120 columns wide.
    public init(options: PianoRollOptions = PianoRollOptions()) {
        self.options = options
    }

    /// The format's name on the command line.
    public var formatName: String { "roll" }

    /// The roll as UTF-8 text (ASCII unless a title, a name or `options.unicode` says otherwise).
    public func render(_ song: Song) throws -> [UInt8] {
        do {
            return Array(try roll(song).utf8)
        } catch let error as PianoRollError {
            throw BackendError(error.description)
        }
    }

    /// The largest roll drawn, in characters (about 64 MB), so a huge song asks for `--bars`
    /// instead of exhausting memory.
    public static let maximumCharacters = 64_000_000

    /// The roll as text, each line ending in a newline. Throws `PianoRollError` for an unknown
    /// track, bars past the song's end, a roll too large to draw, or a damaged song.
    public func roll(_ song: Song) throws -> String {
        for meter in song.meters where !(1...64).contains(meter.numerator) || !(1...64).contains(meter.denominator) {
            throw PianoRollError.invalidSong("meter \(meter.numerator)/\(meter.denominator) at bar \(meter.bar)")
        }
        let meterMap = MeterMap(meters: song.meters)
        let tracks = try selectedTracks(of: song)
        let lastBar = try RollRange.lastBar(of: song, meterMap: meterMap)
        guard lastBar > 0 else {
            if let bars = options.bars { throw PianoRollError.barsOutOfRange(requested: bars, lastBar: 0) }
            return emptyRoll(song, tracks)
        }
        var lines = [RollRange.titleLine(of: song)]
        let bars = try RollRange.shownBars(requested: options.bars, lastBar: lastBar)
        let (start, end) = (meterMap.start(ofBar: bars.lowerBound), meterMap.start(ofBar: bars.upperBound + 1))
        // Swung notes where they sound (Stave 3 feel); humanize is the MIDI writer's alone.
        let notes = tracks.map { Performance.feltNotes(of: $0, in: song) }
        let step = options.step ?? RollGrid.automaticStep(notes: notes.flatMap { $0 }, meterMap: meterMap, bars: bars)
        var rolls = zip(tracks, notes).map {
            RollTrack(track: $0, notes: $1, from: start, to: end, key: song.keySignatures[0].key,
                      spellings: WrittenSpelling.table(of: $0, in: song, from: start, to: end),
                      chordSymbols: Performance.chordSymbols(of: $0, in: song), lyrics: Performance.lyrics(of: $0, in: song))
        }
        lines += RollRange.wrap(RollRange.infoItems(song: song, meterMap: meterMap, bars: bars, lastBar: lastBar, step: step), width: options.width)
        let glyphs = options.unicode ? RollGlyphs.unicode : RollGlyphs.ascii
        var swings: [String] = []
        for track in tracks { if let swing = song.swing(of: track), !swings.contains(swing.legend) { swings.append(swing.legend) } }
        lines += PianoRollRenderer.legend(rolls, glyphs, width: options.width, swings: swings)

        let grid = RollGrid(meterMap: meterMap, bars: bars, step: step)
        var labels = rolls.flatMap { $0.rows.map(\.label.count) }
        if rolls.contains(where: { !$0.rows.isEmpty && !$0.chordSymbols.isEmpty }) { labels.append(PianoRollRenderer.chordsLabel.count) }
        if rolls.contains(where: { !$0.rows.isEmpty && !$0.lyrics.isEmpty }) { labels.append(PianoRollRenderer.lyricsLabel.count) }
        let labelWidth = (labels.max() ?? 0) + 1
        let rowCount = rolls.reduce(0) { $0 + $1.rows.count + 2 + ($1.chordSymbols.isEmpty ? 0 : 1) + ($1.lyrics.isEmpty ? 0 : 1) }
        let (lineLength, overflow) = (grid.cellCount + grid.barCount + labelWidth + 2).multipliedReportingOverflow(by: rowCount)
        guard !overflow, lineLength <= PianoRollRenderer.maximumCharacters else {
            throw PianoRollError.tooLarge(characters: overflow ? Int.max : lineLength)
        }
        for index in rolls.indices { rolls[index].draw(on: grid) }

        let drawing = SystemDrawing(grid: grid, meterMap: meterMap, glyphs: glyphs, labelWidth: labelWidth, lineWidth: options.width, writtenBars: options.writtenBars)
        // The further lines of words are counted as they are drawn (their number depends on how
        // the texts collide); the total stays within the limit too.
        try drawSystems(rolls, drawing, bars: bars, into: &lines, budget: PianoRollRenderer.maximumCharacters - lineLength)
        let moved = rolls.reduce(0) { $0 + $1.moved }
        if moved > 0 {
            lines.append("")
            let note = "* \(moved) onset\(moved == 1 ? "" : "s") fell between columns and \(moved == 1 ? "was" : "were") moved to the nearest column."
            lines += RollRange.wrapWords(note, width: options.width)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The legend lines under the information line, none when every shown note is a plain
    /// note of the medium band. The first names the glyphs of the marks used (`# onset,
    /// = sustain, > accented onset, + grace note`); a second, when a note of another band is
    /// shown, the velocity bands used, medium always among them
    /// (`velocity: o- soft (v1-56, ppp-p), #= medium (v57-103, mp-f)`).
    /// `swings` (Stave 3 feel) are the shown tracks' swings, `swing 8 (2:1)`, named last.
    static func legend(_ rolls: [RollTrack], _ glyphs: RollGlyphs, width: Int, swings: [String] = []) -> [String] {
        var marks: [String] = []
        if rolls.contains(where: \.hasAccents) { marks.append("\(glyphs.accent) accented onset") }
        if rolls.contains(where: \.hasGraces) { marks.append("\(glyphs.grace) grace note") }
        marks += swings
        var bands = rolls.reduce(into: Set<VelocityBand>()) { $0.formUnion($1.bands) }
        if bands.subtracting([.medium]).isEmpty { bands = [] } else { bands.insert(.medium) }
        guard !marks.isEmpty || !bands.isEmpty else { return [] }
        var lines = RollRange.wrap(["legend: \(glyphs.onset(.medium)) onset", "\(glyphs.sustain(.medium)) sustain"] + marks, width: width)
        if !bands.isEmpty {
            let items = bands.sorted().map { "\(glyphs.onset($0))\(glyphs.sustain($0)) \($0.legendText)" }
            lines += RollRange.wrap(["velocity:"] + items, width: width)
        }
        return lines
    }

    /// The label of the chord-symbol line above a track's ruler.
    static let chordsLabel = "chords"
    /// The label of the lyrics line under a track's rows.
    static let lyricsLabel = "lyrics"

    /// Appends the systems: for each, every track's header, ruler and rows, after a blank line.
    /// A track without notes in the shown bars gets its header only. Throws `tooLarge` when the
    /// lines of words beyond one per track and system exceed `budget` characters.
    func drawSystems(_ rolls: [RollTrack], _ drawing: SystemDrawing, bars: ClosedRange<Int>, into lines: inout [String], budget: Int) throws {
        var extra = 0
        func words(_ label: String, _ texts: [PerformedText], _ system: SystemLayout.System) throws -> [String] {
            let found = drawing.words(label, texts, system)
            extra += found.dropFirst().reduce(0) { $0 + $1.utf8.count + 1 }
            if extra > budget { throw PianoRollError.tooLarge(characters: PianoRollRenderer.maximumCharacters - budget + extra) }
            return found
        }
        let layout = SystemLayout(barCells: drawing.grid.barCells, columns: options.width - drawing.labelWidth)
        let empty = " (no notes in \(RollRange.barsText(bars)))"
        for system in layout.systems {
            for roll in rolls {
                lines.append("")
                guard !roll.rows.isEmpty else {
                    lines += RollRange.wrap(RollTrack.header(of: roll.track, suffix: empty), width: options.width)
                    continue
                }
                lines += RollRange.wrap(RollTrack.header(of: roll.track), width: options.width)
                // The line of words nearest the music first: chord lines stack upward, lyrics down.
                lines += try words(PianoRollRenderer.chordsLabel, roll.chordSymbols, system).reversed()
                lines.append(drawing.ruler(system))
                for row in roll.rows { lines.append(drawing.row(row, system)) }
                lines += try words(PianoRollRenderer.lyricsLabel, roll.lyrics, system)
            }
        }
    }

    /// The roll of a song without bars: title, key, and each track's header.
    func emptyRoll(_ song: Song, _ tracks: [Track]) -> String {
        var lines = [RollRange.titleLine(of: song)]
        lines += RollRange.wrap(["key \(RowLabel.key(song.keySignatures[0].key))", "no bars"], width: options.width)
        for track in tracks {
            lines.append("")
            lines += RollRange.wrap(RollTrack.header(of: track, suffix: " (no notes)"), width: options.width)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tracks named by `options.tracks` in song order, or all of them.
    func selectedTracks(of song: Song) throws -> [Track] {
        guard let ids = options.tracks else { return song.tracks }
        for id in ids where song.track(id) == nil {
            throw PianoRollError.unknownTrack(id: id, available: song.tracks.map(\.id))
        }
        return song.tracks.filter { ids.contains($0.id) }
    }
}
