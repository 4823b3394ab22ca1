import StaveSyntax

/// Places every phrase on its track's timeline and checks what depends on placement:
/// references of `repeat` and `sync`, overlaps, bar lines at every copy, pitch ranges of
/// transposed copies, and the song-length limits.
struct Placement {
    /// An Original phrase after lowering, with what the checks of its copies need.
    struct Original {
        var body: PhraseBody
        var barLines: [BodyLowering.BarLine]
        var lowestPitch: Int
        var highestPitch: Int
        /// See `BodyLowering.quarterDenominator`.
        var quarterDenominator: Int
        /// Notes in the body, chord members counted one by one.
        var noteCount: Int
        /// The body's lyric notes (see `BodyLowering.lyricNotes`).
        var lyricNotes = 0
        /// Whether a note names no drum (see `BodyLowering.hasUnknownDrum`).
        var hasUnknownDrum = false
        /// False when the body holds something that failed to parse: its length, and so the
        /// place of whatever follows it, is then a guess (see `BodyLowering.timingIsKnown`).
        var timingIsKnown = true
        /// Whether lowering the body found errors: notes may be missing from it, so checks that
        /// count its notes (lyrics) would only echo them.
        var hasErrors = false
    }

    /// One placed phrase, for the overlap check.
    struct Placed {
        var name: String
        var start: Rational
        var end: Rational
        var range: SourceRange
        /// Its start is a guess: it follows a phrase whose length is (see `Original.timingIsKnown`).
        var startIsGuess = false
        /// Its end is a guess: it starts at a guess or its body's length is one.
        var endIsGuess = false
    }

    let song: Song
    let meterMap: MeterMap
    /// The song's syntax; each Original's body is emptied once it is lowered.
    var syntax: SongSyntax
    var tracks: [Track]
    var diagnostics: [Diagnostic] = []
    /// Originals by track index and phrase ID (the first of that ID).
    var originals: [[String: Original]] = []
    /// Whether some lowered note names no drum (an error the parser reported).
    var hasUnknownDrum = false
    /// Every lowered Original by track index and statement index.
    var lowered: [[Int: Original]] = []
    /// In-body tempo events at every placement, for the timing check.
    var tempoOrder: [TimedTempo] = []
    /// For each track's placed phrases (aligned with `Track.phrases`), the quarter-note
    /// denominator of its body's events (see `BodyLowering.quarterDenominator`).
    var quarterDenominators: [[Int]] = []
    /// Notes and tempo changes the song expands to so far (every copy counted).
    var expandedNotes = 0
    var expandedTempos = 0
    /// The end of the allowed song, in whole notes.
    let songLimit: Rational
    init(song: Song, meterMap: MeterMap, syntax: SongSyntax, tracks: [Track]) {
        self.song = song
        self.meterMap = meterMap
        self.syntax = syntax
        self.tracks = tracks
        self.songLimit = meterMap.start(ofBar: Lowering.maximumBars + 1)
    }

    mutating func run() {
        lowerOriginals()
        quarterDenominators = Array(repeating: [], count: tracks.count)
        for index in tracks.indices { place(trackIndex: index) }
    }

    // MARK: - Originals

