import XCTest
import StaveComposition
@testable import StaveMIDIImport

/// The beat-by-beat grid of performed MIDI (480 ppq: a beat is 480 ticks).
final class BeatGridTests: XCTestCase {
    let clock = TickTime(ticksPerWhole: 1920)
    let fourFour = MeterMap(meters: [MeterChange(bar: 1, numerator: 4, denominator: 4)])

    /// A legato line of notes played at `played`, released at the next played onset plus a
    /// little, the last one at `last`.
    func line(_ played: [Int], last: Int) -> [VoiceNote] {
        played.indices.map { index in
            let end = index + 1 < played.count ? played[index + 1] + (index % 2 == 0 ? 9 : -7) : last
            return VoiceNote(start: played[index], end: end, pitch: 60 + index % 7, velocity: 80)
        }
    }

    func testEachBeatTakesTheSubdivisionItsOnsetsNeed() {
        // Beat 1: eighths; beat 2: sixteenths; beat 3: a triplet; beat 4: a quarter. All a little off.
        let played = [12, 228, 485, 610, 712, 853, 964, 1112, 1291, 1437]
        let notes = line(played, last: 1930)
        let grid = BeatGrid(notes: notes, clock: clock, meterMap: fourFour)
        XCTAssertEqual(grid.parts(at: 100).parts, 2)
        XCTAssertEqual(grid.parts(at: 600).parts, 4)
        XCTAssertEqual(grid.parts(at: 1000).parts, 3)
        let quantized = grid.quantize(notes)
        XCTAssertEqual(quantized.map(\.start), [0, 240, 480, 600, 720, 840, 960, 1120, 1280, 1440])
        // Each release ends at the next placed onset; the last on the bar line.
        XCTAssertEqual(quantized.map(\.end), [240, 480, 600, 720, 840, 960, 1120, 1280, 1440, 1920])
    }

    func testOneGridForTheWholePieceWouldPutLateEighthsOnSixteenths() {
        // Eighths 70 ticks off in a piece whose sixteenths are 40 off: the eighth
        // beats keep two parts, so 310 is the eighth at 240, not the sixteenth at 360.
        var played: [Int] = []
        for bar in 0..<4 {
            played += [bar * 1920 + 5, bar * 1920 + 240 + (bar % 2 == 0 ? 70 : -70)]
            played += [480, 600, 720, 840, 960, 1080, 1200, 1320, 1440, 1560, 1680, 1800].map { bar * 1920 + $0 + ($0 % 240 == 0 ? 40 : -40) }
        }
        let notes = line(played, last: 4 * 1920)
        let quantized = BeatGrid(notes: notes, clock: clock, meterMap: fourFour).quantize(notes)
        XCTAssertEqual(quantized[1].start, 240)
        XCTAssertEqual(quantized[15].start, 1920 + 240)
    }

    func testBeatsCountFromTheBarStartAfterAPickup() {
        // A pickup bar of one eighth: the beats of bar 2 start at 240, 720, …
        let pickup = MeterMap(meters: [MeterChange(bar: 1, numerator: 1, denominator: 8), MeterChange(bar: 2, numerator: 4, denominator: 4)])
        let grid = BeatGrid(notes: [], clock: clock, meterMap: pickup)
        XCTAssertEqual(grid.beat(of: 100), 0..<240)
        XCTAssertEqual(grid.beat(of: 300), 240..<720)
        XCTAssertEqual(grid.beat(of: 1900), 1680..<2160)
        // A bar of 3/8 ends in half a beat.
        let threeEight = MeterMap(meters: [MeterChange(bar: 1, numerator: 3, denominator: 8)])
        XCTAssertEqual(BeatGrid(notes: [], clock: clock, meterMap: threeEight).beat(of: 600), 480..<720)
    }

    func testPointsAndTheirMetricalWeights() {
        XCTAssertEqual(BeatGrid.point(480..<960, parts: 3, of: 650), 640)
        XCTAssertEqual(BeatGrid.point(480..<960, parts: 4, of: 950), 960, "the beat's end belongs to its grid")
        XCTAssertEqual(BeatGrid.point(480..<960, parts: 2, of: 470), 480, "never before the beat")
        XCTAssertEqual(BeatGrid.offBeatCost(0, of: 4), 0)
        XCTAssertEqual(BeatGrid.offBeatCost(4, of: 4), 0)
        XCTAssertEqual(BeatGrid.offBeatCost(2, of: 4), 0.35)
        XCTAssertEqual(BeatGrid.offBeatCost(1, of: 4), 0.7)
        XCTAssertEqual(BeatGrid.offBeatCost(2, of: 3), 0.7)
        XCTAssertEqual(BeatGrid.offBeatCost(3, of: 8), 1)
    }

    func testAPerformedFileIsImportedOnTheBeatGrid() throws {
        // The performance of the first test as a file: it reads back as written.
        let played = [12, 228, 485, 610, 712, 853, 964, 1112, 1291, 1437]
        var events: [UInt8] = []
        var now = 0
        var offs: [(tick: Int, key: UInt8)] = []
        for note in line(played, last: 1930) {
            offs.append((note.end, UInt8(note.pitch)))
            offs.sort { $0.tick < $1.tick }
            while let first = offs.first, first.tick <= note.start {
                events += SMF.vlq(first.tick - now) + [0x80, first.key, 0]
                now = first.tick
                offs.removeFirst()
            }
            events += SMF.vlq(note.start - now) + [0x90, UInt8(note.pitch), 80]
            now = note.start
        }
        for off in offs {
            events += SMF.vlq(off.tick - now) + [0x80, off.key, 0]
            now = off.tick
        }
        let bytes = SMF.header(tracks: 2) + SMF.track(SMF.end) + SMF.track(events + SMF.end)
        let result = try MIDIImporter().importSong(bytes, defaultTitle: "t")
        XCTAssertTrue(result.remarks.first?.contains("quantized beat by beat") ?? false, "\(result.remarks)")
        guard case .original(let body)? = result.song.tracks.first?.phrases.first?.content else { return XCTFail("no phrase") }
        XCTAssertEqual(body.notes.map(\.position).prefix(6), [.zero, Rational(1, 8), Rational(1, 4), Rational(5, 16), Rational(3, 8), Rational(7, 16)])
    }
}
