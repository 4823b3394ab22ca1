import Foundation
import XCTest

/// `stave engrave` with stand-in engravers (shell scripts named `mscore3`, `musicxml2ly` and
/// `lilypond` on a PATH of their own): usage errors, the missing-engraver error, page naming,
/// atomic output, the time limit and no stray scratch files. With the real MuseScore 3 and
/// LilyPond it is tested by Tests/engrave.
final class EngraveCommandTests: CLITestCase {
    /// A directory for PATH holding the given scripts, and an empty TMPDIR to check for strays.
    func tools(_ scripts: [String: String]) throws -> (path: String, tmp: String) {
        let bin = scratch.appendingPathComponent("bin")
        let tmp = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        for (name, body) in scripts {
            let file = bin.appendingPathComponent(name)
            try ("#!/bin/sh\n" + body + "\n").write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return (bin.path + ":/usr/bin:/bin", tmp.path)
    }

    /// A stand-in MuseScore: `mscore3 -o OUT IN` writes OUT for a PDF, else PAGES numbered pages
    /// (`BASE-1.svg`, …) whose text names the page and the Qt platform; it keeps a copy of IN.
    static func museScore(pages: Int) -> String {
        """
        out="$2"; in="$3"; cp "$in" "$(dirname "$0")/../handed.musicxml"
        case "$out" in
          *.pdf) printf 'PDF %s' "$QT_QPA_PLATFORM" > "$out" ;;
          *) base="${out%.*}"; ext="${out##*.}"; i=1
             while [ $i -le \(pages) ]; do printf 'page %s %s' $i "$QT_QPA_PLATFORM" > "$base-$i.$ext"; i=$((i+1)); done ;;
        esac
        """
    }

    let song = "title \"Two\"\ntrack rh { staff piano 1 phrase { o5 c1 } }\ntrack lh { staff piano 2 phrase { o3 c1 } }\n"

    func testUsageErrors() throws {
        let path = try write("song.stave", song)
        let cases: [([String], String)] = [
            (["engrave", path, "-o", "song.txt"], "'engrave' writes .pdf, .svg or .png files, not 'song.txt'"),
            (["engrave", path, "-o", "song"], "'engrave' writes .pdf, .svg or .png files, not 'song'"),
            (["engrave", path, "--engraver", "finale"], "--engraver takes 'musescore' or 'lilypond', not 'finale'"),
            (["engrave", path, "--time-limit", "0"], "--time-limit takes a number of seconds from 1 to 3600, not '0'"),
            (["engrave", "-"], "'engrave' needs -o OUT.pdf when the song comes from standard input"),
            (["engrave", path, "-o", "-"], "'engrave' writes files, not standard output"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.err, "stave: error: \(message)\nRun 'stave engrave --help' for usage.\n", "\(arguments)")
        }
    }

    func testWithoutAnEngraverTheErrorNamesThePackages() throws {
        let path = try write("song.stave", song)
        let (bin, _) = try tools([:])
        let none = try run(["engrave", path], environment: ["PATH": bin.components(separatedBy: ":")[0]])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.err, "stave: error: no engraver found: neither MuseScore 3 ('mscore3' or 'musescore3') nor LilyPond ('musicxml2ly' and 'lilypond') is on PATH; install one (Debian/Ubuntu: apt-get install musescore3, or apt-get install lilypond)\n")
        let lily = try run(["engrave", path, "--engraver", "lilypond"], environment: ["PATH": bin.components(separatedBy: ":")[0]])
        XCTAssertEqual(lily.status, 1)
        XCTAssertEqual(lily.err, "stave: error: LilyPond is not installed: 'musicxml2ly and lilypond' not found on PATH (Debian/Ubuntu: apt-get install lilypond)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: self.path("song.pdf")), "nothing written")
    }

    func testASongWithErrorsIsReportedBeforeTheEngraverIsLookedFor() throws {
        let path = try write("bad.stave", "track a { phrase { c4 | } }\n")
        let (bin, _) = try tools([:])
        let result = try run(["engrave", path], environment: ["PATH": bin.components(separatedBy: ":")[0]])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("error: bar line falls 1/4 after the start of bar 1"), result.err)
        XCTAssertFalse(result.err.contains("engraver"), result.err)
    }

