import StaveComposition
import StaveSyntax

/// The Domain model: a song as the save format stores it, mirroring the musicLine app's
/// persistence model. Song > Track (melody | drums) > Phrase (original | repeat | sync) >
/// NoteContainer (position, width) > NoteBlock (equal subdivisions, nested for nested
/// tuplets) > Note (pitch or drum key, velocity, tie).
///
/// Time is stored exactly as integers in `resolution` units per whole note. Repeat and Sync
/// phrases store references, not copies. `SongDecoder` builds a document from JSON and checks
/// it; `SongEncoder` writes one; `SongDocument(_:)` and `composition` convert to and from the
/// Composition tree.
public struct SongDocument: Equatable, Sendable {
    /// The `format` name at the top of every save file.
    public static let formatName = "stave-song"
    /// The format version this program writes and the newest it reads.
    public static let currentVersion = 6

    /// The title (the file name when the source had none).
    public var title: String
    /// The composer, if any.
    public var composer: String?
    /// MIDI ticks per quarter note, 24…32767.
    public var ppq: Int
    /// Time units per whole note: every start, length, position, width and tempo offset is
    /// an integer count of them. Written files use the smallest such number.
    public var resolution: Int
    /// The key signature, with its tonic as written.
    public var key: Key
    /// Header tempo changes at bar starts, in bar order; the first is at bar 1.
    public var tempos: [TempoChange]
    /// Header tempo ramps `tempo BPM at A-B` as written, in bar order (version 6, `tempoRamps`).
    public var tempoRamps: [TempoRamp] = []
    /// The form as written (version 6, `form`; LANGUAGE.md "Form (v3)"); empty when absent.
    public var form = Form()
    /// Stave 3 keys (version 6): key changes `key … at BAR` as written, in bar order (`keyChanges`).
    public var keyChanges: [KeyChange] = []
    /// Stave 3 keys (version 6): the header's `transpose N` (`transpose`, left out when 0).
    public var transpose = 0
    /// Meter changes at bar starts, in bar order; the first is at bar 1.
    public var meters: [MeterChange]
    /// Header markers (`marker "…" at BAR`, v2) in source order.
    public var markers: [SongMarker]
    /// The tracks in source order.
    public var tracks: [Track]
    /// Header `swing …` as written (version 6, Stave 3 feel); nil when not written.
    public var swing: SwingSetting?
    /// Header `humanize …` as written (version 6, Stave 3 feel); nil when not written.
    public var humanize: HumanizeSetting?
    /// The song's own styles as written (version 6, `styles`; Accompaniment v3).
    public var styles: [StyleDefinition] = []

    /// A document; the defaults are those of an empty Stave file.
    public init(title: String, composer: String? = nil, ppq: Int = 480, resolution: Int = 1, key: Key = .cMajor,
                tempos: [TempoChange] = [TempoChange(bar: 1, bpm: Rational(120))],
                meters: [MeterChange] = [MeterChange(bar: 1, numerator: 4, denominator: 4)], markers: [SongMarker] = [], tracks: [Track] = []) {
        self.title = title
        self.composer = composer
        self.ppq = ppq
        self.resolution = resolution
        self.key = key
        self.tempos = tempos
        self.meters = meters
        self.markers = markers
        self.tracks = tracks
    }

    /// A melody or drum track with its settings and phrases.
    public struct Track: Equatable, Sendable {
        /// The track ID.
        public var id: String
        /// The display name, if any.
        public var name: String?
        /// Melody or drums.
        public var kind: TrackKind
        /// GM program: the instrument on melody tracks, the kit on drum tracks.
        public var program: Int
        /// MIDI channel 1…16.
        public var channel: Int
        /// True when the channel was chosen by the author; false when Stave assigned it.
        public var channelIsExplicit: Bool
        /// CC7, 0…127.
        public var volume: Int
        /// CC10, 0…127.
        public var pan: Int
        /// Starting velocity of each phrase.
        public var velocity: Int
        /// Starting octave of each phrase; melody tracks only (drum tracks keep 4).
        public var octave: Int
        /// Semitones added at output; melody tracks only (drum tracks keep 0).
        public var transpose: Int
        /// Percent (1…100) of its written length an unmarked note sounds (v2 `legato`).
        public var legato: Int
        /// `staff PART N` (Stave 3): the notated part and staff; nil: a part of its own.
        public var staff: StaffPlacement? = nil
        /// The phrases in source order.
        public var phrases: [Phrase]
        /// The track's own `swing …` (version 6, Stave 3 feel); nil when not written.
        public var swing: SwingSetting?
        /// The track's own `humanize …` (version 6, Stave 3 feel); nil when not written.
        public var humanize: HumanizeSetting?
        /// `symbols off` (version 6, `"symbols": false`; Accompaniment v3).
        public var symbols = true
        /// `comp SOURCE STYLE.PART` as written (version 6, `comp`).
        public var comp: CompStatement?

        /// A track; the defaults are Stave's.
        public init(id: String, name: String? = nil, kind: TrackKind, program: Int = 0, channel: Int, channelIsExplicit: Bool = false,
                    volume: Int = 100, pan: Int = 64, velocity: Int = 100, octave: Int = 4, transpose: Int = 0, legato: Int = 100,
                    phrases: [Phrase] = []) {
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
            self.legato = legato
            self.phrases = phrases
        }
    }

