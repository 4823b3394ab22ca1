import StaveAudio
import XCTest

/// Where the soundfont is looked for, and the command lines FluidSynth gets.
final class SoundfontSearchTests: XCTestCase {
    func testAnOptionOrTheEnvironmentIsTheOnlyCandidate() {
        XCTAssertEqual(SoundfontSearch.candidates(option: "my.sf2", environment: "env.sf2", home: "/home/a"), ["my.sf2"])
        XCTAssertEqual(SoundfontSearch.candidates(option: nil, environment: "env.sf2", home: "/home/a"), ["env.sf2"])
    }

    func testOtherwiseTheUsersThenTheSystemPlaces() {
        let places = SoundfontSearch.candidates(option: nil, environment: "", home: "/home/a")
        XCTAssertEqual(places.first, "/home/a/.local/share/soundfonts/default.sf2")
        XCTAssertEqual(places[1], "/usr/share/sounds/sf2/FluidR3_GM.sf2", "Debian's fluid-soundfont-gm first")
        XCTAssertTrue(places.contains("/opt/homebrew/share/soundfonts/default.sf2"))
        XCTAssertEqual(SoundfontSearch.candidates(option: nil, environment: nil, home: nil), SoundfontSearch.systemPlaces)
    }

    func testTheMessagesSayWhatToDo() {
        XCTAssertEqual(SoundfontSearch.missingMessage(option: "x.sf2", environment: nil, looked: ["x.sf2"]),
                       "the soundfont 'x.sf2' (--soundfont) does not exist or cannot be read")
        let none = SoundfontSearch.missingMessage(option: nil, environment: nil, looked: ["/a.sf2", "/b.sf2"])
        XCTAssertTrue(none.hasPrefix("no General MIDI soundfont found; install one (Debian/Ubuntu: apt-get install fluid-soundfont-gm"), none)
        XCTAssertTrue(none.hasSuffix("Looked in: /a.sf2, /b.sf2"), none)
        XCTAssertTrue(SoundfontSearch.missingSynthesizerMessage.contains("apt-get install fluidsynth"))
    }

    func testFluidSynthCommandLines() {
        XCTAssertEqual(FluidSynthCommand.render(midi: "s.mid", soundfont: "gm.sf2", output: "o.tmp", sampleRate: 48000),
                       ["-n", "-i", "-q", "-o", "synth.dynamic-sample-loading=1", "-T", "wav", "-O", "float", "-F", "o.tmp", "-r", "48000", "gm.sf2", "s.mid"])
        XCTAssertEqual(FluidSynthCommand.play(midi: "s.mid", soundfont: "gm.sf2", driver: "alsa", sampleRate: 44100),
                       ["-n", "-i", "-q", "-o", "synth.dynamic-sample-loading=1", "-a", "alsa", "-r", "44100", "gm.sf2", "s.mid"])
        XCTAssertEqual(FluidSynthCommand.defaultDriver(isMacOS: true, soundServerRunning: true), "coreaudio")
        XCTAssertEqual(FluidSynthCommand.defaultDriver(isMacOS: false, soundServerRunning: true), "pulseaudio")
        XCTAssertEqual(FluidSynthCommand.defaultDriver(isMacOS: false, soundServerRunning: false), "alsa")
        XCTAssertFalse(FluidSynthCommand.drivers.contains("file"), "the file driver makes no sound")
    }

    func testFluidSynthsMessagesAreRead() {
        let noDevice = "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\nfluidsynth: error: Failed to open the \"default\" audio device\nFailed to create the audio driver. Giving up.\n"
        XCTAssertTrue(FluidSynthCommand.reportsNoAudioDevice(noDevice))
        XCTAssertEqual(FluidSynthCommand.errorLines(noDevice), ["fluidsynth: error: Failed to open the \"default\" audio device", "Failed to create the audio driver. Giving up"])
        XCTAssertTrue(FluidSynthCommand.reportsUnloadableSoundfont("Parameter 'x.sf2' not a SoundFont or MIDI file or error occurred identifying it.\n"))
        XCTAssertFalse(FluidSynthCommand.reportsUnloadableSoundfont("Rendering audio to file 'a.wav'..\n"))
    }
}
