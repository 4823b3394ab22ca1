import StaveComposition
import StaveFormatter
import StaveSyntax

/// Prints a Composition song as canonical Stave text — the decompiler behind `stave print`.
///
/// Canonical means one fixed layout that compiles back to an equal song: the header without
/// defaults, one block per track with its non-default settings, one block per phrase with
/// `at BAR` only where the phrase does not start at the track's cursor, bar lines where bars
/// end (when valid at every placement of the phrase), sticky durations, octaves and
/// velocities, and spellings that follow the key signature. Every Stave 2 construct is written
/// as it was (LANGUAGE.md rule 15): marks, `legato`, hairpins, grace groups, `pedal`/`cc`/
/// `bend`, markers, chord symbols and lyrics (FORMAT.md, "Canonical Stave text"). Pure: a
/// song in, text out.
public struct StavePrinter {
    /// Lines of a phrase body end at the first bar line past this many characters.
    public var lineWidth: Int

    /// Creates a `StavePrinter` from its parts.
    public init(lineWidth: Int = 48) {
        self.lineWidth = lineWidth
    }

    /// The Stave text of a song.
    public func print(_ song: Song) -> String {
        var out = header(song)
        let grid = BarGrid(song: song)
        // Header tempos the file holds after a track stay there: their place decides which of
        // two tempos on one tick wins.
        let tempos = Dictionary(grouping: song.tempos) { $0.position(amongTracks: song.tracks.count) }
        let bodies = originalBodies(song, grid: grid)
        // Accompaniment (v3): the song's own styles, as written, before the tracks.
        for style in song.styles { out += "\n" + style.stave + "\n" }
        for (index, track) in song.tracks.enumerated() {
            out += "\n" + self.track(track, index: index, song: song, grid: grid, bodies: bodies[index])
            out += (tempos[index + 1] ?? []).map { StavePrinter.tempoStatement($0) + "\n" }.joined()
        }
        return out
    }

    /// `tempo BPM [at BAR]`.
    static func tempoStatement(_ tempo: TempoChange) -> String {
        tempo.bar == 1 ? "tempo \(tempo.bpm.decimalText)" : "tempo \(tempo.bpm.decimalText) at \(tempo.bar)"
    }

