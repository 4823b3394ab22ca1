import StaveComposition

/// `--from BAR` and `--to BAR` of `render`, `play`, `watch` and `roll`: what part of the song
/// to hear or see. BAR is a bar number or a marker's name (the bar where that marker stands).
struct ExcerptOptions {
    /// The options, for the argument parser.
    static let names: Set<String> = ["--from", "--to"]
    /// The help lines.
    static let help = """
      --from BAR           start at the start of bar BAR (default: bar 1); BAR is a
                           bar number or a marker's name ('--from Chorus': the bar
                           where marker "Chorus" first stands)
      --to BAR             stop at the start of bar BAR, so '--from 5 --to 9' plays bars
                           5 to 8 (default: the song's end)
    """

    var from: CutPoint?
    var to: CutPoint?

    /// Reads the options; a value that is not a bar number is a usage error (exit status 2).
    init(_ arguments: Arguments, command: String) throws(UsageExit) {
        func point(_ option: String) throws(UsageExit) -> CutPoint? {
            guard let text = arguments.options[option] else { return nil }
            guard let point = CutPoint(parsing: text) else {
                throw UsageExit(status: Stave.usageError(SongExcerpt.unknownCutPointMessage(text, option: option), command: command))
            }
            return point
        }
        from = try point("--from")
        to = try point("--to")
    }

    /// A usage error already printed, with its exit status.
    struct UsageExit: Error {
        var status: Int32
    }

    /// What is heard: the whole song, or the excerpt, with the song's bar where it starts and
    /// the song's bar count (for the progress line).
    struct Heard {
        var song: Song
        var firstBar: Int
        var lastBar: Int
    }

    /// The bars the options name, first and last inclusive (`--to 9` ends with bar 8): for the
    /// piano roll, which shows written bars rather than cutting the song. A bar out of range
    /// or an empty range is a usage error.
    func bars(of song: Song, command: String) throws(UsageExit) -> ClosedRange<Int> {
        let count = SongFigures(song).bars
        func resolve(_ point: CutPoint, isEnd: Bool) throws(UsageExit) -> Int {
            switch SongExcerpt.bar(of: point, in: song, bars: count, isEnd: isEnd) {
            case .success(let bar): return bar
            case .failure(let problem): throw UsageExit(status: Stave.usageError(problem.message, command: command))
            }
        }
        let first = try from.map { point throws(UsageExit) in try resolve(point, isEnd: false) } ?? 1
        let end = try to.map { point throws(UsageExit) in try resolve(point, isEnd: true) } ?? count + 1
        guard end > first else {
            throw UsageExit(status: Stave.usageError("--to \(end) does not come after --from \(first): the roll shows bar \(first) up to the start of bar \(end)", command: command))
        }
        return first...(end - 1)
    }

    /// The song, or the excerpt the options name; a bar out of range is a usage error.
    func apply(to song: Song, command: String) throws(UsageExit) -> Heard {
        // Stave 3 form: bars count in the performance (rule 17); the whole song keeps its form
        // (the MIDI writer follows it), an excerpt is cut from the performed song.
        let performed = FormUnfolding.performedSong(song)
        let bars = SongFigures(performed).bars
        guard from != nil || to != nil else { return Heard(song: song, firstBar: 1, lastBar: bars) }
        switch SongExcerpt.cut(performed, from: from ?? .bar(1), to: to) {
        case .success(let cut):
            return Heard(song: cut.song, firstBar: cut.firstBar, lastBar: bars)
        case .failure(let problem):
            throw UsageExit(status: Stave.usageError(problem.message, command: command))
        }
    }
}
