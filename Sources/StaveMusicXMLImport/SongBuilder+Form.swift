import StaveComposition
import StaveSyntax

extension SongBuilder {
    /// The song's form and the measures in the order the song's bars hold them: the score's
    /// signs as form statements over its measures, one bar each (`FormReading`); or, when they
    /// cannot be written so, the measures written out in playing order (`FormUnfolding`), with
    /// a remark saying why.
    mutating func formAndPlays() -> (form: Form, plays: [FormUnfolding.Play]) {
        let measures = score.measures
        let straight = measures.indices.map { FormUnfolding.Play(measure: $0, pass: 1) }
        guard FormUnfolding.hasForm(measures) else { return (Form(), straight) }
        let reason: String
        // The form names bars, so every measure must be a bar of its own (a meter of its length).
        if let odd = measures.first(where: { measure in
            measure.length != Rational(measure.meter.numerator, measure.meter.denominator)
                && SongBuilder.meter(for: measure.length, preferring: measure.meter.denominator) == nil
        }) {
            reason = "measure \(odd.number) lasts a length no meter gives, so the bars do not follow the measures"
        } else {
            switch FormReading.form(measures) {
            case .written(let form):
                // Several verses would be Stave verses sung in turn by the soundings; Stave's own
                // MusicXML export writes one verse per copy, so such a song would not come back.
                let verses = Set(score.parts.lazy.flatMap { $0.voices.values.joined() }.flatMap { $0.lyrics.map(\.verse) })
                if verses.count <= 1 { return (form, straight) }
                reason = "the lyrics have \(verses.count) verses, which each pass sings in turn"
            case .unwritable(let why):
                reason = why
            }
        }
        let plays = FormUnfolding.order(measures)
        remarks.append("the repeats, endings and jumps are written out in full (\(measures.count) measures play as \(plays.count) bars): \(reason)")
        return (Form(), plays)
    }

    /// The key changes of the song's bars: at each play whose measure's key in force (the last
    /// one written at or before it) differs from the play before's — after a jump back, too —
    /// at the bar `bar` says the play starts (nil: inside a bar, after a measure no meter
    /// gives; such a change is left out and counted in `skipped`).
    static func keyChanges(_ measures: [Score.Measure], plays: [FormUnfolding.Play], firstKey: Key, skipped: inout Int,
                           bar: (Int) -> Int?) -> [KeyChange] {
        var inForce: [Key] = []
        inForce.reserveCapacity(measures.count)
        var current = firstKey
        for measure in measures {
            if let written = measure.key, let key = SongBuilder.key(fifths: written.fifths, minor: written.minor) { current = key }
            inForce.append(current)
        }
        var changes: [KeyChange] = []
        var previous = firstKey
        for (index, play) in plays.enumerated() {
            let key = inForce[play.measure]
            if index > 0, key != previous {
                if let bar = bar(index), changes.last?.bar != bar { changes.append(KeyChange(bar: bar, key: key)) } else { skipped += 1 }
            }
            previous = key
        }
        return changes
    }
}
