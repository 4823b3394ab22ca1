import XCTest
import StaveComposition
@testable import StavePianoRoll

/// Properties every roll keeps (widths, aligned bar lines, ASCII drawing), the errors for bad
/// requests, and damaged songs that must end in an error rather than a crash.
final class RollRobustnessTests: XCTestCase {
    func allSongs() -> [Song] {
        (RollTestSupport.songs(in: RollTestSupport.examples) + RollTestSupport.songs(in: RollTestSupport.fixtures))
            .compactMap { RollTestSupport.compile(file: $0) }
    }

    /// The lines of one system block (ruler and rows) have equal length and bar lines in the
    /// same columns; no line but the title is longer than the width (the lyrics and chords lines
    /// of Stave 2 included).
    func testLinesFitTheWidthAndBarLinesAlign() {
        let songs = allSongs()
        XCTAssertGreaterThanOrEqual(songs.count, 17)
        var checkedRows = 0
        for song in songs {
            for width in [40, 57, 80, 120] {
                let roll = RollTestSupport.roll(song, PianoRollOptions(width: width))
                let lines = roll.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for line in lines.dropFirst() {
                    XCTAssertLessThanOrEqual(line.count, width, "\(song.title) at width \(width): \(line)")
                }
                var ruler: String?
                for line in lines {
                    let trimmed = line.drop { $0 == " " }
                    if line.first == " ", let first = trimmed.first, first == "|" || first == ":" {
                        ruler = line
                        continue
                    }
                    guard let ruler, let first = line.first, first != " ", !line.hasPrefix("track "), !line.hasPrefix("drums "),
                          !line.hasPrefix("* "), !line.hasPrefix("lyrics ") else {   // Stave 2 words: not a row
                        ruler = nil
                        continue
                    }
                    XCTAssertEqual(line.count, ruler.count, "\(song.title) at \(width): \(line)")
                    XCTAssertEqual(barLines(line), barLines(ruler), "\(song.title) at \(width): \(line)")
                    checkedRows += 1
                }
            }
        }
        XCTAssertGreaterThan(checkedRows, 1000)
    }

    func barLines(_ line: String) -> [Int] {
        line.enumerated().filter { $0.element == "|" || $0.element == ":" }.map(\.offset)
    }

    /// Apart from titles and names, an ASCII roll holds only the documented characters.
    func testTheDrawingIsASCII() {
        for song in allSongs() {
            let roll = RollTestSupport.roll(song)
            for line in roll.split(separator: "\n").dropFirst(2) where !line.hasPrefix("track ") && !line.hasPrefix("drums ") {
                XCTAssertTrue(line.allSatisfy(\.isASCII), "\(song.title): \(line)")
            }
        }
    }

    /// Every glyph of every band and mark has one Unicode counterpart, in every example and fixture.
    func testUnicodeChangesOnlyTheGlyphs() {
        var songs = 0
        for song in allSongs() {
            let ascii = RollTestSupport.roll(song)
            let unicode = RollTestSupport.roll(song, PianoRollOptions(unicode: true))
            let mapping: [Character: Character] = ["×": "x", "▄": "o", "█": "#", "◆": "@", "╌": "_", "░": "-", "▒": "=", "▓": "%",
                                                   "▲": ">", "▪": "+", "·": ".", "│": "|", "┆": ":", "╵": "'"]
            XCTAssertEqual(String(unicode.map { mapping[$0] ?? $0 }), ascii, song.title)
            XCTAssertNotEqual(unicode, ascii)
            songs += 1
        }
        XCTAssertGreaterThanOrEqual(songs, 20)
    }

    func testUnicodeChangesOnlyTheGlyphsOfTheDrumFixture() {
        guard let song = RollTestSupport.compile(file: RollTestSupport.fixtures.appendingPathComponent("drums.stave")) else { return }
        let ascii = RollTestSupport.roll(song)
        let unicode = RollTestSupport.roll(song, PianoRollOptions(unicode: true))
        let mapping: [Character: Character] = ["×": "x", "▄": "o", "█": "#", "◆": "@", "╌": "_", "░": "-", "▒": "=", "▓": "%",
                                               "▲": ">", "▪": "+", "·": ".", "│": "|", "┆": ":", "╵": "'"]
        XCTAssertEqual(String(unicode.map { mapping[$0] ?? $0 }), ascii)
        XCTAssertNotEqual(unicode, ascii)
    }

    func testBadRequestsAreErrors() {
        guard let song = RollTestSupport.compile(RollTestSupport.melody("c1 | d1 |")) else { return }
        XCTAssertThrowsError(try PianoRollRenderer(options: PianoRollOptions(tracks: ["lead"])).roll(song)) {
            XCTAssertEqual($0 as? PianoRollError, .unknownTrack(id: "lead", available: ["t"]))
        }
        XCTAssertThrowsError(try PianoRollRenderer(options: PianoRollOptions(bars: 3...4)).roll(song)) {
            XCTAssertEqual($0 as? PianoRollError, .barsOutOfRange(requested: 3...4, lastBar: 2))
        }
        XCTAssertNoThrow(try PianoRollRenderer(options: PianoRollOptions(bars: 2...40)).roll(song))
        // The Backend conformance turns request errors into BackendError.
        XCTAssertThrowsError(try PianoRollRenderer(options: PianoRollOptions(tracks: ["x"])).render(song)) {
            XCTAssertEqual($0 as? BackendError, BackendError("unknown track 'x': the song's tracks are t"))
        }
        XCTAssertEqual(try PianoRollRenderer().render(song), Array(RollTestSupport.roll(song).utf8))
        XCTAssertEqual(PianoRollRenderer().formatName, "roll")
    }

