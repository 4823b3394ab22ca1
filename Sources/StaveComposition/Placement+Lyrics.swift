import StaveSyntax

/// `lyrics ID "…" ["…" …]` (LANGUAGE.md "Songwriting (v2)") and `lyrics ID from TRACK.ID2`
/// ("Lyrics, easier", v3): each statement sets its verses, as written, on an Original phrase of
/// its own melody track; the verses are checked against the phrase's lyric notes (too many
/// syllables: an error; too few: a warning at the first note left without one) and, once the
/// phrase is placed, their bar checks `|` against its bars.
extension Placement {
    /// The verses set on one Original and where they were written: what the checks of the
    /// verses need.
    struct SungLyrics {
        /// The phrase ID.
        var phrase: String
        /// The verses, as written.
        var verses: [String]
        /// Where each verse's string was written.
        var verseRanges: [SourceRange]
        /// Where each verse's bar checks `|` were written (`LyricsSyntax.barCheckOffsets`).
        var barCheckOffsets: [[Int]]
        /// `lyrics ID from …`: the statement, for a note (the verses were written elsewhere).
        var reference: SourceRange?
    }

    /// Sets the lyrics with strings of track `trackIndex` on its lowered Originals and checks
    /// them; `from` statements wait for `setLyricsFromOtherPhrases` (their source may be in a
    /// later track).
    mutating func setLyrics(trackIndex: Int) {
        let track = syntax.tracks[trackIndex]
        // Lyrics in a drum track are the parser's error (`lyrics-in-drums`): nothing to set.
        guard track.kind == .melody else { return }
        var firstStatement: [String: SourceRange] = [:]
        for statement in track.lyrics {
            guard let statementIndex = lyricsTarget(statement, trackIndex: trackIndex, firstStatement: &firstStatement, reports: true),
                  statement.source == nil else { continue }
            set(SungLyrics(phrase: statement.phrase.text, verses: statement.verses, verseRanges: statement.verseRanges,
                           barCheckOffsets: statement.barCheckOffsets, reference: nil),
                source: nil, trackIndex: trackIndex, statementIndex: statementIndex)
        }
    }

    /// Sets the lyrics of every `lyrics ID from [TRACK.]ID2`: ID2's verses, once every track's
    /// own strings are set.
    mutating func setLyricsFromOtherPhrases() {
        for trackIndex in syntax.tracks.indices where syntax.tracks[trackIndex].kind == .melody {
            let track = syntax.tracks[trackIndex]
            guard track.lyrics.contains(where: { $0.source != nil }) else { continue }
            var firstStatement: [String: SourceRange] = [:]
            for statement in track.lyrics {
                // Run for every statement, so that a duplicate is found whichever kind comes first.
                guard let statementIndex = lyricsTarget(statement, trackIndex: trackIndex, firstStatement: &firstStatement, reports: false),
                      let source = statement.source, let sung = resolveLyricsSource(source, trackIndex: trackIndex) else { continue }
                set(SungLyrics(phrase: statement.phrase.text, verses: sung.verses, verseRanges: sung.verseRanges,
                               barCheckOffsets: sung.barCheckOffsets, reference: statement.range),
                    source: LyricsSource(track: source.track?.text, phrase: source.phrase.text), trackIndex: trackIndex, statementIndex: statementIndex)
            }
        }
    }

    /// The statement index of the Original a lyrics statement names, or nil when it names none
    /// or a phrase that already has lyrics (reported when `reports`: `setLyrics` reports,
    /// `setLyricsFromOtherPhrases` meets the same statements again).
    private mutating func lyricsTarget(_ statement: LyricsSyntax, trackIndex: Int, firstStatement: inout [String: SourceRange], reports: Bool) -> Int? {
        let track = syntax.tracks[trackIndex]
        let name = statement.phrase.text
        // The first Original of that ID (a later one of the same ID is an error of its own).
        let statementIndex = track.phrases.firstIndex {
            if case .original(let id?, _) = $0.kind { return id.text == name }
            return false
        }
        guard let statementIndex, lowered[trackIndex][statementIndex] != nil else {
            guard reports else { return nil }
            let ids = track.phrases.compactMap { statement -> String? in
                if case .original(let id?, _) = statement.kind { return id.text }
                return nil
            }
            let elsewhere = syntax.tracks.indices.first { other in
                other != trackIndex && syntax.tracks[other].kind == .melody && syntax.tracks[other].phrases.contains {
                    if case .original(let id?, _) = $0.kind { return id.text == name }
                    return false
                }
            }.map { syntax.tracks[$0].id.text }
            let problem = ExpressionRule.unknownLyricsPhrase(name, track: track.id.text, elsewhere: elsewhere,
                                                             suggestion: Suggestion.closest(to: name, among: ids))
            diagnostics.append(problem.diagnostic(at: statement.phrase.range))
            return nil
        }
        if let first = firstStatement[name] {
            if reports {
                diagnostics.append(ExpressionRule.duplicateLyrics(phrase: name).diagnostic(
                    at: statement.phrase.range, notes: [DiagnosticNote("the first lyrics of '\(name)' are here", at: first)]))
            }
            return nil
        }
        firstStatement[name] = statement.range
        return statementIndex
    }

