import XCTest
import StaveComposition
@testable import StavePianoRoll

/// What songwriters missed in the roll (issue 31): rows labelled as the notes were written,
/// cells shaded by velocity band, and every chord symbol and syllable shown. Every expected
/// character is worked out by hand from ROLL.md.
final class SongwriterRollTests: XCTestCase {
    func lines(_ source: String, _ options: PianoRollOptions = PianoRollOptions(),
               file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard let song = RollTestSupport.compile(source, file: file, line: line) else { return [] }
        return RollTestSupport.roll(song, options, file: file, line: line).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The row labels of a roll of one melody track (the lines between the ruler and the end).
    func labels(_ source: String, _ options: PianoRollOptions = PianoRollOptions(),
                file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let all = lines(source, options, file: file, line: line)
        guard let ruler = all.firstIndex(where: { $0.hasPrefix(" ") && $0.contains("|") }) else { return [] }
        return all[(ruler + 1)...].filter { !$0.isEmpty }.map { String($0.prefix { $0 != " " }) }
    }

    /// F major with an F♯ (the song): the F♯ was written `f#` twice and `gb` once, so its
    /// row is `F#4` (the key alone says `Gb4`); `bn` is `B4`, `bb` `Bb4`; A♭ was never written
    /// and is spelled for the key (`Ab4`). Quarters on a quarter grid; bar 3 is `v35` (soft:
    /// `o`), bar 4 `!ff` (loud: `@%%%`), the rest the default 100 (medium: `#`).
    func testAnFSharpInFMajorIsLabelledAsWrittenAndShadedByVelocity() {
        XCTAssertEqual(lines("""
        title "F sharp in F"
        key f major
        track lead {
          phrase { f4 g f# g | a bb bn > c | o4 v35 f# g gb f | !ff f1 | }
        }
        """), [
            "F sharp in F",
            "key F major, meter 4/4, bars 1-4 of 4, 1 column = 1/4 note, 1 column per quarter note",
            "legend: # onset, = sustain",
            "velocity: o- soft (v1-56, ppp-p), #= medium (v57-103, mp-f), @% loud (v104-127, ff-fff)",
            "",
            "track lead: acoustic-grand-piano, channel 1",
            "    |1'''|2'''|3'''|4'''|",
            "C5  |....|...#|....|....|",
            "B4  |....|..#.|....|....|",
            "Bb4 |....|.#..|....|....|",
            "A4  |....|#...|....|....|",
            "Ab4 |....|....|....|....|",
            "G4  |.#.#|....|.o..|....|",
            "F#4 |..#.|....|o.o.|....|",
            "F4  |#...|....|...o|@%%%|",
            "",
        ])
    }

    /// Of two spellings of one pitch the one written more often wins, of two written equally
    /// often the first written; only the shown bars count.
    func testTheMostWrittenSpellingWinsThenTheFirstWritten() {
        let song = """
        title "Both"
        key f major
        track t { phrase { gb4 f# f# gb | f# gb r2 | f#4 f# gb r4 | } }
        """
        // Whole song: f# 5 times, gb 4 times.
        XCTAssertEqual(labels(song), ["F#4"])
        // Bar 1: 2 and 2, gb first.
        XCTAssertEqual(labels(song, PianoRollOptions(bars: 1...1)), ["Gb4"])
        // Bar 2: 1 and 1, f# first.
        XCTAssertEqual(labels(song, PianoRollOptions(bars: 2...2)), ["F#4"])
        // Bars 1-2: 3 and 3, gb first (bar 1).
        XCTAssertEqual(labels(song, PianoRollOptions(bars: 1...2)), ["Gb4"])
    }

    /// A written `b#`, `cb`, `e#`, `f##` keep their letters and the letter's octave (F#4, never
    /// written, is spelled for the key); a track
    /// transposed by other than whole octaves is spelled for the key; a sync an octave up keeps
    /// the written spelling.
    func testOctavesBelongToTheLetterAndTranspositionFallsBackToTheKey() {
        XCTAssertEqual(labels("title \"L\"\ntrack t { phrase { o3 b# o4 cb e# f## } }\n"),
                       ["F##4", "F#4", "E#4", "E4", "D#4", "D4", "C#4", "B#3", "Cb4"])
        // Written f# sounds G#4 (68) under `transpose 2`: spelled for F major, Ab4.
        XCTAssertEqual(labels("title \"T\"\nkey f major\ntrack t { transpose 2\n phrase { f# } }\n"), ["Ab4"])
        XCTAssertEqual(labels("title \"S\"\nkey f major\ntrack a { phrase p { f# } }\ntrack b { sync a.p transpose 12 }\n",
                              PianoRollOptions(tracks: ["b"])), ["F#5"])
    }

    /// Ghost notes and silent hits are cells of their own: `snare8` (100, `#`), `v35` (`o`),
    /// `v0` (`x`), `!ff` (112, `@`); a loud quarter is `@%`. Eighths on a 2/4 grid.
    func testGhostNotesAndSilentHitsAreVisible() {
        let source = """
        title "Ghosts"
        meter 2/4
        drums d { phrase { snare8 v35 snare v0 snare !ff snare | [kick snare]4 kick | } }
        """
        let top = [
            "Ghosts",
            "key C major, meter 2/4, bars 1-2 of 2, 1 column = 1/8 note, 2 columns per quarter note",
        ]
        XCTAssertEqual(lines(source), top + [
            "legend: # onset, = sustain",
            "velocity: x_ silent (v0), o- soft (v1-56, ppp-p), #= medium (v57-103, mp-f), @% loud (v104-127, ff-fff)",
            "",
            "drums d: standard kit, channel 10",
            "      |1 ' |2 ' |",
            "snare |#ox@|@%..|",
            "kick  |....|@%@%|",
            "",
        ])
        XCTAssertEqual(lines(source, PianoRollOptions(unicode: true)), top + [
            "legend: █ onset, ▒ sustain",
            "velocity: ×╌ silent (v0), ▄░ soft (v1-56, ppp-p), █▒ medium (v57-103, mp-f), ◆▓ loud (v104-127, ff-fff)",
            "",
            "drums d: standard kit, channel 10",
            "      │1 ╵ │2 ╵ │",
            "snare │█▄×◆│◆▓··│",
            "kick  │····│◆▓◆▓│",
            "",
        ])
    }

    /// A legend wraps like the information line: at width 40 the velocity line breaks between
    /// its bands, continuation lines indented by two.
    func testTheVelocityLegendWraps() {
        let all = lines("title \"W\"\ntrack t { phrase { v20 c4 !ff d r2 | } }\n", PianoRollOptions(width: 40))
        XCTAssertEqual(Array(all[4...8]), [
            "legend: # onset, = sustain",
            "velocity: o- soft (v1-56, ppp-p),",
            "  #= medium (v57-103, mp-f),",
            "  @% loud (v104-127, ff-fff)",
            "",
        ])
    }

    /// Chord symbols one eighth apart do not fit on one line: `Cmaj7` (column 1) runs to column
    /// 5, so `F#m7b5` (column 2) opens a second line above it and `G7` (column 3) a third; `C`
    /// (column 7) fits on the first after `Cmaj7` and a space.
    func testChordSymbolsThatDoNotFitStackAboveTheRuler() {
        let all = lines("title \"Changes\"\ntrack t { phrase { [Cmaj7]8 [F#m7b5]8 [G7]4 r4 [C]4 | } }\n")
        XCTAssertEqual(Array(all[3...8]), [
            "track t: acoustic-grand-piano, channel 1",
            "chords    G7",
            "chords   F#m7b5",
            "chords  Cmaj7 C",
            "       |1 ' ' ' |",
            "F5     |..#=....|",
        ])
    }

    /// A syllable that would run past the width moves left to end at it (the 31 letters on d,
    /// column 3, start in column 2), one longer than the line after the label is cut to it (32
    /// of 38 letters); each then needs a line of its own below the first.
    func testLongSyllablesMoveLeftOrAreCutAtTheWidth() {
        let source = { (word: String) in "title \"Long\"\ntrack t {\n  phrase p { c2 d2 | }\n  lyrics p \"a \(word)\"\n}\n" }
        let shifted = lines(source("abcdefghijklmnopqrstuvwxyzabcde"), PianoRollOptions(width: 40))
        XCTAssertEqual(shifted.filter { $0.hasPrefix("lyrics") }, ["lyrics  a", "lyrics   abcdefghijklmnopqrstuvwxyzabcde"])
        let cut = lines(source("supercalifragilisticexpialidociousness"), PianoRollOptions(width: 40))
        XCTAssertEqual(cut.filter { $0.hasPrefix("lyrics") }, ["lyrics  a", "lyrics  supercalifragilisticexpialidocio"])
        XCTAssertTrue((shifted + cut).allSatisfy { $0.count <= 40 })
    }
}

/// The lines of words a roll needs depend on how its texts collide, so they are counted as they
/// are drawn, within the roll's character limit.
final class WordsBudgetTests: XCTestCase {
    func testLinesOfWordsBeyondTheBudgetAreRefused() throws {
        guard let song = RollTestSupport.compile("""
        title "L"
        track t {
          phrase p { c8 d e f g a b > c | }
          lyrics p "aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd e f g h"
        }
        """) else { return }
        let track = song.tracks[0]
        let meterMap = MeterMap(meters: song.meters)
        let grid = RollGrid(meterMap: meterMap, bars: 1...1, step: Rational(1, 8))
        var roll = RollTrack(track: track, notes: Performance.notes(of: track, in: song), from: .zero, to: Rational(1), key: song.key,
                             lyrics: Performance.lyrics(of: track, in: song))
        roll.draw(on: grid)
        let drawing = SystemDrawing(grid: grid, meterMap: meterMap, glyphs: .ascii, labelWidth: 7, lineWidth: 120)
        // Eight syllables one column apart, the first four ten letters long: a–d take a line
        // each, e and g (columns 5, 7) the fifth, f and h (6, 8) the sixth; the five lines beyond
        // the first are 19, 20, 21, 15 and 16 characters, 96 with their newlines.
        var lines: [String] = []
        XCTAssertNoThrow(try PianoRollRenderer().drawSystems([roll], drawing, bars: 1...1, into: &lines, budget: 96))
        XCTAssertEqual(lines.filter { $0.hasPrefix("lyrics") }.count, 6)
        lines = []
        XCTAssertThrowsError(try PianoRollRenderer().drawSystems([roll], drawing, bars: 1...1, into: &lines, budget: 95)) {
            XCTAssertEqual($0 as? PianoRollError, .tooLarge(characters: PianoRollRenderer.maximumCharacters + 1))
        }
    }
}
