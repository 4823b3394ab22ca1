import StaveComposition
import StaveSyntax
import XCTest

/// LANGUAGE.md "Lyrics, easier" (v3) from text: strings over several lines, `|` bar checks,
/// `lyrics ID from TRACK.ID2`, and the warning for fewer syllables than lyric notes — each
/// diagnostic as the user sees it (line:col, severity, ID, message, notes).
final class LyricsEasierTests: XCTestCase {
    /// `line:col severity id: message` of every diagnostic, then `  line:col note: …` for its notes.
    static func report(_ text: String) -> [String] {
        let source = Source(path: "t.stave", text: text)
        func at(_ offset: Int) -> String {
            let (line, column) = source.lineColumn(of: offset)
            return "\(line):\(column)"
        }
        return Lowering.compile(source, defaultTitle: "t").diagnostics.flatMap { diagnostic in
            ["\(at(diagnostic.range.start)) \(diagnostic.severity.rawValue) \(diagnostic.id.rawValue): \(diagnostic.message)"]
                + diagnostic.notes.map { "  \($0.range.map { at($0.start) } ?? "-") note: \($0.message)" }
        }
    }

    // MARK: Strings over several lines

    /// A line break in a lyrics string is a space: the verse keeps it as written, and its
    /// syllables are those of the same words on one line.
    func testALyricsStringMayRunOverSeveralLines() {
        let song = compileClean("""
        track a {
          phrase p { c d e f }
          lyrics p "Twin-kle
            twin-kle" "one
        two three four"
        }
        """)
        let verses = body(song).expression.verses
        XCTAssertEqual(verses, ["Twin-kle\n    twin-kle", "one\ntwo three four"])
        XCTAssertEqual(Lyrics.syllables(of: verses[0]), [.sung("Twin-"), .sung("kle"), .sung("twin-"), .sung("kle")])
        XCTAssertEqual(Lyrics.syllables(of: verses[1]), Lyrics.syllables(of: "one two three four"))
    }

    /// Only a lyrics string runs on: a title's string still ends at its line, and an unterminated
    /// lyrics string (no closing quote before the end of the file) is reported once, at its
    /// quote, and ends at its first line break so that the rest reads as written.
    func testOtherStringsEndAtTheLineAndAnUnterminatedLyricsStringIsReportedOnce() {
        XCTAssertEqual(Self.report("title \"Ode\nto Joy\"\n"), [
            "1:7 error unterminated-string: unterminated string: expected '\"' before the end of the line",
            "2:1 error unexpected-token: expected a header statement, 'track' or 'drums', found 'to'",
            "2:7 error unterminated-string: unterminated string: expected '\"' before the end of the line",
        ])
        XCTAssertEqual(Self.report("track a {\n  phrase p { c d }\n  lyrics p \"la\n  volume 90\n}\n"), [
            "3:12 error unterminated-string: unterminated lyrics string: expected '\"' before the end of the file (a lyrics string may run over several lines)",
        ])
    }

    // MARK: Bar checks

    /// `|` takes no note: "a-|bove" sings `a-` then `bove` on the first note of the next bar.
    func testBarChecksThatHoldAreSilentAndTakeNoNote() {
        let song = compileClean("""
        meter 3/4
        track a {
          phrase p { r4 c d | e2 f4 | g2. | }
          lyrics p "Up a-|bove the | world"
        }
        """)
        let verse = body(song).expression.verses[0]
        XCTAssertEqual(Lyrics.syllables(of: verse), [.sung("Up"), .sung("a-"), .sung("bove"), .sung("the"), .sung("world")])
        XCTAssertEqual(Lyrics.barChecks(of: verse).map(\.syllable), [2, 4])
        XCTAssertEqual(Lyrics.barChecks(of: verse).map(\.offset), [5, 15])
    }

    /// A bar check whose syllable lands inside a bar: an error at the `|`, naming the syllable,
    /// its place in the bar and the bar, with a note at the note it falls on.
    func testABarCheckThatFailsNamesTheBar() {
        XCTAssertEqual(Self.report("""
        track a {
          phrase p { c d e f | g g a2 | }
          lyrics p "Twin-kle twin | kle lit-tle star"
        }
        """), [
            "3:27 error lyrics-bar-check: bar check '|': 'kle' falls on lyric note 4 of bar 1, not on the first lyric note of a bar (a syllable too many or too few before it?)",
            "  2:20 note: the syllable falls on this note",
        ])
        // The phrase placed at bar 3: the bar named is the song's.
        XCTAssertEqual(Self.report("""
        track a {
          phrase p at 3 { c d e f | g g a2 | }
          lyrics p "Twin-kle twin-kle lit | tle star"
        }
        """), [
            "3:35 error lyrics-bar-check: bar check '|': 'tle' falls on lyric note 2 of bar 4, not on the first lyric note of a bar (a syllable too many or too few before it?)",
            "  2:31 note: the syllable falls on this note",
        ])
    }

    // MARK: lyrics ID from TRACK.ID2

