import XCTest
import StaveComposition
@testable import StaveMIDIImport

/// Issue 31: the limits of LANGUAGE.md rule 13 are checked on a file's events before anything
/// is built (a 37-byte file once took 10 s and 868 MB, then failed with an internal error).
final class ImportLimitTests: XCTestCase {
    /// A format-0 file at 24 ticks a quarter (96 a 4/4 bar) with these events.
    func file(_ events: [UInt8]) -> [UInt8] {
        SMF.header(format: 0, tracks: 1, division: 24) + SMF.track(events + SMF.end)
    }

    /// Middle C from tick 0, released after `ticks`.
    func note(lasting ticks: Int) -> [UInt8] {
        [0x00, 0x90, 60, 64] + SMF.vlq(ticks) + [0x80, 60, 64]
    }

    func refusal(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try MIDIImporter().importSong(bytes, defaultTitle: "t")
            XCTFail("imported", file: file, line: line)
            return nil
        } catch {
            XCTAssertNil(error.offset, file: file, line: line)
            return error.description
        }
    }

    /// The fuzzer's reproducer, kept in the fixtures: one note-off after a delta of 0x0FFFFFFF.
    func testTheFuzzersThirtySevenByteFileIsRefusedFromItsEvents() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz/import/note-off-after-2796203-bars.mid")
        let bytes = Array(try Data(contentsOf: url))
        XCTAssertEqual(bytes.count, 37)
        XCTAssertEqual(bytes, file(note(lasting: 0x0FFF_FFFF)))
        XCTAssertEqual(refusal(bytes), "the song would last 2,796,203 bars (a note ends at tick 268,435,455 of 24 a quarter): "
                       + "expected at most 1,000,000 bars, Stave's limit")
    }

    /// A note may end on the start of bar 1,000,001 (it fills bar 1,000,000), not a tick later.
    /// Checked without building the million bars.
    func testANoteMayEndOnTheFirstTickAfterTheLastBar() throws {
        func check(_ ticks: Int) throws {
            let read = try MIDIFileReader().read(file(note(lasting: ticks)))
            let clock = TickTime(ticksPerWhole: 96)
            var remarks: [String] = []
            let conductor = Conductor(file: read, scale: 1, clock: clock, remarks: &remarks)
            try ImportLimits.check(read, parts: ChannelPart.parts(of: read.tracks[0], track: 0, scale: 1), conductor: conductor, scale: 1, clock: clock)
        }
        XCTAssertNoThrow(try check(96 * 1_000_000))
        XCTAssertThrowsError(try check(96 * 1_000_000 + 1)) { error in
            XCTAssertEqual((error as? MIDIReadError)?.message, "the song would last 1,000,001 bars (a note ends at tick 96,000,001 of 24 a quarter): "
                           + "expected at most 1,000,000 bars, Stave's limit")
        }
    }

    /// Events that are not notes count too: a controller, a marker, a lyric, a tempo change and
    /// a time signature far beyond the last bar, each in a file with one short note.
    func testEveryPlacedEventCounts() {
        let far = SMF.vlq(96 * 2_000_000)
        let cases: [([UInt8], String)] = [
            ([0xB0, 11, 90], "a controller or bend event stands at tick 192,000,024"),
            ([0xFF, 0x06, 1, 0x41], "a marker stands at tick 192,000,024"),
            ([0xFF, 0x05, 2, 0x6C, 0x61], "a lyric stands at tick 192,000,024"),
            ([0xFF, 0x51, 3, 0x07, 0xA1, 0x20], "a tempo change stands at tick 192,000,024"),
        ]
        for (event, what) in cases {
            XCTAssertEqual(refusal(file(note(lasting: 24) + far + event)),
                           "the song would last 2,000,001 bars (\(what) of 24 a quarter): expected at most 1,000,000 bars, Stave's limit", what)
        }
        // A time signature inside a bar starts at the next bar.
        XCTAssertEqual(refusal(file(note(lasting: 24) + far + [0xFF, 0x58, 4, 3, 2, 24, 8])),
                       "the song would last 2,000,002 bars (a time signature stands at tick 192,000,096 of 24 a quarter): "
                       + "expected at most 1,000,000 bars, Stave's limit")
    }

    /// `repeat … xN` takes N up to 10,000: 160,064 equal bars (the finder's longest passage is 16
    /// bars) are an Original of 16 bars with a repeat of 10,000 copies, then the 48 bars left as
    /// an Original of one bar and its 47 copies; the text compiles back.
    func testRepeatsStopAtTenThousandCopies() throws {
        var events: [UInt8] = []
        events.reserveCapacity(160_064 * 8)
        for _ in 0..<160_064 { events += [0x00, 0x90, 60, 64, 0x60, 0x80, 60, 64] }
        let (text, compiles) = try ImportRoundTrip.importText(file(events))
        XCTAssertTrue(compiles, String(text.prefix(500)))
        XCTAssertEqual(text, """
            title "test"
            ppq 24

            track piano {
              phrase p1 {
                !mp c1 | c | c | c | c | c | c | c | c | c | c |
                c | c | c | c | c |
              }
              repeat p1 x10000
              phrase p2 {
                !mp c1 |
              }
              repeat p2 x47
            }

            """)
    }

    /// A time signature at every bar of 20,000 (3/4 and 2/4 in turn, each on its bar's first
    /// tick) becomes 20,000 meter changes. The conductor built the meter map again for each
    /// (quadratic: 30,000 changes took 10 s of CPU); now it keeps one map up to date.
    func testATimeSignatureInEveryBarIsReadInOnePass() throws {
        var events: [UInt8] = []
        for index in 0..<20_000 {
            let delta = index == 0 ? 0 : (index % 2 == 1 ? 72 : 48)
            events += SMF.vlq(delta) + [0xFF, 0x58, 4, index % 2 == 0 ? 3 : 2, 2, 24, 8]
        }
        let bytes = SMF.header(format: 0, tracks: 1, division: 24) + SMF.track(events + [0x00, 0x90, 60, 64, 0x30, 0x80, 60, 0] + SMF.end)
        let result = try MIDIImporter().importSong(bytes, defaultTitle: "t")
        XCTAssertEqual(result.song.meters, (1...20_000).map { MeterChange(bar: $0, numerator: $0 % 2 == 1 ? 3 : 2, denominator: 4) })
        XCTAssertEqual(result.remarks, [])
    }

    /// A tempo change at every bar of 20,000 becomes 20,000 header tempos (each one looked for
    /// the earlier change at its bar among all of them: quadratic, 16 s of CPU for 30,000).
    func testATempoChangeInEveryBarIsReadInOnePass() throws {
        var events: [UInt8] = []
        for index in 0..<20_000 {
            let micros = 400_000 + 10 * index
            events += SMF.vlq(index == 0 ? 0 : 96) + [0xFF, 0x51, 3, UInt8(micros >> 16), UInt8(micros >> 8 & 0xFF), UInt8(micros & 0xFF)]
        }
        let bytes = SMF.header(format: 0, tracks: 1, division: 24) + SMF.track(events + [0x00, 0x90, 60, 64, 0x30, 0x80, 60, 0] + SMF.end)
        let tempos = try MIDIImporter().importSong(bytes, defaultTitle: "t").song.tempos
        XCTAssertEqual(tempos.map(\.bar), Array(1...20_000))
        XCTAssertEqual(tempos.first?.bpm, Rational(150))
        XCTAssertEqual(tempos.last.map { (Rational(60_000_000) / $0.bpm).roundedHalfUp }, 599_990)
    }

    /// `MeterMap.append` and `removeLast` keep the map `init(meters:)` builds.
    func testAMeterMapKeptUpToDateIsTheMapBuiltAtOnce() {
        let meters = [MeterChange(bar: 1, numerator: 3, denominator: 4), MeterChange(bar: 4, numerator: 7, denominator: 8), MeterChange(bar: 9, numerator: 2, denominator: 2)]
        var map = MeterMap(meters: [MeterChange(bar: 1, numerator: 4, denominator: 4)])
        map.removeLast()
        for meter in meters { map.append(meter) }
        map.append(MeterChange(bar: 12, numerator: 5, denominator: 4))
        map.removeLast()
        let built = MeterMap(meters: meters)
        XCTAssertEqual(map.segments.map(\.bar), built.segments.map(\.bar))
        XCTAssertEqual(map.segments.map(\.start), built.segments.map(\.start))
        XCTAssertEqual(map.segments.map(\.meter), built.segments.map(\.meter))
        XCTAssertEqual(built.segments.map(\.start), [.zero, Rational(9, 4), Rational(53, 8)])
    }
}
