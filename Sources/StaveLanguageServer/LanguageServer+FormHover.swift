import StaveComposition

extension LanguageServer {
    /// For a song with a form: when a written time sounds in the performance (rule 17), as
    /// `plays at 0:14 (bar 9) and 0:46 (bar 21)`; nil without a form or when it never sounds.
    static func soundings(at time: Rational, in song: Song) -> String? {
        guard !song.form.isEmpty else { return nil }
        let unfolding = FormUnfolding(song)
        let tempos = Performance.tempos(of: FormUnfolding.performedSong(song))
        let performedMeters = MeterMap(meters: FormUnfolding.performedSong(song).meters)
        var times: [String] = []
        for segment in unfolding.segments where time >= segment.writtenStart && time < segment.writtenEnd {
            let performed = segment.performed(time)
            let seconds = SongFigures.seconds(upTo: performed, tempos: tempos)
            let whole = seconds.isOverflow ? 0 : seconds.floor
            let clock = "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
            times.append("\(clock) (bar \(performedMeters.locate(performed).bar))")
        }
        guard !times.isEmpty else { return "never plays: the form skips this bar" }
        let list = times.count == 1 ? times[0] : times.dropLast().joined(separator: ", ") + " and " + times[times.count - 1]
        return "plays at " + list
    }
}

extension LanguageServer {
    /// The form's header statements (LANGUAGE.md "Form (v3)") offered at the top level.
    static let formCompletions: [CompletionContext.Item] = [
        CompletionContext.Item(label: "repeat bars", kind: 14, detail: "repeat bars A-B [xN] [endings E1 E2 …]: repeat signs"),
        CompletionContext.Item(label: "segno at", kind: 14, detail: "segno at BAR: the sign D.S. goes back to"),
        CompletionContext.Item(label: "dc at", kind: 14, detail: "dc at BAR: D.C., back to the start at the end of BAR"),
        CompletionContext.Item(label: "ds at", kind: 14, detail: "ds at BAR: D.S., back to the segno at the end of BAR"),
        CompletionContext.Item(label: "fine at", kind: 14, detail: "fine at BAR: after the jump, the song ends with BAR"),
        CompletionContext.Item(label: "to-coda at", kind: 14, detail: "to-coda at BAR: after the jump, on to the coda"),
        CompletionContext.Item(label: "coda at", kind: 14, detail: "coda at BAR: where the coda starts"),
    ]
}
