import XCTest
import StaveComposition
@testable import StaveMIDIImport

final class QuantizerTests: XCTestCase {
    let clock = TickTime(ticksPerWhole: 1920)
    let meters = MeterMap(meters: [MeterChange(bar: 1, numerator: 4, denominator: 4)])

    func mapping() -> TimeMapping { TimeMapping(clock: clock, meterMap: meters) }

    func testBinaryTimesNeedNoWindow() {
        let (times, windows, inexact) = mapping().map([0, 240, 480, 720, 1440])
        XCTAssertEqual(times, [.zero, Rational(1, 8), Rational(1, 4), Rational(3, 8), Rational(3, 4)])
        XCTAssertEqual(windows, [])
        XCTAssertEqual(inexact, 0)
    }

    func testTripletOfEighthsIsOneWindowOfThree() {
        let (times, windows, _) = mapping().map([0, 160, 320, 480])
        XCTAssertEqual(times, [.zero, Rational(1, 12), Rational(1, 6), Rational(1, 4)])
        XCTAssertEqual(windows, [TupletWindow(start: .zero, width: Rational(1, 4), count: 3)])
    }

    func testNestedTupletIsOneWindowOfNineNotWindowsCuttingNotes() {
        // {c {d e f} g}2: c 1/6, d e f 1/18 each, g 1/6.
        let (times, windows, _) = mapping().map([0, 320, 427, 533, 640, 960])
        XCTAssertEqual(windows, [TupletWindow(start: .zero, width: Rational(1, 2), count: 9)])
        XCTAssertEqual(times[2], Rational(4, 18))
    }

    func testSeptupletRoundedToTicksIsFoundExactly() {
        // {c d e f g a b}4 at 480 ppq: the compiler rounds k·480/7 to ticks.
        let ticks = (0...7).map { (2 * $0 * 480 + 7) / 14 }
        let (times, windows, inexact) = mapping().map(ticks)
        XCTAssertEqual(inexact, 0)
        XCTAssertEqual(windows.first?.count, 7)
        XCTAssertEqual(times.map { clock.tick($0) }, ticks)
    }

    func testSnappingToSixteenthsAndAutoGrid() {
        let jittered = [VoiceNote(start: 7, end: 115, pitch: 60, velocity: 90), VoiceNote(start: 236, end: 470, pitch: 62, velocity: 90)]
        let snapped = MIDIImporter.snap(jittered, to: 16, clock: clock)
        XCTAssertEqual(snapped.map(\.start), [0, 240])
        XCTAssertEqual(snapped.map(\.end), [120, 480])
        // Triplet eighths, a few ticks off: the coarsest grid within tolerance is 1/12.
        let triplets = (0..<12).map { VoiceNote(start: $0 * 160 + ($0 % 2 == 0 ? 6 : -5), end: $0 * 160 + 150, pitch: 60, velocity: 80) }
        XCTAssertEqual(MIDIImporter.autoGrid(triplets, clock: clock), 12)
    }

    func testPerformedOnsetsAreQuantizedAndShortReleasesHeld() {
        // Eighth notes played a few ticks early or late, each released a little early.
        let played = (0..<16).map { index -> VoiceNote in
            let start = index * 240 + (index == 0 ? 0 : (index % 2 == 0 ? 7 : -9))
            return VoiceNote(start: max(0, start), end: index * 240 + 225, pitch: 60 + index % 5, velocity: 80)
        }
        XCTAssertTrue(MIDIImporter.looksPerformed(played, clock: clock))
        let written = (0..<16).map { VoiceNote(start: $0 * 240, end: $0 * 240 + 240, pitch: 60, velocity: 80) }
        XCTAssertFalse(MIDIImporter.looksPerformed(written, clock: clock))
        let snapped = MIDIImporter.snap(played, to: MIDIImporter.autoGrid(played, clock: clock), clock: clock)
        XCTAssertEqual(snapped.map(\.start), (0..<16).map { $0 * 240 })
        XCTAssertEqual(snapped.dropLast().map(\.end), (1..<16).map { $0 * 240 }, "held to the next onset, no tiny rests")
    }

    func testWrittenLengths() {
        XCTAssertTrue(WrittenDuration.isWritable(Rational(1, 64)))
        XCTAssertTrue(WrittenDuration.isWritable(Rational(7, 256)))
        XCTAssertTrue(WrittenDuration.isWritable(Rational(37, 4)))
        XCTAssertFalse(WrittenDuration.isWritable(Rational(1, 128)))
        XCTAssertFalse(WrittenDuration.isWritable(Rational(9, 512)))
        XCTAssertFalse(WrittenDuration.isWritable(Rational(1, 12)))
    }

    func testTempoKeyAndTrackNames() {
        XCTAssertEqual(Conductor.bpm(microsecondsPerQuarter: 500_000), Rational(120))
        XCTAssertEqual(Conductor.bpm(microsecondsPerQuarter: 648_649), Rational(925, 10))
        XCTAssertEqual(Conductor.key(fifths: -3, minor: true)?.stave, "c minor")
        XCTAssertEqual(Conductor.key(fifths: 6, minor: false)?.stave, "f# major")
        XCTAssertEqual(TrackNaming.baseID(name: "Lead Guitar", program: 0, drums: false), "lead_guitar")
        XCTAssertEqual(TrackNaming.baseID(name: "track", program: 0, drums: false), "track_track")
        XCTAssertEqual(TrackNaming.baseID(name: nil, program: 73, drums: false), "flute")
        XCTAssertEqual(TrackNaming.baseID(name: "♪", program: 4, drums: false), "electric_piano_1")
    }

    func testStaveSongsComeBackWithTheSameNotes() throws {
        let songs = [
            "title \"t\"\nkey bb major\ntrack a { instrument flute\n phrase { c4 d8. e16 {f g a}4 [c e g]4~ | [c e g]4 r4 b2 } }\n",
            "meter 6/8\ntempo 90\ntrack a { phrase { c8 d e f4. | {g a b c}4. r4. | } }\ndrums d { phrase { kick8 hat snare hat kick kick } }\ntempo 60 at 2\n",
            "ppq 96\ntrack a { phrase { [c~ e g]2 [c f a]2 | c64 d32. e8~ e1 } }\ntrack b { phrase at 3 { o2 c1 } }\n",
            "track a { phrase { c4 tempo 90 d8 tempo 100 e8 {c d e f g}8 } }\n",
        ]
        var checked = 0
        for text in songs {
            let original = try ImportRoundTrip.midi(text)
            let (imported, compiles) = try ImportRoundTrip.importText(original)
            XCTAssertTrue(compiles, imported)
            let again = try ImportRoundTrip.midi(imported)
            XCTAssertEqual(try ImportRoundTrip.notes(again), try ImportRoundTrip.notes(original), imported)
            checked += 1
        }
        XCTAssertEqual(checked, songs.count)
    }

    func testFlatKeysSpellWithFlats() throws {
        let bytes = try ImportRoundTrip.midi("key eb major\ntrack a { phrase { e a b c# } }\n")
        let (text, compiles) = try ImportRoundTrip.importText(bytes)
        XCTAssertTrue(compiles)
        XCTAssertTrue(text.contains("key eb major"), text)
        XCTAssertTrue(text.contains("e a b db"), text)
    }
}