    func testPagesAreNumberedBesideTheOutputAndTheScratchIsRemoved() throws {
        let path = try write("song.stave", song)
        let (bin, tmp) = try tools(["mscore3": Self.museScore(pages: 3)])
        let result = try run(["engrave", path, "-o", self.path("out/score.svg")], environment: ["PATH": bin, "TMPDIR": tmp])
        XCTAssertEqual(result.status, 2, "a missing directory is an I/O error: \(result.err)")
        try FileManager.default.createDirectory(atPath: self.path("out"), withIntermediateDirectories: true)
        let svg = try run(["engrave", path, "-o", self.path("out/score.svg")], environment: ["PATH": bin, "TMPDIR": tmp])
        XCTAssertEqual(svg.status, 0, svg.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: self.path("out")).sorted(), ["score-1.svg", "score-2.svg", "score-3.svg"])
        for page in 1...3 {
            XCTAssertEqual(try String(contentsOfFile: self.path("out/score-\(page).svg"), encoding: .utf8), "page \(page) offscreen")
        }
        XCTAssertNotNil(svg.err.range(of: #"^wrote .*/out/score-1\.svg … .*/out/score-3\.svg — 3 pages, engraved by MuseScore 3 in \d+\.\d s\n$"#, options: .regularExpression), svg.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "no scratch files left")
        // What MuseScore got: the song's MusicXML, one part on two staves.
        let handed = try String(contentsOfFile: scratch.appendingPathComponent("handed.musicxml").path, encoding: .utf8)
        XCTAssertEqual(handed.components(separatedBy: "<score-part ").count, 2)
        XCTAssertTrue(handed.contains("<staves>2</staves>"))
        // The default output is SONG.pdf, and -q says nothing.
        let pdf = try run(["engrave", path, "-q"], environment: ["PATH": bin, "TMPDIR": tmp])
        XCTAssertEqual(pdf.status, 0, pdf.err)
        XCTAssertEqual(pdf.err, "")
        XCTAssertEqual(try String(contentsOfFile: self.path("song.pdf"), encoding: .utf8), "PDF offscreen")
    }

    func testOnePageKeepsTheOutputsName() throws {
        let path = try write("song.stave", song)
        let (bin, tmp) = try tools(["musescore3": Self.museScore(pages: 1)])
        let result = try run(["engrave", path, "-o", self.path("song.png")], environment: ["PATH": bin, "TMPDIR": tmp])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try String(contentsOfFile: self.path("song.png"), encoding: .utf8), "page 1 offscreen")
        XCTAssertFalse(FileManager.default.fileExists(atPath: self.path("song-1.png")))
        XCTAssertTrue(result.err.hasPrefix("wrote \(self.path("song.png")) — 1 page, engraved by MuseScore 3 in "), result.err)
    }

    func testLilyPondRunsBothProgramsAndItsPageNamesAreNormalised() throws {
        let path = try write("song.stave", song)
        let (bin, tmp) = try tools([
            "musicxml2ly": #"out="${1#--output=}"; grep -q '<score-partwise' "$2" && printf '\\version "2.24"' > "$out""#,
            "lilypond": #"base="$4"; grep -q version "$5" || exit 9; printf one > "$base-page1.png"; printf two > "$base-page2.png""#,
            "mscore3": "exit 7",
        ])
        let result = try run(["engrave", path, "-o", self.path("song.png"), "--engraver", "lilypond"], environment: ["PATH": bin, "TMPDIR": tmp])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try String(contentsOfFile: self.path("song-1.png"), encoding: .utf8), "one")
        XCTAssertEqual(try String(contentsOfFile: self.path("song-2.png"), encoding: .utf8), "two")
        XCTAssertTrue(result.err.contains("2 pages, engraved by LilyPond in"), result.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [])
    }

    func testAFailingEngraverLeavesTheOldFilesAsTheyWere() throws {
        let path = try write("song.stave", song)
        _ = try write("song.pdf", "the old score")
        let (bin, tmp) = try tools(["mscore3": "echo 'loading'; echo 'fatal: cannot lay out the score' >&2; printf partial > \"${2}\"; exit 3"])
        let result = try run(["engrave", path], environment: ["PATH": bin, "TMPDIR": tmp])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "stave: error: mscore3 could not engrave the song (exit status 3): loading; fatal: cannot lay out the score\n")
        XCTAssertEqual(try String(contentsOfFile: self.path("song.pdf"), encoding: .utf8), "the old score")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [])
        // An engraver that ends well but writes no page.
        let (quiet, _) = try tools(["mscore3": "exit 0"])
        let empty = try run(["engrave", path], environment: ["PATH": quiet, "TMPDIR": tmp])
        XCTAssertEqual(empty.status, 1)
        XCTAssertEqual(empty.err, "stave: error: mscore3 wrote no PDF page\n")
        XCTAssertEqual(try String(contentsOfFile: self.path("song.pdf"), encoding: .utf8), "the old score")
    }

    func testTheTimeLimitStopsTheEngraverAndWhatItStarted() throws {
        let path = try write("song.stave", song)
        let marker = self.path("still-running")
        let (bin, tmp) = try tools(["mscore3": "(sleep 3; touch '\(marker)') & sleep 30"])
        let started = Date()
        let result = try run(["engrave", path, "--time-limit", "1"], environment: ["PATH": bin, "TMPDIR": tmp])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "stave: error: mscore3 did not finish within 1 s (--time-limit) and was stopped\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [])
        Thread.sleep(forTimeInterval: 3.5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the engraver's own children were stopped too")
        XCTAssertFalse(FileManager.default.fileExists(atPath: self.path("song.pdf")))
    }

    func testATerminatedEngravingLeavesNothingBehind() throws {
        let path = try write("song.stave", song)
        let (bin, tmp) = try tools(["mscore3": "sleep 30"])
        let (process, _, _, _) = try start(["engrave", path], environment: ["PATH": bin, "TMPDIR": tmp])
        // Wait until the engraver runs (its scratch directory exists), then stop stave.
        let deadline = Date().addingTimeInterval(10)
        while (try? FileManager.default.contentsOfDirectory(atPath: tmp))?.isEmpty ?? true, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.3)
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGTERM)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "the scratch directory is removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: self.path("song.pdf")))
    }
}
