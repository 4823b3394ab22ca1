#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveComposition
import StaveAudio

/// `stave watch SONG.stave [-o OUT] [--play] [--from BAR] [--to BAR] [--soundfont FILE] [-q]`.
enum WatchCommand {
    static let help = """
    USAGE: stave watch SONG.stave [-o OUT] [--play] [--from BAR] [--to BAR]
                       [--soundfont FILE] [--driver NAME] [-q]

    Compiles the song, then again every time it is saved, until Ctrl-C. Diagnostics are
    shown at once; OUT is rewritten (atomically) only when the song compiles, so it always
    holds the last good version. An editor's atomic save (a new file renamed over the old
    one) is followed like a save in place. On Linux the file's directory is watched with
    inotify; elsewhere the file is looked at every 200 ms. Waiting costs no CPU.
    OUT's extension chooses what is written, as for 'stave compile' (.mid, .json, .txt),
    and .wav renders audio as 'stave render' does. Default OUT: SONG.mid.
    With --play every good version is also played ('stave play'); a save stops the
    playing version and plays the new one. --from/--to choose the bars played and
    rendered.
    Each compilation prints one line on standard error:
      [12:04:31] wrote song.mid — 3 tracks, 117 notes, 0:16, 8 bars
      [12:04:40] song.stave has errors; song.mid left as it was
    With -q only what went wrong is said (errors, and the line saying so).

    OPTIONS:
      -o, --output OUT     what to write on every good save
      --play               play every good version
    \(ExcerptOptions.help)
      --soundfont FILE     the .sf2 soundfont (with --play or a .wav OUT)
      --driver NAME        FluidSynth's audio driver (with --play)
      -q, --quiet          no line for a good save and no warnings (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 2 usage or I/O error (a song that cannot be read at the start, a
    directory that cannot be watched, or that is removed while watched); otherwise it
    runs until interrupted.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "watch", needs: "a song", valued: Set(["-o", "--output", "--soundfont", "--driver"]).union(ExcerptOptions.names),
                          flags: ["--play", "-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        guard input != "-" else { return Stave.usageError("'watch' watches a song file, not standard input", command: "watch") }
        let destination = arguments.options["--output"] ?? OutputFormat.replacingExtension(of: input, with: "mid")
        guard destination != "-" else { return Stave.usageError("'watch' writes a file, not standard output", command: "watch") }
        if SystemIO.isSameFile(input: input, output: destination) { return Stave.refuseOverwritingInput(input, destination) }
        let target: Target
        switch OutputFormat.named(by: destination) {
        case .known(let format): target = .format(format)
        case .unknown(let suffix) where suffix.lowercased() == "wav": target = .audio
        case .unknown(let suffix):
            return Stave.usageError("unknown output extension '.\(suffix)': stave watch writes \(OutputFormat.writtenExtensions), .wav (audio)", command: "watch")
        case .noExtension: target = .format(.midi)
        }
        let driver = arguments.options["--driver"] ?? PlayCommand.defaultDriver()
        guard FluidSynthCommand.drivers.contains(driver) else {
            return Stave.usageError("unknown audio driver '\(driver)': expected \(FluidSynthCommand.drivers.joined(separator: ", "))", command: "watch")
        }
        let excerpt: ExcerptOptions
        do { excerpt = try ExcerptOptions(arguments, command: "watch") } catch { return error.status }
        guard SystemIO.exists(input) else {
            SystemIO.printError("stave: error: cannot read '\(input)': \(SystemIO.errorText())\n")
            return 2
        }
        var watcher: FileWatcher
        do { watcher = try FileWatcher(input) } catch let failure as SystemIO.Failure {
            SystemIO.printError("stave: error: \(failure.message)\n")
            return 2
        } catch { return 2 }
        var session = Session(input: input, destination: destination, target: target, excerpt: excerpt,
                              play: arguments.flags.contains("--play"), soundfont: arguments.options["--soundfont"], driver: driver,
                              quiet: arguments.flags.contains("--quiet"))
        session.build()
        while true {
            // While a song plays, wake every 100 ms to notice its end; otherwise sleep until a save.
            let saved = watcher.waitForSave(timeout: session.playback == nil ? nil : 100)
            session.checkPlayback()
            if saved { session.build() }
            if watcher.lost {
                session.playback?.stop()
                SystemIO.printError("stave: error: the directory '\(watcher.directory)' was removed or moved away: no more saves of '\(input)' can be seen\n")
                return 2
            }
        }
    }

    /// What a good save writes.
    enum Target {
        case format(OutputFormat)
        case audio
    }

    /// The watch's state between saves: what it writes and what plays.
    struct Session {
        let input: String, destination: String, target: Target, excerpt: ExcerptOptions
        let play: Bool, soundfont: String?, driver: String
        /// Only what went wrong is said.
        let quiet: Bool
        var playback: Playback?

        /// Compiles the song; writes the output and starts playing when it compiles.
        mutating func build() {
            playback?.stop()
            playback = nil
            do {
                guard case .song(let compilation) = try Frontend.compile(path: input, quiet: quiet) else {
                    say("\(input) has errors; \(destination) left as it was")
                    return
                }
                let heard: ExcerptOptions.Heard
                do { heard = try excerpt.apply(to: compilation.song, command: "watch") } catch {
                    say("\(destination) left as it was")
                    return
                }
                switch target {
                case .format(let format):
                    try SystemIO.writeAtomically(try format.backend.render(heard.song), to: destination)
                    if !quiet { say(String(CompileCommand.summary(of: heard.song, writtenTo: destination).dropLast())) }
                case .audio:
                    let bytes = try Synthesizer.locate(soundfontOption: soundfont).render(heard.song, sampleRate: 44100)
                    try SystemIO.writeAtomically(bytes, to: destination)
                    if !quiet { say(String(RenderCommand.summary(of: heard, writtenTo: destination, sampleRate: 44100).dropLast())) }
                }
                if play {
                    playback = try Playback(heard, synthesizer: try Synthesizer.locate(soundfontOption: soundfont), driver: driver)
                    if !quiet { say("playing bars \(heard.firstBar)–\(heard.lastBar)") }
                }
            } catch {
                say("error: \(CommandFailure.message(error))")
            }
        }

        /// Notices the end of the playing song, and says why when it failed.
        mutating func checkPlayback() {
            guard let playing = playback, let status = playing.child.poll() else { return }
            let messages = playing.scratch.messagesText()
            playing.scratch.remove()
            playback = nil
            if status != 0 { say("error: \(playing.failure(status: status, messages: messages).message)") }
        }

        /// `[12:04:31] message` on standard error.
        func say(_ message: String) {
            var now = time(nil)
            var parts = tm()
            localtime_r(&now, &parts)
            func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
            SystemIO.printError("[\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))] \(message)\n")
        }
    }
}
