import StaveComposition
import StaveSyntax

/// Turns a Standard MIDI File into a Composition `Song`, which `StavePrinter` writes as Stave
/// text: the conductor's tempo map, meters, key and title become the header; each MIDI track
/// and channel becomes a track (a drum track on channel 10), split into voices where its notes
/// overlap in ways one chord line cannot hold; note times become exact Stave durations, tuplets
/// and ties. Pure: bytes in, a song out.
public struct MIDIImporter {
    /// How note times are placed.
    public enum Grid: Equatable, Sendable {
        /// Exact where every time compiles back to its tick; otherwise the coarsest grid that
        /// explains the onsets (binary or triplet).
        case auto
        /// Every start and end snapped to multiples of 1/N of a whole note (16: sixteenths,
        /// 12: triplet eighths).
        case division(Int)
    }

    /// The grid; `.auto` by default.
    public var grid: Grid
    /// Whether a track is cut into phrases — a new one after a whole bar of silence, and a
    /// passage played again exactly as an Original and a `repeat` (true by default);
    /// `--no-phrases` writes one phrase per track (per voice).
    public var findRepeats: Bool

    /// Creates an importer.
    public init(grid: Grid = .auto, findRepeats: Bool = true) {
        self.grid = grid
        self.findRepeats = findRepeats
    }

    /// The imported song and remarks on what Stave could not keep.
    public struct Result: Sendable {
        /// The song.
        public var song: Song
        /// What was changed or left out, one sentence each (empty when the import is faithful).
        public var remarks: [String]
    }

    /// Imports a file; the song's title is `defaultTitle` when the file names none.
    public func importSong(_ bytes: [UInt8], defaultTitle: String) throws(MIDIReadError) -> Result {
        let file = try MIDIFileReader().read(bytes)
        return try importSong(file, defaultTitle: defaultTitle)
    }

    /// The bars the song of a file that has been read would last, found from its events as
    /// `importSong` checks its limits (which it throws for) before building anything.
    public static func bars(of file: MIDIFile) throws(MIDIReadError) -> Int {
        let scale = file.ticksPerQuarter < 24 ? (24 + file.ticksPerQuarter - 1) / file.ticksPerQuarter : 1
        let clock = TickTime(ticksPerWhole: 4 * file.ticksPerQuarter * scale)
        var remarks: [String] = []
        let conductor = Conductor(file: file, scale: scale, clock: clock, remarks: &remarks)
        let parts = file.tracks.indices.flatMap { ChannelPart.parts(of: file.tracks[$0], track: $0, scale: scale) }
        return try ImportLimits.check(file, parts: parts, conductor: conductor, scale: scale, clock: clock)
    }

