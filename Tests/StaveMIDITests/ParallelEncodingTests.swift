import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// A big track is encoded phrase by phrase on all cores and the pieces are joined. These tests
/// hold the joined bytes to the one-stream encoding on songs big enough to take that path, with
/// everything that meets at a join: repeats, syncs, ties, silent notes, empty phrases, rounding
/// per event, and gaps too long for one delta.
final class ParallelEncodingTests: XCTestCase {
    /// A phrase of about `notes` notes built from a fixed pattern that `seed` rotates.
    static func phrase(_ seed: Int, notes: Int) -> String {
        let bars = [
            "c4 d8 e8 [c e g]4 f4 |",
            "{c d e}4 {f g a}4 g4~ g4 |",
            "g4 v0 a4 v100 b4 > c4 < |",
            "[c~ e g]2 [c f a]4 r8 e16 f16 |",
            "{c {d e} f}2 [d f a]4. c8 |",
            "c2~8 d8 e4 |",
        ]
        var text = ""
        var count = 0
        var index = seed
        while count < notes {
            let bar = bars[index % bars.count]
            text += "    " + bar + "\n"
            count += bar.split(separator: " ").count
            index += 1
        }
        return text
    }

    /// A song of `phrases` phrases on one track (some repeated, one synced onto a second track),
    /// over 20,000 notes in all.
    static func song(ppq: Int = 480, phrases: Int = 30, gapBars: Int? = nil) -> String {
        var text = "title \"Parallel\"\nppq \(ppq)\ntempo 120\nmeter 4/4\n"
        text += "track lead {\n  instrument flute\n"
        for index in 0..<phrases {
            text += "  phrase p\(index) {\n" + phrase(index, notes: 1_500) + "  }\n"
            if index % 7 == 3 { text += "  repeat p\(index) x3\n" }
            if index % 11 == 5 { text += "  phrase silent\(index) { v0 c4 d e f | }\n" }
        }
        if let gapBars { text += "  phrase far at \(gapBars) {\n" + phrase(1, notes: 200) + "  }\n" }
        text += "}\n"
        text += "track harmony {\n  sync lead.p2 transpose -12 at 1\n  sync lead.p4 transpose 7\n}\n"
        text += "drums beat {\n  phrase groove { [kick hat]8 hat [snare hat] hat {tom-high tom-mid tom-low}4 kick4 | }\n  repeat groove x400\n}\n"
        return text
    }

    func assertSameBytes(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (song, diagnostics) = Lowering.compile(Source(path: "big.stave", text: text), defaultTitle: "big")
        let errors = diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.message), [], message, file: file, line: line)
        let containers = song.tracks[0].phrases.reduce(0) { total, phrase in
            guard case .original(let body) = phrase.content else { return total }
            return total + body.notes.count
        }
        XCTAssertGreaterThan(containers, 20_000, "big enough to encode in parallel: \(message)", file: file, line: line)
        let parallel = try MIDIFileWriter(parallel: true).render(song)
        let oneStream = try MIDIFileWriter(parallel: false).render(song)
        XCTAssertEqual(parallel.count, oneStream.count, message, file: file, line: line)
        XCTAssertTrue(parallel == oneStream, "bytes differ: \(message)", file: file, line: line)
        // And the file is a sound SMF with every note where the one-stream file has it.
        XCTAssertEqual(try MIDIDump(parallel).notes, try MIDIDump(oneStream).notes, message, file: file, line: line)
    }

    func testJoinedTrackEqualsOneStream() throws {
        try assertSameBytes(Self.song(), "ppq 480")
    }

    func testRoundingPerEventEqualsOneStream() throws {
        // At ppq 25 triplets fall between ticks, so every event is rounded on its own.
        try assertSameBytes(Self.song(ppq: 25), "ppq 25")
    }

    func testGapTooLongForOneDeltaEqualsOneStream() throws {
        // 120,000 bars at ppq 960 is over 0x0FFFFFFF ticks: the join must bridge the gap.
        try assertSameBytes(Self.song(ppq: 960, phrases: 30, gapBars: 120_000), "long gap")
    }
}
