import StaveSyntax

/// The Composition tree: the song as music, checked and in exact time.
///
/// Song > Track (melody | drums) > Phrase (original | repeat | sync) > RootNote > TupletNote > ChordNote.
/// Times are `Rational` whole notes from the start of the song (phrase starts) or of the phrase
/// (note positions). Tracks, phrases, notes (chords, tuplets) and header tempo and meter
/// changes record where they were written (`SourceMark`), which equality ignores: two songs
/// that sound and read the same compare equal.
public struct Song: Equatable, Sendable {
    /// The title (SMF track name of the conductor track).
    public var title: String
    /// The composer, if any.
    public var composer: String?
    /// MIDI ticks per quarter note, 24…32767.
    public var ppq: Int
    /// The key signature.
    public var key: Key
    /// Tempo changes from the header, at bar starts (the first is bar 1).
    public var tempos: [TempoChange]
    /// Header tempo ramps `tempo BPM at A-B`, as written, in bar order (Songwriting v3).
    public var tempoRamps: [TempoRamp] = []
    /// Meter changes at bar starts; the first is at bar 1.
    public var meters: [MeterChange]
    /// Header markers (`marker "…" at BAR`, v2) in source order.
    public var markers: [SongMarker] = []
    /// The tracks in source order.
    public var tracks: [Track]
    /// Header `swing …` (Feel v3), as written; nil when not written.
    public var swing: SwingSetting?
    /// Header `humanize …` (Feel v3), as written; nil when not written.
    public var humanize: HumanizeSetting?
    /// The form (v3): repeats and jumps as written; empty for a song played straight through.
    public var form = Form()
    // Stave 3 keys (Form v3).
    /// Key changes `key … at BAR`, in bar order (see `KeyMap`).
    public var keyChanges: [KeyChange] = []
    /// The header's `transpose N` (−48…48): every melody track sounds N semitones higher.
    public var transpose = 0
    /// The song's own styles (`style ID { … }`, Accompaniment v3) in source order, as written.
    public var styles: [StyleDefinition] = []

    /// Creates a `Song` from its parts.
    public init(title: String, composer: String? = nil, ppq: Int = 480, key: Key = .cMajor,
                tempos: [TempoChange] = [TempoChange(bar: 1, bpm: Rational(120))],
                meters: [MeterChange] = [MeterChange(bar: 1, numerator: 4, denominator: 4)], tracks: [Track] = []) {
        self.title = title
        self.composer = composer
        self.ppq = ppq
        self.key = key
        self.tempos = tempos
        self.meters = meters
        self.tracks = tracks
    }

    /// The track with an ID.
    public func track(_ id: String) -> Track? { tracks.first { $0.id == id } }

    /// The title a song read from `path` gets when it has no `title`: the file name without
    /// its extension (`untitled` for standard input, `-`).
    public static func defaultTitle(forPath path: String) -> String {
        if path == "-" { return "untitled" }
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }
}

/// A tempo from the header: `tempo BPM [at BAR]`.
public struct TempoChange: Equatable, Sendable {
    /// 1-based bar where it takes effect.
    public var bar: Int
    /// Quarter notes per minute, exact (`92.5` is 185/2).
    public var bpm: Rational
    /// How many tracks the file holds before this statement (header statements may stand
    /// between and after tracks). It places the change among in-body tempos in file order:
    /// of two tempo events on one tick, the later in the file wins (LANGUAGE.md rule 8).
    public var afterTracks: Int
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `TempoChange` from its parts.
    public init(bar: Int, bpm: Rational, afterTracks: Int = 0) {
        self.bar = bar
        self.bpm = bpm
        self.afterTracks = afterTracks
    }

    /// `afterTracks` within a song of `trackCount` tracks (0…trackCount).
    public func position(amongTracks trackCount: Int) -> Int {
        max(0, min(afterTracks, trackCount))
    }
}

/// A tempo ramp `tempo BPM at A-B` (Songwriting v3): from the tempo in force just before bar
/// `bar` to `bpm` at the end of bar `through`, one step a quarter note. Stored as written;
/// `Performance.tempoEvents` expands it into its steps.
public struct TempoRamp: Equatable, Sendable {
    /// The first bar of the ramp (A).
    public var bar: Int
    /// The last bar of the ramp (B, at least A).
    public var through: Int
    /// The tempo reached on the ramp's last quarter note.
    public var bpm: Rational
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `TempoRamp` from its parts.
    public init(bar: Int, through: Int, bpm: Rational) {
        self.bar = bar
        self.through = through
        self.bpm = bpm
    }

