import StaveSyntax

/// `lyrics ID "…" ["…" …]` (LANGUAGE.md "Songwriting (v2)"): each statement sets its verses,
/// as written, on an Original phrase of its own melody track.
extension Placement {
    /// Sets the lyrics of track `trackIndex` on its lowered Originals and checks them.
    mutating func setLyrics(trackIndex: Int) {
        let track = syntax.tracks[trackIndex]
        // Lyrics in a drum track are the parser's error (`lyrics-in-drums`): nothing to set.
        guard track.kind == .melody else { return }
        // The first Original of each ID (a later one of the same ID is an error of its own).
        var statementOf: [String: Int] = [:]
        var ids: [String] = []
        for (index, phrase) in track.phrases.enumerated() {
            if case .original(let id?, _) = phrase.kind, statementOf[id.text] == nil {
                statementOf[id.text] = index
                ids.append(id.text)
            }
        }
        var firstStatement: [String: SourceRange] = [:]
        for statement in track.lyrics {
            let name = statement.phrase.text
            guard let statementIndex = statementOf[name], lowered[trackIndex][statementIndex] != nil else {
                let elsewhere = syntax.tracks.indices.first { other in
                    other != trackIndex && syntax.tracks[other].kind == .melody && syntax.tracks[other].phrases.contains {
                        if case .original(let id?, _) = $0.kind { return id.text == name }
                        return false
                    }
                }.map { syntax.tracks[$0].id.text }
                let problem = ExpressionRule.unknownLyricsPhrase(name, track: track.id.text, elsewhere: elsewhere,
                                                                 suggestion: Suggestion.closest(to: name, among: ids))
                diagnostics.append(problem.diagnostic(at: statement.phrase.range))
                continue
            }
            if let first = firstStatement[name] {
                diagnostics.append(ExpressionRule.duplicateLyrics(phrase: name).diagnostic(
                    at: statement.phrase.range, notes: [DiagnosticNote("the first lyrics of '\(name)' are here", at: first)]))
                continue
            }
            firstStatement[name] = statement.range
            lowered[trackIndex][statementIndex]?.body.expression.verses = statement.verses
            originals[trackIndex][name]?.body.expression.verses = statement.verses
            // A body with errors may miss notes: counting them would only echo those errors.
            guard let original = lowered[trackIndex][statementIndex], original.timingIsKnown, !original.hasErrors else { continue }
            for (index, problem) in ExpressionRule.verseProblems(statement.verses, lyricNotes: original.lyricNotes, phrase: name) {
                let range = index < statement.verseRanges.count ? statement.verseRanges[index] : statement.range
                diagnostics.append(problem.diagnostic(at: range))
            }
        }
    }
}
