import Foundation
import XCTest

/// The `stave` executable as users meet it: exit statuses 0/1/2, `--help` and `--version` on
/// every command, formats chosen by extension, standard input and output, and atomic output
/// (on failure nothing is created and an existing file is left as it was).
final class CommandLineTests: CLITestCase {
    func testHelpAndVersionWorkOnEveryCommand() throws {
        for command in [[], ["compile"], ["check"], ["roll"], ["print"]] {
            let help = try run(command + ["--help"])
            XCTAssertEqual(help.status, 0, "\(command) --help")
            XCTAssertTrue(String(decoding: help.out, as: UTF8.self).contains("USAGE"), "\(command) --help prints usage")
            let version = try run(command + ["--version"])
            XCTAssertEqual(version.status, 0)
            XCTAssertTrue(String(decoding: version.out, as: UTF8.self).hasPrefix("stave "), "\(command) --version")
        }
    }

    func testUsageErrorsExitWithTwo() throws {
        XCTAssertEqual(try run([]).status, 2)
        XCTAssertEqual(try run(["frobnicate"]).status, 2)
        XCTAssertEqual(try run(["compile"]).status, 2)
        XCTAssertEqual(try run(["compile", "x.stave", "--format", "wav"]).status, 2)
        XCTAssertEqual(try run(["compile", "x.stave", "--bogus"]).status, 2)
        XCTAssertEqual(try run(["check"]).status, 2)
        let missing = try run(["check", scratch.appendingPathComponent("nope.stave").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("cannot read"), missing.err)
    }

    func testCheckReportsDiagnosticsWithPositionAndCaret() throws {
        let path = try write("bad.stave", bad)
        let result = try run(["check", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("\(path):1:27: error: bar line falls 3/4 after the start of bar 1 (meter 4/4)"), result.err)
        XCTAssertTrue(result.err.contains("track a { phrase { c4 d e | } }\n                          ^\n"), result.err)
        XCTAssertEqual(try run(["check", try write("good.stave", good)]).status, 0)
        // Several files: the worst status wins.
        XCTAssertEqual(try run(["check", try write("g.stave", good), path]).status, 1)
    }

    func testDiagnosticsAsJSONLines() throws {
        let result = try run(["check", "-", "--diagnostics", "json"], input: "track a { phrase { c4 d e | } }\nkey h major\n")
        XCTAssertEqual(result.status, 1)
        let lines = result.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.err)
        let objects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects[0]["id"] as? String, "bar-line-off-grid")
        XCTAssertEqual(objects[0]["severity"] as? String, "error")
        XCTAssertEqual((objects[0]["start"] as? [String: Int])?["column"], 27)
        XCTAssertEqual((objects[1]["start"] as? [String: Int])?["line"], 2)
        XCTAssertEqual(objects[1]["file"] as? String, "<stdin>")
        XCTAssertEqual(try run(["check", "-", "--diagnostics", "xml"], input: "").status, 2)
    }

    func testCompileWritesMIDIByDefaultBesideTheSong() throws {
        let path = try write("song.stave", good)
        let result = try run(["compile", path])
        XCTAssertEqual(result.status, 0, result.err)
        let midi = try Data(contentsOf: scratch.appendingPathComponent("song.mid"))
        XCTAssertEqual(Array(midi.prefix(4)), Array("MThd".utf8))
    }

    func testFormatFollowsTheExtensionUnlessGiven() throws {
        let path = try write("song.stave", good)
        XCTAssertEqual(try run(["compile", path, "-o", scratch.appendingPathComponent("x.json").path]).status, 0)
        let json = try String(contentsOf: scratch.appendingPathComponent("x.json"), encoding: .utf8)
        XCTAssertTrue(json.hasPrefix("{\"format\":\"stave-song\",\"version\":6,"), json)
        XCTAssertEqual(try run(["compile", path, "-o", scratch.appendingPathComponent("x.txt").path]).status, 0)
        let roll = try String(contentsOf: scratch.appendingPathComponent("x.txt"), encoding: .utf8)
        XCTAssertTrue(roll.contains("track a"))
        XCTAssertEqual(try run(["compile", path, "-o", scratch.appendingPathComponent("y.txt").path, "--format", "midi"]).status, 0)
        XCTAssertEqual(Array(try Data(contentsOf: scratch.appendingPathComponent("y.txt")).prefix(4)), Array("MThd".utf8))
    }

    func testStandardInputAndOutput() throws {
        let result = try run(["compile", "-", "-o", "-"], input: good)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(Array(result.out.prefix(4)), Array("MThd".utf8))
        let checked = try run(["check", "-"], input: bad)
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(checked.err.contains("<stdin>:1:27: error:"), checked.err)
    }

