import Foundation
import XCTest

/// How every command prints the problems of its input: save-file problems and MIDI import
/// problems with their stable IDs, `--diagnostics json` on `check`, `compile`, `print` and
/// `import`, and (with JSON) nothing on standard error but JSON lines.
final class DiagnosticOutputTests: CLITestCase {
    let emptySong = #"{"format":"stave-song","version":5,"song":{"title":"T","ppq":5,"resolution":4,"key":{"tonic":"c","mode":"major"},"tempos":[],"meters":[{"bar":1,"numerator":4,"denominator":4}],"tracks":"none"}}"#

    func testSaveProblemsShowTheirIDs() throws {
        let file = try write("broken.json", emptySong)
        let text = try run(["print", file])
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.err.replacingOccurrences(of: file, with: "broken.json"), """
        broken.json: error: song.ppq: expected an integer 24–32767, found 5 [value-out-of-range]
        broken.json: error: song.tracks: expected an array of tracks, found a string "none" [save-wrong-type]
        2 errors in broken.json

        """)
        let json = try run(["print", file, "--diagnostics", "json"])
        XCTAssertEqual(json.status, 1)
        XCTAssertEqual(json.err.replacingOccurrences(of: file, with: "broken.json"), """
        {"file":"broken.json","at":"song.ppq","severity":"error","id":"value-out-of-range","message":"expected an integer 24–32767, found 5","notes":[]}
        {"file":"broken.json","at":"song.tracks","severity":"error","id":"save-wrong-type","message":"expected an array of tracks, found a string \\"none\\"","notes":[]}

        """)
        // Every ID shown is explained.
        XCTAssertEqual(try run(["explain", "value-out-of-range", "save-wrong-type"]).status, 0)
    }

    func testAStaveSongGivenToPrintIsOneProblem() throws {
        let song = try write("song.stave", good)
        let json = try run(["print", song, "--diagnostics=json"])
        XCTAssertEqual(json.status, 1)
        XCTAssertEqual(json.err.replacingOccurrences(of: song, with: "song.stave"),
                       #"{"file":"song.stave","severity":"error","id":"save-not-a-save-file","message":"this looks like a Stave song, not a save file: use 'stave compile song.stave' to compile it, or 'stave compile song.stave -o SONG.json' to save it","notes":[]}"# + "\n")
    }

    func testCompileTakesJSONDiagnosticsAndThenPrintsNoSummary() throws {
        let song = try write("bad.stave", bad)
        let failed = try run(["compile", song, "--diagnostics", "json", "-o", path("bad.mid")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.err.replacingOccurrences(of: song, with: "bad.stave"),
                       #"{"file":"bad.stave","start":{"line":1,"column":27},"end":{"line":1,"column":28},"severity":"error","id":"bar-line-off-grid","message":"bar line falls 3/4 after the start of bar 1 (meter 4/4)","notes":[]}"# + "\n")
        let fine = try write("good.stave", good)
        let written = try run(["compile", fine, "--diagnostics", "json", "-o", path("good.mid")])
        XCTAssertEqual(written.status, 0)
        XCTAssertEqual(written.err, "", "standard error holds JSON lines only")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("good.mid")))
    }

    /// A type-1 MIDI file: a conductor with a key change at beat 2, and one note.
    var midiWithAKeyChange: Data {
        func track(_ bytes: [UInt8]) -> [UInt8] {
            Array("MTrk".utf8) + withUnsafeBytes(of: UInt32(bytes.count).bigEndian, Array.init) + bytes
        }
        let header = Array("MThd".utf8) + [0, 0, 0, 6, 0, 1, 0, 2, 0x01, 0xE0]
        let conductor = track([0, 0xFF, 0x59, 2, 0, 0, 0x83, 0x60, 0xFF, 0x59, 2, 1, 0, 0, 0xFF, 0x2F, 0])
        let notes = track([0, 0x90, 0x3C, 0x64, 0x83, 0x60, 0x80, 0x3C, 0, 0, 0xFF, 0x2F, 0])
        return Data(header + conductor + notes)
    }

    func testImportProblemsHaveIDsAndJSON() throws {
        let midi = path("key.mid")
        try midiWithAKeyChange.write(to: URL(fileURLWithPath: midi))
        let text = try run(["import", midi, "-o", path("key.stave")])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.err.hasPrefix("\(midi): warning: key changes are not kept: the whole song is in c major [import-loss]\n1 warning in \(midi)\n"), text.err)
        let json = try run(["import", midi, "-o", path("key2.stave"), "--diagnostics", "json"])
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(json.err.replacingOccurrences(of: midi, with: "key.mid"),
                       #"{"file":"key.mid","severity":"warning","id":"import-loss","message":"key changes are not kept: the whole song is in c major","notes":[]}"# + "\n")
        XCTAssertEqual(try run(["import", midi, "-o", path("key3.stave"), "--diagnostics", "json", "-q"]).err, "")
        let cut = path("cut.mid")
        try midiWithAKeyChange.prefix(14).write(to: URL(fileURLWithPath: cut))
        let failed = try run(["import", cut, "--diagnostics", "json"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.err.replacingOccurrences(of: cut, with: "cut.mid"),
                       #"{"file":"cut.mid","at":"byte 14","severity":"error","id":"import-unreadable","message":"expected track 1 of 2 (an 8-byte chunk header), found the end of the file","notes":[]}"# + "\n")
        XCTAssertEqual(try run(["explain", "import-loss", "import-unreadable"]).status, 0)
    }

    func testAnUnknownStyleIsAUsageError() throws {
        for command in ["check", "compile", "print", "import"] {
            let result = try run([command, "x", "--diagnostics", "xml"])
            XCTAssertEqual(result.status, 2, command)
            XCTAssertEqual(result.err, "stave: error: unknown diagnostics format 'xml': expected text or json\nRun 'stave \(command) --help' for usage.\n")
        }
    }
}
