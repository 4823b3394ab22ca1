import StaveSyntax

/// The rules of Stave 2's marks (LANGUAGE.md "Expression (v2)", "Songwriting (v2)"), written
/// once for both paths that build a song: the front end reports each `RuleProblem` at a source
/// range, the save validator at a JSON path. Rules that only text can break (a hairpin that
/// no velocity command ends, one that starts while another is open) are here too, so that
/// every v2 message is written in one place.
public enum ExpressionRule {
    // MARK: - Settings and commands

    /// The values `legato N` takes: percent of a note's written length.
    public static let legatoRange = 1...100
    /// Controller numbers and values of `cc N V`.
    public static let controllerRange = 0...127
    /// Cents of `bend C` (±2 semitones, the General MIDI bend range).
    public static let bendRange = -200...200

    /// `legato N` outside 1–100; nil when it is in range.
    public static func legato(_ value: Int) -> RuleProblem? {
        guard !legatoRange.contains(value) else { return nil }
        return .error(.valueOutOfRange, "legato \(value) is out of range: expected \(legatoRange.lowerBound)–\(legatoRange.upperBound) (percent of each note's length)")
    }

    /// A controller or bend value out of range; nil when it can be sent.
    public static func control(_ event: ControlMark.Event) -> RuleProblem? {
        switch event {
        case .pedal:
            return nil
        case .controller(let number, let value):
            if !controllerRange.contains(number) {
                return .error(.valueOutOfRange, "controller number \(number) is out of range: expected 0–127")
            }
            if !controllerRange.contains(value) {
                return .error(.valueOutOfRange, "controller value \(value) is out of range: expected 0–127")
            }
            return nil
        case .bend(let cents):
            guard !bendRange.contains(cents) else { return nil }
            return .error(.valueOutOfRange, "bend \(cents) is out of range: expected −200…200 cents (±2 semitones)")
        }
    }

    // MARK: - Articulations

    /// A note marked both staccato and tenuto (in text: a chord's `_` over a pitch's `'`, or
    /// the reverse; in a save file: both flags); nil when its marks agree.
    public static func marks(_ marks: NoteMarks) -> RuleProblem? {
        guard marks.contains(.staccato), marks.contains(.tenuto) else { return nil }
        return .error(.conflictingMarks, "staccato and tenuto cannot mark the same note: here the chord's mark and the pitch's mark disagree; keep one")
    }

    // MARK: - Hairpins

    /// The name of a hairpin in messages.
    static func hairpinName(crescendo: Bool) -> String { crescendo ? "crescendo '!<'" : "diminuendo '!>'" }

    /// A hairpin that goes the wrong way: `!<` to a velocity not above `from`, `!>` to one not
    /// below it; nil when it goes its way. For a saved hairpin (which has no written direction)
    /// pass `crescendo: hairpin.isCrescendo`: only a ramp to the same velocity is then wrong.
    public static func hairpinDirection(crescendo: Bool, from: Int, to: Int) -> RuleProblem? {
        if crescendo, to > from { return nil }
        if !crescendo, to < from { return nil }
        let expected = crescendo ? "above" : "below"
        return .error(.hairpinDirection, "\(hairpinName(crescendo: crescendo)) leads from velocity \(from) to velocity \(to): the velocity that ends it must be \(expected) \(from)")
    }

    /// A hairpin with no velocity command after it in its phrase.
    public static func hairpinUnended(crescendo: Bool) -> RuleProblem {
        .error(.hairpinUnended, "\(hairpinName(crescendo: crescendo)) has no velocity command after it in this phrase to end at (write one, e.g. '!f' or 'v100')")
    }

    /// A hairpin that starts while another is still open (text), or that starts before the
    /// previous one ends (a saved body).
    public static func hairpinWhileOpen(crescendo: Bool) -> RuleProblem {
        .error(.hairpinOverlap, "\(hairpinName(crescendo: crescendo)) starts while another hairpin is still open; end that one with a velocity command first")
    }

    // MARK: - Grace notes

    /// A grace group before a note or chord that continues a tie: the graces would take time
    /// from a note that is already sounding.
    public static var graceBeforeTieContinuation: RuleProblem {
        .error(.graceOnTiedNote, "a grace group cannot stand before a note that continues a tie: the tied note is already sounding")
    }

    // MARK: - Chords

