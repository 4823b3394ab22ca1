/// The command lines that run FluidSynth (2.x) as an external program.
public enum FluidSynthCommand {
    /// The program's name, looked up on PATH.
    public static let program = "fluidsynth"

    /// How long FluidSynth keeps rendering after the last MIDI event (its player waits two
    /// seconds for the voices to die away, longer while any still sounds): the release tail
    /// `stave render` keeps after the song's end, in seconds.
    public static let releaseTailSeconds = 2
    /// The tail's last part, faded out in case something still rings, in milliseconds.
    public static let fadeMilliseconds = 500

    /// Loads only the samples of the instruments a song selects, when it selects them, not
    /// the whole soundfont first: FluidR3_GM (141 MB) starts in 0.1 s instead of 0.3–0.7 s, so
    /// a render on every save is quicker and `stave play` sounds (and its bar display starts)
    /// sooner. The sound is the same (measured: identical but for 49 samples off by 1 LSB, of
    /// 1.6 million, in a render of ode-to-joy; deterministic run to run).
    static let loadSamplesWhenSelected = ["-o", "synth.dynamic-sample-loading=1"]

    /// Renders `midi` to a WAV `output` of 32-bit float samples as fast as possible: no shell
    /// (`-i`), no MIDI input (`-n`), quiet (`-q`), file type given (`-T wav`) since the name
    /// may not say it. Float keeps the peaks that 16 bits would clip and the detail of quiet
    /// songs, until the loudness is applied (`WAVAudio(parsingFloat:loudness:)`).
    public static func render(midi: String, soundfont: String, output: String, sampleRate: Int) -> [String] {
        ["-n", "-i", "-q"] + loadSamplesWhenSelected + ["-T", "wav", "-O", "float", "-F", output, "-r", String(sampleRate), soundfont, midi]
    }

    /// Plays `midi` through an audio driver (`alsa`, `pulseaudio`, `coreaudio`, …) and exits
    /// when the song has played.
    public static func play(midi: String, soundfont: String, driver: String, sampleRate: Int) -> [String] {
        ["-n", "-i", "-q"] + loadSamplesWhenSelected + ["-a", driver, "-r", String(sampleRate), soundfont, midi]
    }

    /// The audio drivers `stave play --driver` accepts: FluidSynth's sound-making drivers
    /// (its `file` driver makes no sound: that is `stave render`).
    public static let drivers = ["alsa", "pulseaudio", "pipewire", "jack", "oss", "sdl2", "coreaudio", "portaudio"]

    /// The driver to use when none is chosen: Core Audio on macOS; on Linux PulseAudio when a
    /// sound server (PulseAudio or PipeWire's) listens at `$XDG_RUNTIME_DIR/pulse/native`, else ALSA.
    public static func defaultDriver(isMacOS: Bool, soundServerRunning: Bool) -> String {
        if isMacOS { return "coreaudio" }
        return soundServerRunning ? "pulseaudio" : "alsa"
    }

    /// FluidSynth's message when it found no audio device (it then exits with status 255).
    public static func reportsNoAudioDevice(_ messages: String) -> Bool {
        messages.contains("Failed to create the audio driver") || messages.contains("audio device")
    }

    /// FluidSynth's messages when it could not load the soundfont: it then renders silence
    /// and exits with status 0, so its messages are what tells.
    public static func reportsUnloadableSoundfont(_ messages: String) -> Bool {
        messages.contains("not a SoundFont") || messages.contains("Failed to load SoundFont")
    }

    /// FluidSynth's own lines worth showing the user: its errors, without the ALSA library's chatter.
    public static func errorLines(_ messages: String) -> [String] {
        messages.split(separator: "\n").filter { $0.hasPrefix("fluidsynth: error:") || $0.hasPrefix("Failed") || $0.hasPrefix("Parameter") }.map { line in
            String(line.hasSuffix(".") ? line.dropLast() : line)
        }
    }
}
