#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveComposition
import StaveAudio

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
        scratch = try Synthesizer.Scratch()
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
            if status == nil { SystemIO.sleep(milliseconds: 100) }
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
}