    /// One pitch twice in a chord at velocities `first` and `second` (a warning, v3): it
    /// sounds once, at the higher.
    public static func pitchTwice(_ name: String, pitch: Int, first: Int, second: Int) -> RuleProblem {
        .warning(.chordPitchTwice, "\(name) (MIDI \(pitch)) is twice in this chord, at velocities \(first) and \(second): it sounds once, at \(max(first, second))")
    }

    // MARK: - Lyrics

    /// A verse with more syllables than its phrase has lyric notes; nil when it fits.
    /// `verse` is 1-based.
    public static func verse(_ verse: Int, syllables: Int, lyricNotes: Int, phrase: String) -> RuleProblem? {
        guard syllables > lyricNotes else { return nil }
        let notes = lyricNotes == 1 ? "1 lyric note" : "\(lyricNotes) lyric notes"
        return .error(.tooManySyllables, "verse \(verse) has \(syllables) syllables but phrase '\(phrase)' has only \(notes) (notes and chords that start a sound)")
    }

    /// A verse with fewer syllables than its phrase has lyric notes (a warning, v3); nil when
    /// it has as many or more. The front end reports it at the first note left without one.
    public static func fewerSyllables(_ verse: Int, syllables: Int, lyricNotes: Int, phrase: String) -> RuleProblem? {
        guard syllables < lyricNotes else { return nil }
        let missing = lyricNotes - syllables
        return .warning(.tooFewSyllables, "this note gets no syllable: verse \(verse) of phrase '\(phrase)' has \(syllables) \(syllables == 1 ? "syllable" : "syllables") for \(lyricNotes) lyric notes (\(missing) \(missing == 1 ? "note sings" : "notes sing") nothing; '*' leaves a note without a syllable on purpose)")
    }

    /// A bar check `|` whose next syllable (index `syllable` of `syllables`) is not sung on the
    /// first lyric note of a bar; `bars` holds the bar of each lyric note. Nil when it is, or
    /// when no note is left for it (the too-many and too-few rules speak then).
    public static func barCheck(syllable: Int, syllables: [Lyrics.Syllable], bars: [Int]) -> RuleProblem? {
        guard syllable > 0, syllable < bars.count, bars[syllable] == bars[syllable - 1] else { return nil }
        let bar = bars[syllable]
        var place = 1
        while syllable - place >= 0, bars[syllable - place] == bar { place += 1 }
        let text: String
        switch syllable < syllables.count ? syllables[syllable] : .skipped {
        case .sung(let sung): text = "'\(sung)'"
        case .held: text = "'_'"
        case .skipped: text = "'*'"
        }
        return .error(.lyricsBarCheck, "bar check '|': \(text) falls on lyric note \(place) of bar \(bar), not on the first lyric note of a bar (a syllable too many or too few before it?)")
    }

    /// The bar of each lyric note of `body` placed at `start` (`bars` argument of `barCheck`).
    public static func lyricNoteBars(in body: PhraseBody, at start: Rational, meterMap: MeterMap) -> [Int] {
        var bars: [Int] = []
        forEachSound(in: body) { offset, startsSound, _ in
            if startsSound { bars.append(meterMap.locate(start + offset).bar) }
        }
        return bars
    }

    /// Every failed bar check of `verses` sung to lyric notes in `bars`: the verse, which of
    /// its `|` (0-based, in order), the syllable after it, and the problem.
    public static func barCheckProblems(_ verses: [String], bars: [Int]) -> [(verse: Int, check: Int, syllable: Int, problem: RuleProblem)] {
        var problems: [(verse: Int, check: Int, syllable: Int, problem: RuleProblem)] = []
        for (index, verse) in verses.enumerated() where verse.utf8.contains(UInt8(ascii: "|")) {
            let syllables = Lyrics.syllables(of: verse)
            for (check, (_, syllable)) in Lyrics.barChecks(of: verse).enumerated() {
                if let problem = barCheck(syllable: syllable, syllables: syllables, bars: bars) {
                    problems.append((index, check, syllable, problem))
                }
            }
        }
        return problems
    }

