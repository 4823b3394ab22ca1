import Foundation
import XCTest

/// Output files are never the worse for a run of `stave`: an output that is the input is
/// refused, a replaced file keeps its permissions, a symbolic link is followed, a repeated
/// `-o` is a usage error, and an unwritable place is reported with the OS's reason.
final class OutputFileTests: CLITestCase {
    func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func isSymbolicLink(_ path: String) throws -> Bool {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeSymbolicLink
    }

    func testAnOutputThatIsTheInputIsRefused() throws {
        let song = try write("x.stave", good)
        let link = path("link.mid")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "x.stave")
        let hardLink = path("hard.txt")
        try FileManager.default.linkItem(atPath: song, toPath: hardLink)
        let cases: [[String]] = [
            ["compile", song, "-o", song],
            ["compile", song, "-o", link, "--format", "roll"],
            ["compile", song, "--output", hardLink],
            ["compile", song, "-o", scratch.path + "/./x.stave", "--format", "song"],
        ]
        for arguments in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.err.contains("is the same file as the input"), result.err)
            XCTAssertEqual(try String(contentsOfFile: song, encoding: .utf8), good, "\(arguments) must leave the song alone")
        }
        XCTAssertTrue(try isSymbolicLink(link))
        // The default output can be the input too: a song named with the output's extension.
        let misnamed = try write("song.mid", good)
        XCTAssertEqual(try run(["compile", misnamed]).status, 2)
        XCTAssertEqual(try String(contentsOfFile: misnamed, encoding: .utf8), good)
        // A save file printed over itself.
        let json = path("s.json")
        XCTAssertEqual(try run(["compile", song, "-o", json]).status, 0)
        let saved = try Data(contentsOf: URL(fileURLWithPath: json))
        let printed = try run(["print", json, "-o", json])
        XCTAssertEqual(printed.status, 2)
        XCTAssertTrue(printed.err.contains("is the same file as the input"), printed.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: json)), saved)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }, [])
    }

    func testAReplacedFileKeepsItsPermissions() throws {
        let song = try write("song.stave", good)
        for mode in [0o600, 0o640, 0o755] {
            let output = try write("out-\(mode).mid", "old")
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: output)
            XCTAssertEqual(try run(["compile", song, "-o", output]).status, 0)
            XCTAssertEqual(try self.mode(output), mode)
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(4)), Array("MThd".utf8))
        }
    }

    func testAReplacedFileKeepsItsOwnerWhenRunAsRoot() throws {
        try XCTSkipUnless(getuid() == 0, "only root can give a file to another user")
        let song = try write("song.stave", good)
        let output = try write("theirs.mid", "old")
        XCTAssertEqual(chown(output, 65534, 65534), 0)
        XCTAssertEqual(try run(["compile", song, "-o", output]).status, 0)
        var status = stat()
        XCTAssertEqual(stat(output, &status), 0)
        XCTAssertEqual([status.st_uid, status.st_gid], [65534, 65534])
    }

    func testASymbolicLinkIsFollowedAndStaysALink() throws {
        let song = try write("song.stave", good)
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: true)
        let target = try write("real/target.mid", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        let link = path("link.mid")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/target.mid")
        // A link to a link, with an absolute path.
        let outer = path("outer.mid")
        try FileManager.default.createSymbolicLink(atPath: outer, withDestinationPath: link)
        for output in [link, outer] {
            XCTAssertEqual(try run(["compile", song, "-o", output]).status, 0)
            XCTAssertTrue(try isSymbolicLink(link))
            XCTAssertTrue(try isSymbolicLink(outer))
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(4)), Array("MThd".utf8))
            XCTAssertEqual(try mode(target), 0o600)
        }
        // A dangling link: its target is created.
        let dangling = path("dangling.json")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "real/new.json")
        XCTAssertEqual(try run(["compile", song, "-o", dangling]).status, 0)
        XCTAssertTrue(try isSymbolicLink(dangling))
        XCTAssertTrue(try String(contentsOfFile: path("real/new.json"), encoding: .utf8).contains("stave-song"))
        // A loop of links is an I/O error naming the path.
        try FileManager.default.createSymbolicLink(atPath: path("loop-a.mid"), withDestinationPath: "loop-b.mid")
        try FileManager.default.createSymbolicLink(atPath: path("loop-b.mid"), withDestinationPath: "loop-a.mid")
        let loop = try run(["compile", song, "-o", path("loop-a.mid")])
        XCTAssertEqual(loop.status, 2)
        XCTAssertTrue(loop.err.contains("loop-a.mid") && loop.err.contains("symbolic links"), loop.err)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }, [])
    }

    func testARepeatedOutputIsAUsageError() throws {
        let song = try write("song.stave", good)
        let a = path("a.mid"), b = path("b.mid")
        // (compile takes -o more than once: MultipleOutputsTests.)
        let cases: [[String]] = [
            ["compile", song, "-o", a, "--format", "midi", "--format", "song"],
            ["print", "x.json", "-o", a, "-o", b],
            ["check", song, "--diagnostics", "json", "--diagnostics", "text"],
        ]
        for arguments in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.err.contains("is given more than once"), result.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: a))
        XCTAssertFalse(FileManager.default.fileExists(atPath: b))
    }

    /// The OS's text for the error that creating a file at `path` gives.
    func creationError(_ path: String) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        if descriptor >= 0 {
            close(descriptor)
            unlink(path)
            return "(no error)"
        }
        return String(cString: strerror(errno))
    }

    func testAnUnwritableOutputSaysWhatFailed() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/version"), "needs Linux's /proc")
        let song = try write("song.stave", good)
        let proc = try run(["compile", song, "-o", "/proc/version"])
        XCTAssertEqual(proc.status, 2)
        XCTAssertTrue(proc.err.hasPrefix("stave: error: cannot write '/proc/version': cannot create the temporary file '/proc/.version.stave-"), proc.err)
        XCTAssertTrue(proc.err.contains(creationError("/proc/.stave-test-probe")), proc.err)
        let missing = path("no/such/dir/x.mid")
        let noDirectory = try run(["compile", song, "-o", missing])
        XCTAssertEqual(noDirectory.status, 2)
        XCTAssertTrue(noDirectory.err.contains(missing) && noDirectory.err.contains(String(cString: strerror(ENOENT))), noDirectory.err)
        let directory = try run(["print", try saveFile(), "-o", scratch.path])
        XCTAssertEqual(directory.status, 2)
        XCTAssertTrue(directory.err.contains("cannot write '\(scratch.path)': it is a directory"), directory.err)
    }

    func saveFile() throws -> String {
        let song = try write("for-save.stave", good)
        XCTAssertEqual(try run(["compile", song, "-o", path("saved.json")]).status, 0)
        return path("saved.json")
    }
}
