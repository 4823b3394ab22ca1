import StaveComposition
import StavePianoRoll

/// `stave roll SONG.stave [--step N] [--bars A-B | --from BAR --to BAR] [--track ID] [--width COLS] [--unicode]`:
/// the song as a text piano roll on standard output.
enum RollCommand {
    static let help = """
    USAGE: stave roll SONG.stave [--step N] [--bars A-B] [--from BAR] [--to BAR]
                      [--track ID] [--width COLS] [--unicode] [-q]

    Draws the song as a piano roll on standard output: per track a header, a ruler
    with bar numbers, and one row per pitch (highest first; drums by name). A note's
    first cell is '#', the cells it sustains are '=', silent cells are '.', and '|'
    stands between bars. Long songs wrap into systems.

    OPTIONS:
      --step N        one column per N-th note: 4 quarter, 8 eighth, 16 sixteenth,
                      12 (or 8t) eighth-note triplet, 24 (or 16t) sixteenth triplet;
                      or P/Q of a whole note (3/8 is a dotted quarter). Onsets that
                      fall between columns move to the nearest one and a footnote
                      says how many. Default: the coarsest grid on which every bar
                      line, beat, onset and note end falls exactly (at most 16
                      columns per quarter note).
      --bars A-B      show bars A to B (1-based, inclusive), or one bar A; B past the
                      song's end is clipped to its last bar
      --from BAR      show from bar BAR (a number or a marker's name: the bar
                      where that marker first stands)
      --to BAR        stop before bar BAR (a number or a marker's name), as
                      'stave render' does: '--from 5 --to 9' shows bars 5 to 8;
                      not together with --bars
      --track ID      show only this track; several IDs separated by commas
      --width COLS    maximum line length, 40-100000; default: the terminal's width,
                      or 120 when standard output is not a terminal
      --unicode       draw with box-drawing and block characters
      -q, --quiet     no warnings on standard error (errors still shown)
      -h, --help      show this help
      --version       show the version

    Exit status: 0 success, 1 the song has errors, 2 usage or I/O error (also an
    unknown --track, or --bars starting after the song's last bar).

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "roll", needs: "a song", valued: Set(["--step", "--bars", "--track", "--width"]).union(ExcerptOptions.names), flags: ["--unicode", "-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        var options = PianoRollOptions(width: SystemIO.terminalColumns.map { max(PianoRollOptions.minimumWidth, $0) } ?? PianoRollOptions.defaultWidth,
                                       unicode: arguments.flags.contains("--unicode"))
        if let text = arguments.options["--step"] {
            guard let step = PianoRollOptions.parseStep(text) else {
                return Stave.usageError("invalid --step '\(text)': expected a note value such as 16 or 8t, or a fraction of a whole note such as 3/8 (between 1/1024 and 4)", command: "roll")
            }
            options.step = step
        }
        if let text = arguments.options["--bars"] {
            guard let bars = PianoRollOptions.parseBars(text) else {
                return Stave.usageError("invalid --bars '\(text)': expected A-B with 1 <= A <= B, or one bar A", command: "roll")
            }
            options.bars = bars
        }
        let excerpt: ExcerptOptions
        do { excerpt = try ExcerptOptions(arguments, command: "roll") } catch { return error.status }
        if options.bars != nil, excerpt.from != nil || excerpt.to != nil {
            return Stave.usageError("--bars and --from/--to both choose bars: give one or the other", command: "roll")
        }
        if let text = arguments.options["--track"] {
            guard let tracks = PianoRollOptions.parseTracks(text) else {
                return Stave.usageError("invalid --track '\(text)': expected a track ID, or IDs separated by commas", command: "roll")
            }
            options.tracks = tracks
        }
        if let text = arguments.options["--width"] {
            guard let width = PianoRollOptions.parseWidth(text) else {
                return Stave.usageError("invalid --width '\(text)': expected a number of columns from \(PianoRollOptions.minimumWidth) to \(PianoRollOptions.maximumWidth)", command: "roll")
            }
            options.width = width
        }
        do {
            guard case .song(let compilation) = try Frontend.compile(path: input, quiet: arguments.flags.contains("--quiet")) else { return 1 }
            // Stave 3 form: the roll plays the performance, labelled with the written bars.
            var song = compilation.song
            if !song.form.isEmpty {
                let unfolding = FormUnfolding(song)
                options.writtenBars = (1...max(1, unfolding.performedBars)).map { unfolding.writtenBar(ofPerformedBar: $0) ?? $0 }
                song = FormUnfolding.performedSong(song)
            }
            if excerpt.from != nil || excerpt.to != nil {
                do { options.bars = try excerpt.bars(of: song, command: "roll") } catch { return error.status }
            }
            let text = try PianoRollRenderer(options: options).roll(song)
            try SystemIO.writeAtomically(Array(text.utf8), to: "-")
            return 0
        } catch {
            return CommandFailure.report(error)
        }
    }
}
