import XCTest
import StaveComposition
@testable import StaveMIDIImport

/// Notation programs (MuseScore 3) end every note a tick before its written length so that
/// repeated notes sound apart. Such a file imports as written; Stave's own MIDI is left alone.
final class ReleaseGapTests: XCTestCase {
    let clock = TickTime(ticksPerWhole: 1920)

    /// A melody of `lengths` (ticks) played back to back, each released `gap` ticks early.
    func file(_ lengths: [Int], gap: Int) -> [UInt8] {
        var events: [UInt8] = []
        var now = 0, start = 0
        for (index, length) in lengths.enumerated() {
            let key = UInt8(60 + index % 5)
            events += SMF.vlq(start - now) + [0x90, key, 80]
            events += SMF.vlq(length - gap) + [0x80, key, 0]
            now = start + length - gap
            start += length
        }
        return SMF.header(tracks: 2) + SMF.track(SMF.end) + SMF.track(events + SMF.end)
    }

    // Three bars of 4/4 (1,920 ticks each), no note across a bar line.
    let lengths = [480, 480, 240, 240, 480, 960, 480, 240, 240, 1920]

    func testNotesReleasedATickEarlyImportAsWritten() throws {
        let result = try MIDIImporter().importSong(file(lengths, gap: 1), defaultTitle: "t")
        XCTAssertTrue(result.remarks.contains { $0.contains("1 tick before their written length") }, "\(result.remarks)")
        guard case .original(let body)? = result.song.tracks.first?.phrases.first?.content else { return XCTFail("no phrase") }
        XCTAssertEqual(body.notes.map(\.width), lengths.map { Rational($0, 1920) })
        XCTAssertEqual(body.notes.count, lengths.count)
    }

    func testStavesOwnMIDIKeepsItsLengths() throws {
        let result = try MIDIImporter().importSong(file(lengths, gap: 0), defaultTitle: "t")
        XCTAssertFalse(result.remarks.contains { $0.contains("before their written length") }, "\(result.remarks)")
        guard case .original(let body)? = result.song.tracks.first?.phrases.first?.content else { return XCTFail("no phrase") }
        XCTAssertEqual(body.notes.map(\.width), lengths.map { Rational($0, 1920) })
    }

    func testTheGapMustBeCommonAndSmall() {
        func notes(_ ends: [Int]) -> [VoiceNote] { ends.enumerated().map { index, end in VoiceNote(start: index * 480, end: end, pitch: 60, velocity: 80) } }
        // Nine of ten notes a tick short: a gap of 1.
        XCTAssertEqual(MIDIImporter.releaseGap(notes([479, 959, 1439, 1919, 2399, 2879, 3359, 3839, 4319, 4800]), clock: clock), 1)
        // Half of them: no gap (a song's own short notes).
        XCTAssertNil(MIDIImporter.releaseGap(notes([479, 960, 1439, 1920, 2399, 2880, 3359, 3840, 4319, 4800]), clock: clock))
        // Three ticks at ppq 480 is more than a notation program's gap.
        XCTAssertNil(MIDIImporter.releaseGap(notes([477, 957, 1437, 1917, 2397, 2877, 3357, 3837, 4317, 4797]), clock: clock))
    }
}
