import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// The performance of a song with a form (LANGUAGE.md "Form (v3)", rule 17), read back from
/// the MIDI file and computed by hand. Each written bar is one whole note of its own pitch,
/// so the notes of track 1 spell the order in which the bars are played (480 ppq: a 4/4 bar
/// is 1,920 ticks).
final class FormMIDITests: XCTestCase {
    /// The pitches of written bars 1…14: c d e f g a b in octave 4, then in octave 5.
    private static let pitches = [60, 62, 64, 65, 67, 69, 71, 72, 74, 76, 77, 79, 81, 83]

    private func score(_ header: String, bars: Int) -> String {
        let letters = ["c", "d", "e", "f", "g", "a", "b"]
        var parts: [String] = []
        for bar in 0..<bars {
            let prefix: String = bar == 7 ? "> " : ""
            parts.append(prefix + letters[bar % 7] + "1")
        }
        let body = parts.joined(separator: " | ")
        return header + "\ntrack lead {\n  phrase { \(body) }\n}\n"
    }

    /// The written bars in the order the MIDI file plays them; each note must start where the
    /// one before ends (the performance has no gaps).
    private func order(_ header: String, bars: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
        let notes = try MIDIDump(midi(score(header, bars: bars), file: file, line: line)).notes.filter { $0[0] == 1 }
        var expectedStart = 0
        var result: [Int] = []
        for note in notes {
            XCTAssertEqual(note[2], expectedStart, "a gap or overlap in the performance", file: file, line: line)
            XCTAssertEqual(note[3], 1920, file: file, line: line)
            expectedStart = note[2] + note[3]
            result.append((FormMIDITests.pitches.firstIndex(of: note[4]) ?? -1) + 1)
        }
        return result
    }

