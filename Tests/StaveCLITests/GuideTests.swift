import Foundation
import XCTest

/// The user guide (Docs/GUIDE.md) teaches by songs: every ```stave block on the page must be a
/// song that checks clean, every numbered section that teaches the language must have one, and
/// the shell lines of the import section must do what the page says.
final class GuideTests: CLITestCase {
    var guide: String {
        get throws { try String(contentsOf: Self.packageRoot.appendingPathComponent("Docs/GUIDE.md"), encoding: .utf8) }
    }

    /// The fenced blocks of one language, each with the title of the `## ` section it stands in.
    func blocks(_ language: String, in text: String) -> [(section: String, body: String)] {
        var result: [(String, String)] = []
        var section = "", body: [Substring] = [], inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inside, line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            if !inside, line == "```\(language)" { inside = true; body = []; continue }
            if inside, line == "```" { inside = false; result.append((section, body.joined(separator: "\n") + "\n")); continue }
            if inside { body.append(line) }
        }
        return result
    }

    func testEverySongOfTheGuideChecksClean() throws {
        let songs = blocks("stave", in: try guide)
        XCTAssertGreaterThanOrEqual(songs.count, 7, "the guide's songs")
        for (index, song) in songs.enumerated() {
            let file = try write("guide-\(index).stave", song.body)
            let result = try run(["check", file])
            XCTAssertEqual(result.status, 0, "\(song.section), song \(index + 1): \(result.err)")
            XCTAssertEqual(result.err, "", "\(song.section), song \(index + 1): no warnings either")
        }
        // Sections 1 to 10 teach the language (Stave 3 included): each has a song of its own.
        let sections = Set(songs.map(\.section))
        for number in 1...10 {
            XCTAssertTrue(sections.contains { $0.hasPrefix("\(number). ") }, "section \(number) has a song")
        }
    }

    /// The commands of the section "Importing MIDI", run as written (the example read from the package root): the imported
    /// song compiles back to the same MIDI bytes.
    func testTheImportSectionDoesWhatItSays() throws {
        let lines = blocks("sh", in: try guide).filter { $0.section.hasSuffix("Importing MIDI") }.flatMap { $0.body.split(separator: "\n") }
        XCTAssertEqual(lines.count, 3)
        for line in lines {
            let words = line.split(separator: "#")[0].split(separator: " ").map(String.init)
            XCTAssertEqual(words.first, "stave", String(line))
            let arguments = words.dropFirst().map { $0.hasSuffix(".mid") || $0.hasSuffix(".stave") && !$0.hasPrefix("Examples/") ? path($0) : $0 }
            let result = try run(Array(arguments))
            XCTAssertEqual(result.status, 0, "\(line): \(result.err)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("ode.mid"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("ode-again.mid"))))
    }

    /// The commands of the section "Importing MusicXML", run as written: the score exported, imported and compiled gives the
    /// example's MIDI bytes.
    func testTheMusicXMLImportSectionDoesWhatItSays() throws {
        let lines = blocks("sh", in: try guide).filter { $0.section.hasSuffix("Importing MusicXML") }.flatMap { $0.body.split(separator: "\n") }
        XCTAssertEqual(lines.count, 3)
        for line in lines {
            let words = line.split(separator: "#")[0].split(separator: " ").map(String.init)
            XCTAssertEqual(words.first, "stave", String(line))
            let arguments = words.dropFirst().map { word in
                (word.hasSuffix(".mid") || word.hasSuffix(".musicxml") || word.hasSuffix(".stave")) && !word.hasPrefix("Examples/") ? path(word) : word
            }
            let result = try run(Array(arguments))
            XCTAssertEqual(result.status, 0, "\(line): \(result.err)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("greensleeves.mid"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("again.mid"))))
    }
}