    /// `lyrics ID from TRACK.ID2` naming no track.
    public static func unknownLyricsSourceTrack(_ track: String, suggestion: String?) -> RuleProblem {
        .error(.unknownTrack, "no track '\(track)' to take lyrics from" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }

    /// `lyrics ID from TRACK.ID2` naming no Original phrase of that track.
    public static func unknownLyricsSourcePhrase(_ phrase: String, track: String, suggestion: String?) -> RuleProblem {
        .error(.unknownPhrase, "no Original phrase '\(phrase)' in track '\(track)' to take lyrics from" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }

    /// `lyrics ID from TRACK.ID2` where ID2 has no strings of its own: no lyrics at all, or
    /// lyrics that come `from` another phrase themselves (`takesFrom`).
    public static func lyricsSourceWithoutWords(_ phrase: String, takesFrom: String?) -> RuleProblem {
        if let takesFrom {
            return .error(.lyricsSourceWithoutWords, "phrase '\(phrase)' takes its lyrics from '\(takesFrom)' itself: take them from the phrase whose strings are written out")
        }
        return .error(.lyricsSourceWithoutWords, "phrase '\(phrase)' has no lyrics of its own to take (write 'lyrics \(phrase.split(separator: ".").last ?? "") \"…\"' in its track)")
    }

    /// A second `lyrics` statement for one phrase.
    public static func duplicateLyrics(phrase: String) -> RuleProblem {
        .error(.duplicateLyrics, "phrase '\(phrase)' already has lyrics; write all its verses in one 'lyrics' statement")
    }

    /// Lyrics naming no Original phrase of their track; `elsewhere` is a track that has one of
    /// that name, `suggestion` a close ID of this track.
    public static func unknownLyricsPhrase(_ phrase: String, track: String, elsewhere: String?, suggestion: String?) -> RuleProblem {
        var message = "no Original phrase '\(phrase)' in track '\(track)' to set lyrics to"
        if let suggestion {
            message += "; did you mean '\(suggestion)'?"
        } else if let elsewhere {
            message += "; phrase '\(phrase)' is in track '\(elsewhere)': write its lyrics in that track"
        }
        return .error(.unknownPhrase, message)
    }

    /// How many lyric notes a body has: notes and chords that start a sound. A chord counts
    /// once; rests, tie continuations (a note or chord whose every pitch continues a tie) and
    /// grace notes (which are not among the body's notes) do not count.
    public static func lyricNotes(in body: PhraseBody) -> Int {
        var count = 0
        forEachSound(in: body) { _, startsSound, _ in if startsSound { count += 1 } }
        return count
    }

    // MARK: - A whole body

    /// Which mark of a body a problem is about: an index into the list of `PhraseExpression`.
    public enum Place: Equatable, Sendable {
        /// `expression.hairpins[index]`.
        case hairpin(Int)
        /// `expression.graces[index]`.
        case grace(Int)
        /// `expression.controls[index]`.
        case control(Int)
        /// `expression.verses[index]`.
        case verse(Int)
    }

    /// Every rule a stored body's marks must keep: hairpin directions and overlaps, controller
    /// and bend ranges, graces before tie continuations, and each verse against the lyric notes.
    /// `phrase` names the phrase in messages. The front end calls it on each lowered body with
    /// marks, the save validator on each decoded one.
    public static func problems(in body: PhraseBody, phrase: String) -> [(place: Place, problem: RuleProblem)] {
        let expression = body.expression
        var problems: [(place: Place, problem: RuleProblem)] = []
        for (index, hairpin) in expression.hairpins.enumerated() {
            if let problem = hairpinDirection(crescendo: hairpin.isCrescendo, from: hairpin.from, to: hairpin.to) {
                problems.append((.hairpin(index), problem))
            } else if index > 0, (hairpin.start, hairpin.startAfterGraces) < (expression.hairpins[index - 1].end, expression.hairpins[index - 1].endAfterGraces) {
                problems.append((.hairpin(index), hairpinWhileOpen(crescendo: hairpin.isCrescendo)))
            }
        }
        for (index, control) in expression.controls.enumerated() {
            if let problem = self.control(control.event) { problems.append((.control(index), problem)) }
        }
        for (index, problem) in graceProblems(in: body) { problems.append((.grace(index), problem)) }
        for (index, problem) in verseProblems(in: body, phrase: phrase) { problems.append((.verse(index), problem)) }
        return problems
    }

    /// The grace groups (by index) that stand before a note or chord continuing a tie.
    public static func graceProblems(in body: PhraseBody) -> [(index: Int, problem: RuleProblem)] {
        let graces = body.expression.graces
        guard !graces.isEmpty else { return [] }
        var problems: [(index: Int, problem: RuleProblem)] = []
        // Graces are in source order, which is time order: walk both lists together.
        var grace = 0
        forEachSound(in: body) { offset, _, continuesTie in
            while grace < graces.count, graces[grace].offset < offset { grace += 1 }
            while grace < graces.count, graces[grace].offset == offset {
                if continuesTie { problems.append((grace, graceBeforeTieContinuation)) }
                grace += 1
            }
        }
        return problems
    }

    /// The verses (by index) with more syllables than the body has lyric notes.
    public static func verseProblems(in body: PhraseBody, phrase: String) -> [(index: Int, problem: RuleProblem)] {
        let verses = body.expression.verses
        guard !verses.isEmpty else { return [] }
        return verseProblems(verses, lyricNotes: lyricNotes(in: body), phrase: phrase)
    }

    /// The verses (by index) with more syllables than `lyricNotes`, the count of a body's lyric
    /// notes (the front end counts them as it lowers the notes).
    public static func verseProblems(_ verses: [String], lyricNotes notes: Int, phrase: String) -> [(index: Int, problem: RuleProblem)] {
        var problems: [(index: Int, problem: RuleProblem)] = []
        for (index, verse) in verses.enumerated() {
            if let problem = self.verse(index + 1, syllables: Lyrics.syllableCount(of: verse), lyricNotes: notes, phrase: phrase) {
                problems.append((index, problem))
            }
        }
        return problems
    }

    /// What a note or chord is to the sound and the lyrics.
    public struct Arrival: Equatable, Sendable {
        /// Some pitch is not held from the previous note or chord by a tie: a lyric note.
        public var startsSound: Bool
        /// Some pitch is held by a tie: no grace group may stand before it.
        public var continuesTie: Bool

        @inlinable
        public init(startsSound: Bool, continuesTie: Bool) {
            self.startsSound = startsSound
            self.continuesTie = continuesTie
        }
    }

    /// The one definition of both: a note or chord of `pitchCount` distinct pitches (0: a rest),
    /// `held` of which continue ties from the note or chord before it. `TieCheck.arrive` (the
    /// front end, note by note) and `forEachSound` (a stored body) both answer with it.
    @inlinable
    public static func arrival(pitchCount: Int, held: Int) -> Arrival {
        Arrival(startsSound: held < pitchCount, continuesTie: held > 0)
    }

    /// Calls `visit(offset, startsSound, continuesTie)` for each note or chord of a body in time
    /// order (inside tuplets too; rests are skipped). `startsSound`: some pitch is not held
    /// from the previous note or chord by a tie (a lyric note); `continuesTie`: some pitch is
    /// (no grace group may stand before it). The one definition of both, for every caller.
    public static func forEachSound(in body: PhraseBody, _ visit: (Rational, Bool, Bool) -> Void) {
        var tied: [Int] = []
        func chord(_ notes: [ChordNote], at offset: Rational) {
            guard !notes.isEmpty else {
                tied.removeAll(keepingCapacity: true)
                return
            }
            var held = 0
            for note in notes where tied.contains(note.pitch) { held += 1 }
            let arrival = ExpressionRule.arrival(pitchCount: notes.count, held: held)
            visit(offset, arrival.startsSound, arrival.continuesTie)
            tied.removeAll(keepingCapacity: true)
            for note in notes where note.tie { tied.append(note.pitch) }
        }
        func divisions(_ items: [TupletNote], start: Rational, width: Rational) {
            for (index, item) in items.enumerated() {
                let at = index == 0 ? start : start + width * index / items.count
                switch item {
                case .chord(let notes): chord(notes, at: at)
                case .tuplet(let nested): divisions(nested, start: at, width: width / items.count)
                }
            }
        }
        /// A plain note (the common case), without making a one-note array.
        func single(_ note: ChordNote, at offset: Rational) {
            let arrival = ExpressionRule.arrival(pitchCount: 1, held: tied.contains(note.pitch) ? 1 : 0)
            visit(offset, arrival.startsSound, arrival.continuesTie)
            tied.removeAll(keepingCapacity: true)
            if note.tie { tied.append(note.pitch) }
        }
        for root in body.notes {
            if let note = root.singleNote {
                single(note, at: root.position)
            } else if let notes = root.singleChord {
                chord(notes, at: root.position)
            } else {
                divisions(root.divisions, start: root.position, width: root.width)
            }
        }
    }
}
