import Foundation
import XCTest

/// `stave compile SONG -o A -o B …`: one compilation, every output in the format of its
/// extension, all written or none. (`-o SONG.wav` with FluidSynth: Tests/audio.)
final class MultipleOutputsTests: CLITestCase {
    func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    func testOneRunWritesEveryOutputAsSingleRunsWould() throws {
        let song = try write("song.stave", good)
        let result = try run(["compile", song, "-o", path("song.mid"), "-o", path("song.musicxml"), "--output", path("song.json"), "-o\(path("song.txt"))"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, ["song.mid", "song.musicxml", "song.json", "song.txt"].map { "wrote \(path($0)) — 1 track, 4 notes, 0:02, 1 bar\n" }.joined())
        for (name, format) in [("song.mid", "midi"), ("song.musicxml", "musicxml"), ("song.json", "song"), ("song.txt", "roll")] {
            let single = try run(["compile", song, "--format", format, "-o", "-"])
            XCTAssertEqual(single.status, 0)
            XCTAssertEqual(contents(name), single.out, name)
        }
        // --pretty applies to the save file among them.
        XCTAssertEqual(try run(["compile", song, "-o", path("p.mid"), "-o", path("p.json"), "--pretty", "-q"]).status, 0)
        XCTAssertEqual(contents("p.json"), try run(["compile", song, "--format", "song", "--pretty", "-o", "-"]).out)
    }

    func testAnErrorInTheSongWritesNone() throws {
        let song = try write("bad.stave", bad)
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("old.mid")))
        let result = try run(["compile", song, "-o", path("old.mid"), "-o", path("new.json")])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(contents("old.mid"), Data("old".utf8))
        XCTAssertNil(contents("new.json"))
    }

    func testAnOutputThatCannotBeMadeOrWrittenWritesNone() throws {
        let song = try write("song.stave", good)
        // Audio without FluidSynth: the song compiles, the .wav cannot be made.
        let emptyPath = scratch.appendingPathComponent("bin").path
        try FileManager.default.createDirectory(atPath: emptyPath, withIntermediateDirectories: true)
        let noSynth = try run(["compile", song, "-o", path("a.mid"), "-o", path("a.wav")], environment: ["PATH": emptyPath])
        XCTAssertEqual(noSynth.status, 1)
        XCTAssertTrue(noSynth.err.hasPrefix("stave: error: fluidsynth is not installed"), noSynth.err)
        XCTAssertNil(contents("a.mid"))
        // The second output's directory does not exist: the first is not written either, and
        // no temporary file is left beside it.
        let missing = try run(["compile", song, "-o", path("b.mid"), "-o", path("nowhere/b.json")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertNil(contents("b.mid"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }, [])
    }

    func testUsageErrors() throws {
        let song = try write("song.stave", good)
        let cases: [([String], String)] = [
            (["compile", song, "-o", "a.mid", "-o", "a.json", "--format", "song"], "--format names one format: with several -o, each output's format follows its extension"),
            (["compile", song, "-o", "a.mid", "-o", "a.mid"], "the output 'a.mid' is given twice"),
            (["compile", song, "-o", "a.mid", "-o", "a.mp3"], "unknown output extension '.mp3': stave writes .mid .midi (MIDI), .json (save file), .txt (piano roll), .musicxml .xml (MusicXML), .wav (audio); or give --format midi|song|roll|musicxml"),
            (["compile", song, "-o", "a.mid", "-o", "a.txt", "--pretty"], "--pretty is for save files (.json or --format song), not midi, roll"),
            (["compile", song, "-o", "a.mid", "--soundfont", "x.sf2"], "--soundfont is for audio outputs (-o SONG.wav)"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.err, "stave: error: \(message)\nRun 'stave compile --help' for usage.\n", "\(arguments)")
        }
        // Another option given twice is still a usage error.
        XCTAssertEqual(try run(["compile", song, "--format", "midi", "--format", "song"]).err, "stave: error: option '--format' is given more than once\nRun 'stave compile --help' for usage.\n")
    }
}
