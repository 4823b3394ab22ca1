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

/// The rules that read a performance as a line: a release near the next onset is a second
/// reading of it, a line's onsets in a beat keep their order on distinct points, a note on a
/// beat's end keeps the next beat's first point, and the metrical weights are the piece's own.
final class BeatGridLineTests: XCTestCase {
    let clock = TickTime(ticksPerWhole: 1920)
    let fourFour = MeterMap(meters: [MeterChange(bar: 1, numerator: 4, denominator: 4)])

    /// Onsets of one line, each tied to the one before.
    func chain(_ times: [Double]) -> [BeatGrid.Onset] {
        times.indices.map { BeatGrid.Onset(note: $0, time: times[$0], weight: 1, previous: $0 == 0 ? nil : $0 - 1) }
    }

    func testAReleaseNearTheNextOnsetIsASecondReadingOfIt() {
        // σ 40: reach 120 ticks. A's release at 250 is 20 from B's onset at 230: B reads at
        // their mean, 240, with two readings. B's release at 700 is 260 from C's onset: a rest.
        let grid = BeatGrid(clock: clock, meterMap: fourFour, sigma: 40, parts: [0: 4, 480: 4])
        let notes = [VoiceNote(start: 0, end: 250, pitch: 60, velocity: 80), VoiceNote(start: 230, end: 700, pitch: 62, velocity: 80),
                     VoiceNote(start: 960, end: 1440, pitch: 64, velocity: 80)]
        let reading = grid.read(notes)
        XCTAssertEqual(reading.tiedTo.map { $0 ?? -1 }, [1, -1, -1])
        let b = reading.byBeat[0]!.first { $0.note == 1 }!
        XCTAssertEqual(b.time, 240)
        XCTAssertEqual(b.weight, 2)
        XCTAssertEqual(b.previous, 0)
        // Played at 170 alone, B would go to the sixteenth at 120 (50²/3200 + 0.7 = 1.48, against
        // 70²/3200 + 0.35 = 1.88 for 240); with A's release at 280 it reads at 225 and goes to
        // 240, and A ends where B is placed.
        let early = [VoiceNote(start: 0, end: 280, pitch: 60, velocity: 80), VoiceNote(start: 170, end: 480, pitch: 62, velocity: 80)]
        XCTAssertEqual(grid.quantize(early).map(\.start), [0, 240])
        XCTAssertEqual(grid.quantize(early)[0].end, 240)
    }

    func testALinesOnsetsInABeatTakeDistinctPointsInOrder() {
        // σ 60 (2σ² = 7200), four parts: 290 alone is nearer 240 (50²/7200 + 0.35 = 0.70) than
        // 360 (70²/7200 + 0.7 = 1.38), but 250 before it takes 240; sharing it costs 8.
        let grid = BeatGrid(clock: clock, meterMap: fourFour, sigma: 60, parts: [0: 4])
        XCTAssertEqual(grid.assign(chain([5, 130, 250, 290]), in: 0..<480, parts: 4).points, [0, 120, 240, 360])
        // Notes of a chord (not tied one to the next) share a point.
        let chord = [5.0, 20].enumerated().map { BeatGrid.Onset(note: $0.offset, time: $0.element, weight: 1, previous: nil) }
        XCTAssertEqual(grid.assign(chord, in: 0..<480, parts: 4).points, [0, 0])
    }

    func testANoteOnABeatsEndKeepsTheNextBeatsFirstPoint() {
        // Note 7 was placed on the end of the beat before (480); note 8, tied to it and played
        // at 530, would share 480 (50²/7200 = 0.35) but for the collapse (8): it takes 600.
        let grid = BeatGrid(clock: clock, meterMap: fourFour, sigma: 60, parts: [480: 4])
        let onset = [BeatGrid.Onset(note: 8, time: 530, weight: 1, previous: 7)]
        XCTAssertEqual(grid.assign(onset, in: 480..<960, parts: 4, taken: 7).points, [600])
        XCTAssertEqual(grid.assign(onset, in: 480..<960, parts: 4, taken: nil).points, [480])
        // The placement reports the note it put on its beat's end.
        XCTAssertEqual(grid.assign(chain([520, 700, 950]), in: 480..<960, parts: 2).atEnd, 2)
    }

    func testABeatsSubdivisionCountsWhatItsEndCostsTheNextBeat() {
        // σ 60, the default weights. A line 0, 240, 400 (written 360, released at the next
        // onsets: 400 reads with weight 2), 480, 960. Alone, beat 1 costs less in two parts
        // (0.69 + 1.04 + 2.47 for 400 on the beat's end, 80 off, + 1.5 = 5.71) than in four
        // (1.39 + 1.74 + 2.53 for 400 on 360 + 3.5 = 9.15); but in two parts 400 takes 480,
        // where the note tied to it in beat 2 would pay 8: the path takes four.
        let played = [0, 240, 400, 480, 960]
        let notes = played.indices.map { VoiceNote(start: played[$0], end: $0 + 1 < played.count ? played[$0 + 1] : 1440, pitch: 60 + $0, velocity: 80) }
        var grid = BeatGrid(clock: clock, meterMap: fourFour, sigma: 60, parts: [:])
        grid.choose([grid.read(notes)], loose: [:])
        XCTAssertEqual(grid.parts(at: 0).parts, 4)
        XCTAssertEqual(grid.quantize(notes).map(\.start), [0, 240, 360, 480, 960])
    }

    func testTheMetricalWeightsAreThePiecesOwn() {
        // Eight quarter notes on the beats, a little off: 9 on the beat (8 + 1), every other
        // kind once (+1) over its positions per beat: -ln(1/9) = 2.197 for the offbeat eighth,
        // -ln(1/18) = 2.890 for a sixteenth or a triplet, -ln(1/36) = 3.584 for a thirty-second.
        let notes = (0..<8).map { VoiceNote(start: $0 * 480 + ($0 % 2 == 0 ? 6 : -6), end: $0 * 480 + 470, pitch: 60, velocity: 80) }
        let grid = BeatGrid(notes: notes, clock: clock, meterMap: fourFour)
        XCTAssertEqual(grid.metre[1], 0)
        XCTAssertEqual(grid.metre[2]!, 2.1972, accuracy: 0.001)
        XCTAssertEqual(grid.metre[4]!, 2.8904, accuracy: 0.001)
        XCTAssertEqual(grid.metre[3]!, 2.8904, accuracy: 0.001)
        XCTAssertEqual(grid.metre[8]!, 3.5835, accuracy: 0.001)
    }

    func testNaturalLog() {
        for (x, expected) in [(1.0, 0.0), (2, 0.693147), (10, 2.302585), (0.001, -6.907755), (123456.0, 11.723640)] {
            XCTAssertEqual(BeatGrid.naturalLog(x), expected, accuracy: 1e-6, "ln \(x)")
        }
    }
}
