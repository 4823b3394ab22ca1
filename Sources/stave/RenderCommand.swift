import StaveComposition
import StaveAudio

/// `stave render SONG.stave [-o SONG.wav] [--soundfont FILE] [--sample-rate RATE] [--gain auto|DB] [--from BAR] [--to BAR]`.
enum RenderCommand {
    static let help = """
    USAGE: stave render SONG.stave [-o OUT.wav] [--soundfont FILE] [--sample-rate RATE] [--gain auto|DB]
                        [--from BAR] [--to BAR] [--swing 8[:P]|16[:P]|none] [--humanize T[:V]|none] [-q]

    Renders a song to a WAV file (16-bit stereo) with FluidSynth, run as a program, and a
    General MIDI soundfont. The WAV lasts exactly the song (its tempo map, rests at the end
    included) plus a 2-second release tail whose last half second fades out. Default OUT:
    SONG.wav; a song read from '-' (standard input) needs -o. The output is written
    atomically, as by 'stave compile': on any error or interruption an existing file is
    left as it was.
    The soundfont is --soundfont FILE, else $STAVE_SOUNDFONT, else the first found of
    ~/.local/share/soundfonts/default.sf2, /usr/share/sounds/sf2/FluidR3_GM.sf2 and the
    other usual places (Debian, Fedora, Arch, Homebrew, MacPorts).
    Loudness: by default (--gain auto) the rendering is scaled so that its loudest
    sample peaks at -2 dBFS, every song as loud as it can be without clipping.
    '--gain DB' instead applies a fixed gain in decibels to FluidSynth's own level
    (0: FluidSynth's default, synth.gain 0.2, which leaves the examples' peaks at
    -13 to -26 dBFS; +12: four times louder), so that songs keep their loudness
    relative to each other; what passes full scale is clipped.
    With --from/--to only those bars are rendered: tempo, meter and each track's
    instrument, volume and pan are those in force at the cut, and a note held across the
    cut sounds from it for what remains of it.
    Needs 'fluidsynth' on PATH (Debian/Ubuntu: apt-get install fluidsynth
    fluid-soundfont-gm; macOS: brew install fluid-synth).
    On success one line on standard error says what was written (not with -q).

    OPTIONS:
      -o, --output OUT     where to write the WAV file
      --soundfont FILE     the .sf2 soundfont to play with
      --sample-rate RATE   samples per second, 8000 to 96000 (default 44100)
      --gain auto|DB       auto (default): peaks at -2 dBFS; DB: a fixed gain in
                           decibels on FluidSynth's own level, -60 to +40
    \(ExcerptOptions.help)
    \(FeelOptions.help)
      -q, --quiet          no summary line and no warnings (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 0 success, 1 the song has errors or fluidsynth or a soundfont is
    missing, 2 usage or I/O error.

    """

    /// The sample rates FluidSynth accepts.
    static let sampleRates = 8000...96000
    /// The sample rate without --sample-rate (and of `stave compile -o SONG.wav`).
    static let defaultSampleRate = 44100

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "render", needs: "a song", valued: Set(["-o", "--output", "--soundfont", "--sample-rate", "--gain"]).union(ExcerptOptions.names).union(FeelOptions.names),
                          flags: ["-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        guard input != "-" || arguments.options["--output"] != nil else {
            return Stave.usageError("'render' needs -o OUT.wav when the song comes from standard input", command: "render")
        }
        let destination = arguments.options["--output"] ?? OutputFormat.replacingExtension(of: input, with: "wav")
        guard destination != "-" else { return Stave.usageError("'render' writes a file, not standard output", command: "render") }
        if SystemIO.isSameFile(input: input, output: destination) { return Stave.refuseOverwritingInput(input, destination) }
        let rateText = arguments.options["--sample-rate"] ?? String(defaultSampleRate)
        guard let rate = Int(rateText), sampleRates.contains(rate) else {
            return Stave.usageError("--sample-rate takes a number from \(sampleRates.lowerBound) to \(sampleRates.upperBound), not '\(rateText)'", command: "render")
        }
        let gainText = arguments.options["--gain"] ?? "auto"
        guard let loudness = Loudness(parsing: gainText) else {
            return Stave.usageError("--gain takes 'auto' or a number of decibels from \(Int(Loudness.gains.lowerBound)) to +\(Int(Loudness.gains.upperBound)), not '\(gainText)'", command: "render")
        }
        let excerpt: ExcerptOptions
        do { excerpt = try ExcerptOptions(arguments, command: "render") } catch { return error.status }
        let feel: FeelOptions
        do { feel = try FeelOptions(arguments, command: "render") } catch { return error.status }
        let quiet = arguments.flags.contains("--quiet")
        do {
            guard case .song(let compilation) = try Frontend.compile(path: input, quiet: quiet) else { return 1 }
            let heard: ExcerptOptions.Heard
            do { heard = try excerpt.apply(to: feel.apply(to: compilation.song), command: "render") } catch { return error.status }
            let synthesizer = try Synthesizer.locate(soundfontOption: arguments.options["--soundfont"])
            let bytes = try synthesizer.render(heard.song, sampleRate: rate, loudness: loudness)
            try SystemIO.writeAtomically(bytes, to: destination)
            if !quiet { SystemIO.printError(summary(of: heard, writtenTo: destination, sampleRate: rate)) }
            return 0
        } catch {
            return CommandFailure.report(error)
        }
    }

    /// `wrote song.wav — bars 1–8, 0:16 + 2 s release tail, 44100 Hz` (or `bar 3` for one bar) and a newline.
    static func summary(of heard: ExcerptOptions.Heard, writtenTo path: String, sampleRate: Int) -> String {
        let figures = SongFigures(FormUnfolding.performedSong(heard.song))  // Stave 3 form: as played
        let lastBar = heard.firstBar + max(figures.bars, 1) - 1
        let seconds = figures.seconds.isOverflow ? 0 : figures.seconds.roundedHalfUp
        let length = "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
        let bars = figures.bars == 0 ? "no bars" : lastBar == heard.firstBar ? "bar \(lastBar)" : "bars \(heard.firstBar)–\(lastBar)"
        return "wrote \(path) — \(bars), \(length) + \(FluidSynthCommand.releaseTailSeconds) s release tail, \(sampleRate) Hz\n"
    }
}
