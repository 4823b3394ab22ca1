@testable import StaveSyntax
import XCTest

/// The Stave 2 syntax errors: exactly these IDs at exactly these places, one error per mistake,
/// and recovery so that what follows still parses.
final class StaveTwoSyntaxErrorTests: XCTestCase {
    typealias Case = ParserErrorTests.Case

    static let cases: [Case] = [
        // Articulation marks
        Case("c'4 d", [(.misplacedMark, "'", 1)]),
        Case("c_4 d", [(.misplacedMark, "c_4", 1)]),
        Case("c4_. d", [(.misplacedMark, "_", 1)]),
        Case("[c e]_2 d", [(.misplacedMark, "_2", 1)]),
        Case("c4~' d", [(.misplacedMark, "'", 1)]),
        Case("[c~^ e]2", [(.misplacedMark, "^", 1)]),
        Case("c4 ' d", [(.misplacedMark, "'", 1)]),
        Case("| ^ d", [(.misplacedMark, "^", 1)]),
        Case("c4'' d", [(.duplicateMark, "'", 2)]),
        Case("c4^^ d", [(.duplicateMark, "^", 2)]),
        Case("c4__ d", [(.duplicateMark, "_", 2)]),
        Case("c4'_ d", [(.conflictingMarks, "_", 1)]),
        Case("c_' d", [(.conflictingMarks, "'", 1)]),
        Case("[c'_ e]2", [(.conflictingMarks, "_", 1)]),
        Case("r4' c", [(.markOnRest, "'", 1)]),
        Case("r_ c", [(.markOnRest, "_", 1)]),
        Case("{c r^ e}4", [(.markOnRest, "^", 1)]),
        Case("{c d e}4' f", [(.markOnTuplet, "'", 1)]),
        Case("{c {d e}^ f}4", [(.markOnTuplet, "^", 1)]),
        Case("c4' f#8._ [c e g]2^ c4^' {c' d' e}4 [c^ e_ g]2 c_ c4_~ c8", []),
        // Hairpins
        Case("!p c !< d e !f !> c !p", []),
        // Grace groups
        Case("() c", [(.emptyGrace, "()", 1)]),
        Case("(v90 o5) c", [(.emptyGrace, "(v90 o5)", 1)]),
        Case("(d8 e) c", [(.graceItemNotAllowed, "d8", 1)]),
        Case("(d 8) c", [(.graceItemNotAllowed, "8", 1)]),
        Case("(r d) c", [(.graceItemNotAllowed, "r", 1)]),
        Case("(d~ e) c", [(.graceItemNotAllowed, "~", 1)]),
        Case("(d' e) c", [(.graceItemNotAllowed, "'", 1)]),
        Case("(d [e g]^) c", [(.graceItemNotAllowed, "^", 1)]),
        Case("(d [e g]2) c", [(.graceItemNotAllowed, "2", 1)]),
        Case("({d e}) c", [(.graceItemNotAllowed, "{", 1)]),
        Case("((d) e) c", [(.graceItemNotAllowed, "(", 2)]),
        Case("(d pedal down) c", [(.graceItemNotAllowed, "pedal down", 1)]),
        Case("(d !<) c", [(.graceItemNotAllowed, "!<", 1)]),
        Case("(d) r c", [(.graceWithoutNote, "(d)", 1)]),
        Case("c (d)", [(.graceWithoutNote, "(d)", 1)]),
        Case("(d) | c", [(.graceWithoutNote, "(d)", 1)]),
        Case("(d) v90 c", [(.graceWithoutNote, "(d)", 1)]),
        Case("(d)(e)f", [(.graceWithoutNote, "(d)", 1)]),
        Case("(d) {c d}4", [(.graceWithoutNote, "(d)", 1)]),
        Case("{c (d)}4", [(.graceWithoutNote, "(d)", 1)]),
        Case("[c (d) e]", [(.unexpectedToken, "(", 1)]),
        Case("(d e c", [(.unclosedBlock, "(", 1)]),
        Case("(snare)snare8 (kick hat)[kick snare]", drums: true, []),
        Case("(snar) kick", drums: true, [(.unknownDrum, "snar", 1)]),
        // Commands
        Case("pedal sideways c", [(.invalidPedal, "sideways", 1)]),
        Case("pedal c d", [(.invalidPedal, "c", 1)]),
        Case("pedal | c", [(.invalidPedal, "|", 1)]),
        Case("cc 11 c", [(.expectedToken, "c", 3)]),
        Case("cc c", [(.expectedToken, "c", 3)]),
        Case("bend up c", [(.expectedToken, "up", 1)]),
        Case("bend 1.5 c", [(.expectedToken, "1.5", 1)]),
        Case("bend 99999999999999 c", [(.numberTooLarge, "99999999999999", 1)]),
        Case("marker c", [(.expectedToken, "c", 1)]),
        Case("marker Chorus c", [(.expectedToken, "Chorus", 1)]),
        Case("cc 300 -4 bend -500 bend 201", []),
        // Chord symbols
        Case("[H7]2 c", [(.invalidChordSymbol, "H7", 1)]),
        Case("[C/H]2 c", [(.invalidChordSymbol, "C/H", 1)]),
        Case("[Bb7/]2 c", [(.invalidChordSymbol, "Bb7/", 1)]),
        Case("[Cmj7]2 c", [(.unknownChordQuality, "Cmj7", 1)]),
        Case("[Cmj7/E]2 c", [(.unknownChordQuality, "Cmj7/E", 1)]),
        Case("[C4] c", [(.durationNotAllowed, "C4", 1)]),
        Case("C4 d", [(.chordSymbolOutsideChord, "C4", 1)]),
        Case("Am7 d", [(.chordSymbolOutsideChord, "Am7", 1)]),
        Case("Bb7/D4. d", [(.chordSymbolOutsideChord, "Bb7/D4.", 1)]),
        Case("{C d}4", [(.chordSymbolOutsideChord, "C", 1)]),
        Case("(C) d", [(.chordSymbolOutsideChord, "C", 1)]),
        Case("[C G]2 c", [(.duplicateChordSymbol, "G", 1)]),
        Case("[C]4 kick", drums: true, [(.chordSymbolInDrums, "C", 1)]),
        Case("[Crash] kick", drums: true, [(.unknownDrum, "Crash", 1)]),
        Case("[Am7 e]2 [Bb7/D]4. [C~]2 [C]2 [C^] ([G7] d)c", []),
        // Chord symbols a lead sheet uses (v3): spellings read, the rest reported once each.
        Case("[C-7]2 [C-] [C+] [C+7] [C°7] [Co] [Cø] [Cø7] [CΔ] [CΔ9] [C6/9] [C6/9/E] [C-Δ7~] [C-] [Cm6/9_] c", []),
        Case("[Cmin7]2 c", [(.unknownChordQuality, "Cmin7", 1)]),
        Case("[Cm7(b5)]2 c", [(.unknownChordQuality, "Cm7(b5)", 1)]),
        Case("[C7(#5)/E]2 c", [(.unknownChordQuality, "C7(#5)/E", 1)]),
        Case("[C7+]2 c", [(.unknownChordQuality, "C7+", 1)]),
        Case("[C°9]2 c", [(.unknownChordQuality, "C°9", 1)]),
        Case("[C6/9/]2 c", [(.invalidChordSymbol, "C6/9/", 1)]),
        Case("[C7(b9]2 c", [(.unexpectedToken, "(", 1)]),
        Case("[am7]2 c", [(.invalidChordSymbol, "am7", 1)]),
        Case("[am7/g]2 c", [(.invalidChordSymbol, "am7/g", 1)]),
        Case("[f#m7 > d]2 c", [(.invalidChordSymbol, "f#m7", 1)]),
        Case("[c7]2 c", [(.invalidChordSymbol, "c7", 1)]),
        Case("[c6/9]2 c", [(.invalidChordSymbol, "c6/9", 1)]),
        Case("[c4]2 c", [(.durationNotAllowed, "c4", 1)]),
        Case("[hm7]2 c", [(.invalidPitch, "hm7", 1)]),
        Case("[am7]2 kick", drums: true, [(.durationNotAllowed, "am7", 1), (.unknownDrum, "am7", 1)]),
        Case("C-7 d", [(.chordSymbolOutsideChord, "C-7", 1)]),
        Case("CΔ9 d", [(.chordSymbolOutsideChord, "CΔ9", 1)]),
    ]

