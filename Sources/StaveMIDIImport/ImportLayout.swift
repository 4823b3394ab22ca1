import StaveComposition
import StaveSyntax

/// A note of one voice at exact ticks, as an importer of another format (MusicXML) hands it to
/// the MIDI import's layout: with its written spelling and articulations.
public struct ImportedNote: Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var pitch: Int
    public var velocity: Int
    public var spelling: PitchSpelling?
    public var marks: NoteMarks

    /// Creates a note from its parts.
    public init(start: Int, end: Int, pitch: Int, velocity: Int, spelling: PitchSpelling? = nil, marks: NoteMarks = []) {
        self.start = start
        self.end = end
        self.pitch = pitch
        self.velocity = velocity
        self.spelling = spelling
        self.marks = marks
    }
}

/// The MIDI import's text-building steps that other importers share (`StaveMusicXMLImport`):
/// a voice's notes at ticks written as a phrase body (durations, chords, ties, tuplets, bar
/// splits — `VoiceLayout`), syllables made into a `lyrics` verse (`LyricReading`), track IDs
/// (`TrackNaming`). One layout for both formats, so both write the same Stave.
public struct ImportLayout: Sendable {
    /// Ticks per whole note (4 × the song's ppq).
    public let ticksPerWhole: Int
    /// The song's bars.
    public let meterMap: MeterMap

    /// Creates a layout for a song's clock and bars.
    public init(ticksPerWhole: Int, meterMap: MeterMap) {
        self.ticksPerWhole = ticksPerWhole
        self.meterMap = meterMap
    }

    /// The body of a voice's notes (no two of one pitch overlap), starting at `origin` (a bar
    /// start at or before the first note); how many boundaries could not be placed exactly; the
    /// times of `extraTicks` (outside any tuplet: tempo changes) and of `markTicks` (pedal,
    /// markers), as offsets from `origin`. Notes without a spelling are spelled in `key` (melody)
    /// or not at all (`drums`).
    public func body(_ notes: [ImportedNote], origin: Rational, extraTicks: [Int] = [], markTicks: [Int] = [], key: Key, drums: Bool)
        -> (body: PhraseBody, inexact: Int, extraTimes: [Rational], markTimes: [Rational]) {
        let layout = VoiceLayout(clock: TickTime(ticksPerWhole: ticksPerWhole), meterMap: meterMap, speller: drums ? nil : LineSpeller(key: key))
        let voice = notes.map { VoiceNote(start: $0.start, end: $0.end, pitch: $0.pitch, velocity: $0.velocity, spelling: $0.spelling, marks: $0.marks) }
        return layout.body(voice, origin: origin, extraTicks: extraTicks, markTicks: markTicks)
    }

    /// The `lyrics` verse of a body starting at `start` whose lyric notes take the syllables
    /// sung at their start ticks (a syllable ending in `-` runs into the next); nil when none
    /// has one. Also how many syllables were left out (a text a verse cannot hold, or no lyric
    /// note at its tick).
    public func verse(_ syllables: [Int: String], for body: PhraseBody, start: Rational) -> (verse: String?, dropped: Int) {
        var reading = LyricReading(syllables: syllables)
        let verse = reading.verse(for: body, start: start, clock: TickTime(ticksPerWhole: ticksPerWhole))
        return (verse, reading.dropped + reading.unplaced)
    }

    /// The voice (0, 1, …) of each note, as the MIDI import splits a track: a note goes to the
    /// first voice where its pitch is free for its whole length (`VoiceSplitter`). The notes
    /// must be sorted by start, then pitch, then end.
    public static func voices(of sorted: [ImportedNote]) -> [Int] {
        VoiceSplitter.voices(of: sorted.map { VoiceNote(start: $0.start, end: $0.end, pitch: $0.pitch, velocity: $0.velocity) })
    }

    /// A unique track ID from a part's name (or its instrument), `_2`, `_3` … for a later voice.
    public static func trackID(name: String?, program: Int, drums: Bool, voice: Int?, used: inout Set<String>) -> String {
        let base = TrackNaming.baseID(name: name, program: program, drums: drums)
        return TrackNaming.unique(voice.map { "\(base)_\($0)" } ?? base, among: &used)
    }

    /// Leaves out the `channel` settings the compiler would assign anyway.
    public static func dropImpliedChannels(_ tracks: inout [Track]) { TrackNaming.dropImpliedChannels(&tracks) }
}
