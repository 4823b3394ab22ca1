import StaveSyntax

/// The marks of Stave 2 (LANGUAGE.md "Expression (v2)" and "Songwriting (v2)") as the
/// Composition keeps them: *as written*, beside the notes they touch. Notes keep their
/// written velocity and their articulation (`ChordNote.marks`); what they sound like — the
/// velocity after a hairpin and an accent, the length after legato or staccato, where grace
/// notes fall — is worked out by `Performance`, in one place, for every backend.
///
/// Every mark of a body is placed by its *offset*: its time from the phrase start, in whole
/// notes. Two notes or chords of one body never start at the same time, so an offset names
/// the note a grace group or a chord symbol belongs to. A command written inside a grace group
/// or inside a chord that has one also says how many of the group's items sound before it
/// (`afterGraces`): LANGUAGE.md "Time of a command", worked out by `PhraseBody.time(of:afterGraces:)`.

/// The v2 marks of one phrase body, each list in source order.
public struct PhraseExpression: Equatable, Sendable {
    /// Crescendos and diminuendos.
    public var hairpins: [Hairpin]
    /// Grace groups, each before the note or chord that starts at its offset.
    public var graces: [GraceGroup]
    /// Sustain pedal, controller and pitch-bend commands.
    public var controls: [ControlMark]
    /// `marker "…"` in the body.
    public var markers: [MarkerMark]
    /// Chord symbols, each on the chord that starts at its offset.
    public var chordSymbols: [ChordSymbolMark]
    /// The phrase's lyrics, one string per verse, as written (`lyrics ID "…" "…"`); for
    /// `lyrics ID from TRACK.ID2`, a copy of ID2's verses.
    public var verses: [String]
    /// `lyrics ID from [TRACK.]ID2` (v3): where `verses` come from, as written; nil when the
    /// phrase has strings of its own (or none).
    public var lyricsSource: LyricsSource?

    /// Creates a `PhraseExpression` from its parts.
    public init(hairpins: [Hairpin] = [], graces: [GraceGroup] = [], controls: [ControlMark] = [],
                markers: [MarkerMark] = [], chordSymbols: [ChordSymbolMark] = [], verses: [String] = [],
                lyricsSource: LyricsSource? = nil) {
        self.hairpins = hairpins
        self.graces = graces
        self.controls = controls
        self.markers = markers
        self.chordSymbols = chordSymbols
        self.verses = verses
        self.lyricsSource = lyricsSource
    }

    /// True for a body without v2 marks (every v1 body).
    public var isEmpty: Bool {
        hairpins.isEmpty && graces.isEmpty && controls.isEmpty && markers.isEmpty && chordSymbols.isEmpty && verses.isEmpty && lyricsSource == nil
    }
}

/// `from [TRACK.]PHRASE` in `lyrics ID from …` (LANGUAGE.md "Lyrics, easier"), as written.
public struct LyricsSource: Equatable, Sendable {
    /// The track, when written (`from lead.verse`); nil for the phrase's own track (`from verse`).
    public var track: String?
    /// The Original phrase whose verses are sung.
    public var phrase: String

    /// Creates a `LyricsSource` from its parts.
    public init(track: String?, phrase: String) {
        self.track = track
        self.phrase = phrase
    }

    /// As written after `from`: `lead.verse` or `verse`.
    public var text: String { track.map { "\($0).\(phrase)" } ?? phrase }
}

/// `!<` or `!>`: a velocity ramp from `start` (velocity `from`) to `end`, where the next
/// velocity command of the body sets `to`. Notes starting in `start..<end` take
/// round(from + (to − from)·(t − start)/(end − start)), halves upward; accents after.
public struct Hairpin: Equatable, Sendable {
    /// Where `!<` / `!>` stands, from the phrase start.
    public var start: Rational
    /// Where the velocity command that ends it stands.
    public var end: Rational
    /// The velocity in force at `start`.
    public var from: Int
    /// The velocity the ending command sets.
    public var to: Int
    /// How many grace items of the group at `start` sound before `!<` / `!>`: 0, or the group's
    /// item count when it stands inside the chord the group decorates.
    public var startAfterGraces: Int
    /// How many grace items of the group at `end` sound before the ending velocity command:
    /// 0 before the group, i before the group's item i, the item count after its last item or
    /// inside the decorated chord.
    public var endAfterGraces: Int