    /// `comp SOURCE STYLE.PART` as written (Accompaniment v3).
    public struct CompStatement: Equatable, Sendable {
        public var source: String
        public var style: String
        public var part: String

        /// Creates a `CompStatement` from its parts.
        public init(source: String, style: String, part: String) {
            self.source = source
            self.style = style
            self.part = part
        }
    }

    /// A phrase on its track's timeline.
    public struct Phrase: Equatable, Sendable {
        /// What the phrase holds.
        public enum Content: Equatable, Sendable {
            /// Its own notes: the length (rests included), the containers in time order,
            /// in-body tempo marks, and the v2 marks and lyrics written in the body.
            case original(length: Int, containers: [NoteContainer], tempos: [TempoMark], expression: Expression = Expression())
            /// `count` back-to-back copies of an Original phrase of the same track.
            case `repeat`(source: String, count: Int)
            /// A linked copy of an Original phrase of `track`, transposed.
            case sync(track: String, phrase: String, transpose: Int)
        }

        /// The ID. Only Originals may have one in a loadable song; the decoder reads it on
        /// every kind so that references to Repeats and Syncs can be reported precisely.
        public var id: String?
        /// Start in resolution units from the song start.
        public var start: Int
        /// What the phrase holds.
        public var content: Content

        /// A phrase.
        public init(id: String? = nil, start: Int, content: Content) {
            self.id = id
            self.start = start
            self.content = content
        }
    }

    /// A tempo change inside a phrase body.
    public struct TempoMark: Equatable, Sendable {
        /// Offset from the phrase start, in resolution units.
        public var offset: Int
        /// Quarter notes a minute, exact.
        public var bpm: Rational

        /// A tempo mark.
        public init(offset: Int, bpm: Rational) {
            self.offset = offset
            self.bpm = bpm
        }
    }

    /// A NoteContainer (a BeatContainer on drum tracks): a position and a width split into
    /// equal blocks. One block is a plain note or chord; several are a tuplet.
    public struct NoteContainer: Equatable, Sendable {
        /// Offset from the phrase start, in resolution units.
        public var position: Int
        /// Length in resolution units.
        public var width: Int
        /// The equal subdivisions (at least one).
        public var blocks: [NoteBlock]

        /// A container.
        public init(position: Int, width: Int, blocks: [NoteBlock]) {
            self.position = position
            self.width = width
            self.blocks = blocks
        }
    }

    /// One equal subdivision: notes sounding together (none: a rest) or nested blocks. (Not
    /// `indirect`: the arrays already hold their elements out of line, so a box per block
    /// would only cost an allocation.)
    public enum NoteBlock: Equatable, Sendable {
        /// Notes sounding together; none is a rest.
        case notes([Note])
        /// A nested tuplet: its own equal subdivisions.
        case blocks([NoteBlock])
    }

    /// A Note (a Beat on drum tracks).
    public struct Note: Equatable, Sendable {
        /// MIDI key before the track's transpose; the drum key on drum tracks.
        public var pitch: Int
        /// 0…127 (0 is kept and plays nothing).
        public var velocity: Int
        /// Tied to the same pitch in the next note or chord.
        public var tie: Bool
        /// Staccato, tenuto and accent, as written (v2).
        public var marks: NoteMarks
        /// How the note is written (letter and sounding accidental) when that differs from the
        /// spelling Stave chooses itself (`PitchSpeller`); nil otherwise, and on drums.
        public var spelling: PitchSpelling?
        /// True when `velocity` is the note's own `@N` (v3): written as it stands, it leaves
        /// the phrase's running velocity alone and a hairpin does not ramp it.
        public var ownVelocity: Bool

        /// A note.
        public init(pitch: Int, velocity: Int, tie: Bool = false, spelling: PitchSpelling? = nil, marks: NoteMarks = [], ownVelocity: Bool = false) {
            self.pitch = pitch
            self.velocity = velocity
            self.tie = tie
            self.marks = marks
            self.spelling = spelling
            self.ownVelocity = ownVelocity
        }

        /// The save format's text of a spelling: the letter, then `#`, `##`, `b` or `bb` (`f#`,
        /// `cb`, `e`); the accidental is the sounding one, whatever the key signature.
        public static func spellingText(_ spelling: PitchSpelling) -> String {
            SpelledPitch.letters(of: spelling)
        }

        /// The spelling a save file's text names, or nil when it is not one.
        public static func spelling(fromText text: String) -> PitchSpelling? {
            let bytes = Array(text.utf8)
            guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(first), bytes.count <= 3 else { return nil }
            let rest = bytes.dropFirst()
            if rest.allSatisfy({ $0 == UInt8(ascii: "#") }) { return PitchSpelling(letterByte: first, accidental: rest.count) }
            if rest.allSatisfy({ $0 == UInt8(ascii: "b") }) { return PitchSpelling(letterByte: first, accidental: -rest.count) }
            return nil
        }
    }
}
