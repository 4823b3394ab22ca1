import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// LANGUAGE.md "Lyrics, easier" (v3) in the MIDI file: the FF 05 events of verses written over
/// several lines, with bar checks (never sent), and of `lyrics ID from TRACK.ID2`.
final class LyricsEasierMIDITests: XCTestCase {
    private func lyrics(_ text: String, track: Int) throws -> [String] {
        try MIDIDump(midi(text)).tracks[track].filter { $0.text.hasPrefix("lyric") }.map { "\($0.tick) \($0.text)" }
    }

    /// The hymn: the soprano writes two verses once (over two lines, with bar checks, `heav-|ens`
    /// keeping its dash); the alto sings them `from soprano.verse` in its own rhythm, verse 1
    /// then verse 2 over its two placements.
    func testAHymnsVoicesSingTheWordsWrittenOnce() throws {
        let hymn = """
        meter 3/4
        track soprano {
          phrase verse { c4 d e | f2 e4 | d c d | c2. | }
          lyrics verse "Praise the Lord, | ye heav-|ens a-dore |
            him" "Praise the Lord, | for he | is glo-ri-|ous"
        }
        track alto {
          octave 3
          phrase verse { a4. b8 a4 | a4 g2 | f4 e f | e2. | }
          lyrics verse from soprano.verse
          repeat verse
        }
        """
        XCTAssertEqual(try lyrics(hymn, track: 1), [
            "0 lyric \"Praise\"", "480 lyric \"the\"", "960 lyric \"Lord,\"", "1440 lyric \"ye\"", "2400 lyric \"heav-\"",
            "2880 lyric \"ens\"", "3360 lyric \"a-\"", "3840 lyric \"dore\"", "4320 lyric \"him\"",
        ])
        XCTAssertEqual(try lyrics(hymn, track: 2), [
            "0 lyric \"Praise\"", "720 lyric \"the\"", "960 lyric \"Lord,\"", "1440 lyric \"ye\"", "1920 lyric \"heav-\"",
            "2880 lyric \"ens\"", "3360 lyric \"a-\"", "3840 lyric \"dore\"", "4320 lyric \"him\"",
            "5760 lyric \"Praise\"", "6480 lyric \"the\"", "6720 lyric \"Lord,\"", "7200 lyric \"for\"", "7680 lyric \"he\"",
            "8640 lyric \"is\"", "9120 lyric \"glo-\"", "9600 lyric \"ri-\"", "10080 lyric \"ous\"",
        ])
    }

    /// A `|` never reaches the file, and a verse on two lines sings as on one.
    func testBarChecksAndLineBreaksSendNothing() throws {
        let oneLine = try lyrics("track a {\n  phrase p { c2 d | e f | }\n  lyrics p \"la-la lo lu\"\n}\n", track: 1)
        let written = try lyrics("track a {\n  phrase p { c2 d | e f | }\n  lyrics p \"la-la\n  |lo\r\n  lu\"\n}\n", track: 1)
        XCTAssertEqual(oneLine, ["0 lyric \"la-\"", "960 lyric \"la\"", "1920 lyric \"lo\"", "2880 lyric \"lu\""])
        XCTAssertEqual(written, ["0 lyric \"la-\"", "960 lyric \"la\"", "1920 lyric \"lo\"", "2880 lyric \"lu\""])
    }

    /// "Two copies of one pitch in a chord" (v3): the MIDI bytes change only for such chords —
    /// one note-on, at the higher velocity (G and B at velocity 0 send nothing).
    func testAPitchTwiceInAChordSoundsOnceAtTheHigherVelocity() throws {
        let ons = try MIDIDump(midi("track a {\n  phrase p { [v0 G v90 > d] [v40 c e v90 c] }\n}\n")).tracks[1]
            .filter { $0.text.hasPrefix("note-on") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(ons, ["0 note-on ch1 74 90", "480 note-on ch1 72 90", "480 note-on ch1 76 40"])
    }
}
