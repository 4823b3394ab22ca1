/// `stave print SONG.json [-o OUT.stave]`. (Placeholder.)
enum PrintCommand {
    static let help = """
    USAGE: stave print SONG.json [-o OUT.stave]

    Prints a saved song back as Stave text.

    """

    static func run(_ words: [String]) -> Int32 {
        if words.contains("--help") || words.contains("-h") { SystemIO.printOut(help); return 0 }
        if words.contains("--version") { SystemIO.printOut(Stave.versionLine); return 0 }
        return Stave.usageError("'print' is not available in this build", help: help)
    }
}
