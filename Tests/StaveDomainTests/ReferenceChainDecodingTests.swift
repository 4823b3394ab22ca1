import Foundation
import XCTest
import StaveDomain

/// Save files whose Repeats and Syncs name each other in long chains and cycles: the references
/// are resolved in linear time, and a cycle is one problem, however long it is. (The command
/// line shows at most 100 problems a file: `ReferenceChainTests` checks what it prints.)
final class ReferenceChainDecodingTests: XCTestCase {
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

    /// Decodes a save file, timing it; returns its problems as the command line shows them
    /// (`PATH: MESSAGE [ID]`).
    func problems(_ text: String, within seconds: Double) -> [String] {
        let started = Date()
        var found: [String] = []
        do {
            _ = try SongDecoder.decode(Array(text.utf8))
            XCTFail("accepted")
        } catch {
            found = error.problems.map { "\($0) [\($0.id.rawValue)]" }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), seconds)
        return found
    }

    func testALongChainIsCheckedInLinearTime() throws {
        let count = 20_000
        let phrases = [original] + (1...count).map { repeatPhrase($0, source: "p\($0 - 1)") }
        let problems = problems(saveFile([track("lead", channel: 1, phrases: phrases)]), within: 20)
        // Each Repeat has an ID it may not have, and each but the first names a Repeat: two
        // short problems a phrase.
        XCTAssertEqual(problems.count, 2 * count - 1)
        XCTAssertTrue(problems.allSatisfy { $0.utf8.count < 200 }, "every problem is one short line")
        XCTAssertTrue(problems.contains("song.tracks[0].phrases[\(count)].source: phrase 'p\(count - 1)' of track 'lead' is a repeat, not an Original phrase; repeat and sync must name an Original phrase [wrong-phrase-kind]"))
        XCTAssertFalse(problems.contains { $0.contains("in a cycle") })
    }

    func testALongCycleIsOneProblem() throws {
        let count = 5_000
        let phrases = [original] + (1...count).map { repeatPhrase($0, source: "p\($0 % count + 1)") }
        let problems = problems(saveFile([track("lead", channel: 1, phrases: phrases)]), within: 20)
        let cycles = problems.filter { $0.contains("in a cycle") }
        XCTAssertEqual(cycles, ["song.tracks[0].phrases[1].source: repeat and sync phrases name each other in a cycle of 5000 phrases (lead.p1 → lead.p2 → lead.p3 → lead.p4 → … 4994 more … → lead.p4999 → lead.p5000 → lead.p1); they must name an Original phrase [save-reference-cycle]"])
        // Besides it: the IDs the Repeats may not have.
        XCTAssertEqual(problems.count, count + 1)
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
        let problems = problems(saveFile(tracks), within: 20).filter { $0.contains(".source:") || $0.contains(".phrase:") }
        XCTAssertEqual(problems, [
            "song.tracks[0].phrases[1].source: phrase 'p2' of track 'lead' is a sync, not an Original phrase; repeat and sync must name an Original phrase [wrong-phrase-kind]",
            "song.tracks[0].phrases[2].phrase: phrase 's' of track 'a' is a sync, not an Original phrase; repeat and sync must name an Original phrase [wrong-phrase-kind]",
            "song.tracks[1].phrases[0].phrase: repeat and sync phrases name each other in a cycle (a.s → b.s → c.s → a.s); they must name an Original phrase [save-reference-cycle]",
        ])
    }
}
