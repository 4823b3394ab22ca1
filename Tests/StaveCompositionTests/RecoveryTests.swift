import StaveComposition
import StaveSyntax
import XCTest

/// Recovery that does not cascade, and hints that help: each case is a song and every
/// diagnostic it must give, exactly (line:column, severity, ID and the whole message).
final class RecoveryTests: XCTestCase {
    /// Every diagnostic of `text`, in source order, as `line:col severity id: message`.
    static func diagnose(_ text: String) -> [String] {
        diagnose(bytes: Array(text.utf8))
    }

    // MARK: - Resynchronising on the next line; did-you-mean

    func testASecondTypoOnALaterLineIsReportedWithSuggestions() {
        let text = """
        track a {
          instrumnet piano
          volum 80
          phrase { c d e f | }
        }
        """
        XCTAssertEqual(Self.diagnose(text), [
            "2:3 error unexpected-token: expected a setting, 'phrase', 'repeat', 'sync' or '}' in track 'a', found 'instrumnet'; did you mean 'instrument'?",
            "3:3 error unexpected-token: expected a setting, 'phrase', 'repeat', 'sync' or '}' in track 'a', found 'volum'; did you mean 'volume'?",
        ])
    }

    func testMisspelledHeaderStatementsOnTwoLines() {
        let text = """
        titel "Song"
        tmepo 120
        track a { phrase { c } }
        """
        XCTAssertEqual(Self.diagnose(text), [
            "1:1 error unexpected-token: expected a header statement, 'track' or 'drums', found 'titel'; did you mean 'title'?",
            "2:1 error unexpected-token: expected a header statement, 'track' or 'drums', found 'tmepo'; did you mean 'tempo'?",
        ])
    }

    func testAWordFarFromEveryKeywordGetsNoGuess() {
        XCTAssertEqual(Self.diagnose("banana 3\ntrack a { phrase { c } }"), [
            "1:1 error unexpected-token: expected a header statement, 'track' or 'drums', found 'banana'",
        ])
    }

    func testMisspelledNamesGetSuggestions() {
        let text = """
        track a { instrument flut phrase { c !mff d tempp 90 } }
        drums d { kit jaz phrase { kik8 snare } }
        """
        XCTAssertEqual(Self.diagnose(text), [
            "1:22 error unknown-instrument: unknown instrument 'flut': expected a General MIDI name such as 'acoustic-grand-piano', an alias such as 'piano', or a number 0–127; did you mean 'flute'?",
            "1:38 error unexpected-token: unknown dynamic '!mff': expected one of the dynamics !ppp, !pp, !p, !mp, !mf, !f, !ff or !fff; did you mean '!mf'?",
            "1:45 error invalid-pitch: expected a note (a–g), 'r', 'o', 'v' or a command, found 'tempp'; did you mean 'tempo'?",
            "2:15 error unknown-kit: unknown drum kit 'jaz': expected standard, room, power, electronic, tr-808, jazz, brush, orchestra or a number 0–127; did you mean 'jazz'?",
            "2:28 error unknown-drum: unknown drum name 'kik'; did you mean 'kick'?",
        ])
    }

    func testSuggestionsJudgeClosenessAlike() {
        let keywords = ["title", "composer", "tempo", "meter", "key", "ppq", "track", "drums"]
        XCTAssertEqual(Suggestion.closest(to: "instrumnet", among: ["instrument", "kit"]), "instrument")
        XCTAssertEqual(Suggestion.closest(to: "Tempo", among: keywords), "tempo")
        XCTAssertEqual(Suggestion.closest(to: "trak", among: keywords), "track")
        XCTAssertEqual(Suggestion.closest(to: "<", among: ["p", "f"]), nil)
        XCTAssertEqual(Suggestion.closest(to: "tempo", among: keywords), nil, "a valid word needs no hint")
        XCTAssertEqual(Suggestion.closest(to: "qqqqqq", among: keywords), nil)
        XCTAssertEqual(Suggestion.hint(for: "mff", among: ["ppp", "pp", "p", "mp", "mf", "f", "ff", "fff"], prefix: "!"), "; did you mean '!mf'?")
    }

    // MARK: - No cascades of bar-line errors

    func testARejectedTokenCausesNoBarLineErrorsAfterIt() {
        let text = """
        track a {
          phrase { c d e f | g h a b | d e f g | c d e f |
            c d e f | }
          phrase { c d e f | c d e f | }
          repeat p1
        }
        """
        XCTAssertEqual(Self.diagnose(text), [
            "2:24 error invalid-pitch: expected a note (a–g), 'r', 'o', 'v' or a command, found 'h'",
            "5:10 error unknown-phrase: no Original phrase 'p1' in track 'a' to repeat",
        ])
    }

    func testBarLinesBeforeTheParseErrorAreStillChecked() {
        let text = "track a { phrase { c d e | f g a b | c 4 d e | f | } }"
        XCTAssertEqual(Self.diagnose(text), [
            "1:26 error bar-line-off-grid: bar line falls 3/4 after the start of bar 1 (meter 4/4)",
            "1:40 error duration-not-attached: a duration must follow its note directly: remove the space before '4'",
        ])
    }

    func testAnArgumentOfARejectedWordIsNotASecondError() {
        XCTAssertEqual(Self.diagnose("track a { phrase { c tempp 90 d e f | } }"), [
            "1:22 error invalid-pitch: expected a note (a–g), 'r', 'o', 'v' or a command, found 'tempp'; did you mean 'tempo'?",
        ])
    }