    /// Imports a file that has been read; a song beyond Stave's limits (`ImportLimits`) is
    /// refused before anything is built.
    public func importSong(_ file: MIDIFile, defaultTitle: String) throws(MIDIReadError) -> Result {
        var remarks: [String] = []
        // Stave's ppq is 24…32767; a coarser file is scaled up, which keeps every time exact.
        let scale = file.ticksPerQuarter < 24 ? (24 + file.ticksPerQuarter - 1) / file.ticksPerQuarter : 1
        let ppq = file.ticksPerQuarter * scale
        let clock = TickTime(ticksPerWhole: 4 * ppq)
        var conductor = Conductor(file: file, scale: scale, clock: clock, remarks: &remarks)
        // Texts as Stave strings can hold them (one remark per kind of change, at the end).
        var repairs = TextRepairs()
        conductor.title = conductor.title.map { repairs.writable($0) }
        conductor.composer = conductor.composer.map { repairs.writable($0) }
        for index in conductor.markers.indices { conductor.markers[index].text = repairs.writable(conductor.markers[index].text) }
        let names = file.tracks.indices.map { MIDIImporter.trackName(file: file, track: $0).map { repairs.writable($0) } }

        var parts: [ChannelPart] = []
        for (index, track) in file.tracks.enumerated() {
            parts += ChannelPart.parts(of: track, track: index, scale: scale)
        }
        try ImportLimits.check(file, parts: parts, conductor: conductor, scale: scale, clock: clock)
        var quantizer: Quantizer?
        if case .division(let division) = grid { quantizer = .division(division, clock) }
        // Performed MIDI: most onsets off every simple grid. Tuplet windows of many parts would
        // "explain" such times exactly and unreadably, so it is quantized at once, beat by beat.
        let allNotes = parts.flatMap(\.notes)
        if case .auto = grid, MIDIImporter.looksPerformed(allNotes, clock: clock) {
            let beats = BeatGrid(parts: parts.map(\.notes), clock: clock, meterMap: conductor.meterMap)
            remarks.append("the onsets look performed (most lie off every simple grid); quantized beat by beat to \(beats.summary)")
            quantizer = .beats(beats)
        }
        // Notation programs end each note a tick or two early (so that repeated notes sound
        // apart): when nearly every note does, those ends go back to where the notes were written.
        if case .auto = grid, quantizer == nil, let gap = MIDIImporter.releaseGap(allNotes, clock: clock) {
            for index in parts.indices { parts[index].notes = MIDIImporter.closing(gap, in: parts[index].notes, clock: clock) }
            remarks.append("notes end \(gap) tick\(gap == 1 ? "" : "s") before their written length, as notation programs write them; they are held to it")
        }
        let quantized = quantizer != nil
        var tracks = buildTracks(parts, names: names, file: file, clock: clock, conductor: conductor, quantizer: quantizer)
        // A few odd times (a tempo change between sixty-fourths) do not make the whole piece quantized.
        let boundaries = 2 * parts.reduce(0) { $0 + $1.notes.count }
        if case .auto = grid, !quantized, tracks.inexact > 0, tracks.inexact * 50 > boundaries {
            let division = MIDIImporter.autoGrid(parts.flatMap(\.notes), clock: clock)
            remarks.append("note times do not fall on a grid Stave can write exactly; quantized to 1/\(division) of a whole note")
            tracks = buildTracks(parts, names: names, file: file, clock: clock, conductor: conductor, quantizer: .division(division, clock))
        }
        if tracks.inexact > 0 {
            remarks.append("\(tracks.inexact) note boundaries moved to the nearest sixty-fourth")
        }
        let later = parts.reduce(0) { $0 + $1.laterSettings }
        if later > 0 { remarks.append("\(later) program changes after the first of a track are not kept") }
        let bends = parts.reduce(0) { $0 + $1.inexactBends }
        if bends > 0 { remarks.append("\(bends) pitch bends between two cents are written as the nearest cent") }
        if tracks.lostLyrics > 0 {
            remarks.append("\(tracks.lostLyrics) lyric events are left out (no note of a melody track starts at their tick, or a verse cannot hold their text)")
        }
        if tracks.tracks.isEmpty, !conductor.bodyTempos.isEmpty {
            remarks.append("\(conductor.bodyTempos.count) tempo changes inside bars are left out: the file has no track to hold them")
        }
        if tracks.lostMarkers > 0 {
            remarks.append("\(tracks.lostMarkers) markers inside bars are left out: the file has no track to hold them")
        }
        remarks += repairs.remarks
        // Markers at bar starts go to the header.
        var markers: [SongMarker] = []
        for marker in conductor.markers {
            let (bar, exact) = Conductor.bar(at: marker.tick, in: conductor.meterMap, clock: clock)
            if exact { markers.append(SongMarker(bar: bar, text: marker.text)) }
        }
        var song = Song(title: conductor.title ?? defaultTitle, composer: conductor.composer, ppq: ppq, key: conductor.key,
                        tempos: conductor.tempos, meters: conductor.meters, tracks: tracks.tracks)
        song.markers = markers
        return Result(song: song, remarks: remarks)
    }

