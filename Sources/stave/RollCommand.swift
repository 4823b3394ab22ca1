/// `stave roll SONG.stave [--step N] [--bars A-B] [--track ID] [--width COLS]`. (Placeholder.)
enum RollCommand {
    static let help = """
    USAGE: stave roll SONG.stave [--step N] [--bars A-B] [--track ID] [--width COLS]

    Draws the song as an ASCII piano roll on standard output.

    """

    static func run(_ words: [String]) -> Int32 {
        if words.contains("--help") || words.contains("-h") { SystemIO.printOut(help); return 0 }
        if words.contains("--version") { SystemIO.printOut(Stave.versionLine); return 0 }
        return Stave.usageError("'roll' is not available in this build", help: help)
    }
}
