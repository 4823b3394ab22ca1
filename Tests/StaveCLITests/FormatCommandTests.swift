import Foundation
import XCTest

/// `stave fmt` and `stave tree` as a process: outputs, exit statuses, --check, -w, stdin.
final class FormatCommandTests: CLITestCase {
    let messy = "title  \"T\"\ntrack a {   phrase { c4 d  e f | } }\n"
    let formatted = "title \"T\"\n\ntrack a {\n  phrase { c4 d e f | }\n}\n"

    func testFormatsToStandardOutputAndLeavesTheFile() throws {
        let file = try write("song.stave", messy)
        let result = try run(["fmt", file])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(String(decoding: result.out, as: UTF8.self), formatted)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), messy)
        XCTAssertEqual(result.err, "")
    }

    func testStandardInput() throws {
        let result = try run(["fmt", "-"], input: messy)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(String(decoding: result.out, as: UTF8.self), formatted)
    }

    func testWriteRewritesOnlyFilesThatChange() throws {
        let changed = try write("a.stave", messy)
        let clean = try write("b.stave", formatted)
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: clean)
        let result = try run(["fmt", "-w", changed, clean])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.count, 0, "-w prints nothing")
        XCTAssertEqual(try String(contentsOfFile: changed, encoding: .utf8), formatted)
        let modified = try FileManager.default.attributesOfItem(atPath: clean)[.modificationDate] as? Date
        XCTAssertEqual(modified, old, "a formatted file is not touched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(), ["a.stave", "b.stave"], "no temporary file left")
    }

    func testCheckListsTheFilesThatWouldChangeAndExitsOne() throws {
        let changed = try write("a.stave", messy)
        let clean = try write("b.stave", formatted)
        var result = try run(["fmt", "--check", changed, clean])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(String(decoding: result.out, as: UTF8.self), "\(changed)\n")
        XCTAssertEqual(try String(contentsOfFile: changed, encoding: .utf8), messy, "--check writes nothing")
        result = try run(["fmt", "--check", clean])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.out.count, 0)
    }

    func testASongWithErrorsIsNotFormatted() throws {
        let file = try write("bad.stave", bad)
        for arguments in [["fmt", file], ["fmt", "-w", file], ["fmt", "--check", file]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(result.out.count, 0)
            XCTAssertTrue(result.err.contains("bad.stave:1:"), result.err)
            XCTAssertTrue(result.err.contains("error:"), result.err)
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), bad)
    }

    func testOneBadFileDoesNotStopTheOthers() throws {
        let broken = try write("bad.stave", bad)
        let changed = try write("a.stave", messy)
        let result = try run(["fmt", "-w", broken, changed])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(try String(contentsOfFile: changed, encoding: .utf8), formatted)
    }

    func testUsageErrors() throws {
        let file = try write("a.stave", messy)
        let cases: [([String], String)] = [
            (["fmt"], "stave: error: 'fmt' needs at least one song"),
            (["fmt", "-w", "--check", file], "stave: error: '--check' and '-w' cannot be used together"),
            (["fmt", "-w", "-"], "stave: error: '-w' cannot rewrite standard input"),
            (["fmt", "--wirte", file], "stave: error: unknown option '--wirte'; did you mean '--write'?"),
        ]
        for (arguments, first) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.err.split(separator: "\n").first.map(String.init), first)
            XCTAssertTrue(result.err.contains("Run 'stave fmt --help' for usage."), result.err)
        }
        let missing = try run(["fmt", path("nope.stave")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("nope.stave"), missing.err)
    }

    func testTreeReprintsAnyFileAndDumpsItsNodes() throws {
        let file = try write("bad.stave", bad + "$$ /* unterminated")
        let reprint = try run(["tree", "--reprint", file])
        XCTAssertEqual(reprint.status, 0)
        XCTAssertEqual(reprint.out, try Data(contentsOf: URL(fileURLWithPath: file)))
        let dump = try run(["tree", file])
        XCTAssertEqual(dump.status, 0)
        let lines = String(decoding: dump.out, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.first, "song 0..\((bad + "$$ /* unterminated").utf8.count)")
        XCTAssertTrue(lines.contains("      barLine 26..27"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("unexpected") && $0.contains("\"$$\"") })
        XCTAssertTrue(lines.contains { $0.contains("blockComment") })
    }

    func testHelp() throws {
        for arguments in [["fmt", "--help"], ["help", "fmt"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(String(decoding: result.out, as: UTF8.self).hasPrefix("USAGE: stave fmt SONG.stave..."))
        }
        let general = try run(["--help"])
        XCTAssertTrue(String(decoding: general.out, as: UTF8.self).contains("stave fmt SONG.stave... [--check | -w]"))
    }
}
