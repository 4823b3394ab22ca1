import Foundation
import XCTest
import StaveComposition
import StavePianoRoll

/// Golden rolls, compared character for character with `Tests/Fixtures/roll/*.txt`: every
/// example, every roll fixture, and the options (`--bars`, `--track`, `--step`, `--width`,
/// `--unicode`). Run with `STAVE_UPDATE_GOLDENS=1` to rewrite the goldens after a deliberate
/// change, then review the diff by eye; a missing golden fails.
final class GoldenRollTests: XCTestCase {
    /// One golden: the song, the options, and the golden file's name.
    struct Case {
        var golden: String
        var song: URL
        var options = PianoRollOptions()
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["STAVE_UPDATE_GOLDENS"] == "1" }

    func fixture(_ name: String) -> URL { RollTestSupport.fixtures.appendingPathComponent(name + ".stave") }
    func example(_ name: String) -> URL { RollTestSupport.examples.appendingPathComponent(name + ".stave") }

    func check(_ item: Case, file: StaticString = #filePath, line: UInt = #line) {
        guard let song = RollTestSupport.compile(file: item.song, file: file, line: line) else { return }
        let text = RollTestSupport.roll(song, item.options, file: file, line: line)
        let url = RollTestSupport.fixtures.appendingPathComponent(item.golden + ".txt")
        if GoldenRollTests.updating {
            XCTAssertNoThrow(try text.write(to: url, atomically: true, encoding: .utf8), file: file, line: line)
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("missing golden \(url.lastPathComponent); run with STAVE_UPDATE_GOLDENS=1 and review it", file: file, line: line)
            return
        }
        if text != golden {
            let ours = text.split(separator: "\n", omittingEmptySubsequences: false)
            let theirs = golden.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ours.count, theirs.count)
            let got = first < ours.count ? String(ours[first]) : "<end>"
            let want = first < theirs.count ? String(theirs[first]) : "<end>"
            XCTFail("\(url.lastPathComponent) differs at line \(first + 1):\n  got:  \(got)\n  want: \(want)", file: file, line: line)
        }
    }

    func testEveryExample() {
        let songs = RollTestSupport.songs(in: RollTestSupport.examples)
        XCTAssertGreaterThanOrEqual(songs.count, 10, "the examples are missing")
        for song in songs {
            check(Case(golden: "example-" + song.deletingPathExtension().lastPathComponent, song: song))
        }
    }

    func testFocusedFixtures() {
        for name in ["tuplets", "chords", "ties", "drums", "meters", "wrapping", "transposed", "v2-marks", "songwriter"] {
            check(Case(golden: name, song: fixture(name)))
        }
    }

    func testWrapping() {
        check(Case(golden: "wrapping-width-60", song: fixture("wrapping"), options: PianoRollOptions(width: 60)))
        check(Case(golden: "wrapping-width-40", song: fixture("wrapping"), options: PianoRollOptions(width: 40)))
        check(Case(golden: "tuplets-width-40", song: fixture("tuplets"), options: PianoRollOptions(width: 40)))
    }

    func testBars() {
        check(Case(golden: "ode-to-joy-bars-3-6", song: example("ode-to-joy"), options: PianoRollOptions(bars: 3...6)))
        check(Case(golden: "meters-bars-4-5", song: fixture("meters"), options: PianoRollOptions(bars: 4...5)))
        check(Case(golden: "drums-bar-3", song: fixture("drums"), options: PianoRollOptions(bars: 3...3)))
    }

    func testTrack() {
        check(Case(golden: "ode-to-joy-track-bass", song: example("ode-to-joy"), options: PianoRollOptions(tracks: ["bass"])))
        check(Case(golden: "transposed-track-clarinet", song: fixture("transposed"), options: PianoRollOptions(tracks: ["clarinet"])))
    }

    func testStep() {
        check(Case(golden: "ode-to-joy-step-4", song: example("ode-to-joy"), options: PianoRollOptions(step: Rational(1, 4), bars: 1...4)))
        check(Case(golden: "tuplets-step-16", song: fixture("tuplets"), options: PianoRollOptions(step: Rational(1, 16))))
        check(Case(golden: "meters-step-3-8", song: fixture("meters"), options: PianoRollOptions(step: Rational(3, 8))))
    }

    func testUnicode() {
        check(Case(golden: "ode-to-joy-unicode", song: example("ode-to-joy"), options: PianoRollOptions(bars: 1...2, unicode: true)))
        check(Case(golden: "v2-marks-unicode", song: fixture("v2-marks"), options: PianoRollOptions(unicode: true)))
        check(Case(golden: "songwriter-unicode", song: fixture("songwriter"), options: PianoRollOptions(unicode: true)))
    }
}
