extension DiagnosticID {
    /// The catalog entries of the form's IDs (LANGUAGE.md "Form (v3)").
    var formExplanation: DiagnosticExplanation {
        func entry(_ summary: String, _ explanation: String, wrong: String, right: String) -> DiagnosticExplanation {
            DiagnosticExplanation(id: self, severity: .error, summary: summary, explanation: explanation, wrong: wrong, right: right)
        }
        func warning(_ summary: String, _ explanation: String, wrong: String, right: String) -> DiagnosticExplanation {
            DiagnosticExplanation(id: self, severity: .warning, summary: summary, explanation: explanation, wrong: wrong, right: right)
        }
        /// A song of `bars` whole-note bars with the header `form` above it.
        func song(_ form: String, bars: Int = 8) -> String {
            form + "\ntrack lead {\n  phrase { " + (0..<bars).map { _ in "c1" }.joined(separator: " | ") + " }\n}"
        }
        switch self {
        case .formBarsBackwards:
            return entry("repeated bars or an ending whose bars run backwards",
                         "`repeat bars A-B` repeats bars A to B and an ending `C-D` runs from bar C to bar D, so the first bar must not come after the last. Write the bars in order, without spaces.",
                         wrong: song("repeat bars 5-3"), right: song("repeat bars 3-5"))
        case .formBarOutside:
            return entry("a form statement naming a bar after the written score",
                         "The written score ends with the last bar that any phrase reaches (or that a header `tempo`, `meter` or `marker` names); repeats, endings and jump signs stand inside it. Name a bar of the score, or write the bars the form needs.",
                         wrong: song("repeat bars 5-12"), right: song("repeat bars 5-8"))
        case .formDuplicateSign:
            return entry("a second segno, fine, to-coda, coda or jump",
                         "A song has one segno, one `fine`, one `to-coda`, one `coda` and at most one jump (`dc` or `ds`): the performance takes the jump once. Remove the second one.",
                         wrong: song("segno at 2\nds at 4\nds at 6"), right: song("segno at 2\nds at 6"))
        case .formRepeatCount:
            return entry("a repeat count outside 2–100, or fewer passes than endings",
                         "`repeat bars A-B xN` plays the bars N times, 2 to 100 (2 when N is not written). Each ending is played on a pass of its own, so a repeat needs at least as many passes as endings.",
                         wrong: song("repeat bars 1-4 x101"), right: song("repeat bars 1-4 x100"))
        case .formEndingGap:
            return entry("an ending that does not start where it must",
                         "The first ending starts at the bar right after the repeated bars A-B, and each next ending right after the one before: `repeat bars 1-4 endings 5-6 7`. An ending elsewhere would leave bars between them that belong to no pass.",
                         wrong: song("repeat bars 1-4 endings 5 7"), right: song("repeat bars 1-4 endings 5 6"))
        case .formRepeatOverlap:
            return entry("two repeats that share a bar",
                         "Repeat signs do not nest or overlap: each repeat, with its endings, needs bars of its own. Move one repeat so that it starts after the other ends.",
                         wrong: song("repeat bars 1-4\nrepeat bars 3-6"), right: song("repeat bars 1-2\nrepeat bars 3-6"))
        case .formDsWithoutSegno:
            return entry("a D.S. without a segno",
                         "`ds at BAR` (dal segno) goes back to the segno sign, so the song needs `segno at BAR`. Add the segno, or write `dc at BAR` to go back to the start.",
                         wrong: song("ds at 4"), right: song("segno at 2\nds at 4"))
        case .formSignWithoutJump:
            return entry("a fine or to-coda in a song without a jump",
                         "`fine` and `to-coda` act only in the jump pass, after a `dc` or `ds` has been taken. Add the jump, or remove the sign.",
                         wrong: song("fine at 2"), right: song("fine at 2\ndc at 4"))
        case .formFineAndCoda:
            return entry("a fine together with a to-coda",
                         "After the jump the performance either ends at the Fine or goes on to the coda: a song takes one of them.",
                         wrong: song("dc at 4\nfine at 2\nto-coda at 3\ncoda at 5"), right: song("dc at 4\nto-coda at 3\ncoda at 5"))
        case .formCodaUnpaired:
            return entry("a to-coda without a coda, or a coda without a to-coda",
                         "`to-coda at BAR` says where the jump pass leaves for the coda, and `coda at BAR2` where the coda starts: a song writes both or neither.",
                         wrong: song("dc at 4\nto-coda at 2"), right: song("dc at 4\nto-coda at 2\ncoda at 5"))
        case .formCodaBeforeJump:
            return entry("a coda that does not start after the jump",
                         "The coda is the song's ending, reached from `to-coda` after the jump: it starts after the jump bar and runs to the end.",
                         wrong: song("dc at 6\nto-coda at 2\ncoda at 4"), right: song("dc at 4\nto-coda at 2\ncoda at 5"))
        case .formSignOutsideJumpPass:
            return entry("a fine or to-coda that the jump pass never reaches",
                         "After the jump the performance plays from the start (D.C.) or the segno (D.S.) up to the jump bar; a `fine` or `to-coda` must stand in those bars, before the jump bar.",
                         wrong: song("segno at 3\nds at 6\nfine at 2"), right: song("segno at 3\nds at 6\nfine at 4"))
        case .formJumpInRepeat:
            return entry("a jump inside repeated bars",
                         "A `dc` or `ds` inside the bars of a repeat would leave the repeat on its first pass. Put the jump after the repeat, or in one of its endings (it is taken on the pass that plays that ending).",
                         wrong: song("repeat bars 1-4\ndc at 3"), right: song("repeat bars 1-4\ndc at 6"))
        case .formSegnoUnused:
            return warning("a segno that no D.S. jumps to",
                           "The segno sign is where `ds at BAR` goes back to; without a `ds` nothing jumps there. Add the `ds`, or remove the segno.",
                           wrong: song("segno at 3"), right: song("segno at 3\nds at 6"))
        case .formBarsUnplayed:
            return warning("bars that the performance never plays",
                           "The form skips these bars on every pass: for example the bars between the jump bar and the coda when `to-coda` leads past them. Remove them or move the coda.",
                           wrong: song("dc at 4\nto-coda at 2\ncoda at 7"), right: song("dc at 4\nto-coda at 2\ncoda at 5"))
        default:
            return entry("", "", wrong: "", right: "")
        }
    }
}
