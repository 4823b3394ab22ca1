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
        /// Where each lyric note was written, for a phrase that has lyrics.
        var lyricNoteRanges: [SourceRange] = []
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
    /// The lyrics set on each lowered Original, by track index and statement index, for the
    /// bar checks, which need the Original's place.
    var sungLyrics: [[Int: SungLyrics]] = []
    /// The diagnostic (an index into `diagnostics`) of each failed bar check, by the source
    /// offset of its `|`.
    var reportedBarChecks: [Int: Int] = [:]
    /// The "more syllables than lyric notes" diagnostic of each verse, by the source offset of
    /// the verse's string: a failed bar check of that verse supersedes it (it names where the
    /// extra syllable is; one mistake, one error).
    var verseCountProblems: [Int: Int] = [:]
    /// Diagnostics (indexes into `diagnostics`) that a more precise one replaced, left out at the end.
    var supersededDiagnostics: Set<Int> = []
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
    /// The bar line problems of each checked Original at its own place, with the diagnostic
    /// that reports each.
    var originalProblems: [OriginalKey: [(problem: BarLineProblem, diagnostic: Int)]] = [:]
    /// What the Repeat and Sync copies found, weighed against their Originals at the end.
    var copyChecks: [CopyCheck] = []
    // Stave 3 keys: see Placement+Keys.swift.
    /// The bodies kept for lowering again in the key in force where they are placed.
    var keyBodies = KeyBodies()
    /// The `pattern` statements met, placed at the end (`placePatterns`).
    var writtenPatterns: [WrittenPattern] = []

    /// An Original phrase by its track and ID.
    struct OriginalKey: Hashable {
        var track: Int
        var phrase: String
    }

    /// The bar lines of the copies one `repeat` or `sync` statement places.
    struct CopyCheck {
        var key: OriginalKey
        var name: String
        var statement: PhraseStatement
        var barLines: [BodyLowering.BarLine]
        /// "repeat at bar 9", for the note that lists the copies a problem affects.
        var label: String
        /// Each checked copy's problems and how many copies it stands for.
        var copies: [(found: [FoundBarLine], stands: Int)] = []
    }
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
        placePatterns() // Stave 3: a pattern's Original stands at its earliest placement.
        reportCopies()
        applyKeyChanges() // Stave 3: pitch letters read the key in force where they stand.
    }

    /// A problem a copy shares with its Original is reported once, at the Original, with one
    /// note listing the copies it affects; a problem only a copy has (its bar lines fall off the
    /// grid because of where it is placed) is an error at its statement, the first one only.
    /// A copy of an Original whose bar lines were not checked reports its first problem.
    mutating func reportCopies() {
        var affected: [Int: (copies: Int, places: [String], range: SourceRange)] = [:]
        for check in copyChecks {
            var known: [Int: (problem: BarLineProblem, diagnostic: Int)] = [:]
            for entry in originalProblems[check.key] ?? [] { known[entry.problem.index] = entry }
            var shared: [Int: Int] = [:]
            var reportedHere = false
            for (found, stands) in check.copies {
                for problem in found {
                    if let match = known[problem.problem.index], match.problem == problem.problem {
                        shared[match.diagnostic, default: 0] += stands
                    } else if !reportedHere {
                        reportedHere = true
                        diagnostics.append(.error(.barLineOffGrid, "in this copy of '\(check.name)', a \(problem.message)", at: check.statement.keywordRange,
                                                  notes: [DiagnosticNote("the bar line is here", at: check.barLines[problem.problem.index].range)]))
                    }
                }
            }
            for entry in originalProblems[check.key] ?? [] {
                guard let copies = shared[entry.diagnostic] else { continue }
                var total = affected[entry.diagnostic] ?? (0, [], check.statement.keywordRange)
                total.copies += copies
                total.places.append(check.label + (copies > 1 ? " (\(copies) copies)" : ""))
                affected[entry.diagnostic] = total
            }
        }
        for (index, entry) in affected {
            let copies = entry.copies == 1 ? "1 copy" : "\(entry.copies) copies"
            diagnostics[index].notes.append(DiagnosticNote("the same in \(copies) of the phrase: \(entry.places.joined(separator: ", "))", at: entry.range))
        }
    }

    // MARK: - Originals

    mutating func lowerOriginals() {
        originals = Array(repeating: [:], count: tracks.count)
        lowered = Array(repeating: [:], count: tracks.count)
        sungLyrics = Array(repeating: [:], count: tracks.count)
        // Each body is lowered in source order and then dropped from the syntax tree: the song
        // is never held twice (syntax and Composition) in full, which keeps memory per note low.
        for trackIndex in syntax.tracks.indices {
            // The IDs of the track's Originals, by statement, for the shared duplicate finder.
            let originalIDs = syntax.tracks[trackIndex].phrases.map { statement -> String? in
                if case .original(let id?, _) = statement.kind { return id.text }
                return nil
            }
            let earlierOriginal = SongRule.earlierDuplicates(originalIDs)
            let withLyrics = Set(syntax.tracks[trackIndex].lyrics.map(\.phrase.text))
            for statementIndex in syntax.tracks[trackIndex].phrases.indices {
                let statement = syntax.tracks[trackIndex].phrases[statementIndex]
                guard case .original(let id, let elements) = statement.kind else { continue }
                syntax.tracks[trackIndex].phrases[statementIndex].kind = .original(id: id, body: [])
                var lowering = BodyLowering(track: tracks[trackIndex], key: song.key, texts: syntax.texts)
                lowering.recordsLyricNotes = id.map { withLyrics.contains($0.text) } ?? false
                let (body, barLines) = lowering.lower(elements, phraseRange: statement.keywordRange)
                var original = Original(body: body, barLines: barLines, lowestPitch: lowering.lowestPitch, highestPitch: lowering.highestPitch,
                                        quarterDenominator: lowering.quarterDenominator, noteCount: lowering.noteCount, lyricNotes: lowering.lyricNotes,
                                        hasUnknownDrum: lowering.hasUnknownDrum, timingIsKnown: lowering.timingIsKnown,
                                        hasErrors: lowering.hasUnknownDrum || lowering.diagnostics.hasErrors)
                original.lyricNoteRanges = lowering.lyricNoteRanges
                if !song.keyChanges.isEmpty {
                    keep(elements, track: trackIndex, statement: statementIndex, diagnostics: diagnostics.count..<diagnostics.count + lowering.diagnostics.count)
                }
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
        setLyricsFromOtherPhrases()
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
        // How far off-grid bar lines of the phrases placed so far by the cursor moved the count
        // of bars (see `walkBarLines`); a phrase placed `at` a bar starts counting afresh.
        var barShift = Rational.zero
        for (statementIndex, statement) in trackSyntax.phrases.enumerated() {
            var start = cursor
            if statement.at != nil { cursorUncertain = false }
            if statement.at != nil || cursorUncertain { barShift = .zero }
            if let at = statement.at {
                guard let bar = Lowering.bar(at, &diagnostics) else { continue }
                start = meterMap.start(ofBar: bar)
            }
            switch statement.kind {
            case .original(let id, _):
                guard let original = lowered[trackIndex][statementIndex] else { continue }
                if statement.isPattern, let id {
                    // Not played where it is written: `placePatterns` puts it where `repeat` does.
                    writtenPatterns.append(WrittenPattern(track: trackIndex, statement: statementIndex, id: id, original: original))
                    continue
                }
                originalIndex += 1
                if cursorLost, statement.at == nil { continue }
                let end = start + original.body.length
                guard checkLimit(end, statement), checkExpansion(original, count: 1, statement) else { cursorLost = true; continue }
                let name = id.map { "phrase '\($0.text)'" } ?? "phrase #\(originalIndex)"
                placed.append(Placed(name: name, start: start, end: end, range: statement.keywordRange,
                                     startIsGuess: cursorUncertain, endIsGuess: cursorUncertain || !original.timingIsKnown))
                if !cursorUncertain {
                    let checked = checkOriginalBarLines(original.barLines, at: start, shift: barShift, statement: statement)
                    barShift = reduced(checked.shift, at: end)
                    if let id, originalProblems[OriginalKey(track: trackIndex, phrase: id.text)] == nil {
                        originalProblems[OriginalKey(track: trackIndex, phrase: id.text)] = checked.reported
                    }
                }
                if !cursorUncertain, original.timingIsKnown, !original.hasErrors, let sung = sungLyrics[trackIndex][statementIndex] {
                    checkLyricsBars(sung, original: original, at: start)
                }
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
                barShift = checkCopies(original, of: OriginalKey(track: trackIndex, phrase: source.text), start: start, count: count, name: source.text,
                                       statement: statement, checkingBarLines: !cursorUncertain, shift: barShift)
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
                barShift = checkCopies(original, of: OriginalKey(track: sourceTrack, phrase: phraseName.text), start: start, count: 1, name: phraseName.text,
                                       statement: statement, checkingBarLines: !cursorUncertain, shift: barShift)
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
        diagnostics.append(SongRule.unknownRepeatSource(source.text, track: tracks[trackIndex].id, elsewhere: elsewhere,
                                                        phrases: originalIDs(of: trackIndex)).diagnostic(at: source.range))
        return nil
    }

    /// The IDs of a track's Original phrases in source order (for "did you mean").
    func originalIDs(of trackIndex: Int) -> [String] {
        syntax.tracks[trackIndex].phrases.compactMap { statement in
            if case .original(let id?, _) = statement.kind { return id.text }
            return nil
        }
    }

    mutating func resolveSync(_ trackName: Name?, _ phraseName: Name, trackIndex: Int) -> (Int, Original)? {
        var sourceTrack = trackIndex
        if let trackName {
            guard let index = tracks.firstIndex(where: { $0.id == trackName.text }) else {
                diagnostics.append(SongRule.unknownSyncTrack(trackName.text, tracks: tracks.map(\.id)).diagnostic(at: trackName.range))
                return nil
            }
            sourceTrack = index
        }
        guard let original = originals[sourceTrack][phraseName.text] else {
            diagnostics.append(SongRule.unknownSyncPhrase(phraseName.text, track: tracks[sourceTrack].id,
                                                          phrases: originalIDs(of: sourceTrack)).diagnostic(at: phraseName.range))
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

    /// A bar line off the grid: which one of the body (its index), how far into its bar it
    /// fell and that bar's length. Two placements with equal problems went wrong the same way.
    struct BarLineProblem: Equatable {
        var index: Int
        var offset: Rational
        var barLength: Rational
    }

    /// A bar line found off the grid, with what its message needs.
    struct FoundBarLine {
        var problem: BarLineProblem
        var bar: Int
        var meter: MeterChange
        var message: String { "bar line falls \(problem.offset) after the start of bar \(bar) (meter \(meter.numerator)/\(meter.denominator))" }
    }

    /// Walks a body's bar lines placed at `start`: each must fall on a bar boundary of the meter
    /// in force. After a bar line that does not, the following bars are measured from it as
    /// written (it counts as the nearest bar boundary), so one bar too long or too short is one
    /// problem, not one at every later bar line. The same goes on across the phrases a track
    /// places one after another: `shift` is how far the bar lines of the placements before this
    /// one (by the cursor) moved the count; the walk returns it for the next. `visit` sees every
    /// bar line that is on the grid (with the bar that starts there) or off it.
    @discardableResult
    func walkBarLines(_ barLines: [BodyLowering.BarLine], at start: Rational, shift initial: Rational = .zero, _ visit: (Int, Int, FoundBarLine?) -> Void) -> Rational {
        var shift = initial
        for (index, barLine) in barLines.enumerated() {
            let (bar, offset, meter) = meterMap.locate(start + barLine.offset - shift)
            guard offset != .zero else {
                visit(index, bar, nil)
                continue
            }
            let early = offset * 2 < meter.barLength
            visit(index, bar + (early ? 0 : 1), FoundBarLine(problem: BarLineProblem(index: index, offset: offset, barLength: meter.barLength), bar: bar, meter: meter))
            shift = shift + (early ? offset : offset - meter.barLength)
            if shift.isOverflow { return .zero }
        }
        return shift
    }

    /// A shift brought to the nearest whole bar of the meter in force at `time`: only its place
    /// in the bar counts, and a long run of copies must not make it grow.
    func reduced(_ shift: Rational, at time: Rational) -> Rational {
        guard shift != .zero, !shift.isOverflow else { return .zero }
        let length = meterMap.segment(forTime: time).meter.barLength
        let bars = (shift / length).floor
        let rest = shift - length * bars
        return rest * 2 < length ? rest : rest - length   // half a bar: the later boundary, as the walk counts it
    }

    /// The bar lines of an Original at its own place. Each off the grid is an error at it.
    ///
    /// Two consecutive bar lines on bar boundaries that enclose more than one bar are a warning
    /// at the later one (LANGUAGE.md "A bar that holds two"): a duration that stayed in force or
    /// a `|` left out is caught where it happens. The phrase's start counts as a bar line when it
    /// falls on a bar boundary, as a musician reads the first bar from there. Bar lines that go
    /// on holding several bars after it are the same slip and say nothing more; when the run
    /// ends at a bar line off the grid (the durations came back inside a bar), that is the same
    /// mistake too: one error at the slip, with a note at the bar line where it shows.
    ///
    /// Returns the problems with the index of the diagnostic that reports each, so that the
    /// copies that share them can be listed there (`reportCopies`).
    mutating func checkOriginalBarLines(_ barLines: [BodyLowering.BarLine], at start: Rational, shift: Rational,
                                        statement: PhraseStatement) -> (reported: [(problem: BarLineProblem, diagnostic: Int)], shift: Rational) {
        var reported: [(problem: BarLineProblem, diagnostic: Int)] = []
        guard !barLines.isEmpty else { return (reported, shift) }
        // The bar that starts at the previous bar line, and that bar line (nil: the phrase start).
        var previous: (bar: Int, range: SourceRange?)?
        let (startBar, startOffset, _) = meterMap.locate(start - shift)
        if startOffset == .zero { previous = (startBar, nil) }
        // A run of bar lines holding several bars: where it began and what it says.
        var run: Slip?
        var measuredFrom: SourceRange?
        let end = walkBarLines(barLines, at: start, shift: shift) { index, bar, found in
            let range = barLines[index].range
            defer { previous = (bar, range) }
            guard let found else {
                measuredFrom = nil
                if let before = previous, bar - before.bar > 1 {
                    if run == nil { run = Slip(from: before, to: bar, at: range, statement: statement) }
                } else if let open = run {
                    diagnostics.append(open.warning)
                    run = nil
                }
                return
            }
            if let open = run {
                reported.append((found.problem, diagnostics.count))
                diagnostics.append(open.error(endingAt: found, range))
                run = nil
            } else {
                let notes = measuredFrom.map { [DiagnosticNote("bars are counted from the earlier bar line here, as written", at: $0)] } ?? []
                reported.append((found.problem, diagnostics.count))
                diagnostics.append(.error(.barLineOffGrid, found.message, at: range, notes: notes))
            }
            measuredFrom = range
        }
        if let open = run { diagnostics.append(open.warning) }
        return (reported, end)
    }

    /// A bar line that closes more than one bar since the previous one (or the phrase start).
    struct Slip {
        var range: SourceRange
        var count: Int
        var bars: String
        var since: String
        var note: DiagnosticNote

        init(from before: (bar: Int, range: SourceRange?), to bar: Int, at range: SourceRange, statement: PhraseStatement) {
            self.range = range
            count = bar - before.bar
            bars = "bars \(before.bar)–\(bar - 1)"
            since = before.range == nil ? "the phrase's start" : "the previous one"
            note = before.range.map { DiagnosticNote("the previous bar line is here", at: $0) }
                ?? DiagnosticNote("the phrase starts here, at the start of bar \(before.bar)", at: statement.keywordRange)
        }

        /// The warning: the bars lie between two bar lines, nothing else went wrong.
        var warning: Diagnostic {
            .warning(.barHoldsSeveral, "\(count) bars lie between this bar line and \(since) (\(bars)); a bar line is expected after each bar (did a duration stay in force, or is a '|' missing?)",
                     at: range, notes: [note])
        }

        /// The error when the bars that followed ended at a bar line off the grid: one mistake.
        func error(endingAt found: FoundBarLine, _ end: SourceRange) -> Diagnostic {
            .error(.barLineOffGrid, "\(count) bars lie between this bar line and \(since) (\(bars)), and later a \(found.message): did a duration stay in force from here?",
                   at: range, notes: [note, DiagnosticNote("the bar line off the grid is here", at: end)])
        }
    }

    /// The bar line problems of one copy placed at `start`, in order, and the shift after it.
    func copyBarLineProblems(_ barLines: [BodyLowering.BarLine], at start: Rational, shift: Rational) -> (found: [FoundBarLine], shift: Rational) {
        var found: [FoundBarLine] = []
        let end = walkBarLines(barLines, at: start, shift: shift) { _, _, problem in if let problem { found.append(problem) } }
        return (found, end)
    }

    /// Checks bar lines and collects tempos at every copy. In one meter the pattern repeats, so
    /// only as many copies as it takes to come back to the same place in the bar are checked;
    /// each checked copy stands for the copies that repeat it. What they find is weighed against
    /// the Original once every track is placed (`reportCopies`).
    /// Returns the shift the copies' bar lines leave for the next placement (see `walkBarLines`).
    @discardableResult
    mutating func checkCopies(_ original: Original, of key: OriginalKey, start: Rational, count: Int, name: String, statement: PhraseStatement,
                              checkingBarLines: Bool = true, shift: Rational = .zero) -> Rational {
        let length = original.body.length
        var carry = shift
        if checkingBarLines, !original.barLines.isEmpty {
            // Each copy moves the count by the same amount in one meter (`step`): the copies then
            // come back to the same place in the bar after `period` of them, which are checked.
            let firstCopy = copyBarLineProblems(original.barLines, at: start, shift: shift)
            let step = firstCopy.shift - shift
            var checked = count
            let first = meterMap.segment(forTime: start)
            let last = meterMap.segment(forTime: start + length * count)
            if first.bar == last.bar, length != step, !step.isOverflow {
                let period = ((length - step) / first.meter.barLength).denominator
                checked = min(count, max(1, period))
            }
            var check = CopyCheck(key: key, name: name, statement: statement, barLines: original.barLines,
                                  label: "\(statement.isSync ? "sync" : "repeat") at bar \(meterMap.locate(start).bar)")
            var copyResult = firstCopy
            for copy in 0..<checked {
                if copy > 0 { copyResult = copyBarLineProblems(original.barLines, at: start + length * copy, shift: carry) }
                let stands = count / checked + (copy < count % checked ? 1 : 0)
                check.copies.append((copyResult.found, stands))
                carry = copyResult.shift
            }
            if checked < count { carry = shift + step * count }
            carry = reduced(carry, at: start + length * count)
            copyChecks.append(check)
        }
        if !original.body.tempos.isEmpty {
            for copy in 0..<count { collectTempos(original.body, at: start + length * copy, statementRange: statement.keywordRange) }
        }
        return carry
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

extension PhraseStatement {
    /// True for `sync`.
    var isSync: Bool {
        if case .sync = kind { return true }
        return false
    }
}