    func testEndingsFollowLilyPondsRule() throws {
        // LANGUAGE.md's own example: 5–12, 5–10, 13.
        XCTAssertEqual(try order("repeat bars 5-10 endings 11-12 13", bars: 14), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 5, 6, 7, 8, 9, 10, 13, 14])
    }

    func testThreePassesTwoEndings() throws {
        // N = 3, E = 2: the first ending on passes 1 … N−E+1 = 1, 2; the second on pass 3.
        XCTAssertEqual(try order("repeat bars 2-3 x3 endings 4 5", bars: 6), [1, 2, 3, 4, 2, 3, 4, 2, 3, 5, 6])
    }

    func testPlainRepeatAndCount() throws {
        XCTAssertEqual(try order("repeat bars 2-3", bars: 4), [1, 2, 3, 2, 3, 4])
        XCTAssertEqual(try order("repeat bars 1-1 x4", bars: 2), [1, 1, 1, 1, 2])
        XCTAssertEqual(try order("repeat bars 1-1\nrepeat bars 2-3 x3", bars: 3), [1, 1, 2, 3, 2, 3, 2, 3])
    }

    func testDaCapoAlFine() throws {
        XCTAssertEqual(try order("dc at 8\nfine at 4", bars: 8), [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4])
        // Without a Fine the jump pass runs to the end of the written score.
        XCTAssertEqual(try order("dc at 3", bars: 5), [1, 2, 3, 1, 2, 3, 4, 5])
    }

    func testDalSegnoAlCodaWithEndingsInside() throws {
        // First pass: 1 2 | 3 4 5 | 3 4 6 | 7 8, D.S.; the jump pass plays the repeat once with
        // its last ending: 3 4 6, 7 (To Coda), then the coda 9–12.
        let header = "segno at 3\nrepeat bars 3-4 endings 5 6\nds at 8\nto-coda at 7\ncoda at 9"
        XCTAssertEqual(try order(header, bars: 12), [1, 2, 3, 4, 5, 3, 4, 6, 7, 8, 3, 4, 6, 7, 9, 10, 11, 12])
    }

    func testJumpInsideAnEndingIsTakenOnThePassThatPlaysIt() throws {
        // The first ending (bar 3) holds the D.C.: pass 1 plays 1 2 3 and jumps; the jump pass
        // plays the repeat once with its last ending (4), then 5 6.
        XCTAssertEqual(try order("repeat bars 1-2 endings 3 4\ndc at 3", bars: 6), [1, 2, 3, 1, 2, 4, 5, 6])
        // In the second ending: taken after the second pass.
        XCTAssertEqual(try order("repeat bars 1-2 endings 3 4\ndc at 4\nfine at 2", bars: 4), [1, 2, 3, 1, 2, 4, 1, 2])
    }

    func testDalSegnoAlFine() throws {
        XCTAssertEqual(try order("segno at 2\nds at 5\nfine at 3", bars: 6), [1, 2, 3, 4, 5, 2, 3])
    }

    /// A note still sounding at a segment's end is cut there when the next segment goes back;
    /// where the performance goes on at the next written bar the tie sounds through.
    func testSeamCutsAHeldNote() throws {
        let text = "repeat bars 1-3\ntrack lead {\n  phrase { c1 | d1 | e1~ | e1 | f1 }\n}\n"
        let notes = try MIDIDump(midi(text)).notes.filter { $0[0] == 1 }.map { [$0[2], $0[3], $0[4]] }
        XCTAssertEqual(notes, [
            [0, 1920, 60], [1920, 1920, 62], [3840, 1920, 64],      // pass 1: e cut at the repeat sign
            [5760, 1920, 60], [7680, 1920, 62], [9600, 3840, 64],   // pass 2: e tied into bar 4
            [13440, 1920, 65],
        ])
    }

    /// A note held over the jump bar is cut at the jump; the Fine cuts the last one.
    func testSeamCutsAtTheJumpAndAtTheFine() throws {
        let text = "dc at 2\nfine at 1\ntrack lead {\n  phrase { c1~ | c1 | d2 e2~ | e1 }\n}\n"
        let notes = try MIDIDump(midi(text)).notes.filter { $0[0] == 1 }.map { [$0[2], $0[3], $0[4]] }
        // Pass 1: bars 1–2 (c held over both), D.C.: bar 1 again, its c cut at the Fine.
        XCTAssertEqual(notes, [[0, 3840, 60], [3840, 1920, 60]])
    }

    private func conductor(_ text: String) throws -> [String] {
        try MIDIDump(midi(text)).tracks[0].filter { !$0.text.hasPrefix("track-name") && $0.text != "end-of-track" }.map { "\($0.tick) \($0.text)" }
    }

    /// The tempo in force at a segment's written start is written again when it differs; a
    /// tempo change inside a repeated bar is played on every pass.
    func testTempoReestablishedAtTheSeam() throws {
        let text = score("tempo 120\ntempo 60 at 3\nrepeat bars 2-3", bars: 4)
        XCTAssertEqual(try conductor(text), [
            "0 time-signature 4/4 clocks 24 32nds 8", "0 key-signature 0 major", "0 tempo 500000",
            "3840 tempo 1000000",
            "5760 tempo 500000",   // back at bar 2: 120 again
            "7680 tempo 1000000",  // bar 3 on the second pass
        ])
    }

    /// The meter is re-established too, first at its tick (rule 19), before a marker there; a
    /// header marker inside the repeat sounds on every pass.
    func testMeterReestablishedFirstAtTheTick() throws {
        let text = "meter 3/4 at 3\nmarker \"B\" at 2\nrepeat bars 2-3\ntrack lead {\n  phrase { c1 | d1 | e2. | f2. }\n}\n"
        XCTAssertEqual(try conductor(text), [
            "0 time-signature 4/4 clocks 24 32nds 8", "0 key-signature 0 major", "0 tempo 500000",
            "1920 marker \"B\"",
            "3840 time-signature 3/4 clocks 24 32nds 8",
            "5280 time-signature 4/4 clocks 24 32nds 8", "5280 marker \"B\"",
            "7200 time-signature 3/4 clocks 24 32nds 8",
        ])
        let notes = try MIDIDump(midi(text)).notes.filter { $0[0] == 1 }.map { [$0[2], $0[4]] }
        XCTAssertEqual(notes, [[0, 60], [1920, 62], [3840, 64], [5280, 62], [7200, 64], [8640, 65]])
    }

    /// The n-th sounding of a phrase with verses sings verse ((n − 1) mod count) + 1: the chorus
    /// under `repeat bars` sings verse 1, then verse 2, then verse 1 again after the D.C. (the
    /// performance is bars 1 1 2 1 2).
    func testVersesCountSoundings() throws {
        let text = """
        repeat bars 1-1
        dc at 2
        track lead {
          phrase chorus { c2 d2 }
          phrase { e1 }
          lyrics chorus "one two" "three four"
        }
        """
        let lyrics = try MIDIDump(midi(text)).tracks[1].filter { $0.text.hasPrefix("lyric") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(lyrics, [
            "0 lyric \"one\"", "960 lyric \"two\"",
            "1920 lyric \"three\"", "2880 lyric \"four\"",
            "5760 lyric \"one\"", "6720 lyric \"two\"",   // after the D.C.: bars 1 2 1 | 1 2
        ])
    }

    /// Body markers, controllers and in-body tempos are replayed on every pass.
    func testBodyEventsReplayedPerPass() throws {
        let text = "repeat bars 1-1 x3\ntrack lead {\n  phrase { marker \"A\" cc 11 90 tempo 90 c1 }\n}\n"
        let dump = try MIDIDump(midi(text))
        XCTAssertEqual(dump.tracks[0].filter { $0.text.hasPrefix("marker") || $0.text.hasPrefix("tempo") }.map { "\($0.tick) \($0.text)" }, [
            "0 tempo 666667", "0 marker \"A\"", "1920 tempo 666667", "1920 marker \"A\"", "3840 tempo 666667", "3840 marker \"A\"",
        ])
        XCTAssertEqual(dump.tracks[1].filter { $0.text.hasPrefix("control ch1 11") }.map(\.tick), [0, 1920, 3840])
    }

    /// The unfolding of a song without a form is the written score once.
    func testNoFormIsTheIdentity() throws {
        let (song, _) = Lowering.compile(Source(path: "t.stave", text: score("", bars: 3)), defaultTitle: "t")
        let unfolding = FormUnfolding(song)
        XCTAssertTrue(unfolding.isIdentity)
        XCTAssertEqual(unfolding.segments.map { [$0.firstBar, $0.lastBar] }, [[1, 3]])
    }

    /// Performance bars and the written bars they play.
    func testPerformanceBars() throws {
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: score("repeat bars 2-3 endings 4 5", bars: 6)), defaultTitle: "t")
        XCTAssertFalse(diagnostics.hasErrors)
        let unfolding = FormUnfolding(song)
        XCTAssertEqual(unfolding.performedBars, 8)
        XCTAssertEqual((1...9).map { unfolding.writtenBar(ofPerformedBar: $0) ?? 0 }, [1, 2, 3, 4, 2, 3, 5, 6, 0])
        XCTAssertEqual(unfolding.segments.map { [$0.firstBar, $0.lastBar, $0.performedBar] }, [[1, 4, 1], [2, 3, 5], [5, 6, 7]])
    }
}

