import StaveSyntax
import XCTest

/// Syntax errors the parser itself must report: exactly these IDs at exactly these places, nothing more.
final class ParserErrorTests: XCTestCase {
    /// A body and the expected errors, each as (ID, snippet it points at, occurrence of that snippet).
    struct Case {
        var body: String
        var drums = false
        var errors: [(DiagnosticID, String, Int)]

        init(_ body: String, drums: Bool = false, _ errors: [(DiagnosticID, String, Int)]) {
            self.body = body
            self.drums = drums
            self.errors = errors
        }
    }

    static let cases: [Case] = [
        Case("c 4", [(.durationNotAttached, "4", 1)]),
        Case("[c e] 2", [(.durationNotAttached, "2", 1)]),
        Case("{c d} 4", [(.durationNotAttached, "4", 1)]),
        Case("[c4 e]", [(.durationNotAllowed, "c4", 1)]),
        Case("[c e]2 [c e]4.", []),
        Case("{c d8}4", [(.durationNotAllowed, "d8", 1)]),
        Case("{c [d e]8}4", [(.durationNotAllowed, "8", 1)]),
        Case("{c r8 e}4", [(.durationNotAllowed, "r8", 1)]),
        Case("{c {d e}8}4", [(.durationNotAllowed, "8", 1)]),
        Case("c### d", [(.tooManyAccidentals, "c###", 1)]),
        Case("ebbb4", [(.tooManyAccidentals, "ebbb4", 1)]),
        Case("e#b", [(.invalidPitch, "e#b", 1)]),
        Case("h4", [(.invalidPitch, "h4", 1)]),
        Case("c3 d128 e0", [(.invalidDuration, "3", 1), (.invalidDuration, "128", 1), (.invalidDuration, "0", 1)]),
        Case("c4.... d", [(.tooManyDots, "4....", 1)]),
        Case("c~-1 d4~-16 e", [(.invalidDuration, "-1", 1), (.invalidDuration, "-16", 1)]),
        Case("c4... d", []),
        Case("[] c", [(.emptyChord, "[]", 1)]),
        Case("{}4 c", [(.emptyTuplet, "{}", 1)]),
        Case("{o5 v3}4 c", [(.emptyTuplet, "{o5 v3}", 1)]),
        Case("[x] c", [(.invalidPitch, "x", 1)]),
        Case("{x}4 c", [(.invalidPitch, "x", 1)]),
        Case("{c d}4~ c", [(.tieOnTuplet, "~", 1)]),
        Case("~r c", [(.invalidTie, "~", 1)]),
        Case("c~r", [(.invalidTie, "~", 1)]),
        Case("r~ c", [(.tieToRest, "~", 1)]),
        Case("o99999999999 c", [(.numberTooLarge, "o99999999999", 1)]),
        Case("c99999999999999999999", [(.invalidDuration, "99999999999999999999", 1)]),
        Case("!xyz c", [(.unexpectedToken, "!xyz", 1)]),
        Case("[c tempo 90 e]", [(.unexpectedToken, "tempo", 1)]),
        Case("{c | d}4", [(.unexpectedToken, "|", 1)]),
        Case("[c [d] e]", [(.unexpectedToken, "[", 2)]),
        Case("[c {d} e]", [(.unexpectedToken, "{", 1)]),
        Case("c ] d", [(.unexpectedToken, "]", 1)]),
        Case("kick o5 hat > snare", drums: true, [(.octaveInDrums, "o5", 1), (.octaveInDrums, ">", 1)]),
        Case("kick9 hat", drums: true, [(.invalidDuration, "9", 1)]),
        Case("c4 d8 | [c e g]2~ [c e g]4 {c d e}8 r8. c2~8 c~16", []),
    ]

    func testSyntaxErrorTable() {
        for testCase in Self.cases {
            let text = "\(testCase.drums ? "drums" : "track") t { phrase { \(testCase.body) } }"
            let locator = SourceLocator(text)
            let (_, diagnostics) = Parser.parse(locator.source)
            let bodyStart = locator.range(testCase.body).start
            let expected = testCase.errors.map { id, snippet, occurrence -> String in
                let inBody = SourceLocator(testCase.body).range(snippet, occurrence)
                return "\(id.rawValue)@\(inBody.start + bodyStart)..<\(inBody.end + bodyStart)"
            }
            let actual = diagnostics.map { "\($0.id.rawValue)@\($0.range)" }
            XCTAssertEqual(actual.sorted(), expected.sorted(), "body: \(testCase.body)\n\(diagnostics.map(\.message))")
            XCTAssertTrue(diagnostics.allSatisfy { $0.severity == .error })
        }
    }