    mutating func lowerOriginals() {
        originals = Array(repeating: [:], count: tracks.count)
        lowered = Array(repeating: [:], count: tracks.count)
        // Each body is lowered in source order and then dropped from the syntax tree: the song
        // is never held twice (syntax and Composition) in full, which keeps memory per note low.
        for trackIndex in syntax.tracks.indices {
            // The IDs of the track's Originals, by statement, for the shared duplicate finder.
            let originalIDs = syntax.tracks[trackIndex].phrases.map { statement -> String? in
                if case .original(let id?, _) = statement.kind { return id.text }
                return nil
            }
            let earlierOriginal = SongRule.earlierDuplicates(originalIDs)
            for statementIndex in syntax.tracks[trackIndex].phrases.indices {
                let statement = syntax.tracks[trackIndex].phrases[statementIndex]
                guard case .original(let id, let elements) = statement.kind else { continue }
                syntax.tracks[trackIndex].phrases[statementIndex].kind = .original(id: id, body: [])
                var lowering = BodyLowering(track: tracks[trackIndex], key: song.key, texts: syntax.texts)
                let (body, barLines) = lowering.lower(elements, phraseRange: statement.keywordRange)
                let original = Original(body: body, barLines: barLines, lowestPitch: lowering.lowestPitch, highestPitch: lowering.highestPitch,
                                        quarterDenominator: lowering.quarterDenominator, noteCount: lowering.noteCount, lyricNotes: lowering.lyricNotes,
                                        hasUnknownDrum: lowering.hasUnknownDrum, timingIsKnown: lowering.timingIsKnown,
                                        hasErrors: lowering.hasUnknownDrum || lowering.diagnostics.hasErrors)
                diagnostics += lowering.diagnostics
                lowered[trackIndex][statementIndex] = original
                if original.hasUnknownDrum { hasUnknownDrum = true }
                guard let id else { continue }
                if let first = earlierOriginal[statementIndex] {
                    let firstRange: SourceRange? = if case .original(let firstID?, _) = syntax.tracks[trackIndex].phrases[first].kind { firstID.range } else { nil }
                    diagnostics.append(SongRule.duplicatePhrase(id.text, track: syntax.tracks[trackIndex].id.text).diagnostic(at: id.range, notes: [DiagnosticNote("the first phrase '\(id.text)' is here", at: firstRange)]))
                    continue
                }
                originals[trackIndex][id.text] = original
            }
            if !syntax.tracks[trackIndex].lyrics.isEmpty { setLyrics(trackIndex: trackIndex) }
        }
    }

    // MARK: - Placement

