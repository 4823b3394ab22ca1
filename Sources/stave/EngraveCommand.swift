import StaveComposition
import StaveMusicXML

/// `stave engrave SONG.stave [-o OUT.pdf|.svg|.png] [--engraver musescore|lilypond] [--time-limit SECONDS]`.
enum EngraveCommand {
    static let help = """
    USAGE: stave engrave SONG.stave [-o OUT.pdf|OUT.svg|OUT.png] [--engraver musescore|lilypond]
                         [--time-limit SECONDS] [-q]

    Engraves a song as sheet music: writes its MusicXML (as 'stave compile -o X.musicxml'
    does) to a private scratch directory and runs an engraver on it, MuseScore 3
    ('mscore3' or 'musescore3', headless) or LilyPond ('musicxml2ly', then 'lilypond'),
    found on PATH. Without --engraver the first installed is used, MuseScore 3 first.
    The format follows OUT's extension: a PDF holds every page; SVG and PNG are a file
    per page, OUT itself for a one-page score, else OUT-1.svg, OUT-2.svg, ... beside it.
    Default OUT: SONG.pdf; a song read from '-' (standard input) needs -o. The pages are
    written atomically, all or none: on any error or interruption existing files are
    left as they were, and the scratch files are removed.
    Needs 'mscore3' (Debian/Ubuntu: apt-get install musescore3) or 'musicxml2ly' and
    'lilypond' (apt-get install lilypond) on PATH.
    On success one line on standard error says what was written (not with -q).

    OPTIONS:
      -o, --output OUT       where to write the score: .pdf, .svg or .png
      --engraver NAME        musescore or lilypond (default: the first installed)
      --time-limit SECONDS   stop the engraver after this long, 1 to 3600 (default 300)
      -q, --quiet            no summary line and no warnings (errors still shown)
      -h, --help             show this help
      --version              show the version

    Exit status: 0 success, 1 the song has errors or no engraver is installed or it
    failed, 2 usage or I/O error.

    """

    /// The seconds --time-limit takes, and its default.
    static let timeLimits = 1...3600
    static let defaultTimeLimit = 300

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "engrave", needs: "a song", valued: ["-o", "--output", "--engraver", "--time-limit"],
                          flags: ["-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        guard input != "-" || arguments.options["--output"] != nil else {
            return Stave.usageError("'engrave' needs -o OUT.pdf when the song comes from standard input", command: "engrave")
        }
        let destination = arguments.options["--output"] ?? OutputFormat.replacingExtension(of: input, with: "pdf")
        guard destination != "-" else { return Stave.usageError("'engrave' writes files, not standard output", command: "engrave") }
        guard let format = Engraving.PageFormat(path: destination) else {
            return Stave.usageError("'engrave' writes .pdf, .svg or .png files, not '\(destination)'", command: "engrave")
        }
        var asked: Engraving.Engraver?
        if let name = arguments.options["--engraver"] {
            guard let engraver = Engraving.Engraver(rawValue: name) else {
                return Stave.usageError("--engraver takes 'musescore' or 'lilypond', not '\(name)'", command: "engrave")
            }
            asked = engraver
        }
        let limitText = arguments.options["--time-limit"] ?? String(defaultTimeLimit)
        guard let timeLimit = Int(limitText), timeLimits.contains(timeLimit) else {
            return Stave.usageError("--time-limit takes a number of seconds from \(timeLimits.lowerBound) to \(timeLimits.upperBound), not '\(limitText)'", command: "engrave")
        }
        let quiet = arguments.flags.contains("--quiet")
        do {
            guard case .song(let compilation) = try Frontend.compile(path: input, quiet: quiet) else { return 1 }
            let engraver = try Engraver.locate(asked)
            let musicXML = try MusicXMLWriter().render(compilation.song)
            let started = Engraver.now()
            let pages = try engraver.engrave(musicXML, format: format, timeLimit: timeLimit)
            let seconds = Engraver.now() - started
            let paths = Engraving.outputPaths(for: destination, pages: pages.count)
            for path in paths where SystemIO.isSameFile(input: input, output: path) { return Stave.refuseOverwritingInput(input, path) }
            try OutputFile.write(Array(zip(pages, paths)).map { (bytes: $0.0, path: $0.1) })
            if !quiet { SystemIO.printError(summary(paths: paths, format: format, pages: pages.count, engraver: engraver.kind, seconds: seconds)) }
            return 0
        } catch {
            return CommandFailure.report(error)
        }
    }

    /// `wrote song.pdf — 2 pages, engraved by MuseScore 3 in 1.9 s` (or `wrote song-1.svg …
    /// song-3.svg — 3 pages, …`) and a newline.
    static func summary(paths: [String], format: Engraving.PageFormat, pages: Int, engraver: Engraving.Engraver, seconds: Double) -> String {
        let shown = paths.count == 1 ? paths[0] : "\(paths[0]) … \(paths[paths.count - 1])"
        let tenths = Int((seconds * 10).rounded())
        let count = format.isOneFile ? "" : "\(pages) page\(pages == 1 ? "" : "s"), "
        return "wrote \(shown) — \(count)engraved by \(engraver.displayName) in \(tenths / 10).\(tenths % 10) s\n"
    }
}