/// The examples with a form, each with its performance order checked by hand (the order the
/// header comment of each file states).
final class FormExampleTests: XCTestCase {
    private func runs(_ name: String) throws -> [[Int]] {
        let text = try XCTUnwrap(readFile(packageRoot + "/Examples/" + name))
        let (song, diagnostics) = Lowering.compile(Source(path: name, text: text), defaultTitle: name)
        XCTAssertEqual(diagnostics.map(\.message), [])
        return FormUnfolding(song).segments.map { [$0.firstBar, $0.lastBar] }
    }

    func testBluesLeadSheet() throws {
        // Head in twice (1st ending, then 2nd), solo, D.S. to the head with its last ending,
        // To Coda at its end, the coda: 50 bars.
        XCTAssertEqual(try runs("blues-lead-sheet.stave"), [[1, 12], [1, 10], [13, 26], [1, 10], [13, 14], [27, 28]])
    }

    func testPopSong() throws {
        // Intro, verse 1 + chorus + 1st ending, verse 2 + chorus + 2nd ending + bridge, D.S.:
        // verse + chorus, To Coda at the chorus's end, the coda: 36 bars.
        XCTAssertEqual(try runs("pop-song-form.stave"), [[1, 12], [3, 10], [13, 18], [3, 10], [19, 20]])
        let text = try XCTUnwrap(readFile(packageRoot + "/Examples/pop-song-form.stave"))
        let dump = try MIDIDump(midi(text))
        let lyrics = dump.tracks[1].filter { $0.text.hasPrefix("lyric") }
        // Each verse's first syllable: verse 1 at performance bar 3, verse 2 at bar 13, verse 1
        // again after the D.S. at bar 27 (1,920 ticks a bar).
        XCTAssertEqual(lyrics.filter { ["lyric \"Fold\"", "lyric \"Write\""].contains($0.text) }.map { "\($0.tick / 1920 + 1) \($0.text)" },
                       ["3 lyric \"Fold\"", "13 lyric \"Write\"", "27 lyric \"Fold\""])
    }
}