    /// The Stave tracks of the channel parts (`names`: each MIDI track's name, made writable),
    /// how many boundaries were placed inexactly, and
    /// how many lyric and marker events found no place.
    func buildTracks(_ parts: [ChannelPart], names: [String?], file: MIDIFile, clock: TickTime, conductor: Conductor, quantizer: Quantizer?)
        -> (tracks: [Track], inexact: Int, lostLyrics: Int, lostMarkers: Int) {
        // Pitches spelled by the song's key and the line they move in (`LineSpeller`).
        let layout = VoiceLayout(clock: clock, meterMap: conductor.meterMap, speller: LineSpeller(key: conductor.key))
        let drumLayout = VoiceLayout(clock: clock, meterMap: conductor.meterMap)
        /// A tick as the grid places it.
        func snapped(_ tick: Int) -> Int { quantizer?.snap(tick) ?? tick }
        let scale = clock.ticksPerWhole / (4 * file.ticksPerQuarter)
        var lyrics: [Int: LyricReading] = [:]
        for part in parts where lyrics[part.track] == nil {
            lyrics[part.track] = LyricReading(track: file.tracks[part.track], file: file, scale: scale, snap: snapped)
        }
        // Markers that are not at a bar start stand in the body of the song's first voice.
        let bodyMarkers = conductor.markers.filter { Conductor.bar(at: $0.tick, in: conductor.meterMap, clock: clock).exact == false }
            .map { (tick: snapped($0.tick), text: $0.text) }
        var tracks: [Track] = []
        var inexact = 0
        var usedIDs = Set<String>()
        var partNotes = parts.map { part in quantizer?.quantize(part.notes) ?? part.notes }
        // A syllable where no note of its track starts is sung on a silent note of the track's first melody part.
        for (track, reading) in lyrics where !reading.isEmpty {
            let members = parts.indices.filter { parts[$0].track == track }
            guard let first = members.first(where: { parts[$0].channel != 9 }) else { continue }
            let starts = Set(members.flatMap { partNotes[$0].map(\.start) })
            let ticks = reading.ticks.filter { !starts.contains($0) }
            partNotes[first] += LyricReading.silentCarriers(at: ticks, among: partNotes[first], ticksPerWhole: clock.ticksPerWhole)
        }
        for (partIndex, part) in parts.enumerated() {
            let notes = partNotes[partIndex]
            let isDrums = part.channel == 9 && notes.allSatisfy { DrumNames.name(forKey: $0.pitch) != nil }
            let voices = notes.isEmpty ? [[]] : MIDIImporter.splitByRegister(VoiceSplitter.split(notes), drums: isDrums)
            let name = names[part.track]
            let baseID = TrackNaming.baseID(name: name, program: part.program ?? 0, drums: part.channel == 9)
            for (voiceIndex, voice) in voices.enumerated() {
                let id = TrackNaming.unique(voices.count == 1 ? baseID : "\(baseID)_\(voiceIndex + 1)", among: &usedIDs)
                // The first voice of the song carries the tempo changes and markers that fall
                // inside bars; the first voice of a channel its controllers and bends.
                var tempoAt: [Int: Rational] = [:]
                var marks = BodyMarks()
                if tracks.isEmpty {
                    for tempo in conductor.bodyTempos { tempoAt[snapped(tempo.tick)] = tempo.bpm }
                    marks.markers = bodyMarkers
                }
                if voiceIndex == 0 { marks.controls = part.controls.map { TimedControl(tick: snapped($0.tick), event: $0.event) } }
                let tempoTicks = tempoAt.keys.sorted()
                // Stave writes pitches from MIDI 10 up (`cbb0`); lower ones sound through a track transpose.
                var voice = voice
                var transpose = 0
                if !isDrums, let lowest = voice.map(\.pitch).min(), lowest < 10, let highest = voice.map(\.pitch).max() {
                    let shift = 12 * ((10 - lowest + 11) / 12)
                    if highest + shift <= 127 {
                        transpose = -shift
                        for index in voice.indices { voice[index].pitch += shift }
                    }
                }
                // A phrase per passage: a new one after at least one whole bar of silence (one
                // passage for the whole voice without phrases).
                var phrases: [Phrase] = []
                var nextPhraseID = 1
                for passage in MIDIImporter.passages(voice, tempoTicks: tempoTicks, markTicks: marks.ticks, clock: clock,
                                                     meterMap: conductor.meterMap, splitsAtSilence: findRepeats) {
                    var (body, voiceInexact, tempoTimes, markTimes) = (isDrums ? drumLayout : layout)
                        .body(passage.notes, origin: passage.start, extraTicks: passage.tempoTicks, markTicks: passage.markTicks)
                    inexact += voiceInexact
                    let bpms = passage.tempoTicks.map { tempoAt[$0] ?? Rational(120) }
                    body.tempos = zip(tempoTimes, bpms).map { TempoMark(offset: $0, bpm: $1) }
                    marks.place(in: &body, ticks: passage.markTicks, times: markTimes)
                    if !isDrums, let verse = lyrics[part.track]?.verse(for: body, start: passage.start, clock: clock) {
                        body.expression.verses = [verse]
                    }
                    if !body.expression.isEmpty {
                        // Marks and lyrics keep the passage whole: each placement would emit them again.
                        let named = !body.expression.verses.isEmpty
                        phrases.append(Phrase(id: named ? "p\(nextPhraseID)" : nil, start: passage.start, content: .original(body)))
                        if named { nextPhraseID += 1 }
                    } else if findRepeats {
                        phrases += RepeatFinder.phrases(body, start: passage.start, meterMap: conductor.meterMap, nextID: &nextPhraseID)
                    } else {
                        phrases.append(Phrase(start: passage.start, content: .original(body)))
                    }
                }
                tracks.append(Track(id: id, name: name == id ? nil : name, kind: isDrums ? .drums : .melody, program: part.program ?? 0,
                                    channel: part.channel + 1, channelIsExplicit: true, volume: part.volume ?? 100, pan: part.pan ?? 64,
                                    transpose: transpose, phrases: phrases))
            }
        }
        TrackNaming.dropImpliedChannels(&tracks)
        if findRepeats { SyncFinder.link(&tracks) }
        let lostLyrics = lyrics.values.reduce(0) { $0 + $1.unplaced + $1.dropped }
        return (tracks, inexact, lostLyrics, tracks.isEmpty ? bodyMarkers.count : 0)
    }

