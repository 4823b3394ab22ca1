import Foundation
import XCTest
import StaveComposition
import StavePianoRoll

/// `stave roll` and `stave compile -o SONG.txt`, run as a process: the options reach the renderer,
/// and bad requests end with the documented exit status.
final class RollCommandTests: XCTestCase {
    /// The `stave` executable built beside the test bundle.
    var executable: URL? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stave")
        let fallback = RollTestSupport.packageRoot.appendingPathComponent(".build/debug/stave")
        return [beside, fallback].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `stave` with arguments; standard output, standard error and exit status.
    func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> (out: String, err: String, status: Int32) {
        guard let executable else { throw XCTSkip("the stave executable is not built") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = RollTestSupport.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), process.terminationStatus)
    }

    var ode: Song? { RollTestSupport.compile(file: RollTestSupport.examples.appendingPathComponent("ode-to-joy.stave")) }

    func testOptionsReachTheRenderer() throws {
        guard let song = ode else { return }
        let result = try run(["roll", "Examples/ode-to-joy.stave", "--bars", "1-4", "--track", "lead,bass", "--width", "80"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, RollTestSupport.roll(song, PianoRollOptions(bars: 1...4, tracks: ["lead", "bass"], width: 80)))
        let stepped = try run(["roll", "Examples/ode-to-joy.stave", "--step=8t", "--unicode", "--bars", "2"])
        XCTAssertEqual(stepped.status, 0, stepped.err)
        XCTAssertEqual(stepped.out, RollTestSupport.roll(song, PianoRollOptions(step: Rational(1, 12), bars: 2...2, unicode: true)))
    }

    func testWithoutATerminalTheWidthIs120() throws {
        let path = "Tests/Fixtures/roll/wrapping.stave"
        guard let song = RollTestSupport.compile(file: RollTestSupport.packageRoot.appendingPathComponent(path)) else { return }
        let result = try run(["roll", path])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, RollTestSupport.roll(song, PianoRollOptions(width: 120)))
        // Twelve bars of 8 cells fit: 4 label columns + 1 + 12 × 9 = 113.
        XCTAssertEqual(result.out.split(separator: "\n").map(\.count).max(), 113)
    }

    func testCompileWritesTheRollToATextFile() throws {
        guard let song = ode else { return }
        let path = NSTemporaryDirectory() + "stave-roll-test-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(["compile", "Examples/ode-to-joy.stave", "-o", path])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), RollTestSupport.roll(song))
        let piped = try run(["compile", "Examples/ode-to-joy.stave", "--format", "roll", "-o", "-"])
        XCTAssertEqual(piped.out, RollTestSupport.roll(song))
    }

    func testUsageErrorsExitWith2() throws {
        let table: [([String], String)] = [
            (["--bars", "0-3"], "invalid --bars '0-3'"),
            (["--bars", "3-2"], "invalid --bars '3-2'"),
            (["--bars", "x"], "invalid --bars 'x'"),
            (["--bars", "9-12"], "cannot show bars 9-12: the song has 8 bars"),
            (["--step", "0"], "invalid --step '0'"),
            (["--step", "quarter"], "invalid --step 'quarter'"),
            (["--width", "39"], "invalid --width '39'"),
            (["--track", "nope"], "unknown track 'nope': the song's tracks are lead, bass, beat"),
            (["--track", "lead,"], "invalid --track 'lead,'"),
            (["--colour"], "unknown option '--colour'"),
            (["--step"], "option '--step' needs a value"),
            (["Examples/ode-to-joy.stave"], "'roll' takes one song"),
        ]
        for (extra, message) in table {
            let result = try run(["roll", "Examples/ode-to-joy.stave"] + extra)
            XCTAssertEqual(result.status, 2, "\(extra)")
            XCTAssertTrue(result.err.contains(message), "\(extra): \(result.err)")
            XCTAssertEqual(result.out, "", "\(extra)")
        }
        let none = try run(["roll"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.err.contains("'roll' needs a song"), none.err)
        let missing = try run(["roll", "no-such-song.stave"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("cannot read 'no-such-song.stave'"), missing.err)
    }

    func testASongWithErrorsExitsWith1() throws {
        let path = NSTemporaryDirectory() + "stave-roll-bad-\(getpid()).stave"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "track t { phrase { c4 q4 } }".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(["roll", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.contains("error:"), result.err)
    }

    func testHelpAndVersion() throws {
        let help = try run(["roll", "--help"])
        XCTAssertEqual(help.status, 0)
        for word in ["--step N", "--bars A-B", "--track ID", "--width COLS", "--unicode", "8t", "3/8"] {
            XCTAssertTrue(help.out.contains(word), word)
        }
        let version = try run(["roll", "--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.out.hasPrefix("stave "), version.out)
    }
}
