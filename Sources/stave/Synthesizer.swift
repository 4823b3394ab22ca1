#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveComposition
import StaveMIDI
import StaveAudio

/// FluidSynth and the soundfont it plays, found on this machine: what `render`, `play` and
/// `watch` run. Its scratch files (the MIDI file handed over, the raw rendering, FluidSynth's
/// messages) are in a private directory `$TMPDIR/stave-XXXXXX`, removed after each run and on
/// Ctrl-C (`Scratch`).
struct Synthesizer {
    /// Something needed to make sound is missing or failed: FluidSynth, a soundfont it can
    /// load, an audio device (exit status 1, as for a song's errors: nothing the user typed
    /// was wrong, but the song cannot be heard).
    struct SoundProblem: Error {
        var message: String
    }

    /// FluidSynth's path.
    let program: String
    /// The soundfont's path.
    let soundfont: String

    /// Finds FluidSynth on PATH and the soundfont (`--soundfont`, then `STAVE_SOUNDFONT`, then
    /// the usual places: `SoundfontSearch`).
    static func locate(soundfontOption: String?) throws -> Synthesizer {
        guard let program = ChildProcess.find(FluidSynthCommand.program) else { throw SoundProblem(message: SoundfontSearch.missingSynthesizerMessage) }
        let environment = getenv(SoundfontSearch.environmentVariable).map { String(cString: $0) }
        let home = getenv("HOME").map { String(cString: $0) }
        let places = SoundfontSearch.candidates(option: soundfontOption, environment: environment, home: home)
        guard let soundfont = places.first(where: isReadableFile) else {
            throw SoundProblem(message: SoundfontSearch.missingMessage(option: soundfontOption, environment: environment, looked: places))
        }
        return Synthesizer(program: program, soundfont: soundfont)
    }

    static func isReadableFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, R_OK) == 0
    }

    /// The scratch files of one run of FluidSynth, in a private directory (mode 0700, made by
    /// `mkdtemp`) so that no one else can put a file or a link where FluidSynth writes.
    struct Scratch {
        let directory: String, midi: String, audio: String, messages: String

        /// Makes the directory `$TMPDIR/stave-XXXXXX` (default /tmp) and remembers it and its
        /// files for `InterruptCleanup`.
        init() throws {
            let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            var template = Array("\(base.hasSuffix("/") ? base : base + "/")stave-XXXXXX".utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw SystemIO.Failure(message: "cannot make a scratch directory in '\(base)': \(SystemIO.errorText())")
            }
            directory = String(cString: made)
            (midi, audio, messages) = ("\(directory)/song.mid", "\(directory)/song.wav", "\(directory)/fluidsynth.log")
            // The files first, the directory last: the handler removes them in this order.
            InterruptCleanup.armScratch([midi, audio, messages, directory])
        }

        /// Writes a scratch file (private to this user; not atomic: no one else reads it).
        func write(_ bytes: [UInt8], to path: String) throws {
            unlink(path)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { throw SystemIO.Failure(message: "cannot write the scratch file '\(path)': \(SystemIO.errorText())") }
            defer { close(descriptor) }
            guard SystemIO.writeAll(descriptor, bytes) else { throw SystemIO.Failure(message: "cannot write the scratch file '\(path)': \(SystemIO.errorText())") }
        }

        /// Removes the files and the directory, and forgets them.
        func remove() {
            for path in [midi, audio, messages] { unlink(path) }
            rmdir(directory)
            InterruptCleanup.disarmScratch()
        }

        /// Everything the program wrote on its standard output and error.
        func messagesText() -> String {
            (try? SystemIO.read(messages)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    /// The MIDI file the synthesizer gets: it lasts to the song's end, trailing rests included.
    static func midi(of song: Song) throws -> [UInt8] {
        try MIDIFileWriter(lastsToSongEnd: true).render(song)
    }

    /// Renders `song` to WAV bytes at `sampleRate` and `loudness`: exactly the song's length
    /// (tempo map) plus FluidSynth's release tail, the tail's end faded out. Throws `SystemIO.Failure` (I/O)
    /// or `SoundProblem` (FluidSynth failed: its message is passed on).
    func render(_ song: Song, sampleRate: Int, loudness: Loudness = .standard) throws -> [UInt8] {
        // A WAV file's sizes are 32-bit: refuse what it cannot hold before making it.
        // Stave 3 form: the performance lasts as long as it plays (rule 17).
        let seconds = SongFigures(FormUnfolding.performedSong(song)).seconds + Rational(FluidSynthCommand.releaseTailSeconds)
        let bytes = seconds * Rational(sampleRate) * 4
        guard !bytes.isOverflow, bytes < Rational(Int(UInt32.max) - 1024) else {
            throw SystemIO.Failure(message: "the song is too long for a WAV file at \(sampleRate) Hz (a WAV file holds at most 4 GB, about 6 hours at 44100 Hz)")
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(try Synthesizer.midi(of: song), to: scratch.midi)
        let child = try ChildProcess.spawn(program, FluidSynthCommand.render(midi: scratch.midi, soundfont: soundfont, output: scratch.audio, sampleRate: sampleRate),
                                           messages: scratch.messages)
        let status = child.wait()
        let messages = scratch.messagesText()
        if FluidSynthCommand.reportsUnloadableSoundfont(messages) { throw unloadable(messages) }
        // The samples are held twice at most (FluidSynth's file while it is parsed, then the
        // output while it is built): a five-minute song's WAV is 54 MB.
        var audio: WAVAudio
        do {
            guard status == 0, let rendered = try? SystemIO.read(scratch.audio), !rendered.isEmpty else {
                throw SoundProblem(message: "fluidsynth could not render the song (exit status \(status))" + Synthesizer.quoted(messages))
            }
            audio = try WAVAudio(parsingFloat: rendered, loudness: loudness)
        } catch let problem as WAVAudio.Problem {
            throw SoundProblem(message: "fluidsynth wrote an unreadable WAV file: \(problem.message)")
        }
        audio.fit(toFrames: audio.frames(lasting: seconds), fadeFrames: audio.frames(lasting: Rational(FluidSynthCommand.fadeMilliseconds, 1000)))
        return audio.bytes
    }

    /// The soundfont is not one FluidSynth can load.
    func unloadable(_ messages: String) -> SoundProblem {
        SoundProblem(message: "fluidsynth cannot load the soundfont '\(soundfont)'" + Synthesizer.quoted(messages)
                + "; give a General MIDI .sf2 file with --soundfont or \(SoundfontSearch.environmentVariable)")
    }

    /// `: fluidsynth: error: …` from FluidSynth's messages, or nothing.
    static func quoted(_ messages: String) -> String {
        let lines = FluidSynthCommand.errorLines(messages)
        return lines.isEmpty ? "" : ": " + lines.joined(separator: "; ")
    }
}