    /// Its steps given the tempo `start` in force just before it: one at each quarter note from
    /// the start of bar `bar` up to the end of bar `through`, the k-th of n at
    /// start + (bpm − start)·k/n.
    public func steps(from start: Rational, meterMap: MeterMap) -> [PerformedTempo] {
        let first = meterMap.start(ofBar: bar)
        let span = meterMap.start(ofBar: through + 1) - first
        let quarters = span * 4
        let count = quarters.isInteger ? quarters.floor : quarters.floor + 1
        guard count > 0 else { return [] }
        var steps: [PerformedTempo] = []
        steps.reserveCapacity(count)
        for step in 1...count {
            let time = first + Rational(step - 1, 4)
            steps.append(PerformedTempo(time: time, bpm: start + (bpm - start) * Rational(step, count)))
        }
        return steps
    }
}

/// A time signature from bar `bar` on.
public struct MeterChange: Equatable, Sendable {
    /// The 1-based bar where the change takes effect.
    public var bar: Int
    /// Beats per bar (1–64).
    public var numerator: Int
    /// The beat's note value (1, 2, 4, …, 64).
    public var denominator: Int
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `MeterChange` from its parts.
    public init(bar: Int, numerator: Int, denominator: Int) {
        self.bar = bar
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The length of one bar in whole notes.
    public var barLength: Rational { Rational(numerator, denominator) }
}

/// A melody or drum track with its settings and phrases.
public struct Track: Equatable, Sendable {
    /// The track ID, unique in the song.
    public var id: String
    /// Display name, if given.
    public var name: String?
    /// Melody or drums.
    public var kind: TrackKind
    /// GM program: the instrument on melody tracks, the kit on drum tracks.
    public var program: Int
    /// MIDI channel 1…16 (resolved: explicit or assigned).
    public var channel: Int
    /// True when the channel was written in the source rather than assigned.
    public var channelIsExplicit: Bool
    /// CC7, 0…127.
    public var volume: Int
    /// CC10, 0…127.
    public var pan: Int
    /// Starting velocity of each phrase.
    public var velocity: Int
    /// Starting octave of each phrase (melody tracks).
    public var octave: Int
    /// Semitones added at output (melody tracks).
    public var transpose: Int
    /// Percent (1…100) of its written length that an unmarked note sounds (v2 `legato`).
    public var legato: Int = 100
    /// `staff PART N` (Stave 3): the part and staff of the score it is written on; nil: a part
    /// of its own (`StaffRule`).
    public var staff: StaffPlacement?
    /// `symbols on|off` (Accompaniment v3): false when the track's chord symbols sound nothing
    /// in it (they still drive comps, MusicXML harmony and the roll).
    public var symbols: Bool = true
    /// `comp SOURCE STYLE.PART` (Accompaniment v3): the track plays a style's part over the
    /// harmony of another track instead of phrases of its own.
    public var comp: Comp?
    /// Phrases in source order.
    public var phrases: [Phrase]
    /// The track's own `swing …` (Feel v3), replacing the header's; nil when not written.
    public var swing: SwingSetting?
    /// The track's own `humanize …` (Feel v3), replacing the header's; nil when not written.
    public var humanize: HumanizeSetting?
    /// The `track` or `drums` block it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `Track` from its parts.
    public init(id: String, name: String? = nil, kind: TrackKind, program: Int = 0, channel: Int, channelIsExplicit: Bool = false,
                volume: Int = 100, pan: Int = 64, velocity: Int = 100, octave: Int = 4, transpose: Int = 0, phrases: [Phrase] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.program = program
        self.channel = channel
        self.channelIsExplicit = channelIsExplicit
        self.volume = volume
        self.pan = pan
        self.velocity = velocity
        self.octave = octave
        self.transpose = transpose
        self.phrases = phrases
    }

