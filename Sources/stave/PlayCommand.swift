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
    USAGE: stave play SONG.stave [--from BAR] [--to BAR] [--soundfont FILE] [--driver NAME] [-q]

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
        switch Invocation(words, command: "play", needs: "a song", valued: Set(["--soundfont", "--driver"]).union(ExcerptOptions.names),
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
        let quiet = arguments.flags.contains("--quiet")
        do {
            guard case .song(let compilation) = try Frontend.compile(path: input, quiet: quiet) else { return 1 }
            let heard: ExcerptOptions.Heard
            do { heard = try excerpt.apply(to: compilation.song, command: "play") } catch { return error.status }
            let synthesizer = try Synthesizer.locate(soundfontOption: arguments.options["--soundfont"])
            let playing = try Playback(heard, synthesizer: synthesizer, driver: driver)
            return try playing.finish(showingProgress: !quiet)
        } catch let missing as Synthesizer.SoundProblem {
            SystemIO.printError("stave: error: \(missing.message)\n")
            return 1
        } catch let failure as SystemIO.Failure {
            SystemIO.printError("stave: error: \(failure.message)\n")
            return 2
        } catch {
            SystemIO.printError("stave: error: \(error)\n")
            return 2
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

/// A song being played by FluidSynth: started by `init`, followed (and its progress shown)
/// by `finish`, or cut short by `stop`. Its scratch files go when it ends.
struct Playback {
    let child: ChildProcess
    let scratch: Synthesizer.Scratch
    let progress: PlaybackProgress
    let driver: String
    let synthesizer: Synthesizer
    /// When the child started (CLOCK_MONOTONIC, milliseconds).
    let started: Int

    init(_ heard: ExcerptOptions.Heard, synthesizer: Synthesizer, driver: String) throws {
        scratch = Synthesizer.Scratch()
        InterruptCleanup.armScratch(scratch.all)
        do {
            try scratch.write(try Synthesizer.midi(of: heard.song), to: scratch.midi)
            child = try ChildProcess.spawn(synthesizer.program,
                                           FluidSynthCommand.play(midi: scratch.midi, soundfont: synthesizer.soundfont, driver: driver, sampleRate: 44100),
                                           messages: scratch.messages)
        } catch {
            scratch.remove()
            throw error
        }
        progress = PlaybackProgress(of: heard.song, firstBar: heard.firstBar, lastBar: heard.lastBar)
        self.driver = driver
        self.synthesizer = synthesizer
        started = Playback.now()
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }

    /// Shows progress (every 100 ms while the bar or second changes) until FluidSynth ends;
    /// then removes the scratch files. Returns the exit status of `stave play`.
    func finish(showingProgress: Bool) throws -> Int32 {
        let terminal = isatty(2) != 0
        var shown = "", shownBar = 0
        var status: Int32?
        while status == nil {
            // Quiet for the first 300 ms: FluidSynth loads the soundfont, and fails at once
            // when there is no audio device.
            if showingProgress, Playback.now() - started >= 300 {
                let elapsed = Rational(Playback.now() - started, 1000)
                let line = progress.line(after: elapsed), bar = progress.bar(after: elapsed)
                // On a terminal the line is rewritten in place; elsewhere a new line per bar.
                if terminal, line != shown {
                    SystemIO.printError("\r\(line)\u{1B}[K")
                } else if !terminal, bar != shownBar {
                    SystemIO.printError("\(line)\n")
                }
                (shown, shownBar) = (line, bar)
            }
            status = child.poll()
            if status == nil { Playback.sleep(milliseconds: 100) }
        }
        if showingProgress, terminal, !shown.isEmpty { SystemIO.printError("\n") }
        let messages = scratch.messagesText()
        scratch.remove()
        guard let status, status == 0, !FluidSynthCommand.reportsUnloadableSoundfont(messages) else { throw failure(status: status ?? 127, messages: messages) }
        return 0
    }

    /// Stops the sound at once and removes the scratch files.
    func stop() {
        child.stop()
        scratch.remove()
    }

    /// Why FluidSynth failed, for the user.
    func failure(status: Int32, messages: String) -> Synthesizer.SoundProblem {
        if FluidSynthCommand.reportsUnloadableSoundfont(messages) { return synthesizer.unloadable(messages) }
        if FluidSynthCommand.reportsNoAudioDevice(messages) {
            return Synthesizer.SoundProblem(message: "cannot play: no audio device could be opened with FluidSynth's '\(driver)' driver"
                                       + Synthesizer.quoted(messages) + "; choose another with --driver, or write a WAV file with 'stave render'")
        }
        return Synthesizer.SoundProblem(message: "fluidsynth stopped with exit status \(status)" + Synthesizer.quoted(messages))
    }

    static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