    func header(_ song: Song) -> String {
        var lines = ["title \(StavePrinter.quoted(song.title))"]
        if let composer = song.composer { lines.append("composer \(StavePrinter.quoted(composer))") }
        let firstTempo = song.tempos.first { $0.bar == 1 && $0.position(amongTracks: song.tracks.count) == 0 }
        if let tempo = firstTempo, tempo.bpm != Rational(120) { lines.append("tempo \(tempo.bpm.decimalText)") }
        let firstMeter = song.meters.first { $0.bar == 1 }
        if let meter = firstMeter, meter.numerator != 4 || meter.denominator != 4 {
            lines.append("meter \(meter.numerator)/\(meter.denominator)")
        }
        if song.key != .cMajor { lines.append("key \(song.key.stave)") }
        if song.ppq != 480 { lines.append("ppq \(song.ppq)") }
        for tempo in song.tempos where tempo.bar != 1 && tempo.position(amongTracks: song.tracks.count) == 0 {
            lines.append(StavePrinter.tempoStatement(tempo))
        }
        // A ramp's steps follow every other tempo wherever it is written: the header holds them all.
        for ramp in song.tempoRamps { lines.append("tempo \(ramp.bpm.decimalText) at \(ramp.bar)-\(ramp.through)") }
        for meter in song.meters where meter.bar != 1 { lines.append("meter \(meter.numerator)/\(meter.denominator) at \(meter.bar)") }
        for marker in song.markers { lines.append("marker \(StavePrinter.quoted(marker.text)) at \(marker.bar)") }
        lines += FeelText.statements(swing: song.swing, humanize: song.humanize)
        lines += StavePrinter.formStatements(song.form)
        // Stave 3 keys.
        for change in song.keyChanges { lines.append("key \(change.key.stave) at \(change.bar)") }
        if song.transpose != 0 { lines.append("transpose \(song.transpose)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A string literal: `"…"` with `\"` and `\\` escaped. Works on Unicode scalars, so a
    /// quote followed by a combining mark is escaped too.
    static func quoted(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.append("\\") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }

    /// The lines of every Original phrase body, by track and phrase (none for other phrases).
    /// Bodies print independently of each other, so a large song's print on all cores.
    func originalBodies(_ song: Song, grid: BarGrid) -> [[[String]]] {
        let keyMap = song.keyChanges.isEmpty ? nil : KeyMap(song: song, meterMap: MeterMap(meters: song.meters))
        return ParallelJobs.run(groups: song.tracks.map(\.phrases.count)) { trackIndex, phraseIndex -> [String] in
            let track = song.tracks[trackIndex]
            guard case .original(let body) = track.phrases[phraseIndex].content else { return [] }
            var printer = BodyPrinter(track: track, key: song.key)
            if let keyMap { printer.keyTimeline = (keyMap, track.phrases[phraseIndex].start) }
            return lines(printer.print(body, barOffsets: grid.offsets(track: trackIndex, phrase: phraseIndex, in: song)))
        }
    }

    func track(_ track: Track, index: Int, song: Song, grid: BarGrid, bodies: [[String]]) -> String {
        let keyword = track.kind == .drums ? "drums" : "track"
        var out = "\(keyword) \(track.id)" + (track.name.map { " " + StavePrinter.quoted($0) } ?? "") + " {\n"
        for setting in settings(track) { out += "  \(setting)\n" }
        var cursor = Rational.zero
        for (phraseIndex, phrase) in track.phrases.enumerated() {
            let at = phrase.start == cursor ? "" : " at \(grid.meterMap.locate(phrase.start).bar)"
            switch phrase.content {
            case .original(let body):
                let opening = "  phrase" + (phrase.id.map { " " + $0 } ?? "") + at + " {"
                let lines = bodies[phraseIndex]
                if lines.isEmpty {
                    out += opening + " }\n"
                } else {
                    out += opening + "\n"
                    for line in lines {
                        out.append("    ")
                        out.append(line)
                        out.append("\n")
                    }
                    out += "  }\n"
                }
                if let id = phrase.id, let source = body.expression.lyricsSource {
                    out += "  lyrics \(id) from \(source.text)\n"
                } else if let id = phrase.id, !body.expression.verses.isEmpty {
                    out += StavePrinter.lyrics(id, body.expression.verses)
                }
                cursor = phrase.start + body.length
            case .repeat(let source, let count):
                out += "  repeat \(source)" + (count == 1 ? "" : " x\(count)") + at + "\n"
                cursor = phrase.start + grid.length(track: track.id, phrase: source) * count
            case .sync(let sourceTrack, let source, let transpose):
                let name = sourceTrack == track.id ? source : "\(sourceTrack).\(source)"
                out += "  sync \(name)" + (transpose == 0 ? "" : " transpose \(transpose)") + at + "\n"
                cursor = phrase.start + grid.length(track: sourceTrack, phrase: source)
            }
        }
        return out + "}\n"
    }

    /// The settings that differ from their defaults, in a fixed order.
    func settings(_ track: Track) -> [String] {
        var settings: [String] = []
        if track.program != 0 {
            if track.kind == .drums {
                settings.append("kit \(GeneralMIDI.kitName(track.program) ?? "\(track.program)")")
            } else {
                let name = track.program < GeneralMIDI.instrumentNames.count ? GeneralMIDI.instrumentNames[track.program] : "\(track.program)"
                settings.append("instrument \(name)")
            }
        }
        if track.channelIsExplicit { settings.append("channel \(track.channel)") }
        if track.volume != 100 { settings.append("volume \(track.volume)") }
        if track.pan != 64 { settings.append("pan \(track.pan)") }
        if track.velocity != 100 { settings.append("velocity \(track.velocity)") }
        if track.kind == .melody {
            if track.octave != 4 { settings.append("octave \(track.octave)") }
            if track.transpose != 0 { settings.append("transpose \(track.transpose)") }
        }
        if track.legato != 100 { settings.append("legato \(track.legato)") }
        if let staff = track.staff { settings.append("staff \(staff.part) \(staff.number)") }
        settings += FeelText.statements(swing: track.swing, humanize: track.humanize)
        // Accompaniment (v3).
        if !track.symbols, track.kind == .melody { settings.append("symbols off") }
        if let comp = track.comp { settings.append("comp \(comp.text)") }
        return settings
    }

    /// `lyrics ID "…" "…"` after its phrase, on one line as `stave fmt` lays it out (a string
    /// cannot be broken, so long verses pass the formatter's width). A verse written over
    /// several lines keeps its line breaks, as written: its continuation lines are part of the
    /// string.
    static func lyrics(_ id: String, _ verses: [String]) -> String {
        "  lyrics \(id) " + verses.map(StavePrinter.quoted).joined(separator: " ") + "\n"
    }

    /// Groups elements into lines: a line ends at the first bar line past `lineWidth`
    /// characters, or before an element that would take it (indented, with a closing bar
    /// line) past the formatter's width — so `stave fmt` finds nothing to break.
    func lines(_ elements: [String]) -> [String] {
        let room = min(2 * lineWidth, Formatter.standardLineWidth - "    ".count - " |".count)
        var lines: [String] = []
        var line = ""
        var length = 0
        for element in elements {
            // Characters, not bytes (a marker's text may hold any); most elements are ASCII.
            let bytes = element.utf8.count
            let size = element.utf8.allSatisfy { $0 < 0x80 } ? bytes : element.count
            if length > 0, length + 1 + size > room, element != "|" {
                lines.append(line)
                line = ""
                length = 0
            }
            if length > 0 { line.append(" ") }
            line.append(element)
            length += length == 0 ? size : size + 1
            if element == "|", length >= lineWidth {
                lines.append(line)
                line = ""
                length = 0
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
