import Foundation
import XCTest

/// `render`, `play` and `watch` as far as they go without FluidSynth: usage errors, and the
/// errors when FluidSynth is not on PATH. (With FluidSynth they are tested by Tests/audio.)
final class AudioCommandTests: CLITestCase {
    func testUsageErrors() throws {
        let song = try write("song.stave", "track a { phrase { c1 | d1 | } }\n")
        let cases: [([String], String)] = [
            (["render", song, "--from", "chorus"], "there is no marker 'chorus': the song has no markers (give a bar number)"),
            (["render", song, "--to", "0x2"], "--to takes a bar number (1, 2, …) or a marker's name, not '0x2'"),
            (["render", song, "--from", "3"], "there is no bar 3: the song has 2 bars"),
            (["render", song, "--from", "2", "--to", "2"], "--to 2 does not come after --from 2: the excerpt runs from the start of bar 2 up to the start of bar 2"),
            (["render", song, "--to", "4"], "there is no bar 4: the song has 2 bars (--to may name bar 3, the end)"),
            (["render", song, "--sample-rate", "100000"], "--sample-rate takes a number from 8000 to 96000, not '100000'"),
            (["render", "-"], "'render' needs -o OUT.wav when the song comes from standard input"),
            (["render", song, "-o", "-"], "'render' writes a file, not standard output"),
            (["play", song, "--driver", "file"], "unknown audio driver 'file' (to write a file, use 'stave render'): expected alsa, pulseaudio, pipewire, jack, oss, sdl2, coreaudio, portaudio"),
            (["play", song, "--from", "x"], "there is no marker 'x': the song has no markers (give a bar number)"),
            (["watch", song, "-o", "song.mp3"], "unknown output extension '.mp3': stave watch writes .mid .midi (MIDI), .json (save file), .txt (piano roll), .musicxml .xml (MusicXML), .wav (audio)"),
            (["watch", "-"], "'watch' watches a song file, not standard input"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            let command = arguments[0]
            XCTAssertEqual(result.err, "stave: error: \(message)\nRun 'stave \(command) --help' for usage.\n", "\(arguments)")
        }
        XCTAssertEqual(cases.count, 12)
    }

    func testWithoutFluidSynthTheErrorSaysWhatToInstall() throws {
        let song = try write("song.stave", "track a { phrase { c1 | } }\n")
        let emptyPath = scratch.appendingPathComponent("bin").path
        try FileManager.default.createDirectory(atPath: emptyPath, withIntermediateDirectories: true)
        for command in ["render", "play"] {
            let result = try run([command, song], environment: ["PATH": emptyPath])
            XCTAssertEqual(result.status, 1, command)
            XCTAssertTrue(result.err.hasPrefix("stave: error: fluidsynth is not installed (no 'fluidsynth' on PATH); install it (Debian/Ubuntu: apt-get install fluidsynth fluid-soundfont-gm;"), result.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("song.wav").path), "nothing written")
    }

    func testASongWithErrorsIsReportedBeforeAnythingElse() throws {
        let song = try write("bad.stave", "track a { phrase { c4 | } }\n")
        let result = try run(["render", song, "--soundfont", "/nonexistent.sf2"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("error: bar line falls 1/4 after the start of bar 1"), result.err)
        XCTAssertFalse(result.err.contains("soundfont"), "the song's errors come first: \(result.err)")
    }
}