    /// The Original phrase with an ID.
    public func original(_ id: String) -> PhraseBody? {
        for phrase in phrases where phrase.id == id {
            if case .original(let body) = phrase.content { return body }
        }
        return nil
    }
}

/// A phrase placed on the track's timeline.
public struct Phrase: Equatable, Sendable {
    /// What the phrase holds.
    public enum Content: Equatable, Sendable {
        /// Its own notes.
        case original(PhraseBody)
        /// `count` back-to-back copies of an Original phrase of the same track.
        case `repeat`(source: String, count: Int)
        /// A linked copy of an Original phrase of `track`, transposed.
        case sync(track: String, phrase: String, transpose: Int)
    }

    /// The ID, if given (Originals may be anonymous; Repeat and Sync phrases have none).
    public var id: String?
    /// Start in whole notes from the start of the song.
    public var start: Rational
    /// What the phrase holds.
    public var content: Content
    /// The `phrase`, `repeat` or `sync` statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `Phrase` from its parts.
    public init(id: String? = nil, start: Rational, content: Content) {
        self.id = id
        self.start = start
        self.content = content
    }

    /// A phrase written at `source` in the text.
    init(id: String? = nil, start: Rational, content: Content, source: SourceRange) {
        self.init(id: id, start: start, content: content)
        self.source = SourceMark(source)
    }
}

/// The notes of an Original phrase.
public struct PhraseBody: Equatable, Sendable {
    /// Sum of the body's durations (rests included), in whole notes.
    public var length: Rational
    /// Notes, chords and tuplets in time order; rests are the gaps between them.
    public var notes: [RootNote]
    /// In-body tempo changes.
    public var tempos: [TempoMark]
    /// The v2 marks written in the body (hairpins, grace groups, controllers, markers, chord
    /// symbols) and the phrase's lyrics; empty for a v1 body.
    public var expression: PhraseExpression

    /// Creates a `PhraseBody` from its parts.
    public init(length: Rational, notes: [RootNote] = [], tempos: [TempoMark] = [], expression: PhraseExpression = PhraseExpression()) {
        self.length = length
        self.notes = notes
        self.tempos = tempos
        self.expression = expression
    }
}

/// A tempo change inside a phrase body.
public struct TempoMark: Equatable, Sendable {
    /// Offset from the phrase start, in whole notes.
    public var offset: Rational
    /// Quarter notes per minute, exact.
    public var bpm: Rational

    /// Creates a `TempoMark` from its parts.
    public init(offset: Rational, bpm: Rational) {
        self.offset = offset
        self.bpm = bpm
    }
}

/// A note container: a position and a width split into equal subdivisions.
/// One subdivision is a plain note or chord; several are a tuplet.
///
/// A plain single note — by far the most common container — is stored inline without any
/// array, which keeps large songs small and fast; `divisions` presents every container alike.
public struct RootNote: Equatable, Sendable {
    /// Offset from the phrase start, in whole notes.
    public var position: Rational
    /// Total length, in whole notes.
    public var width: Rational
    /// The note, chord or tuplet it was written as, with its length and ties (not part of
    /// equality; the notes inside a chord or tuplet share their container's).
    public var source: SourceMark = .none
    private var storage: Storage

    /// Canonical storage: a lone one-note chord is always `.note`, a lone chord of several
    /// notes (or a lone rest) `.chord`, so equality is structural.
    private enum Storage: Equatable, Sendable {
        case note(ChordNote)
        case chord([ChordNote])
        case divisions([TupletNote])

        init(_ divisions: [TupletNote]) {
            if divisions.count == 1, case .chord(let notes) = divisions[0] {
                self = notes.count == 1 ? .note(notes[0]) : .chord(notes)
            } else {
                self = .divisions(divisions)
            }
        }
    }

    /// Creates a `RootNote` from its parts.
    public init(position: Rational, width: Rational, divisions: [TupletNote]) {
        self.position = position
        self.width = width
        self.storage = Storage(divisions)
    }

    /// A plain single note, stored without allocation.
    public init(position: Rational, width: Rational, note: ChordNote) {
        self.position = position
        self.width = width
        self.storage = .note(note)
    }

    /// A plain chord (empty: a rest), stored without a divisions array.
    public init(position: Rational, width: Rational, chord: [ChordNote]) {
        self.position = position
        self.width = width
        self.storage = chord.count == 1 ? .note(chord[0]) : .chord(chord)
    }

    /// The equal subdivisions.
    public var divisions: [TupletNote] {
        get {
            switch storage {
            case .note(let note): return [.chord([note])]
            case .chord(let notes): return [.chord(notes)]
            case .divisions(let divisions): return divisions
            }
        }
        set { storage = Storage(newValue) }
    }