    /// The alto sings the soprano's verses; `from ID2` names a phrase of the same track.
    func testLyricsFromAnotherPhrase() {
        let song = compileClean("""
        track soprano {
          phrase verse { c d e f }
          lyrics verse "one two three four" "five six sev-en"
          phrase again { f e d c }
          lyrics again from verse
        }
        track alto {
          phrase verse { a g f e }
          lyrics verse from soprano.verse
        }
        """, allowWarnings: true)
        XCTAssertEqual(body(song, track: 1).expression.verses, ["one two three four", "five six sev-en"])
        XCTAssertEqual(body(song, track: 1).expression.lyricsSource, LyricsSource(track: "soprano", phrase: "verse"))
        XCTAssertEqual(body(song, phrase: 1).expression.verses, ["one two three four", "five six sev-en"])
        XCTAssertEqual(body(song, phrase: 1).expression.lyricsSource, LyricsSource(track: nil, phrase: "verse"))
        XCTAssertNil(body(song).expression.lyricsSource)
    }

    /// A missing track or phrase, a phrase without strings of its own, a chain, and the checks of
    /// the verses against the phrase that sings them (with a note at the `from`).
    func testLyricsFromErrors() {
        XCTAssertEqual(Self.report("""
        track s {
          phrase v { c d }
          lyrics v "la la"
          phrase w { c d }
        }
        track a {
          phrase v { c }
          lyrics v from s.v
          phrase x { c d }
          lyrics x from v
          phrase y { c d }
          lyrics y from s.w
          phrase z { c d }
          lyrics z from sx.v
          phrase q { c d }
          lyrics q from s.vv
        }
        """), [
            "3:12 error too-many-syllables: verse 1 has 2 syllables but phrase 'v' has only 1 lyric note (notes and chords that start a sound)",
            "  8:3 note: sung by phrase 'v' here",
            "10:17 error lyrics-source-without-words: phrase 'a.v' takes its lyrics from 's.v' itself: take them from the phrase whose strings are written out",
            "  8:3 note: phrase 'a.v' takes its lyrics from elsewhere here",
            "12:19 error lyrics-source-without-words: phrase 's.w' has no lyrics of its own to take (write 'lyrics w \"…\"' in its track)",
            "14:17 error unknown-track: no track 'sx' to take lyrics from; did you mean 's'?",
            "16:19 error unknown-phrase: no Original phrase 'vv' in track 's' to take lyrics from; did you mean 'v'?",
        ])
    }

    /// `from` on a phrase that already has lyrics is a duplicate, whichever comes first.
    func testLyricsFromOnAPhraseWithLyricsIsADuplicate() {
        XCTAssertEqual(Self.report("""
        track a {
          phrase v { c d }
          lyrics v "la la"
          phrase w { c d }
          lyrics w from v
          lyrics w "lo lo"
        }
        """), [
            "6:10 error duplicate-lyrics: phrase 'w' already has lyrics; write all its verses in one 'lyrics' statement",
            "  5:3 note: the first lyrics of 'w' are here",
        ])
    }

    // MARK: Fewer syllables than lyric notes

    /// A warning at the first note left without a syllable, once per short verse, with a note
    /// at the verse; `*` for the notes that sing nothing on purpose silences it.
    func testFewerSyllablesThanLyricNotesIsAWarningAtTheFirstNoteWithout() {
        XCTAssertEqual(Self.report("""
        track a {
          phrase p { c d [e g] r f~ f g }
          lyrics p "We're on the" "We're on the way to"
        }
        """), [
            "2:26 warning too-few-syllables: this note gets no syllable: verse 1 of phrase 'p' has 3 syllables for 5 lyric notes (2 notes sing nothing; '*' leaves a note without a syllable on purpose)",
            "  3:12 note: verse 1 is here",
        ])
        XCTAssertEqual(Self.report("track a {\n  phrase p { c d e }\n  lyrics p \"la * *\"\n}\n"), [])
    }
}

/// LANGUAGE.md "Two copies of one pitch in a chord" (Songwriting (v3)): they sound once, at
/// the higher velocity, with a warning naming the pitch when the velocities differ.
final class ChordPitchTwiceTests: XCTestCase {
    func testTwoCopiesSoundOnceAtTheHigherVelocity() {
        let song = compileClean("track a {\n  phrase p { [v0 G v90 > d] [c e c] [v40 c e v90 c] }\n}\n", allowWarnings: true)
        XCTAssertEqual(body(song).notes.map { $0.singleChord?.map { "\($0.pitch)@\($0.velocity)" } ?? [] }, [
            ["67@0", "71@0", "74@90"], ["72@90", "76@90"], ["72@90", "76@40"],
        ])
        XCTAssertEqual(LyricsEasierTests.report("track a {\n  phrase p { [v0 G v90 > d] [c e c] [v40 c e v90 c] }\n}\n"), [
            "2:26 warning chord-pitch-twice: d5 (MIDI 74) is twice in this chord, at velocities 0 and 90: it sounds once, at 90",
            "2:50 warning chord-pitch-twice: c5 (MIDI 72) is twice in this chord, at velocities 40 and 90: it sounds once, at 90",
        ])
        // The same velocity: no warning (as in Stave 2).
        XCTAssertEqual(LyricsEasierTests.report("track a {\n  phrase p { [G7 > d] [c e c] }\n}\n"), [])
    }
}