    /// A passage of a voice: the start of the bar it begins in, its notes, the tempo changes
    /// inside bars that it carries, and the ticks of its controllers, bends and body markers.
    struct Passage {
        var start: Rational
        var notes: [VoiceNote] = []
        var tempoTicks: [Int] = []
        var markTicks: [Int] = []
    }

    /// The notes (with in-bar tempo changes and marks: sorted ticks) of a voice in passages
    /// separated by at least one whole bar of silence — or, without `splitsAtSilence`, in one passage.
    static func passages(_ notes: [VoiceNote], tempoTicks: [Int], markTicks: [Int] = [], clock: TickTime, meterMap: MeterMap,
                         splitsAtSilence: Bool = true) -> [Passage] {
        var passages: [Passage] = []
        var current: Passage?
        var soundingUntil = 0
        var noteIndex = 0, tempoIndex = 0, markIndex = 0
        while noteIndex < notes.count || tempoIndex < tempoTicks.count || markIndex < markTicks.count {
            // The earliest of the next tempo change, mark and note (points before notes at one tick).
            let tempoTick = tempoIndex < tempoTicks.count ? tempoTicks[tempoIndex] : Int.max
            let markTick = markIndex < markTicks.count ? markTicks[markIndex] : Int.max
            let noteTick = noteIndex < notes.count ? notes[noteIndex].start : Int.max
            let takeTempo = tempoTick <= markTick && tempoTick < noteTick
            let takeMark = !takeTempo && markTick < noteTick
            let start = takeTempo ? tempoTick : takeMark ? markTick : noteTick
            let end = takeTempo || takeMark ? start : notes[noteIndex].end
            // A new passage after a whole silent bar (bars are looked up only after a silence).
            if current == nil || (splitsAtSilence && start > soundingUntil && meterMap.locate(clock.time(soundingUntil)).bar + 1 < meterMap.locate(clock.time(start)).bar) {
                let bar = meterMap.locate(clock.time(start)).bar
                if let current { passages.append(current) }
                // The bar's start, unless it does not compile to a tick at or before the event.
                let barStart = meterMap.start(ofBar: bar)
                current = Passage(start: clock.tick(barStart) <= start ? barStart : meterMap.start(ofBar: max(1, bar - 1)))
                soundingUntil = end
            }
            if takeTempo {
                current?.tempoTicks.append(start)
                tempoIndex += 1
            } else if takeMark {
                current?.markTicks.append(start)
                markIndex += 1
            } else {
                current?.notes.append(notes[noteIndex])
                noteIndex += 1
            }
            soundingUntil = max(soundingUntil, end)
        }
        if let current { passages.append(current) }
        return passages
    }

    /// The name of a track (its first track-name meta event), except the conductor's, which is the title.
    static func trackName(file: MIDIFile, track: Int) -> String? {
        guard track > 0 else { return nil }
        return file.tracks[track].events.first { $0.isMeta && $0.data1 == 0x03 }.map { file.text(of: $0) }
    }

