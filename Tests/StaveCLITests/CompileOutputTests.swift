import Foundation
import XCTest

/// `stave compile` output as people meet it: every spelling of `-o`, the one summary line on
/// standard error (and when it is left out), `-q`, and extensions no backend writes.
final class CompileOutputTests: CLITestCase {
    func testEveryOutputSpellingWrites() throws {
        let song = try write("song.stave", good)
        let spellings: [(String) -> [String]] = [
            { ["-o\($0)"] }, { ["-o", $0] }, { ["--output", $0] }, { ["--output=\($0)"] },
        ]
        for (index, spelling) in spellings.enumerated() {
            let out = path("out\(index).mid")
            let result = try run(["compile", song] + spelling(out))
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: out)).prefix(4)), Array("MThd".utf8), "\(spelling(out))")
        }
        // Standard output in the attached spellings too.
        for words in [["-o-"], ["--output=-"]] {
            let result = try run(["compile", song] + words)
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(Array(result.out.prefix(4)), Array("MThd".utf8))
        }
        // -o given twice in any pair of spellings writes both (MultipleOutputsTests); another
        // option given twice is a usage error, nothing written.
        for words in [["-o", path("a.mid"), "-o", path("b.mid")], ["-o\(path("a.mid"))", "--output=\(path("b.mid"))"], ["--output", path("a.mid"), "-o", path("b.mid")]] {
            let result = try run(["compile", song, "-q"] + words)
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("a.mid")) && FileManager.default.fileExists(atPath: path("b.mid")))
            try FileManager.default.removeItem(atPath: path("a.mid"))
            try FileManager.default.removeItem(atPath: path("b.mid"))
        }
        for words in [["--format", "midi", "--format=song", "-o", path("a.mid")], ["--diagnostics", "json", "--diagnostics=text", "-o", path("a.json")]] {
            let result = try run(["compile", song] + words)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.err.hasPrefix("stave: error: option '"), result.err)
            XCTAssertTrue(result.err.hasSuffix("' is given more than once\nRun 'stave compile --help' for usage.\n"), result.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a.mid")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a.json")))
        // print takes the same spellings.
        let json = path("s.json")
        XCTAssertEqual(try run(["compile", song, "-q", "--output=\(json)"]).status, 0)
        XCTAssertEqual(try run(["print", json, "-o\(path("back.stave"))"]).status, 0)
        XCTAssertEqual(try run(["check", path("back.stave")]).status, 0)
    }

    func testTheSummaryLine() throws {
        let song = try write("song.stave", good)
        let result = try run(["compile", song])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.out, Data())
        XCTAssertEqual(result.err, "wrote \(path("song.mid")) — 1 track, 4 notes, 0:02, 1 bar\n")
        // Repeats and drums counted; minutes; bars of 3/4.
        let long = try write("long.stave", "tempo 60\nmeter 3/4\ntrack a { phrase p { c4 d e | f2. | } repeat p x9 }\ndrums d { phrase { kick4 snare kick | } }\n")
        let out = path("long.json")
        let summary = try run(["compile", long, "-o", out])
        XCTAssertEqual(summary.err, "wrote \(out) — 2 tracks, 43 notes, 1:00, 20 bars\n")
        // The example the README shows.
        let ode = try run(["compile", "Examples/ode-to-joy.stave", "-o", path("ode.mid")])
        XCTAssertEqual(ode.err, "wrote \(path("ode.mid")) — 3 tracks, 117 notes, 0:16, 8 bars\n")
    }

    func testNoSummaryWithQuietOrOnStandardOutput() throws {
        let song = try write("song.stave", good)
        for words in [["-q"], ["--quiet"], ["-o", "-"], ["-o", "-", "--format", "roll"]] {
            let result = try run(["compile", song] + words)
            XCTAssertEqual(result.status, 0, "\(words)")
            XCTAssertEqual(result.err, "", "\(words)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("song.mid")))
        let piped = try run(["compile", "-"], input: good)
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.err, "")
        XCTAssertEqual(Array(piped.out.prefix(4)), Array("MThd".utf8))
    }

    /// `stave print` says what it wrote to a file, in the same words as `compile`; not with
    /// `-q`/`--quiet` or on standard output.
    func testPrintSummaryLine() throws {
        let long = try write("long.stave", "tempo 60\nmeter 3/4\ntrack a { phrase p { c4 d e | f2. | } repeat p x9 }\ndrums d { phrase { kick4 snare kick | } }\n")
        let saved = path("long.json")
        XCTAssertEqual(try run(["compile", long, "-q", "-o", saved]).status, 0)
        let printed = path("printed.stave")
        let loud = try run(["print", saved, "-o", printed])
        XCTAssertEqual(loud.status, 0)
        XCTAssertEqual(loud.err, "wrote \(printed) — 2 tracks, 43 notes, 1:00, 20 bars\n")
        for words in [["-q", "-o", printed], ["--quiet", "-o", printed], [], ["-o", "-"]] {
            let quiet = try run(["print", saved] + words)
            XCTAssertEqual(quiet.status, 0, "\(words)")
            XCTAssertEqual(quiet.err, "", "\(words)")
        }
        XCTAssertEqual(try String(contentsOfFile: printed, encoding: .utf8), String(decoding: try run(["print", saved]).out, as: UTF8.self))
    }

    func testQuietLeavesOutWarningsButNotErrors() throws {
        let warned = try write("warned.stave", "tempo 100 at 2\ntempo 120 at 2\ntrack a { phrase { c4 d e f | g a b c | } }\n")
        let loud = try run(["compile", warned, "-o", path("w.mid")])
        XCTAssertEqual(loud.status, 0)
        XCTAssertTrue(loud.err.contains("warning: two tempo changes at bar 2"), loud.err)
        XCTAssertTrue(loud.err.hasSuffix("1 warning in \(warned)\nwrote \(path("w.mid")) — 1 track, 8 notes, 0:04, 2 bars\n"), loud.err)
        for arguments in [["compile", warned, "-q", "-o", path("w.mid")], ["check", "-q", warned], ["roll", warned, "--quiet"]] {
            let quiet = try run(arguments)
            XCTAssertEqual(quiet.status, 0, "\(arguments)")
            XCTAssertEqual(quiet.err, "", "\(arguments)")
        }
        let bad = try write("bad.stave", self.bad)
        for arguments in [["compile", bad, "-q"], ["check", bad, "-q"], ["roll", bad, "-q"]] {
            let failed = try run(arguments)
            XCTAssertEqual(failed.status, 1, "\(arguments)")
            XCTAssertTrue(failed.err.hasPrefix("\(bad):1:27: error: bar line falls"), failed.err)
        }
    }

    func testAnExtensionNoBackendWritesIsAUsageError() throws {
        let song = try write("song.stave", good)
        for name in ["song.mp3", "song.midi.wave", "song.stave2"] {
            let result = try run(["compile", song, "-o", path(name)])
            XCTAssertEqual(result.status, 2, name)
            let suffix = String(name[name.index(after: name.lastIndex(of: ".")!)...])
            XCTAssertEqual(result.err, "stave: error: unknown output extension '.\(suffix)': stave writes .mid .midi (MIDI), .json (save file), .txt (piano roll), .musicxml .xml (MusicXML), .wav (audio); or give --format midi|song|roll|musicxml\nRun 'stave compile --help' for usage.\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(name)), "never MIDI under a wrong name")
        }
        // .musicxml and .xml write MusicXML, and so does --format musicxml (default name SONG.musicxml).
        for name in ["song.musicxml", "song.XML"] {
            XCTAssertEqual(try run(["compile", song, "-q", "-o", path(name)]).status, 0, name)
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path(name))), as: UTF8.self)
            XCTAssertTrue(text.contains("<score-partwise version=\"3.1\">"), name)
        }
        XCTAssertEqual(try run(["compile", song, "-q", "--format", "musicxml"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("song.musicxml")))
        // --format overrides the extension; any case of a known extension is known.
        XCTAssertEqual(try run(["compile", song, "-q", "-o", path("song.mp3"), "--format", "midi"]).status, 0)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path("song.mp3"))).prefix(4)), Array("MThd".utf8))
        XCTAssertEqual(try run(["compile", song, "-q", "-o", path("UP.MID")]).status, 0)
        XCTAssertEqual(try run(["compile", song, "-q", "-o", path("UP.JSON")]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: path("UP.JSON"), encoding: .utf8).contains("stave-song"))
        // Only the file name's extension counts: a dot in a directory name, a hidden file or
        // no extension at all give MIDI, as before.
        try FileManager.default.createDirectory(atPath: path("v1.2"), withIntermediateDirectories: true)
        for name in ["v1.2/out", ".hidden", "plain"] {
            let result = try run(["compile", song, "-q", "-o", path(name)])
            XCTAssertEqual(result.status, 0, "\(name): \(result.err)")
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path(name))).prefix(4)), Array("MThd".utf8), name)
        }
    }
}