    func testFailedCompileCreatesNothingAndKeepsAnExistingFile() throws {
        let path = try write("bad.stave", bad)
        let fresh = scratch.appendingPathComponent("fresh.mid")
        XCTAssertEqual(try run(["compile", path, "-o", fresh.path]).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path))
        let existing = try write("existing.mid", "keep me")
        XCTAssertEqual(try run(["compile", path, "-o", existing]).status, 1)
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep me")
        // No temporary files are left behind either.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
        // An unwritable destination is an I/O error (2), not a crash.
        XCTAssertEqual(try run(["compile", try write("ok.stave", good), "-o", scratch.appendingPathComponent("no/such/dir/x.mid").path]).status, 2)
    }

    func testDevicesAreWrittenInPlaceNotReplaced() throws {
        let path = try write("song.stave", good)
        XCTAssertEqual(try run(["compile", path, "-o", "/dev/null"]).status, 0)
        var status = stat()
        XCTAssertEqual(stat("/dev/null", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "/dev/null must stay a character device")
    }

    /// Save files are compact by default (one line, no spaces); `--pretty` indents the same
    /// document for people, and both print the same text.
    func testSaveFilesAreCompactUnlessPretty() throws {
        let song = try write("song.stave", good)
        let compact = scratch.appendingPathComponent("compact.json").path
        let pretty = scratch.appendingPathComponent("pretty.json").path
        XCTAssertEqual(try run(["compile", song, "-o", compact, "-q"]).status, 0)
        let prettyRun = try run(["compile", song, "-o", pretty, "--pretty"])
        XCTAssertEqual(prettyRun.status, 0, prettyRun.err)
        XCTAssertTrue(prettyRun.err.hasPrefix("wrote \(pretty) — "), prettyRun.err)
        let compactText = try String(contentsOfFile: compact, encoding: .utf8)
        let prettyText = try String(contentsOfFile: pretty, encoding: .utf8)
        XCTAssertEqual(compactText.filter { $0 == "\n" }.count, 1, "compact JSON is one line")
        XCTAssertFalse(compactText.contains(" "), compactText)
        XCTAssertTrue(prettyText.hasPrefix("{\n  \"format\": \"stave-song\",\n  \"version\": 6,\n"), prettyText)
        XCTAssertGreaterThan(prettyText.filter { $0 == "\n" }.count, 10)
        XCTAssertEqual(compactText.filter { !$0.isWhitespace }, prettyText.filter { !$0.isWhitespace },
                       "the layouts differ only in whitespace")
        let fromCompact = try run(["print", compact]), fromPretty = try run(["print", pretty])
        XCTAssertEqual(fromCompact.status, 0, fromCompact.err)
        XCTAssertEqual(fromCompact.out, fromPretty.out)
        // --pretty is a flag of compile only, and only for save files.
        let misuse = try run(["print", compact, "--pretty"])
        XCTAssertEqual(misuse.status, 2)
        let midi = try run(["compile", song, "-o", scratch.appendingPathComponent("song.mid").path, "--pretty"])
        XCTAssertEqual(midi.status, 2)
        XCTAssertEqual(midi.err.split(separator: "\n").first, "stave: error: --pretty is for save files (.json or --format song), not midi")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("song.mid").path))
    }

    func testSavedSongPrintsBackToText() throws {
        let song = try write("song.stave", good)
        let json = scratch.appendingPathComponent("song.json").path
        XCTAssertEqual(try run(["compile", song, "-o", json]).status, 0)
        let printed = try run(["print", json])
        XCTAssertEqual(printed.status, 0, printed.err)
        let text = String(decoding: printed.out, as: UTF8.self)
        XCTAssertTrue(text.contains("track a {"), text)
        XCTAssertTrue(text.contains("c d e f |"), text)
        let out = scratch.appendingPathComponent("back.stave").path
        XCTAssertEqual(try run(["print", json, "-o", out]).status, 0)
        XCTAssertEqual(try run(["check", out]).status, 0)
        // A malformed save: exit 1, a message naming the JSON path, nothing written.
        let broken = try write("broken.json", "{\"format\": \"stave-song\", \"version\": 1, \"song\": {\"title\": 3}}")
        let failed = try run(["print", broken, "-o", scratch.appendingPathComponent("never.stave").path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.err.contains("song.title"), failed.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("never.stave").path))
        // A newer version is refused naming both versions.
        let newer = try write("newer.json", "{\"format\": \"stave-song\", \"version\": 99, \"song\": {}}")
        let refused = try run(["print", newer])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.contains("format version 99") && refused.err.contains("versions up to 6;"), refused.err)
    }

    func testPrintRecognisesAStaveSongGivenForASaveFile() throws {
        let song = try write("song.stave", "// my song\n/* draft */\n" + good)
        let never = path("never.stave")
        for (arguments, input) in [(["print", song, "-o", never], nil), (["print", "-"], "  \n" + good), (["print", "Examples/ode-to-joy.stave"], nil)] as [([String], String?)] {
            let result = try run(arguments, input: input)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            let lines = result.err.split(separator: "\n")
            // One problem and the count line.
            XCTAssertEqual(lines.count, 2, result.err)
            XCTAssertTrue(lines.last?.hasPrefix("1 error in ") ?? false, result.err)
            XCTAssertTrue(result.err.contains(": error: this looks like a Stave song, not a save file: use 'stave compile"), result.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: never))
        // JSON that is not a save file still gets the save format's problems.
        let json = try run(["print", "-"], input: "{\"title\": \"x\"}")
        XCTAssertEqual(json.status, 1)
        XCTAssertFalse(json.err.contains("Stave song"), json.err)
    }
}