    /// Creates a `Hairpin` from its parts.
    public init(start: Rational, end: Rational, from: Int, to: Int, startAfterGraces: Int = 0, endAfterGraces: Int = 0) {
        self.start = start
        self.end = end
        self.from = from
        self.to = to
        self.startAfterGraces = startAfterGraces
        self.endAfterGraces = endAfterGraces
    }

    /// True for `!<` (a crescendo), false for `!>`.
    public var isCrescendo: Bool { to > from }
}

/// `( … )` before a note or chord: grace items played on the beat, each lasting
/// g = min(1/32, L/(2k)) for k items before a main note of written length L.
public struct GraceGroup: Equatable, Sendable {
    /// The main note's (or chord's) written start, from the phrase start.
    public var offset: Rational
    /// The grace items in order; each is one pitch or a chord, with its velocity (cursor
    /// commands inside the group are sticky, so items may differ). Graces carry no ties or marks.
    public var items: [[ChordNote]]

    /// Creates a `GraceGroup` from its parts.
    public init(offset: Rational, items: [[ChordNote]]) {
        self.offset = offset
        self.items = items
    }
}

/// A controller command in a body, on the track's channel at its offset.
public struct ControlMark: Equatable, Sendable {
    /// What it sends.
    public enum Event: Equatable, Sendable {
        /// `pedal down` (CC64 127) or `pedal up` (CC64 0).
        case pedal(down: Bool)
        /// `cc N V`: controller N (0…127) set to V (0…127).
        case controller(number: Int, value: Int)
        /// `bend C`: cents −200…200; sends 8192 + round(C·8192/200), halves up, at most 16383.
        case bend(cents: Int)
    }

    /// Where it stands, from the phrase start.
    public var offset: Rational
    /// What it sends.
    public var event: Event
    /// How many grace items of the group at `offset` sound before it: 0, or the group's item
    /// count when it stands inside the chord the group decorates (it is sent with the chord).
    public var afterGraces: Int

    /// Creates a `ControlMark` from its parts.
    public init(offset: Rational, event: Event, afterGraces: Int = 0) {
        self.offset = offset
        self.event = event
        self.afterGraces = afterGraces
    }

    /// The 14-bit pitch-bend value of `bend cents`.
    public static func bendValue(cents: Int) -> Int {
        // round(C·8192/200) halves up = floor((C·8192·2 + 200) / 400)
        let twice = cents * 8192 * 2 + 200
        let rounded = twice >= 0 ? twice / 400 : -((-twice + 399) / 400)
        return min(16383, max(0, 8192 + rounded))
    }
}

/// `marker "text"` in a body.
public struct MarkerMark: Equatable, Sendable {
    /// Where it stands, from the phrase start.
    public var offset: Rational
    /// The marker's text.
    public var text: String
    /// How many grace items of the group at `offset` sound before it (as for `ControlMark`).
    public var afterGraces: Int

    /// Creates a `MarkerMark` from its parts.
    public init(offset: Rational, text: String, afterGraces: Int = 0) {
        self.offset = offset
        self.text = text
        self.afterGraces = afterGraces
    }
}

/// `marker "text" at BAR` in the header.
public struct SongMarker: Equatable, Sendable {
    /// The 1-based bar it marks the start of.
    public var bar: Int
    /// The marker's text.
    public var text: String
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `SongMarker` from its parts.
    public init(bar: Int, text: String) {
        self.bar = bar
        self.text = text
    }
}

/// A chord symbol (`[Am7]`) on the chord that starts at `offset`. The chord's notes hold its
/// pitches (root, the quality's intervals, the bass below); the symbol is kept so that the
/// song prints back as written.
public struct ChordSymbolMark: Equatable, Sendable {
    /// The chord's start, from the phrase start.
    public var offset: Rational
    /// The symbol as parsed.
    public var symbol: ChordSymbol
    /// The MIDI key of its root (as resolved in the source, before transposition).
    public var rootPitch: Int

    /// Creates a `ChordSymbolMark` from its parts.
    public init(offset: Rational, symbol: ChordSymbol, rootPitch: Int) {
        self.offset = offset
        self.symbol = symbol
        self.rootPitch = rootPitch
    }

    /// The MIDI keys the symbol sounds, lowest first.
    public var pitches: [Int] { symbol.pitches(root: rootPitch) }
}