    /// The verses of `from [TRACK.]ID2`, or nil (reported): a missing track or phrase, or a
    /// phrase without strings of its own.
    private mutating func resolveLyricsSource(_ source: (track: Name?, phrase: Name), trackIndex: Int) -> SungLyrics? {
        var sourceTrack = trackIndex
        if let trackName = source.track {
            guard let index = tracks.firstIndex(where: { $0.id == trackName.text }) else {
                let suggestion = Suggestion.closest(to: trackName.text, among: tracks.map(\.id))
                diagnostics.append(ExpressionRule.unknownLyricsSourceTrack(trackName.text, suggestion: suggestion).diagnostic(at: trackName.range))
                return nil
            }
            sourceTrack = index
        }
        let phrases = syntax.tracks[sourceTrack].phrases
        let name = source.phrase.text
        guard let statementIndex = phrases.firstIndex(where: {
            if case .original(let id?, _) = $0.kind { return id.text == name }
            return false
        }) else {
            let ids = phrases.compactMap { statement -> String? in
                if case .original(let id?, _) = statement.kind { return id.text }
                return nil
            }
            let problem = ExpressionRule.unknownLyricsSourcePhrase(name, track: tracks[sourceTrack].id, suggestion: Suggestion.closest(to: name, among: ids))
            diagnostics.append(problem.diagnostic(at: source.phrase.range))
            return nil
        }
        let fullName = "\(tracks[sourceTrack].id).\(name)"
        let written = syntax.tracks[sourceTrack].lyrics.first { $0.phrase.text == name }
        if let written, written.source == nil {
            guard let sung = sungLyrics[sourceTrack][statementIndex] else { return nil } // its own errors
            return sung
        }
        let problem = ExpressionRule.lyricsSourceWithoutWords(fullName, takesFrom: written?.source.map { source in
            source.track.map { "\($0.text).\(source.phrase.text)" } ?? "\(tracks[sourceTrack].id).\(source.phrase.text)"
        })
        diagnostics.append(problem.diagnostic(at: source.phrase.range, notes: written.map { [DiagnosticNote("phrase '\(fullName)' takes its lyrics from elsewhere here", at: $0.range)] } ?? []))
        return nil
    }

    /// Sets verses on an Original and checks them against its lyric notes.
    private mutating func set(_ sung: SungLyrics, source: LyricsSource?, trackIndex: Int, statementIndex: Int) {
        let name = sung.phrase
        lowered[trackIndex][statementIndex]?.body.expression.verses = sung.verses
        lowered[trackIndex][statementIndex]?.body.expression.lyricsSource = source
        originals[trackIndex][name]?.body.expression.verses = sung.verses
        originals[trackIndex][name]?.body.expression.lyricsSource = source
        sungLyrics[trackIndex][statementIndex] = sung
        // A body with errors may miss notes: counting them would only echo those errors.
        guard let original = lowered[trackIndex][statementIndex], original.timingIsKnown, !original.hasErrors else { return }
        let notes = sung.reference.map { [DiagnosticNote("sung by phrase '\(name)' here", at: $0)] } ?? []
        for (index, problem) in ExpressionRule.verseProblems(sung.verses, lyricNotes: original.lyricNotes, phrase: name) {
            let range = index < sung.verseRanges.count ? sung.verseRanges[index] : sung.reference ?? SourceRange(0, 0)
            if index < sung.barCheckOffsets.count, !sung.barCheckOffsets[index].isEmpty { verseCountProblems[range.start] = diagnostics.count }
            diagnostics.append(problem.diagnostic(at: range, notes: notes))
        }
        for (index, verse) in sung.verses.enumerated() {
            let syllables = Lyrics.syllableCount(of: verse)
            guard let problem = ExpressionRule.fewerSyllables(index + 1, syllables: syllables, lyricNotes: original.lyricNotes, phrase: name),
                  syllables < original.lyricNoteRanges.count else { continue }
            var notes = [DiagnosticNote("verse \(index + 1) is here", at: index < sung.verseRanges.count ? sung.verseRanges[index] : nil)]
            if let reference = sung.reference { notes.append(DiagnosticNote("sung by phrase '\(name)' here", at: reference)) }
            diagnostics.append(problem.diagnostic(at: original.lyricNoteRanges[syllables], notes: notes))
        }
    }

    /// The bar checks `|` of an Original's verses, with the Original placed at `start`: the
    /// syllable after each must fall on the first lyric note of a bar.
    mutating func checkLyricsBars(_ sung: SungLyrics, original: Original, at start: Rational) {
        guard sung.barCheckOffsets.contains(where: { !$0.isEmpty }) else { return }
        let bars = ExpressionRule.lyricNoteBars(in: original.body, at: start, meterMap: meterMap)
        for (verse, check, syllable, problem) in ExpressionRule.barCheckProblems(sung.verses, bars: bars) {
            guard verse < sung.barCheckOffsets.count, check < sung.barCheckOffsets[verse].count else { continue }
            let offset = sung.barCheckOffsets[verse][check]
            var notes: [DiagnosticNote] = []
            if syllable < original.lyricNoteRanges.count { notes.append(DiagnosticNote("the syllable falls on this note", at: original.lyricNoteRanges[syllable])) }
            if let reference = sung.reference { notes.append(DiagnosticNote("sung by phrase '\(sung.phrase)' here", at: reference)) }
            // One `|` sung by several phrases (`from`) is reported once, with a note per phrase.
            if let earlier = reportedBarChecks[offset] {
                diagnostics[earlier].notes += notes
                continue
            }
            reportedBarChecks[offset] = diagnostics.count
            diagnostics.append(problem.diagnostic(at: SourceRange(offset, offset + 1), notes: notes))
            if verse < sung.verseRanges.count, let countProblem = verseCountProblems[sung.verseRanges[verse].start] {
                supersededDiagnostics.insert(countProblem)
            }
        }
    }
}
