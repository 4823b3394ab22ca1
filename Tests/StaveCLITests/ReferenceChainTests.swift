import Foundation
import XCTest

/// `stave print` on save files whose Repeats name each other in long chains: checked in linear
/// time, and at most 100 problems a file are printed, then one line counting the rest (the
/// problems themselves: `ReferenceChainDecodingTests`).
final class ReferenceChainTests: CLITestCase {
    /// A melody track of the save format with the given phrases.
    func track(_ id: String, channel: Int, phrases: [String]) -> String {
        """
        {"id": "\(id)", "type": "melody", "program": 0, "channel": \(channel), "channelExplicit": false,
         "volume": 100, "pan": 64, "velocity": 100, "octave": 4, "transpose": 0, "phrases": [\(phrases.joined(separator: ",\n"))]}
        """
    }

    func saveFile(_ tracks: [String]) -> String {
        """
        {"format": "stave-song", "version": 1, "song": {"title": "Chains", "ppq": 480, "resolution": 4,
         "key": {"tonic": "c", "mode": "major"}, "tempos": [{"bar": 1, "bpm": "120"}],
         "meters": [{"bar": 1, "numerator": 4, "denominator": 4}],
         "tracks": [\(tracks.joined(separator: ",\n"))]}}
        """
    }

    let original = #"{"type": "original", "id": "p0", "start": 0, "length": 4, "containers": [{"position": 0, "width": 4, "blocks": [{"notes": [{"pitch": 60, "velocity": 100}]}]}]}"#

    func repeatPhrase(_ index: Int, source: String) -> String {
        #"{"type": "repeat", "id": "p\#(index)", "start": \#(4 * index), "source": "\#(source)", "count": 1}"#
    }

    /// Prints a save file, timing it; returns standard error, the file named by `name` alone.
    func printProblems(_ name: String, _ text: String, options: [String] = [], within seconds: Double) throws -> String {
        let file = try write(name, text)
        let started = Date()
        let result = try run(["print", file] + options)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 1, String(result.err.prefix(2000)))
        XCTAssertLessThan(elapsed, seconds, "\(name) took \(elapsed) s")
        return result.err.replacingOccurrences(of: file, with: name)
    }

    /// A 4,000-link chain of Repeats, each naming the one before (7,999 problems): 100 are
    /// printed, then one line counts the other 7,899, then the count line.
    func testAFourThousandLinkChainPrintsOneHundredProblemsAndACount() throws {
        let count = 4_000
        let phrases = [original] + (1...count).map { repeatPhrase($0, source: "p\($0 - 1)") }
        let save = saveFile([track("lead", channel: 1, phrases: phrases)])
        let text = try printProblems("chain.json", save, within: 20)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 100 + 2 + 1, String(text.suffix(500)))
        XCTAssertEqual(lines.prefix(100).filter { $0.hasPrefix("chain.json: error: song.tracks[0].phrases[") }.count, 100)
        XCTAssertEqual(lines[0], "chain.json: error: song.tracks[0].phrases[1].id: only original phrases have IDs in Stave; a repeat has none [save-id-on-copy]")
        XCTAssertEqual(Array(lines.suffix(3)), ["7899 more errors not shown", "7999 errors in chain.json", ""])
        XCTAssertLessThan(text.utf8.count, 20_000)
        // JSON: the first 100 objects, then one object counting the rest.
        let json = try printProblems("chain.json", save, options: ["--diagnostics", "json"], within: 20)
        let objects = json.split(separator: "\n")
        XCTAssertEqual(objects.count, 101)
        XCTAssertEqual(objects.prefix(100).filter { $0.hasPrefix(#"{"file":"chain.json","at":"song.tracks[0].phrases["#) }.count, 100)
        XCTAssertEqual(objects.last, #"{"file":"chain.json","notShown":{"errors":7899,"warnings":0}}"#)
    }

    func testATwentyThousandLinkChainIsCheckedInLinearTime() throws {
        let count = 20_000
        let phrases = [original] + (1...count).map { repeatPhrase($0, source: "p\($0 - 1)") }
        let text = try printProblems("chain.json", saveFile([track("lead", channel: 1, phrases: phrases)]), within: 20)
        XCTAssertTrue(text.hasSuffix("\n\(2 * count - 1 - 100) more errors not shown\n\(2 * count - 1) errors in chain.json\n"), String(text.suffix(300)))
    }
}
