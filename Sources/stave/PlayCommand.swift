#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveComposition
import StaveAudio

/// `stave play SONG.stave [--from BAR] [--to BAR] [--soundfont FILE] [--driver NAME]`.
enum PlayCommand {
    static let help = """
    USAGE: stave play SONG.stave [--from BAR] [--to BAR] [--soundfont FILE] [--driver NAME]
                      [--swing 8[:P]|16[:P]|none] [--humanize T[:V]|none] [-q]

    Plays a song through the sound card with FluidSynth, run as a program, and a General
    MIDI soundfont (found as for 'stave render'). A line on standard error shows the bar
    being played and the time, from the song's tempo map:
      bar 5 of 32   0:08 / 1:04
    Ctrl-C stops the sound at once. With --from/--to only those bars are played, cut as
    'stave render' cuts them.
    The audio driver is --driver NAME (alsa, pulseaudio, pipewire, jack, oss, sdl2,
    coreaudio, portaudio), else coreaudio on macOS, pulseaudio where a PulseAudio or
    PipeWire server runs, else alsa.

    OPTIONS:
    \(ExcerptOptions.help)
    \(FeelOptions.help)
      --soundfont FILE     the .sf2 soundfont to play with
      --driver NAME        FluidSynth's audio driver
      -q, --quiet          no progress line and no warnings (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 0 played to the end, 1 the song has errors or fluidsynth, a soundfont
    or an audio device is missing, 2 usage or I/O error; interrupted, the status of the
    signal (130 for Ctrl-C).

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "play", needs: "a song", valued: Set(["--soundfont", "--driver"]).union(ExcerptOptions.names).union(FeelOptions.names),
                          flags: ["-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        let driver = arguments.options["--driver"] ?? defaultDriver()
        guard FluidSynthCommand.drivers.contains(driver) else {
            let hint = driver == "file" ? " (to write a file, use 'stave render')" : ""
            return Stave.usageError("unknown audio driver '\(driver)'\(hint): expected \(FluidSynthCommand.drivers.joined(separator: ", "))", command: "play")
        }
        let excerpt: ExcerptOptions
        do { excerpt = try ExcerptOptions(arguments, command: "play") } catch { return error.status }
        let feel: FeelOptions
        do { feel = try FeelOptions(arguments, command: "play") } catch { return error.status }
        let quiet = arguments.flags.contains("--quiet")
        do {
            guard case .song(let compilation) = try Frontend.compile(path: input, quiet: quiet) else { return 1 }
            let heard: ExcerptOptions.Heard
            do { heard = try excerpt.apply(to: feel.apply(to: compilation.song), command: "play") } catch { return error.status }
            let synthesizer = try Synthesizer.locate(soundfontOption: arguments.options["--soundfont"])
            let playing = try Playback(heard, synthesizer: synthesizer, driver: driver)
            return try playing.finish(showingProgress: !quiet)
        } catch {
            return CommandFailure.report(error)
        }
    }

    /// The driver for this machine (`FluidSynthCommand.defaultDriver`).
    static func defaultDriver() -> String {
        #if canImport(Darwin)
        let isMacOS = true
        #else
        let isMacOS = false
        #endif
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        let socket = runtime.map { "\($0)/pulse/native" }
        var status = stat()
        let serverRunning = getenv("PULSE_SERVER") != nil || socket.map { stat($0, &status) == 0 } ?? false
        return FluidSynthCommand.defaultDriver(isMacOS: isMacOS, soundServerRunning: serverRunning)
    }
}