    func testOneOverlongBarIsOneErrorAndLaterBarsAreMeasuredFromItsBarLine() {
        let bar = " c d e f |"
        let text = "track a { phrase { c d e f | g a b c d |" + String(repeating: bar, count: 40) + " } }"
        XCTAssertEqual(Self.diagnose(text), [
            "1:40 error bar-line-off-grid: bar line falls 1/4 after the start of bar 3 (meter 4/4)",
        ])
    }

    func testAShortBarThenALongOneAreTwoErrors() {
        let text = "track a { phrase { c d e f | c d e | c d e f | c d e f g | c d e f | } }"
        XCTAssertEqual(Self.diagnose(text), [
            "1:36 error bar-line-off-grid: bar line falls 3/4 after the start of bar 2 (meter 4/4)",
            "1:58 error bar-line-off-grid: bar line falls 1/4 after the start of bar 5 (meter 4/4)",
        ])
    }

    func testARepeatOfAPhraseWithAParseErrorChecksNoBarLines() {
        let text = """
        track a {
          phrase riff { c d h | e f g a | }
          repeat riff x3
          phrase at 9 { c1 | }
        }
        """
        XCTAssertEqual(Self.diagnose(text), [
            "2:21 error invalid-pitch: expected a note (a–g), 'r', 'o', 'v' or a command, found 'h'",
        ])
    }

    // MARK: - Messages that say what is wrong

    func testAStaccatoBeforeTheDurationIsOneErrorSayingWhereItGoes() {
        XCTAssertEqual(Self.diagnose("track a { phrase { c'4 d e f | g1 | } }"), [
            "1:21 error misplaced-mark: articulation marks follow the duration: write c4'",
        ])
    }

    func testAnUnknownDynamicNamesTheDynamicsExpected() {
        XCTAssertEqual(Self.diagnose("track a { phrase { !p c !cresc d e f !f | } }"), [
            "1:25 error unexpected-token: unknown dynamic '!cresc': expected one of the dynamics !ppp, !pp, !p, !mp, !mf, !f, !ff or !fff",
        ])
    }

    // MARK: - Files as they come

    func testCarriageReturnLineEndsEndComments() throws {
        for lineBreak in ["\r", "\r\n"] {
            let text = ["// a classic Mac file", "title \"Mac\"", "track a { phrase { c d e f | } } // the tune", "// the end"].joined(separator: lineBreak)
            let source = Source(path: "t.stave", text: text)
            let (song, diagnostics) = Lowering.compile(source, defaultTitle: "t")
            XCTAssertEqual(diagnostics, [])
            XCTAssertEqual(song.title, "Mac")
            XCTAssertEqual(song.tracks.count, 1)
        }
        XCTAssertEqual(Self.diagnose("// one\rtrack a { phrase { c d e | } }\r"), [
            "2:26 error bar-line-off-grid: bar line falls 3/4 after the start of bar 1 (meter 4/4)",
        ])
    }

    func testAByteOrderMarkIsAccepted() {
        let text = "\u{FEFF}title \"x\" track a { phrase { c d e | } }"
        XCTAssertEqual(Self.diagnose(text), ["1:36 error bar-line-off-grid: bar line falls 3/4 after the start of bar 1 (meter 4/4)"])
    }

    func testEqualTempos() {
        XCTAssertEqual(Self.diagnose("tempo 100 at 2\ntempo 100 at 2\ntempo 90 at 2\ntrack a { phrase { c1 | c1 | } }"), [
            "3:1 warning tempo-conflict: two tempo changes at bar 2: tempo 90 replaces tempo 100",
        ])
    }

    // MARK: - Other kinds of file

    static func diagnose(bytes: [UInt8]) -> [String] {
        let source = Source(path: "t.stave", bytes: bytes)
        let (_, diagnostics) = Lowering.compile(source, defaultTitle: "t")
        return diagnostics.map { diagnostic in
            let (line, column) = source.lineColumn(of: diagnostic.range.start)
            return "\(line):\(column) \(diagnostic.severity.rawValue) \(diagnostic.id.rawValue): \(diagnostic.message)"
        }
    }

    func testAMIDIFileIsOneError() {
        let header: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 1, 0, 2, 0x01, 0xE0] + Array("MTrk".utf8) + [0, 0, 0, 4, 0x00, 0xFF, 0x2F, 0x00]
        XCTAssertEqual(Self.diagnose(bytes: header + [UInt8](repeating: 0x90, count: 16_000)), [
            "1:1 error not-a-stave-song: this is a Standard MIDI File, not a Stave song",
        ])
    }

    func testASaveFileIsOneError() {
        let save = "\u{FEFF}\n  {\n  \"format\": \"stave-song\",\n  \"version\": 2,\n  \"song\": {\"title\": \"x\", \"tracks\": []}\n}\n"
        XCTAssertEqual(Self.diagnose(save), [
            "2:3 error not-a-stave-song: this is a Stave save file, not a Stave song: use `stave print` to turn it into Stave text",
        ])
        // Other JSON is read as Stave (and fails as such).
        XCTAssertEqual(Self.diagnose("{\"a\": 1}"), [
            "1:1 error unexpected-token: expected a header statement, 'track' or 'drums', found '{'",
            "1:5 error invalid-character: unexpected character ':'",
        ])
    }
}
