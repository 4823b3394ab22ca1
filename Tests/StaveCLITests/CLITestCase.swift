import Foundation
import XCTest

/// What the tests of the `stave` executable share: where the built executable is, a scratch
/// directory per test, and running the executable as a process.
class CLITestCase: XCTestCase {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stave")
        let fallback = Self.packageRoot.appendingPathComponent(".build/debug/stave")
        return [beside, fallback].first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? fallback
    }

    var scratch: URL!

    override func setUpWithError() throws {
        scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stave-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Starts `stave` (or, `shell`, `/bin/sh` with these arguments) with standard output and
    /// error going to the returned pipes.
    func start(_ arguments: [String], environment extra: [String: String] = [:], shell: Bool = false) throws -> (process: Process, out: Pipe, err: Pipe, stdin: Pipe) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: executable.path), "build the stave executable first (swift build)")
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        return (process, out, err, stdin)
    }

    /// Runs `stave` (or, `shell`, `/bin/sh` with these arguments); returns standard output
    /// (bytes), standard error and the exit status.
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:], shell: Bool = false) throws -> (out: Data, err: String, status: Int32) {
        let (process, out, err, stdin) = try start(arguments, environment: environment, shell: shell)
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both streams at once: a full pipe on either would stall the process.
        let errData = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (outData, String(decoding: errData.data, as: UTF8.self), process.terminationStatus)
    }

    /// Bytes read on another thread; the group's `wait` orders the write before the read.
    final class Collected: @unchecked Sendable {
        var data = Data()
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    let good = "title \"T\"\ntrack a { phrase { c4 d e f | } }\n"
    let bad = "track a { phrase { c4 d e | } }\n"
}