    /// Notes with starts and ends on multiples of 1/division of a whole note (at least one step
    /// long). A note released just before the next onset (within 1/48 of a whole note, as a
    /// player's legato falls short) is held to that onset instead of leaving a tiny rest.
    static func snap(_ notes: [VoiceNote], to division: Int, clock: TickTime) -> [VoiceNote] {
        let onsets = Set(notes.map(\.start)).sorted()
        let tolerance = max(1, clock.ticksPerWhole / 48)
        return notes.map { note in
            var rawEnd = note.end
            // The first onset after this note's start.
            var low = 0, high = onsets.count
            while low < high {
                let mid = (low + high) / 2
                if onsets[mid] <= note.start { low = mid + 1 } else { high = mid }
            }
            if low < onsets.count, onsets[low] > rawEnd, onsets[low] - rawEnd <= tolerance { rawEnd = onsets[low] }
            let start = clock.nearest(note.start, grid: division)
            let end = max(start + 1, clock.nearest(rawEnd, grid: division))
            return VoiceNote(start: clock.tick(start, over: division), end: clock.tick(end, over: division), pitch: note.pitch, velocity: note.velocity)
        }
    }

    /// Stave names pitches from MIDI 10 up; lower ones sound through a track transpose, which
    /// must leave the voice's highest pitch writable. A voice spanning too wide a range for that
    /// is split into its low and high notes.
    static func splitByRegister(_ voices: [[VoiceNote]], drums: Bool) -> [[VoiceNote]] {
        guard !drums else { return voices }
        return voices.flatMap { voice -> [[VoiceNote]] in
            guard let lowest = voice.map(\.pitch).min(), lowest < 10, let highest = voice.map(\.pitch).max(),
                  highest + 12 * ((10 - lowest + 11) / 12) > 127 else { return [voice] }
            return [voice.filter { $0.pitch < 64 }, voice.filter { $0.pitch >= 64 }]
        }
    }

    /// The release gap of a notation program's MIDI: when at least 90% of the notes end the
    /// same 1…`ticksPerWhole / 960` ticks (2 at ppq 480) before a point of the 1/192 grid,
    /// that many ticks; nil otherwise (Stave's own MIDI ends notes where they were written).
    static func releaseGap(_ notes: [VoiceNote], clock: TickTime) -> Int? {
        guard notes.count >= 8 else { return nil }
        let limit = max(1, clock.ticksPerWhole / 960)
        var counts = [Int](repeating: 0, count: limit + 1)
        for note in notes {
            let gap = gapToGrid(note.end, clock: clock)
            if gap >= 1, gap <= limit { counts[gap] += 1 }
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] * 10 >= notes.count * 9 else { return nil }
        return best
    }

    /// The notes with each end that lies `gap` ticks before a point of the 1/192 grid moved to it.
    static func closing(_ gap: Int, in notes: [VoiceNote], clock: TickTime) -> [VoiceNote] {
        notes.map { note in
            var note = note
            if gapToGrid(note.end, clock: clock) == gap { note.end += gap }
            return note
        }
    }

    /// Ticks from `tick` to the nearest point of the 1/192 grid (negative when that lies before).
    private static func gapToGrid(_ tick: Int, clock: TickTime) -> Int {
        clock.tick(clock.nearest(tick, grid: 192), over: 192) - tick
    }

    /// True when fewer than a quarter of the onsets fall exactly on a tick of the 1/192 grid
    /// (sixty-fourths and triplet thirty-seconds), as in a recorded performance; notation
    /// programs and Stave put most of them there (even songs full of quintuplets and septuplets).
    static func looksPerformed(_ notes: [VoiceNote], clock: TickTime) -> Bool {
        guard notes.count >= 8 else { return false }
        let onGrid = notes.reduce(0) { count, note in
            count + (clock.tick(clock.nearest(note.start, grid: 192), over: 192) == note.start ? 1 : 0)
        }
        return onGrid * 4 < notes.count
    }

    /// Grids tried by `--grid auto`, coarsest first: divisions of a whole note.
    static let autoGrids = [4, 8, 12, 16, 24, 32, 48, 64, 96]

    /// The coarsest grid on which 95% of the onsets lie within 1/48 of a whole note (a twelfth
    /// of a beat in 4/4), or the finest grid.
    static func autoGrid(_ notes: [VoiceNote], clock: TickTime) -> Int {
        guard !notes.isEmpty else { return 16 }
        let tolerance = max(1, clock.ticksPerWhole / 48)
        for division in autoGrids {
            var near = 0
            for note in notes {
                let snapped = clock.tick(clock.nearest(note.start, grid: division), over: division)
                if abs(snapped - note.start) <= tolerance { near += 1 }
            }
            if near * 100 >= notes.count * 95 { return division }
        }
        return autoGrids.last ?? 96
    }
}
