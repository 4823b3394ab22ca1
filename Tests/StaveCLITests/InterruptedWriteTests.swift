import Foundation
import XCTest

/// An interrupted write leaves nothing behind: SIGINT and SIGTERM remove the temporary file
/// and keep the old output; a temporary file left by a killed `stave` is removed by the next
/// write beside it.
///
/// To interrupt at a known point the tests set `STAVE_TEST_PAUSE_IN_WRITE` (a test-only hook of
/// `OutputFile`): the write stops for that many seconds once half the bytes are in the
/// temporary file.
final class InterruptedWriteTests: CLITestCase {
    /// A song of `bars` bars of sixteenth notes (about 40 bytes of text and 130 of MIDI a bar).
    func largeSong(bars: Int) -> String {
        "title \"Large\"\ntrack a {\n  phrase {\n"
            + String(repeating: "    c16 d e f g a b c c d e f g a b c |\n", count: bars)
            + "  }\n}\n"
    }

    func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }
    }

    /// Starts a compile to `output` that pauses with its temporary file half written, and
    /// waits until that file is there.
    func startPausedCompile(_ song: String, to output: String) throws -> Process {
        let started = try start(["compile", song, "-o", output], environment: ["STAVE_TEST_PAUSE_IN_WRITE": "60"])
        try started.stdin.fileHandleForWriting.close()
        let temporary = scratch.appendingPathComponent(".\((output as NSString).lastPathComponent).stave-\(started.process.processIdentifier).tmp").path
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let size = (try? FileManager.default.attributesOfItem(atPath: temporary))?[.size] as? Int, size > 0 { break }
            XCTAssertTrue(started.process.isRunning, "stave ended before writing: \(String(decoding: started.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
            usleep(10_000)
        }
        XCTAssertEqual(try temporaryFiles().count, 1, "the temporary file of the paused write")
        return started.process
    }

    func testAnInterruptedWriteRemovesItsTemporaryFileAndKeepsTheOldOutput() throws {
        let song = try write("large.stave", largeSong(bars: 20_000))
        for signal in [SIGTERM, SIGINT] {
            let output = try write("out-\(signal).mid", "the old output")
            let process = try startPausedCompile(song, to: output)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the signal still ends the process")
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(try temporaryFiles(), [], "signal \(signal)")
            XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "the old output")
        }
    }

    func testAnIgnoredSignalStaysIgnored() throws {
        // As under nohup: the shell ignores SIGINT and execs stave, which must not start
        // to honour it.
        let song = try write("large.stave", largeSong(bars: 2_000))
        let output = try write("out.mid", "the old output")
        let started = Process()
        started.executableURL = URL(fileURLWithPath: "/bin/sh")
        started.arguments = ["-c", "trap '' INT; exec \"$0\" compile \"$1\" -o \"$2\"", executable.path, song, output]
        started.environment = ["STAVE_TEST_PAUSE_IN_WRITE": "3"]
        try started.run()
        let deadline = Date().addingTimeInterval(30)
        while try temporaryFiles().isEmpty, Date() < deadline, started.isRunning { usleep(10_000) }
        // The signal must arrive mid-write, or the test proves nothing.
        XCTAssertTrue(started.isRunning, "stave finished before the signal was sent")
        XCTAssertFalse(try temporaryFiles().isEmpty, "no temporary file while writing")
        kill(started.processIdentifier, SIGINT)
        started.waitUntilExit()
        XCTAssertEqual(started.terminationReason, .exit)
        XCTAssertEqual(started.terminationStatus, 0)
        XCTAssertEqual(try temporaryFiles(), [])
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(4)), Array("MThd".utf8))
    }

    func testStaleTemporaryFilesAreRemovedByTheNextWrite() throws {
        let song = try write("large.stave", largeSong(bars: 2_000))
        let output = try write("out.mid", "the old output")
        // SIGKILL cannot be caught: the temporary file stays behind.
        let killed = try startPausedCompile(song, to: output)
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        let leftover = try XCTUnwrap(try temporaryFiles().first)
        // Of our naming, but with a live owner (this test process): recent ones are another
        // write in progress and stay; ones untouched for over an hour are stale (PIDs are reused).
        let live = try write(".other.mid.stave-\(getpid()).tmp", "in progress")
        let old = try write(".older.mid.stave-\(getpid()).tmp", "stale")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: old)
        // Not of our naming: never touched.
        let foreign = try write(".notes.stave-x.tmp", "someone else's")
        XCTAssertEqual(try run(["compile", song, "-o", output]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(leftover)), "the killed write's temporary file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: old))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        XCTAssertTrue(FileManager.default.fileExists(atPath: foreign))
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(4)), Array("MThd".utf8))
    }
}
