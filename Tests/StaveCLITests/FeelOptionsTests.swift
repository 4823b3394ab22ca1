import Foundation
import XCTest

/// `--swing` and `--humanize` of `compile` (and `render`/`play`, which share the option
/// reader): they replace the song's header feel; bad values are usage errors.
final class FeelOptionsTests: CLITestCase {
    private func compiled(_ text: String, _ options: [String]) throws -> Data {
        let song = scratch.appendingPathComponent("song.stave"), out = scratch.appendingPathComponent("song.mid")
        try Data(text.utf8).write(to: song)
        let result = try run(["compile", song.path, "-o", out.path, "-q"] + options)
        XCTAssertEqual(result.status, 0, result.err)
        return try Data(contentsOf: out)
    }

    func testTheOptionsReplaceTheHeader() throws {
        let body = "title \"t\"\ntrack a { phrase { c8 d e f g4 a } }\n"
        XCTAssertEqual(try compiled(body, ["--swing", "8:60"]), try compiled("swing 8 60\n" + body, []))
        XCTAssertEqual(try compiled("swing 8\n" + body, ["--swing", "none"]), try compiled(body, []))
        XCTAssertEqual(try compiled(body, ["--humanize", "10:5"]), try compiled("humanize 10 5\n" + body, []))
        XCTAssertEqual(try compiled("humanize 10 5\n" + body, ["--humanize=none"]), try compiled(body, []))
        // Swung sixteenths leave eighths where they are.
        XCTAssertEqual(try compiled(body, ["--swing", "16"]), try compiled(body, []))
        let sixteenths = "title \"t\"\ntrack a { phrase { c16 d e f } }\n"
        XCTAssertEqual(try compiled(sixteenths, ["--swing", "16"]), try compiled("swing 16\n" + sixteenths, []))
        XCTAssertNotEqual(try compiled(sixteenths, ["--swing", "16"]), try compiled(sixteenths, []))
    }

    func testBadValuesAreUsageErrors() throws {
        let song = scratch.appendingPathComponent("song.stave")
        try Data("track a { phrase { c4 } }\n".utf8).write(to: song)
        for (options, message) in [(["--swing", "12"], "--swing 12: swing 12 is not a swung value"), (["--swing", "8:80"], "swing percent 80 is out of range"),
                                   (["--humanize", "60"], "humanize 60 is out of range"), (["--humanize", "10:31"], "humanize velocity 31"),
                                   (["--swing", "eight"], "--swing takes 8, 16, 8:P or 16:P")] {
            let result = try run(["compile", song.path, "-o", scratch.appendingPathComponent("x.mid").path] + options)
            XCTAssertEqual(result.status, 2, "\(options)")
            XCTAssertTrue(result.err.contains(message), result.err)
        }
        let render = try run(["render", song.path, "--swing", "12"])
        XCTAssertEqual(render.status, 2)
    }
}