    func testAHugeRollIsRefused() {
        let body = PhraseBody(length: Rational(1), notes: [RootNote(position: .zero, width: Rational(1), divisions: [.chord([ChordNote(pitch: 60, velocity: 100)])])])
        let track = Track(id: "t", kind: .melody, channel: 1, phrases: [Phrase(start: .zero, content: .original(body)),
                                                                         Phrase(start: Rational(999_999), content: .original(body))])
        let song = Song(title: "Huge", tracks: [track])
        XCTAssertThrowsError(try PianoRollRenderer(options: PianoRollOptions(step: Rational(1, 1024))).roll(song)) {
            guard case .tooLarge? = $0 as? PianoRollError else { return XCTFail("expected tooLarge, got \($0)") }
        }
        // A few bars of it are fine.
        let part = try? PianoRollRenderer(options: PianoRollOptions(bars: 999_999...1_000_000)).roll(song)
        XCTAssertEqual(part?.contains("bars 999999-1000000 of 1000000"), true)
    }

    func testDamagedSongsEndInErrorsNotCrashes() {
        let body = PhraseBody(length: Rational(1), notes: [RootNote(position: .zero, width: Rational(1), divisions: [.chord([ChordNote(pitch: 60, velocity: 100)])])])
        let track = Track(id: "t", kind: .melody, channel: 1, phrases: [Phrase(start: .zero, content: .original(body))])
        let badMeter = Song(title: "M", meters: [MeterChange(bar: 1, numerator: 4, denominator: 0)], tracks: [track])
        XCTAssertThrowsError(try PianoRollRenderer().roll(badMeter))
        var endless = track
        endless.phrases = [Phrase(start: Rational(Int.max), content: .original(body))]
        XCTAssertThrowsError(try PianoRollRenderer().roll(Song(title: "E", tracks: [endless])))
        var far = track
        far.phrases = [Phrase(start: Rational(5_000_000), content: .original(body))]
        XCTAssertThrowsError(try PianoRollRenderer().roll(Song(title: "F", tracks: [far])))
        // Pitches far outside MIDI are left out rather than giving millions of rows.
        let wild = PhraseBody(length: Rational(1), notes: [RootNote(position: .zero, width: Rational(1), divisions: [
            .chord([ChordNote(pitch: -1_000_000, velocity: 1), ChordNote(pitch: 60, velocity: 1), ChordNote(pitch: Int.max, velocity: 1)]),
        ])])
        var wide = track
        wide.phrases = [Phrase(start: .zero, content: .original(wild))]
        let wideRoll = try? PianoRollRenderer().roll(Song(title: "W", tracks: [wide]))
        XCTAssertEqual(wideRoll?.contains("C4 |o---|"), true, wideRoll ?? "")   // velocity 1: soft
        // A repeat of a missing phrase and a drum key without a name are drawn, not trapped on.
        let drums = Track(id: "d", kind: .drums, channel: 10, phrases: [
            Phrase(start: .zero, content: .original(PhraseBody(length: Rational(1, 4), notes: [
                RootNote(position: .zero, width: Rational(1, 4), divisions: [.chord([ChordNote(pitch: 20, velocity: 1), ChordNote(pitch: 36, velocity: 0)])]),
            ]))),
            Phrase(start: Rational(1), content: .repeat(source: "missing", count: 3)),
        ])
        let roll = try? PianoRollRenderer().roll(Song(title: "D", tracks: [drums]))
        XCTAssertEqual(roll?.contains("drum-20 |o...|"), true, roll ?? "")   // velocity 1: soft
        XCTAssertEqual(roll?.contains("kick    |x...|"), true, roll ?? "")   // velocity 0: silent
    }

    func testATinyWidthStillEnds() {
        guard let song = RollTestSupport.compile(RollTestSupport.melody("c8 d e f g a b > c |")) else { return }
        for width in [-5, 0, 1, 5] {
            let roll = RollTestSupport.roll(song, PianoRollOptions(width: width))
            // Count the cells only: labels such as `C#4` hold a `#` too.
            let cells = roll.split(separator: "\n").compactMap { line in line.firstIndex { $0 == "|" || $0 == ":" }.map { line[$0...] } }
            XCTAssertEqual(cells.joined().filter { $0 == "#" }.count, 8, "width \(width)")
            XCTAssertTrue(roll.contains("C4  |#:") && roll.contains("C5  :#|") && roll.contains("D4  :#:"), roll)
        }
    }
}
