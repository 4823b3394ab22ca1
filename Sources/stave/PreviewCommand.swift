#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import StaveSyntax
import StaveComposition
import StavePianoRoll
import StavePreview

/// `stave preview SONG.stave [--port N] [--open] [--soundfont FILE] [-q]`.
enum PreviewCommand {
    static let help = """
    USAGE: stave preview SONG.stave [--port N] [--open] [--soundfont FILE] [-q]

    Serves a live page of the song at http://127.0.0.1:PORT/ until Ctrl-C: a piano
    roll (one colour per track, bar numbers, chord symbols and lyrics), the song's
    problems (LINE:COL), a Play button whose cursor follows the music over the roll,
    and the engraved score when MuseScore 3 is installed (mscore3 or musescore3).
    The page updates by itself when the song is saved (watched as by 'stave watch');
    a version with errors shows its errors and keeps the last good picture.
    Play needs FluidSynth and a soundfont, as 'stave render' does.
    The URL is printed on standard output. The server answers only on 127.0.0.1,
    only to Host 127.0.0.1:PORT or localhost:PORT, only for the page's own paths
    (/, /roll.svg, /audio.wav, /events); it opens no file a request names. The page
    loads nothing from elsewhere, so it works offline.

    OPTIONS:
      --port N             the port, 1 to 65535 (default 0: a free one)
      --open               open the page in the default browser
      --soundfont FILE     the .sf2 soundfont to play with
      -q, --quiet          no line per save (errors still shown)
      -h, --help           show this help
      --version            show the version

    Exit status: 2 usage or I/O error (a song that cannot be read at the start, a
    port that cannot be listened on, a directory that cannot be watched); otherwise
    it runs until interrupted.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "preview", needs: "a song", valued: ["--port", "--soundfont"],
                          flags: ["--open", "-q", "--quiet"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        guard input != "-" else { return Stave.usageError("'preview' watches a song file, not standard input", command: "preview") }
        let portText = arguments.options["--port"] ?? "0"
        guard let port = Int(portText), (0...65535).contains(port) else {
            return Stave.usageError("--port takes a number from 0 to 65535, not '\(portText)'", command: "preview")
        }
        guard SystemIO.exists(input) else {
            SystemIO.printError("stave: error: cannot read '\(input)': \(SystemIO.errorText())\n")
            return 2
        }
        let quiet = arguments.flags.contains("--quiet")
        let state: PreviewState, watcher: FileWatcher
        var server: PreviewServer
        do {
            state = try PreviewState()
            watcher = try FileWatcher(input)
            server = try PreviewServer(port: port, state: state, file: OutputFile.split(input).1)
        } catch let failure as SystemIO.Failure {
            SystemIO.printError("stave: error: \(failure.message)\n")
            return 2
        } catch { return 2 }
        let renderer = PreviewRenderer(state: state, soundfont: arguments.options["--soundfont"], quiet: quiet)
        stopOnSignals(renderer)
        let compiler = PreviewCompiler(input: input, state: state, renderer: renderer, quiet: quiet)
        compiler.build()
        let url = "http://127.0.0.1:\(server.port)/"
        SystemIO.printOut(url + "\n")
        if !quiet { SystemIO.printError("stave preview: serving \(input) at \(url) (Ctrl-C stops)\n") }
        DispatchQueue(label: "stave.preview.render").async { renderer.loop() }
        DispatchQueue(label: "stave.preview.watch").async { compiler.watch(watcher) }
        var opener = arguments.flags.contains("--open") ? openBrowser(url) : nil
        server.run {
            // Reap the browser opener when it ends (it is not killed on Ctrl-C: the browser stays).
            if let child = opener, waitpid(child, nil, WNOHANG) != 0 { opener = nil }
        }
    }

    /// Ctrl-C, SIGTERM and SIGHUP are blocked in every thread and taken by one that waits for
    /// them (so no signal handler runs in the middle of the server's work): it kills the
    /// synthesizer or engraver, removes their scratch files — MuseScore's whole directory,
    /// Qt's lock file in it included, which a signal handler could not list — and ends the
    /// process by the signal, as the other commands end.
    static func stopOnSignals(_ renderer: PreviewRenderer) {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, number) }
        // Ignored signals (nohup, a background job) stay ignored.
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(number, SIG_DFL)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = signal(number, SIG_IGN)
                sigdelset(&blocked, number)
            }
        }
        // Threads made from now on inherit the mask; the children get an empty one (ChildProcess).
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let waited = blocked
        DispatchQueue(label: "stave.preview.signals").async {
            var mask = waited
            pthread_sigmask(SIG_BLOCK, &mask, nil)
            var received: Int32 = 0
            while sigwait(&mask, &received) != 0 {}
            InterruptCleanup.removePending()
            if let directory = renderer.engraving { PreviewEngraver.removeAll(in: directory) }
            _ = signal(received, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, received)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            _ = raise(received)
            _exit(128 + received)
        }
    }

    /// Starts the desktop's opener (`xdg-open`, or `open` on macOS) on `url`; its pid, or nil
    /// (after saying so) when there is none.
    static func openBrowser(_ url: String) -> pid_t? {
        #if canImport(Darwin)
        let name = "open"
        #else
        let name = "xdg-open"
        #endif
        guard let program = ChildProcess.find(name) else {
            SystemIO.printError("stave: warning: cannot open a browser: '\(name)' is not on PATH; open \(url) yourself\n")
            return nil
        }
        do {
            let child = try ChildProcess.spawn(program, [url], messages: "/dev/null")
            InterruptCleanup.disarmChild()
            return child.pid
        } catch {
            SystemIO.printError("stave: warning: cannot open a browser: \(CommandFailure.message(error))\n")
            return nil
        }
    }
}

/// The compiling half of `stave preview`: the song compiled at the start and on every save,
/// its roll and problems put in the shared state, each good version handed to the renderer.
final class PreviewCompiler: @unchecked Sendable {
    let input: String, state: PreviewState, renderer: PreviewRenderer, quiet: Bool
    /// Good versions so far (the audio's version number).
    private var version = 0

    init(input: String, state: PreviewState, renderer: PreviewRenderer, quiet: Bool) {
        (self.input, self.state, self.renderer, self.quiet) = (input, state, renderer, quiet)
    }

    /// Compiles on every save until the directory is lost (then says so, and the page keeps
    /// what it shows).
    func watch(_ watcher: FileWatcher) {
        var watcher = watcher
        while true {
            if watcher.waitForSave(timeout: nil) { build() }
            if watcher.lost {
                let message = "the directory '\(watcher.directory)' was removed or moved away: no more saves of '\(input)' can be seen"
                SystemIO.printError("stave: error: \(message)\n")
                state.change { $0.status = message }
                return
            }
        }
    }

    /// Compiles the song as it is on disk now.
    func build() {
        let source: Source
        do {
            guard let read = try Frontend.read(path: input) else {
                return failed([PreviewDiagnostic(severity: "error", text: "1:1 error: the song is too large for the memory available")])
            }
            source = read
        } catch {
            return failed([PreviewDiagnostic(severity: "error", text: "1:1 error: \(CommandFailure.message(error))")])
        }
        let (song, diagnostics) = Lowering.compile(source, defaultTitle: Song.defaultTitle(forPath: input))
        DiagnosticOutput(quiet: quiet).report(diagnostics, in: source)
        let listed = PreviewDiagnostic.list(diagnostics.filter { !quiet || $0.severity == .error }, in: source)
        guard !diagnostics.hasErrors else { return failed(listed) }
        // Stave 3 form: the roll shows the performance, as `stave roll` does (rule 17).
        let roll = SVGRollRenderer().svg(FormUnfolding.performedSong(song))
        let rollEvent = HTTPResponse.event(Array(roll.utf8), named: "roll")
        version += 1
        let summary = String(CompileCommand.summary(of: song, writtenTo: input).dropFirst("wrote ".count + input.count + " — ".count).dropLast())
        let status = "\(PreviewCompiler.clock()) \(summary)"
        state.change {
            $0.title = song.title
            $0.roll = roll
            $0.rollEvent = rollEvent
            $0.diagnostics = listed
            $0.status = status
        }
        if !quiet { SystemIO.printError("[\(PreviewCompiler.clock())] \(input): \(summary)\n") }
        renderer.submit(song, version: version)
    }

    /// A version with errors: its problems shown, the last good picture kept.
    private func failed(_ diagnostics: [PreviewDiagnostic]) {
        let status = "\(PreviewCompiler.clock()) the song has errors; showing the last good version"
        state.change {
            $0.diagnostics = diagnostics
            $0.status = status
        }
        SystemIO.printError("[\(PreviewCompiler.clock())] \(input) has errors\n")
    }

    /// `12:04:31`, local time.
    static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}

/// The slow half of `stave preview`: the audio (FluidSynth, as `stave render` makes it) and
/// the engraved score (MuseScore) of the latest good version, one at a time on their own
/// thread; a version saved over while it waits is skipped.
final class PreviewRenderer: @unchecked Sendable {
    let state: PreviewState, quiet: Bool
    private let synthesizer: Result<Synthesizer, Error>
    private let engraver = PreviewEngraver.locate()
    private let queue = DispatchQueue(label: "stave.preview.pending")
    private let signal = DispatchSemaphore(value: 0)
    private var pending: (song: Song, version: Int)?
    private var engravingDirectory: String?
    /// The scratch directory of the engraving under way, if any (for the signal thread).
    var engraving: String? { queue.sync { engravingDirectory } }

    init(state: PreviewState, soundfont: String?, quiet: Bool) {
        (self.state, self.quiet) = (state, quiet)
        synthesizer = Result(catching: { try Synthesizer.locate(soundfontOption: soundfont) })
        let audio: PreviewAudio
        switch synthesizer {
        case .success: audio = .rendering
        case .failure(let error): audio = .unavailable("Play needs FluidSynth: \(CommandFailure.message(error))")
        }
        let score = PreviewScore(pages: [], note: engraver == nil ? PreviewEngraver.missingMessage : "engraving with MuseScore…")
        state.change {
            $0.audio = audio
            $0.score = score
        }
    }

    /// Hands over a good version (replacing one still waiting).
    func submit(_ song: Song, version: Int) {
        queue.sync { pending = (song, version) }
        signal.signal()
    }

    /// The newest version waiting, taken.
    private func take() -> (song: Song, version: Int)? {
        queue.sync {
            defer { pending = nil }
            return pending
        }
    }

    private var hasPending: Bool { queue.sync { pending != nil } }

    /// Renders each version handed over, for ever. On Linux this thread, and so FluidSynth and
    /// MuseScore started from it, runs at nice 10: the roll of the next save comes first.
    func loop() {
        #if os(Linux)
        // (Linux: who 0 is the calling thread, not the whole process.)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
        while true {
            signal.wait()
            guard let (song, version) = take() else { continue }
            if case .success(let synthesizer) = synthesizer {
                state.change { $0.audio = .rendering }
                do {
                    let wav = try synthesizer.render(song, sampleRate: RenderCommand.defaultSampleRate)
                    state.change {
                        $0.wav = wav
                        $0.audio = .ready(version: version)
                    }
                } catch {
                    state.change { $0.audio = .failed("cannot render the audio: \(CommandFailure.message(error))") }
                }
            }
            guard let engraver, !hasPending else { continue }
            let started = PreviewServer.milliseconds()
            do {
                defer { queue.sync { engravingDirectory = nil } }
                let pages = try engraver.engrave(song, superseded: { self.hasPending },
                                                 scratch: { directory in self.queue.sync { self.engravingDirectory = directory } })
                let seconds = Double(PreviewServer.milliseconds() - started) / 1000
                state.change { $0.score = PreviewScore(pages: pages, note: "") }
                if !quiet { SystemIO.printError("[\(PreviewCompiler.clock())] engraved \(pages.count) page\(pages.count == 1 ? "" : "s") in \((seconds * 10).rounded() / 10) s\n") }
            } catch is PreviewEngraver.Superseded {
                continue
            } catch {
                let message = CommandFailure.message(error)
                state.change { $0.score = PreviewScore(pages: $0.score.pages, note: message) }
                SystemIO.printError("stave: error: \(message)\n")
            }
        }
    }
}