    func testNestingLimitIsOneErrorNotACascade() {
        for depth in [64, 65, 200] {
            let text = "track t { phrase { " + String(repeating: "{", count: depth) + "c" + String(repeating: "}", count: depth) + "4 d } }"
            let (song, diagnostics) = Parser.parse(Source(path: "t", text: text))
            if depth <= Parser.maximumNesting {
                XCTAssertEqual(diagnostics, [], "depth \(depth)")
            } else {
                XCTAssertEqual(diagnostics.map(\.id), [.nestingTooDeep], "depth \(depth)")
                XCTAssertEqual(diagnostics.first?.range, SourceRange(19 + Parser.maximumNesting, 20 + Parser.maximumNesting), "depth \(depth)")
                XCTAssertTrue(diagnostics.first?.message.contains("64") ?? false)
            }
            // The note after the deep tuplet is still parsed.
            guard case .original(_, let body)? = song.tracks.first?.phrases.first?.kind else { return XCTFail("no phrase") }
            XCTAssertEqual(body.last?.kind, .note(.pitch(PitchSpelling(letter: "d", accidental: nil)), Length()), "depth \(depth)")
        }
    }

    func testChordsCountTowardTheNestingLimit() {
        let inside = String(repeating: "{", count: 64) + "[c]" + String(repeating: "}", count: 64)
        let (_, diagnostics) = Parser.parse(Source(path: "t", text: "track t { phrase { \(inside)4 } }"))
        XCTAssertEqual(diagnostics.map(\.id), [.nestingTooDeep])
    }

    func testHugeUnclosedNestingIsFastAndReported() {
        for opener in ["{", "["] {
            let text = "track t { phrase { " + String(repeating: opener, count: 100_000)
            let start = Date()
            let (_, diagnostics) = Parser.parse(Source(path: "t", text: text))
            XCTAssertLessThan(Date().timeIntervalSince(start), 10, "opener \(opener)")
            XCTAssertTrue(diagnostics.contains { $0.id == .unclosedBlock }, "opener \(opener)")
            XCTAssertLessThan(diagnostics.count, 200, "opener \(opener)")
        }
    }

    func testTopLevelAndTrackRecovery() {
        let L = SourceLocator("""
        tempo fast
        title
        track a { volume loud phrase p { c } bogus 3 }
        track { }
        meter 4
        key h
        drums d { phrase { kick } }
        """)
        let (song, diagnostics) = Parser.parse(L.source)
        let expected: [(DiagnosticID, SourceRange)] = [
            (.expectedToken, L.range("fast")),
            (.expectedToken, L.range("track")),          // title without a string
            (.expectedToken, L.range("loud")),
            (.unexpectedToken, L.range("bogus")),
            (.expectedToken, L.range("{", 3)),            // track without an ID
            (.expectedToken, L.range("4", after: "meter ")),
            (.invalidKey, L.range("h", after: "key ")),
        ]
        XCTAssertEqual(diagnostics.map(\.id), expected.map(\.0), diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(diagnostics.map(\.range), expected.map(\.1))
        // Recovery keeps the good parts: track a with phrase p, and drums d.
        XCTAssertEqual(song.tracks.map(\.id.text), ["a", "d"])
        XCTAssertEqual(song.tracks.first?.phrases.count, 1)
    }

    func testReservedWordsCannotBeIDs() {
        let words = ["title", "composer", "tempo", "meter", "key", "ppq", "track", "drums", "phrase", "repeat",
                     "sync", "at", "transpose", "instrument", "kit", "channel", "volume", "pan", "velocity",
                     "octave", "major", "minor"]
        for word in words {
            let L = SourceLocator("track t { phrase \(word) { c } }")
            let (_, diagnostics) = Parser.parse(L.source)
            if word == "at" {
                // `phrase at { … }` reads `at` as the keyword; it then needs a bar number.
                XCTAssertEqual(diagnostics.map(\.id), [.expectedToken], word)
                continue
            }
            XCTAssertEqual(diagnostics.map(\.id), [.reservedWord], word)
            XCTAssertEqual(diagnostics.first?.range, L.range(word, after: "phrase "), word)
            let track = SourceLocator("track \(word) { }")
            XCTAssertEqual(Parser.parse(track.source).diagnostics.map(\.id), [.reservedWord], "track \(word)")
        }
    }
}
