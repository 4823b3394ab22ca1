import StaveComposition

/// `--swing 8[:P]|16[:P]|none` and `--humanize T[:V]|none` of `compile`, `render` and `play`:
/// the song's header feel replaced for a quick listen (a track's own setting still wins).
struct FeelOptions {
    /// The options, for the argument parser.
    static let names: Set<String> = ["--swing", "--humanize"]
    /// The help lines.
    static let help = """
      --swing 8[:P]|16[:P]|none
                           play with 'swing 8 P' (or 16) instead of the song's header
                           swing: '--swing 8' is 2:1, '--swing 8:60' 60%, 'none' straight
      --humanize T[:V]|none
                           play with 'humanize T V' instead of the header's: timing
                           within ±T ms (0–50), velocity within ±V (0–30)
    """

    var swing: SwingSetting?
    var humanize: HumanizeSetting?

    /// Reads the options; a value out of range is a usage error (exit status 2).
    init(_ arguments: Arguments, command: String) throws(ExcerptOptions.UsageExit) {
        func numbers(_ text: String) -> (Int, Int?)? {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2, let first = Int(parts[0]) else { return nil }
            if parts.count == 1 { return (first, nil) }
            guard let second = Int(parts[1]) else { return nil }
            return (first, second)
        }
        if let text = arguments.options["--swing"] {
            if text == "none" {
                swing = .straight
            } else {
                guard let (unit, percent) = numbers(text) else {
                    throw ExcerptOptions.UsageExit(status: Stave.usageError("--swing takes 8, 16, 8:P or 16:P (P 50–75) or 'none', not '\(text)'", command: command))
                }
                if let problem = FeelRule.swingProblem(unit: unit, percent: percent) {
                    throw ExcerptOptions.UsageExit(status: Stave.usageError("--swing \(text): \(problem)", command: command))
                }
                swing = .swing(Swing(unit: unit, percent: percent))
            }
        }
        if let text = arguments.options["--humanize"] {
            if text == "none" {
                humanize = .exact
            } else {
                guard let (milliseconds, velocity) = numbers(text) else {
                    throw ExcerptOptions.UsageExit(status: Stave.usageError("--humanize takes T or T:V (T 0–50 ms, V 0–30) or 'none', not '\(text)'", command: command))
                }
                if let problem = FeelRule.humanizeProblem(milliseconds: milliseconds, velocity: velocity) {
                    throw ExcerptOptions.UsageExit(status: Stave.usageError("--humanize \(text): \(problem)", command: command))
                }
                humanize = .humanize(Humanize(milliseconds: milliseconds, velocity: velocity ?? 0))
            }
        }
    }

    /// The song with the options' feel in its header.
    func apply(to song: Song) -> Song {
        guard swing != nil || humanize != nil else { return song }
        var song = song
        if let swing { song.swing = swing }
        if let humanize { song.humanize = humanize }
        return song
    }
}