    func testStaveTwoSyntaxErrorTable() {
        var checked = 0
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
            checked += 1
        }
        XCTAssertEqual(checked, Self.cases.count)
        XCTAssertGreaterThan(checked, 60)
    }

    /// The qualities an unknown one is answered with when none means the same.
    static let qualityList = "none, m, dim, aug, sus2, sus4, 5, 6, m6, 7, maj7, m7, mmaj7, dim7, m7b5, 9, maj9, m9, add9, madd9, 11, 13, 7sus4, 7b9, 7#9, 7#11, 7b13, 7b5, 7#5, alt, m11, 69, m69, maj7#11, 13sus4, 9sus4, m13, maj13"

    /// The messages say what was found and what to write instead.
    func testMessages() {
        let expectations: [(String, String)] = [
            ("c'4", "articulation marks follow the duration: write c4'"),
            ("c_4", "articulation marks follow the duration: write c4_"),
            ("[CM7]", "unknown chord quality 'M7' in 'CM7'; did you mean 'Cmaj7'?"),
            ("[Cxyz]", "unknown chord quality 'xyz' in 'Cxyz': the qualities are \(Self.qualityList)"),
            // Never an edit-distance guess, which could name another chord: `mj7` may be `maj7` or `m7`.
            ("[Cmj7]", "unknown chord quality 'mj7' in 'Cmj7': the qualities are \(Self.qualityList)"),
            ("[Cmin7]", "unknown chord quality 'min7' in 'Cmin7'; did you mean 'Cm7'?"),
            ("[Cmin7/E]", "unknown chord quality 'min7' in 'Cmin7/E'; did you mean 'Cm7/E'?"),
            ("[Cmi7]", "unknown chord quality 'mi7' in 'Cmi7'; did you mean 'Cm7'?"),
            ("[Cminor]", "unknown chord quality 'minor' in 'Cminor'; did you mean 'Cm'?"),
            ("[CM]", "unknown chord quality 'M' in 'CM'; did you mean 'C'?"),
            ("[Cma9]", "unknown chord quality 'ma9' in 'Cma9'; did you mean 'Cmaj9'?"),
            ("[Cmajor7]", "unknown chord quality 'major7' in 'Cmajor7'; did you mean 'Cmaj7'?"),
            ("[Csus]", "unknown chord quality 'sus' in 'Csus'; did you mean 'Csus4'?"),
            ("[C7sus]", "unknown chord quality '7sus' in 'C7sus'; did you mean 'C7sus4'?"),
            ("[C9sus]", "unknown chord quality '9sus' in 'C9sus'; did you mean 'C9sus4'?"),
            ("[C13sus]", "unknown chord quality '13sus' in 'C13sus'; did you mean 'C13sus4'?"),
            ("[CmM7]", "unknown chord quality 'mM7' in 'CmM7'; did you mean 'Cmmaj7'?"),
            ("[Cm(maj7)]", "unknown chord quality 'm(maj7)' in 'Cm(maj7)'; did you mean 'Cmmaj7'?"),
            ("[Cminmaj7]", "unknown chord quality 'minmaj7' in 'Cminmaj7'; did you mean 'Cmmaj7'?"),
            ("[C7+5]", "unknown chord quality '7+5' in 'C7+5'; did you mean 'C7#5'?"),
            ("[C7(#5)]", "unknown chord quality '7(#5)' in 'C7(#5)'; did you mean 'C7#5'?"),
            ("[Caug7]", "unknown chord quality 'aug7' in 'Caug7'; did you mean 'C7#5'?"),
            ("[Cm7(b5)]", "unknown chord quality 'm7(b5)' in 'Cm7(b5)'; did you mean 'Cm7b5'?"),
            ("[Cm7-5]", "unknown chord quality 'm7-5' in 'Cm7-5'; did you mean 'Cm7b5'?"),
            ("[C7(b9)]", "unknown chord quality '7(b9)' in 'C7(b9)'; did you mean 'C7b9'?"),
            ("[C7alt]", "unknown chord quality '7alt' in 'C7alt'; did you mean 'Calt'?"),
            ("[C6add9]", "unknown chord quality '6add9' in 'C6add9'; did you mean 'C69'?"),
            ("[Cmin11]", "unknown chord quality 'min11' in 'Cmin11'; did you mean 'Cm11'?"),
            ("[CM7(#11)]", "unknown chord quality 'M7(#11)' in 'CM7(#11)'; did you mean 'Cmaj7#11'?"),
            ("[Cdom7]", "unknown chord quality 'dom7' in 'Cdom7'; did you mean 'C7'?"),
            ("[C-7b9]", "unknown chord quality '-7b9' in 'C-7b9': the qualities are \(Self.qualityList)"),
            ("[C7+]", "unknown chord quality '7+' in 'C7+': the qualities are \(Self.qualityList)"),
            ("[C3]", "unknown chord quality '3' in 'C3': the qualities are \(Self.qualityList)"),
            ("[C2]", "durations are not allowed inside a chord: write '[C]2'"),
            ("[am7]", "'am7' is no pitch, and chord symbols start with an upper-case root: did you mean '[Am7]'?"),
            ("[am7/g]", "'am7/g' is no pitch, and chord symbols start with an upper-case root: did you mean '[Am7/G]'?"),
            ("[bb7]", "'bb7' is no pitch, and chord symbols start with an upper-case root: did you mean '[Bb7]'?"),
            ("[c-7 > d]", "'c-7' is no pitch, and chord symbols start with an upper-case root: did you mean '[C-7]'?"),
            ("C4", "a chord symbol stands inside a chord bracket, and pitches are lower case: found 'C4': write '[C]4'"),
            ("pedal dwon", "expected 'down' or 'up' after 'pedal', found 'dwon'; did you mean 'down'?"),
            ("(d) r", "a grace group cannot stand before a rest: grace notes take their time from the note they decorate"),
            ("c (d)", "a grace group must stand directly before the note or chord it decorates, not at the end of a phrase"),
            ("(d e)", "a grace group must stand directly before the note or chord it decorates, not at the end of a phrase"),
            ("c4'_", "staccato and tenuto cannot mark the same note: keep one"),
            ("c4^^", "the accent mark (^) is written twice: each mark stands at most once"),
            ("c4 '", "an articulation mark follows its note directly: remove the space before the staccato mark (')"),
            ("| _ c", "the tenuto mark (_) must follow a note or chord"),
        ]
        for (body, message) in expectations {
            let (_, diagnostics) = Parser.parse(Source(path: "t", text: "track t { phrase { \(body) } }"))
            XCTAssertEqual(diagnostics.map(\.message), [message], body)
        }
    }

    func testTrackAndHeaderStatementErrorsRecover() {
        let L = SourceLocator("""
        marker "Intro"
        marker "Coda" at
        marker Solo at 3
        track a {
          phrase v { c d }
          lyrics
          volume 90
          lyrics v
          pan 10
          lyrics tempo "la"
          legato 80
          lyrics v "la la" "lo lo"
        }
        drums d {
          phrase g { kick }
          lyrics g "boom"
          volume 80
        }
        title "End"
        """)
        let (song, diagnostics) = Parser.parse(L.source)
        let expected: [(DiagnosticID, SourceRange)] = [
            (.markerWithoutBar, L.range("marker \"Intro\"")),
            (.expectedToken, L.range("marker", 3)),      // `at` with no bar: the next statement
            (.expectedToken, L.range("Solo")),
            (.expectedToken, L.range("volume")),
            (.expectedToken, L.range("pan")),
            (.reservedWord, L.range("tempo")),
            (.lyricsInDrums, L.range("lyrics", 5)),
        ]
        XCTAssertEqual(diagnostics.map(\.id), expected.map(\.0), diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(diagnostics.map(\.range), expected.map(\.1))
        XCTAssertEqual(song.header.map(\.keywordRange), [L.range("title")])
        XCTAssertEqual(song.tracks.first?.settings.map(\.kind), [.volume, .pan, .legato])
        XCTAssertEqual(song.tracks.first?.lyrics.map(\.verses), [["la la", "lo lo"]])
        XCTAssertEqual(song.tracks.last?.settings.map(\.kind), [.volume])
        XCTAssertEqual(song.tracks.last?.lyrics, [])
    }

    // MARK: - Malformed input never crashes

    func testSixtyFiveGraceItemsAreOneErrorAndTheNoteStays() {
        let items = String(repeating: "c ", count: Parser.maximumGraceItems + 1)
        let (song, diagnostics) = Parser.parse(Source(path: "t", text: "track t { phrase { (\(items))d4 e } }"))
        XCTAssertEqual(diagnostics.map(\.id), [.limitExceeded])
        XCTAssertTrue(diagnostics.first?.message.contains("64") ?? false)
        guard case .original(_, let body)? = song.tracks.first?.phrases.first?.kind else { return XCTFail("no phrase") }
        XCTAssertEqual(body.count, 2)
        XCTAssertEqual(body.first.map { if case .note = $0.kind { return true } else { return false } }, true)
    }

    func testLyricsStringLimit() {
        for (count, fails) in [(Parser.maximumLyricsBytes, false), (Parser.maximumLyricsBytes + 1, true)] {
            let words = String(repeating: "a", count: count)
            let text = "track t {\n  phrase v { c }\n  lyrics v \"\(words)\"\n  volume 90\n}\n"
            let (song, diagnostics) = Parser.parse(Source(path: "t", text: text))
            XCTAssertEqual(diagnostics.map(\.id), fails ? [.limitExceeded] : [], "\(count) bytes")
            XCTAssertEqual(song.tracks.first?.lyrics.count, fails ? 0 : 1)
            XCTAssertEqual(song.tracks.first?.settings.map(\.kind), [.volume])
        }
    }

    /// A lyrics string may run over several lines (v3), so one without its closing quote runs
    /// to the end of the file: it is reported once, ends at its first line break, and the next
    /// statement parses; its statement is left out (its verse would only bring echoes).
    func testUnclosedLyricsStringEndsAtTheLineAndTheNextStatementParses() {
        let L = SourceLocator("track t {\n  phrase v { c d }\n  lyrics v \"la la\n  volume 90\n}\n")
        let (song, diagnostics) = Parser.parse(L.source)
        XCTAssertEqual(diagnostics.map(\.id), [.unterminatedString])
        XCTAssertEqual(diagnostics.first?.range.start, L.range("\"la").start)
        XCTAssertEqual(song.tracks.first?.lyrics.map(\.verses), [])
        XCTAssertEqual(song.tracks.first?.settings.map(\.kind), [.volume])
    }

    func testTruncatedGraceGroupsAndMarksEndInDiagnostics() {
        let texts = [
            "track t { phrase { (", "track t { phrase { (d", "track t { phrase { (d e", "track t { phrase { (d)",
            "track t { phrase { ([c e", "track t { phrase { (d) }", "track t { phrase { c4'", "track t { phrase { c4_",
            "track t { phrase { [C", "track t { phrase { [Bb7/", "track t { phrase { pedal", "track t { phrase { cc 1",
            "track t { phrase { bend", "track t { phrase { marker", "track t { lyrics", "track t { lyrics v", "marker", "marker \"x\" at",
            "track t { phrase { (d e } } track u { phrase { c } }",
        ]
        for text in texts {
            for shift in [1, 16] {
                let (_, diagnostics) = Parser.parse(Source(path: "t", text: text), tokenChunkShift: shift)
                XCTAssertFalse(diagnostics.isEmpty, text)
                XCTAssertLessThanOrEqual(diagnostics.count, 4, "\(text): \(diagnostics.map(\.message))")
            }
        }
        let (song, _) = Parser.parse(Source(path: "t", text: texts.last!))
        XCTAssertEqual(song.tracks.map(\.id.text), ["t", "u"])
    }

    func testManyGraceGroupsAndMarksParseInLinearTime() {
        let bar = "(d e)f8^ ([c e] g)a8' c8_ d8 !< e8 f8 !f g8 pedal down a8 pedal up | "
        let text = "track t { phrase { " + String(repeating: bar, count: 20_000) + "} }"
        let start = Date()
        let (_, diagnostics) = Parser.parse(Source(path: "t", text: text))
        XCTAssertEqual(diagnostics, [])
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }
}