    mutating func place(trackIndex: Int) {
        let trackSyntax = syntax.tracks[trackIndex]
        var cursor = Rational.zero
        var placed: [Placed] = []
        var phrases: [Phrase] = []
        var originalIndex = 0
        // After a phrase passed the song's end, the cursor is unknown: phrases placed by the
        // cursor are then resolved (their references checked) but not placed, until an `at`.
        var cursorLost = false
        // After a phrase whose length is a guess (it holds a parse error), phrases placed by the
        // cursor have their bar lines left unchecked until an `at`: errors there would only
        // echo the parse error.
        var cursorUncertain = false
        for (statementIndex, statement) in trackSyntax.phrases.enumerated() {
            var start = cursor
            if statement.at != nil { cursorUncertain = false }
            if let at = statement.at {
                guard let bar = Lowering.bar(at, &diagnostics) else { continue }
                start = meterMap.start(ofBar: bar)
            }
            switch statement.kind {
            case .original(let id, _):
                guard let original = lowered[trackIndex][statementIndex] else { continue }
                originalIndex += 1
                if cursorLost, statement.at == nil { continue }
                let end = start + original.body.length
                guard checkLimit(end, statement), checkExpansion(original, count: 1, statement) else { cursorLost = true; continue }
                let name = id.map { "phrase '\($0.text)'" } ?? "phrase #\(originalIndex)"
                placed.append(Placed(name: name, start: start, end: end, range: statement.keywordRange,
                                     startIsGuess: cursorUncertain, endIsGuess: cursorUncertain || !original.timingIsKnown))
                if !cursorUncertain { checkBarLines(original.barLines, at: start, copyOf: nil, statement: statement) }
                if !original.timingIsKnown { cursorUncertain = true }
                collectTempos(original.body, at: start, statementRange: statement.keywordRange)
                phrases.append(Phrase(id: id?.text, start: start, content: .original(original.body), source: statement.range))
                quarterDenominators[trackIndex].append(original.quarterDenominator)
                cursor = end
            case .repeat(let source, let countSyntax):
                var count = 1
                if let countSyntax {
                    guard countSyntax.value >= 1, countSyntax.value <= Lowering.maximumRepeat else {
                        diagnostics.append(.error(.limitExceeded, "repeat count x\(countSyntax.value) is out of range: expected x1–x\(Lowering.maximumRepeat)", at: countSyntax.range))
                        continue
                    }
                    count = countSyntax.value
                }
                guard let original = resolveRepeat(source, trackIndex: trackIndex) else { continue }
                if cursorLost, statement.at == nil { continue }
                let end = start + original.body.length * count
                guard checkLimit(end, statement), checkExpansion(original, count: count, statement) else { cursorLost = true; continue }
                placed.append(Placed(name: "repeat of '\(source.text)'", start: start, end: end, range: statement.keywordRange,
                                     startIsGuess: cursorUncertain, endIsGuess: cursorUncertain || !original.timingIsKnown))
                checkCopies(original, start: start, count: count, name: source.text, statement: statement, checkingBarLines: !cursorUncertain)
                if !original.timingIsKnown { cursorUncertain = true }
                phrases.append(Phrase(start: start, content: .repeat(source: source.text, count: count), source: statement.range))
                quarterDenominators[trackIndex].append(original.quarterDenominator)
                cursor = end
            case .sync(let trackName, let phraseName, let transposeSyntax):
                guard let (sourceTrack, original) = resolveSync(trackName, phraseName, trackIndex: trackIndex) else { continue }
                let transpose = transposeSyntax?.value ?? 0
                if let transposeSyntax {
                    if tracks[trackIndex].kind == .drums {
                        diagnostics.append(SongRule.transposedDrumSync(track: tracks[trackIndex].id).diagnostic(at: transposeSyntax.range))
                        continue
                    }
                    if abs(transpose) > 127 {
                        diagnostics.append(.error(.valueOutOfRange, "sync transpose \(transpose) is out of range: expected −127…127", at: transposeSyntax.range))
                        continue
                    }
                }
                let shift = transpose + (tracks[trackIndex].kind == .melody ? tracks[trackIndex].transpose : 0)
                let name = "\(tracks[sourceTrack].id).\(phraseName.text)"
                if let problem = SongRule.syncRange(lowest: original.lowestPitch, highest: original.highestPitch, shift: shift, name: name) {
                    diagnostics.append(problem.diagnostic(at: statement.keywordRange))
                    continue
                }
                if cursorLost, statement.at == nil { continue }
                let end = start + original.body.length
                guard checkLimit(end, statement), checkExpansion(original, count: 1, statement) else { cursorLost = true; continue }
                placed.append(Placed(name: "sync of '\(tracks[sourceTrack].id).\(phraseName.text)'", start: start, end: end, range: statement.keywordRange,
                                     startIsGuess: cursorUncertain, endIsGuess: cursorUncertain || !original.timingIsKnown))
                checkCopies(original, start: start, count: 1, name: phraseName.text, statement: statement, checkingBarLines: !cursorUncertain)
                if !original.timingIsKnown { cursorUncertain = true }
                phrases.append(Phrase(start: start, content: .sync(track: tracks[sourceTrack].id, phrase: phraseName.text, transpose: transpose), source: statement.range))
                quarterDenominators[trackIndex].append(original.quarterDenominator)
                cursor = end
            }
            cursorLost = false
        }
        checkOverlaps(placed)
        tracks[trackIndex].phrases = phrases
    }

