import Foundation
import XCTest

/// Memory limits: a song too large for the memory the process may use is refused before it is
/// built, and running out anyway ends with one line and exit status 1, never a crash report or
/// a half-written output. The limits are set with the shell's `ulimit -v`.
final class MemoryTests: CLITestCase {
    /// Runs `stave` under an address-space limit of `kilobytes`.
    func runLimited(_ kilobytes: Int, _ arguments: [String]) throws -> (err: String, status: Int32) {
        // The available memory is read from Linux's /proc/meminfo besides `ulimit -v`.
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/meminfo"), "needs Linux's /proc")
        let quoted = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(kilobytes) && exec " + quoted.joined(separator: " ")]
        process.currentDirectoryURL = scratch
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    func testASongTooLargeForTheMemoryLimitIsRefusedBeforeItIsBuilt() throws {
        // 8 MB of music would need about 240 MB; the limit is 150 MB.
        let song = scratch.appendingPathComponent("large.stave")
        let bar = "    c8 d e f g a b > c < |\n"
        try ("track a {\n  phrase {\n" + String(repeating: bar, count: 8_000_000 / bar.utf8.count) + "  }\n}\n").write(to: song, atomically: true, encoding: .utf8)
        let (err, status) = try runLimited(150_000, ["check", song.path])
        XCTAssertEqual(status, 1, err)
        XCTAssertTrue(err.hasPrefix("stave: error: \(song.path) (7 MB) needs about "), err)
        XCTAssertTrue(err.contains("of memory to compile, but only 146 MB is available"), err)
        XCTAssertEqual(err.split(separator: "\n").count, 1, err)
    }

    func testRunningOutOfMemoryIsOneErrorAndExitStatusOne() throws {
        // A short text that expands to tens of millions of MIDI notes: it passes the estimate
        // made from its size, then the MIDI buffer outgrows the 200 MB limit.
        let song = scratch.appendingPathComponent("expands.stave")
        var text = "ppq 1920\ntrack a {\n  phrase p {\n"
        for _ in 0..<125 { text += "    " + String(repeating: "{c d e f g a b c}64 ", count: 10) + "\n" }
        text += "  }\n  repeat p x9999\n}\n"
        try text.write(to: song, atomically: true, encoding: .utf8)
        let output = scratch.appendingPathComponent("expands.mid")
        let (err, status) = try runLimited(200_000, ["compile", song.path, "-o", output.path])
        XCTAssertEqual(status, 1, err)
        XCTAssertTrue(err.hasSuffix("stave: error: out of memory\n"), err)
        XCTAssertFalse(err.contains("Crash") || err.contains("#0") || err.contains("backtrace"), err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
    }
}
