import StaveComposition
import StaveSyntax

extension SongDocument {
    /// The v2 marks of an Original phrase as the save format stores them (version 5): each as
    /// written, placed by its offset from the phrase start in resolution units, each list in
    /// source order. The Composition's `PhraseExpression` with integer time.
    public struct Expression: Equatable, Sendable {
        /// `!<` / `!>`: from `start` (velocity `from`) to `end`, where a velocity command sets `to`.
        public var hairpins: [Hairpin]
        /// `( … )` grace groups, each before the note or chord that starts at its offset.
        public var graces: [Grace]
        /// `pedal`, `cc` and `bend` commands.
        public var controls: [Control]
        /// `marker "…"` in the body.
        public var markers: [Marker]
        /// Chord symbols, each on the chord that starts at its offset.
        public var chordSymbols: [ChordSymbolMark]
        /// The lyrics, one string per verse, as written; for `lyricsFrom`, a copy of the source
        /// phrase's verses (made by `copyLyricsFromSources`, not stored).
        public var verses: [String]
        /// `lyrics ID from [TRACK.]ID2` (version 6): the phrase whose verses these are.
        public var lyricsSource: LyricsSource?

        /// An expression; empty by default (every v1 body).
        public init(hairpins: [Hairpin] = [], graces: [Grace] = [], controls: [Control] = [], markers: [Marker] = [],
                    chordSymbols: [ChordSymbolMark] = [], verses: [String] = [], lyricsSource: LyricsSource? = nil) {
            self.hairpins = hairpins
            self.graces = graces
            self.controls = controls
            self.markers = markers
            self.chordSymbols = chordSymbols
            self.verses = verses
            self.lyricsSource = lyricsSource
        }

        /// True when the body has no v2 marks.
        public var isEmpty: Bool {
            hairpins.isEmpty && graces.isEmpty && controls.isEmpty && markers.isEmpty && chordSymbols.isEmpty && verses.isEmpty
                && lyricsSource == nil
        }
    }

    /// A crescendo (`to > from`) or diminuendo (`to < from`).
    public struct Hairpin: Equatable, Sendable {
        /// Where `!<` / `!>` stands, in resolution units from the phrase start.
        public var start: Int
        /// Where the velocity command that ends it stands.
        public var end: Int
        /// The velocity in force at `start`.
        public var from: Int
        /// The velocity the ending command sets.
        public var to: Int
        /// Grace items of the group at `start` before `!<` / `!>` (`"startAfterGraces"`, omitted when 0).
        public var startAfterGraces: Int
        /// Grace items of the group at `end` before the ending command (`"endAfterGraces"`).
        public var endAfterGraces: Int

        /// A hairpin.
        public init(start: Int, end: Int, from: Int, to: Int, startAfterGraces: Int = 0, endAfterGraces: Int = 0) {
            self.start = start
            self.end = end
            self.from = from
            self.to = to
            self.startAfterGraces = startAfterGraces
            self.endAfterGraces = endAfterGraces
        }
    }

    /// A grace group: its items (each one note or a chord) before the note or chord at `offset`.
    public struct Grace: Equatable, Sendable {
        /// The main note's start, in resolution units from the phrase start.
        public var offset: Int
        /// The items in order, each one or more notes (no ties, no marks).
        public var items: [[Note]]

        /// A grace group.
        public init(offset: Int, items: [[Note]]) {
            self.offset = offset
            self.items = items
        }
    }

    /// A `pedal`, `cc` or `bend` command.
    public struct Control: Equatable, Sendable {
        /// Where it stands, in resolution units from the phrase start.
        public var offset: Int
        /// What it sends.
        public var event: ControlMark.Event
        /// Grace items of the group at `offset` before it (`"afterGraces"`, omitted when 0): the
        /// group's item count for a command inside the chord it decorates.
        public var afterGraces: Int

        /// A control.
        public init(offset: Int, event: ControlMark.Event, afterGraces: Int = 0) {
            self.offset = offset
            self.event = event
            self.afterGraces = afterGraces
        }
    }

    /// A `marker "…"` in a body.
    public struct Marker: Equatable, Sendable {
        /// Where it stands, in resolution units from the phrase start.
        public var offset: Int
        /// Its text.
        public var text: String
        /// Grace items of the group at `offset` before it (as for `Control`).
        public var afterGraces: Int

        /// A marker.
        public init(offset: Int, text: String, afterGraces: Int = 0) {
            self.offset = offset
            self.text = text
            self.afterGraces = afterGraces
        }
    }

    /// A chord symbol on the chord at `offset`.
    public struct ChordSymbolMark: Equatable, Sendable {
        /// The chord's start, in resolution units from the phrase start.
        public var offset: Int
        /// The symbol (`Am7`).
        public var symbol: ChordSymbol
        /// The MIDI key of its root, before the track's transpose.
        public var root: Int

        /// A chord symbol.
        public init(offset: Int, symbol: ChordSymbol, root: Int) {
            self.offset = offset
            self.symbol = symbol
            self.root = root
        }
    }
}

extension SongDocument {
    /// Gives each Original with a `lyricsSource` a copy of its source's verses, when the source
    /// is an Original with strings of its own (the validator reports the others): the
    /// Composition sings them as it sings a phrase's own.
    mutating func copyLyricsFromSources() {
        for trackIndex in tracks.indices where tracks[trackIndex].kind == .melody {
            for phraseIndex in tracks[trackIndex].phrases.indices {
                guard case .original(let length, let containers, let tempos, var expression) = tracks[trackIndex].phrases[phraseIndex].content,
                      let source = expression.lyricsSource else { continue }
                let sourceTrack = source.track.flatMap { id in tracks.firstIndex { $0.id == id } } ?? (source.track == nil ? trackIndex : nil)
                guard let sourceTrack,
                      let original = tracks[sourceTrack].phrases.first(where: { phrase in
                          if case .original = phrase.content { return phrase.id == source.phrase }
                          return false
                      }),
                      case .original(_, _, _, let sourceExpression) = original.content, sourceExpression.lyricsSource == nil else { continue }
                expression.verses = sourceExpression.verses
                tracks[trackIndex].phrases[phraseIndex].content = .original(length: length, containers: containers, tempos: tempos, expression: expression)
            }
        }
    }
}