    /// The note, when this container is a plain single note.
    public var singleNote: ChordNote? {
        if case .note(let note) = storage { return note }
        return nil
    }

    /// The notes, when this container is a plain chord of several notes (or a rest).
    public var singleChord: [ChordNote]? {
        if case .chord(let notes) = storage { return notes }
        return nil
    }
}

/// One equal subdivision: a chord (one or more notes; none is a rest) or a nested tuplet.
public enum TupletNote: Equatable, Sendable {
    case chord([ChordNote])
    case tuplet([TupletNote])

    /// A rest.
    public static let rest = TupletNote.chord([])
}

/// One sounding pitch.
///
/// Stored in 16-bit fields (values beyond ±32767 are clamped, which keeps them out of range)
/// so that songs of hundreds of thousands of notes stay small.
///
/// A melody note also keeps how it was written (`f#` or `gb`), so that printing a song writes
/// its notes as the composer did. The spelling is notation, not sound: two notes that differ
/// only in spelling compare equal.
public struct ChordNote: Equatable, Sendable {
    private var storedPitch: Int16
    private var storedVelocity: Int16
    /// The tie (bit 0) and the articulation marks (`NoteMarks`, shifted up by one) in one
    /// byte, so that a ChordNote stays 7 bytes and a RootNote 48.
    private var flags: UInt8 = 0

    /// Tied to the same pitch in the next note or chord.
    public var tie: Bool {
        get { flags & 1 != 0 }
        set { flags = newValue ? flags | 1 : flags & ~1 }
    }

    /// Staccato, tenuto and accent, as written (v2).
    public var marks: NoteMarks {
        get { NoteMarks(rawValue: (flags >> 1) & 0b111) }
        set { flags = (flags & ~0b1110) | ((newValue.rawValue & 0b111) << 1) }
    }

    /// True when `velocity` is the note's own, written `@N` (v3, bit 4 of the flags): it does
    /// not follow a hairpin's ramp, and the save format and printer write it back as `@N`.
    public var ownVelocity: Bool {
        get { flags & 0b1_0000 != 0 }
        set { flags = newValue ? flags | 0b1_0000 : flags & ~0b1_0000 }
    }
    /// The written letter's ASCII byte, or 0 when the spelling is not known (drums, or Stave's
    /// default spelling applies).
    private var spelledLetter: UInt8 = 0
    private var spelledAccidental: Int8 = 0

    /// MIDI key (melody: as resolved in the source, before track transpose; drums: the drum key).
    public var pitch: Int {
        get { Int(storedPitch) }
        set { storedPitch = Int16(clamping: newValue) }
    }

    /// 0…127; 0 is kept but emits no MIDI note.
    public var velocity: Int {
        get { Int(storedVelocity) }
        set { storedVelocity = Int16(clamping: newValue) }
    }

    /// How the pitch was written: its letter and sounding accidental (−2…2; `f` in D major is
    /// `f` with +1). Nil when not known; the printer then spells it (`PitchSpeller`).
    public var spelling: PitchSpelling? {
        get { spelledLetter == 0 ? nil : PitchSpelling(letterByte: spelledLetter, accidental: Int(spelledAccidental)) }
        set {
            spelledLetter = newValue?.letterByte ?? 0
            spelledAccidental = Int8(clamping: newValue?.accidental ?? 0)
        }
    }

    /// Creates a `ChordNote` from its parts.
    public init(pitch: Int, velocity: Int, tie: Bool = false, spelling: PitchSpelling? = nil, marks: NoteMarks = [], ownVelocity: Bool = false) {
        self.storedPitch = Int16(clamping: pitch)
        self.storedVelocity = Int16(clamping: velocity)
        self.tie = tie
        self.marks = marks
        self.spelling = spelling
        self.ownVelocity = ownVelocity
    }

    /// Pitch, velocity, tie and marks: what sounds. The spelling is left out (see the type's comment).
    public static func == (a: ChordNote, b: ChordNote) -> Bool {
        a.storedPitch == b.storedPitch && a.storedVelocity == b.storedVelocity && a.flags == b.flags
    }

    /// True when both notes sound alike and are written alike.
    public func isWrittenAlike(_ other: ChordNote) -> Bool {
        self == other && spelledLetter == other.spelledLetter && spelledAccidental == other.spelledAccidental
    }
}