    /// Bounds what the song expands to, so that a short file cannot demand gigabytes of output.
    mutating func checkExpansion(_ original: Original, count: Int, _ statement: PhraseStatement) -> Bool {
        expandedNotes += original.noteCount * count
        expandedTempos += original.body.tempos.count * count
        if expandedNotes > Lowering.maximumExpandedNotes {
            diagnostics.append(.error(.limitExceeded, "the song expands to more than \(Lowering.maximumExpandedNotes) notes (the limit)", at: statement.keywordRange))
            expandedNotes = Int.min / 2
            return false
        }
        if expandedTempos > Lowering.maximumExpandedTempos {
            diagnostics.append(.error(.limitExceeded, "the song expands to more than \(Lowering.maximumExpandedTempos) tempo changes (the limit)", at: statement.keywordRange))
            expandedTempos = Int.min / 2
            return false
        }
        return true
    }

    mutating func checkLimit(_ end: Rational, _ statement: PhraseStatement) -> Bool {
        if !SongRule.fitsSong(end: end, limit: songLimit) {
            diagnostics.append(SongRule.songTooLong.diagnostic(at: statement.keywordRange))
            return false
        }
        return true
    }

    // MARK: - References

    mutating func resolveRepeat(_ source: Name, trackIndex: Int) -> Original? {
        if let original = originals[trackIndex][source.text] { return original }
        let elsewhere = tracks.indices.first { originals[$0][source.text] != nil }.map { tracks[$0].id }
        diagnostics.append(SongRule.unknownRepeatSource(source.text, track: tracks[trackIndex].id, elsewhere: elsewhere).diagnostic(at: source.range))
        return nil
    }

    mutating func resolveSync(_ trackName: Name?, _ phraseName: Name, trackIndex: Int) -> (Int, Original)? {
        var sourceTrack = trackIndex
        if let trackName {
            guard let index = tracks.firstIndex(where: { $0.id == trackName.text }) else {
                diagnostics.append(SongRule.unknownSyncTrack(trackName.text).diagnostic(at: trackName.range))
                return nil
            }
            sourceTrack = index
        }
        guard let original = originals[sourceTrack][phraseName.text] else {
            diagnostics.append(SongRule.unknownSyncPhrase(phraseName.text, track: tracks[sourceTrack].id).diagnostic(at: phraseName.range))
            return nil
        }
        if let problem = SongRule.syncKind(source: tracks[sourceTrack].kind, target: tracks[trackIndex].kind,
                                           name: "\(tracks[sourceTrack].id).\(phraseName.text)", targetTrack: tracks[trackIndex].id) {
            diagnostics.append(problem.diagnostic(at: phraseName.range))
            return nil
        }
        return (sourceTrack, original)
    }

    // MARK: - Checks

    mutating func checkOverlaps(_ placed: [Placed]) {
        for overlap in PhraseOverlap.find(placed.map { ($0.start, $0.end) }, meterMap: meterMap) {
            let later = placed[overlap.later], earlier = placed[overlap.earlier]
            // An overlap that rests on a guessed time would only echo a parse error.
            if later.startIsGuess || earlier.endIsGuess { continue }
            diagnostics.append(SongRule.overlap(later.name, earlier.name, bars: overlap.bars).diagnostic(at: later.range, notes: [DiagnosticNote("\(earlier.name) is here", at: earlier.range)]))
        }
    }

