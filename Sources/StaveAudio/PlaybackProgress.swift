import StaveComposition

/// The progress line of `stave play`: which bar sounds after some seconds of playing, from
/// the tempo and meter maps of what is played, numbered as in the whole song.
public struct PlaybackProgress: Sendable {
    let tempos: [PerformedTempo]
    let meterMap: MeterMap
    /// The bar of the whole song where the played music starts (1 unless an excerpt).
    let firstBar: Int
    /// The song's last bar, as shown.
    let lastBar: Int
    /// How long the played music lasts, in seconds.
    let seconds: Rational

    /// Prepares the progress of playing `played` (the song or an excerpt of it starting at
    /// `firstBar` of a song of `lastBar` bars).
    public init(of played: Song, firstBar: Int, lastBar: Int) {
        tempos = Performance.tempos(of: played)
        meterMap = MeterMap(meters: played.meters)
        self.firstBar = firstBar
        self.lastBar = lastBar
        seconds = SongFigures(played).seconds
    }

    /// The bar (numbered as in the whole song) sounding after `elapsed` seconds of playing.
    public func bar(after elapsed: Rational) -> Int {
        let shown = min(elapsed, seconds)
        let time = SongFigures.time(afterSeconds: shown, tempos: tempos)
        var bar = meterMap.locate(time).bar
        // At the very end the music stops on a bar line: still the last bar played.
        if shown == seconds, meterMap.locate(time).offset == .zero, bar > 1 { bar -= 1 }
        return min(firstBar + bar - 1, max(lastBar, firstBar))
    }

    /// `bar 5 of 32   0:08 / 1:04` after `elapsed` seconds.
    public func line(after elapsed: Rational) -> String {
        "bar \(bar(after: elapsed)) of \(lastBar)   \(PlaybackProgress.clock(min(elapsed, seconds))) / \(PlaybackProgress.clock(seconds))"
    }

    /// `m:ss`, rounded down.
    static func clock(_ seconds: Rational) -> String {
        let whole = seconds.isOverflow ? 0 : max(0, seconds.floor)
        return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
    }
}
