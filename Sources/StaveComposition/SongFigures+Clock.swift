extension SongFigures {
    /// Where the music is after `seconds` of playing from the song start, in whole notes: the
    /// inverse of `seconds(upTo:tempos:)` under a tempo map sorted by time (quarter notes per
    /// minute; 120 before the first change). Used to show the bar being played.
    public static func time(afterSeconds seconds: Rational, tempos: [PerformedTempo]) -> Rational {
        var left = seconds
        var from = Rational.zero
        var bpm = Rational(120)
        for tempo in tempos {
            if tempo.time > from {
                let span = (tempo.time - from) * 240 / bpm
                if left < span { break }
                left = left - span
                from = tempo.time
            }
            bpm = tempo.bpm
        }
        return from + left * bpm / 240
    }
}