    /// Each written bar line must fall on a bar boundary of the meter in force. After a bar
    /// line that does not, the following bars are measured from it as written (it counts as
    /// the nearest bar boundary), so one bar too long or too short is one error, not one at
    /// every later bar line. A copy reports its first wrong bar line only.
    ///
    /// At the Original (`name` nil), two consecutive bar lines on bar boundaries that enclose
    /// more than one bar are a warning at the later one (LANGUAGE.md "A bar that holds two"):
    /// a duration that stayed in force or a `|` left out is caught where it happens. The
    /// phrase's start counts as a bar line when it falls on a bar boundary, as a musician reads
    /// the first bar from there.
    mutating func checkBarLines(_ barLines: [BodyLowering.BarLine], at start: Rational, copyOf name: String?, statement: PhraseStatement) {
        var shift = Rational.zero
        var measuredFrom: SourceRange?
        // The bar that starts at the previous bar line, and that bar line (nil: the phrase start).
        var previous: (bar: Int, range: SourceRange?)?
        if name == nil, !barLines.isEmpty {
            let (bar, offset, _) = meterMap.locate(start)
            if offset == .zero { previous = (bar, nil) }
        }
        for barLine in barLines {
            let time = start + barLine.offset - shift
            let (bar, offset, meter) = meterMap.locate(time)
            guard offset != .zero else {
                if name == nil {
                    if let before = previous, bar - before.bar > 1 { warnBarsBetween(from: before, to: bar, barLine.range, statement) }
                    previous = (bar, barLine.range)
                }
                continue
            }
            let message = "bar line falls \(offset) after the start of bar \(bar) (meter \(meter.numerator)/\(meter.denominator))"
            if let name {
                diagnostics.append(.error(.barLineOffGrid, "in this copy of '\(name)', a \(message)", at: statement.keywordRange, notes: [DiagnosticNote("the bar line is here", at: barLine.range)]))
                return
            }
            let notes = measuredFrom.map { [DiagnosticNote("bars are counted from the earlier bar line here, as written", at: $0)] } ?? []
            diagnostics.append(.error(.barLineOffGrid, message, at: barLine.range, notes: notes))
            shift = shift + (offset * 2 < meter.barLength ? offset : offset - meter.barLength)
            measuredFrom = shift == .zero ? nil : barLine.range
            if shift.isOverflow { return }
            // It counts as the nearest bar boundary, so the next bar starts there.
            previous = (bar + (offset * 2 < meter.barLength ? 0 : 1), barLine.range)
        }
    }

    /// The warning for a bar line that closes more than one bar since the previous one.
    mutating func warnBarsBetween(from before: (bar: Int, range: SourceRange?), to bar: Int, _ range: SourceRange, _ statement: PhraseStatement) {
        let count = bar - before.bar
        let message = "\(count) bars lie between this bar line and the \(before.range == nil ? "phrase's start" : "previous one") (bars \(before.bar)–\(bar - 1)); a bar line is expected after each bar (did a duration stay in force, or is a '|' missing?)"
        let note = before.range.map { DiagnosticNote("the previous bar line is here", at: $0) }
            ?? DiagnosticNote("the phrase starts here, at the start of bar \(before.bar)", at: statement.keywordRange)
        diagnostics.append(.warning(.barHoldsSeveral, message, at: range, notes: [note]))
    }

    /// Checks bar lines and collects tempos at every copy. In one meter the pattern repeats, so
    /// only as many copies as it takes to come back to the same place in the bar are checked.
    mutating func checkCopies(_ original: Original, start: Rational, count: Int, name: String, statement: PhraseStatement, checkingBarLines: Bool = true) {
        let length = original.body.length
        var checked = count
        let first = meterMap.segment(forTime: start)
        let last = meterMap.segment(forTime: start + length * count)
        if first.bar == last.bar, length != .zero {
            let period = (length / first.meter.barLength).denominator
            checked = min(count, max(1, period))
        }
        let errorsBefore = diagnostics.count
        for copy in 0..<checked where checkingBarLines && diagnostics.count == errorsBefore {
            checkBarLines(original.barLines, at: start + length * copy, copyOf: name, statement: statement)
        }
        if !original.body.tempos.isEmpty {
            for copy in 0..<count { collectTempos(original.body, at: start + length * copy, statementRange: statement.keywordRange) }
        }
    }

    mutating func collectTempos(_ body: PhraseBody, at start: Rational, statementRange: SourceRange) {
        for mark in body.tempos {
            tempoOrder.append(TimedTempo(time: start + mark.offset, bpm: mark.bpm, range: statementRange))
        }
    }
}

/// A tempo event at an absolute time, with the statement it comes from.
struct TimedTempo {
    var time: Rational
    var bpm: Rational
    var range: SourceRange
}
