import Foundation
import XCTest

/// `stave print` on save files whose Repeats and Syncs name each other in long chains and
/// cycles: the references are resolved in linear time, and a cycle is one problem, however
/// long it is.
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

    /// Prints a save file, timing it; returns the problems (lines of standard error, the file
    /// named by `name` alone).
    func printProblems(_ name: String, _ text: String, within seconds: Double) throws -> [Substring] {
        let file = try write(name, text)
        let started = Date()
        let result = try run(["print", file])
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 1, String(result.err.prefix(2000)))
        XCTAssertLessThan(elapsed, seconds, "\(name) took \(elapsed) s")
        return result.err.replacingOccurrences(of: file, with: name).split(separator: "\n")
    }

    func testALongChainIsCheckedInLinearTime() throws {
        let count = 20_000
        let phrases = [original] + (1...count).map { repeatPhrase($0, source: "p\($0 - 1)") }
        let problems = try printProblems("chain.json", saveFile([track("lead", channel: 1, phrases: phrases)]), within: 20)
        // Each Repeat has an ID it may not have, and each but the first names a Repeat: two
        // short problems a phrase, and the count line.
        XCTAssertEqual(problems.count, 2 * count - 1 + 1)
        XCTAssertTrue(problems.allSatisfy { $0.utf8.count < 200 }, "every problem is one short line")
        XCTAssertTrue(problems.contains("chain.json: error: song.tracks[0].phrases[\(count)].source: phrase 'p\(count - 1)' of track 'lead' is a repeat, not an Original phrase; repeat and sync must name an Original phrase"[...]))
        XCTAssertFalse(problems.contains { $0.contains("in a cycle") })
    }

    func testALongCycleIsOneProblem() throws {
        let count = 5_000
        let phrases = [original] + (1...count).map { repeatPhrase($0, source: "p\($0 % count + 1)") }
        let problems = try printProblems("cycle.json", saveFile([track("lead", channel: 1, phrases: phrases)]), within: 20)
        let cycles = problems.filter { $0.contains("in a cycle") }
        XCTAssertEqual(cycles, ["cycle.json: error: song.tracks[0].phrases[1].source: repeat and sync phrases name each other in a cycle of 5000 phrases (lead.p1 → lead.p2 → lead.p3 → lead.p4 → … 4994 more … → lead.p4999 → lead.p5000 → lead.p1); they must name an Original phrase"])
        // Besides it: the IDs the Repeats may not have, and the count line.
        XCTAssertEqual(problems.count, count + 1 + 1)
        XCTAssertLessThan(problems.map(\.utf8.count).reduce(0, +), 120 * count)
    }

    func testCyclesAcrossTracksAndChainsIntoThemAreEachReportedOnce() throws {
        // a.s → b.s → c.s → a.s through Syncs; lead.p1 → lead.p2 → a.s is a chain into the cycle.
        func sync(_ track: String, start: Int = 0) -> String {
            #"{"type": "sync", "id": "s", "start": \#(start), "track": "\#(track)", "phrase": "s", "transpose": 0}"#
        }
        let lead = [original, repeatPhrase(1, source: "p2"),
                    #"{"type": "sync", "id": "p2", "start": 8, "track": "a", "phrase": "s", "transpose": 0}"#]
        let tracks = [track("lead", channel: 1, phrases: lead), track("a", channel: 2, phrases: [sync("b")]),
                      track("b", channel: 3, phrases: [sync("c")]), track("c", channel: 4, phrases: [sync("a")])]
        let problems = try printProblems("mixed.json", saveFile(tracks), within: 20).filter { $0.contains(".source:") || $0.contains(".phrase:") }
        XCTAssertEqual(problems, [
            "mixed.json: error: song.tracks[0].phrases[1].source: phrase 'p2' of track 'lead' is a sync, not an Original phrase; repeat and sync must name an Original phrase",
            "mixed.json: error: song.tracks[0].phrases[2].phrase: phrase 's' of track 'a' is a sync, not an Original phrase; repeat and sync must name an Original phrase",
            "mixed.json: error: song.tracks[1].phrases[0].phrase: repeat and sync phrases name each other in a cycle (a.s → b.s → c.s → a.s); they must name an Original phrase",
        ])
    }
}
