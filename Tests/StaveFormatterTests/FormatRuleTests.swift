import XCTest

/// One hand-written before/after pair per layout rule (Docs/REFERENCE.md, "Formatting"). Each pair is
/// also checked to be a fixed point: formatting the "after" text changes nothing.
final class FormatRuleTests: XCTestCase {
    func assertFormats(_ before: String, _ after: String, lineWidth: Int = 100, file: StaticString = #filePath, line: UInt = #line) {
        let formatted = FormatTestSupport.format(before, lineWidth: lineWidth)
        XCTAssertEqual(formatted, after, file: file, line: line)
        XCTAssertEqual(FormatTestSupport.format(after, lineWidth: lineWidth), after, "not a fixed point", file: file, line: line)
    }

    func testOneStatementPerLineAndTwoSpacesPerLevel() {
        assertFormats("title \"Song\"\ntempo  120\ntrack melody   \"Lead\" { instrument flute\nvolume 90 phrase a { c4 d e f | g1 | } }",
                      "title \"Song\"\ntempo 120\n\ntrack melody \"Lead\" {\n  instrument flute\n  volume 90\n  phrase a { c4 d e f | g1 | }\n}\n")
    }

    /// A tempo ramp's bars `A-B` stay glued (the lexer reads `-B` as one negative number).
    func testTempoRampBarsStayGlued() {
        assertFormats("tempo  60   at 5-8 \ntempo 90.5 at 9-9\ntrack a { phrase { c1 } }",
                      "tempo 60 at 5-8\ntempo 90.5 at 9-9\n\ntrack a {\n  phrase { c1 }\n}\n")
    }

    func testBodyLineBreaksStayWhereWrittenAndBodiesAreIndented() {
        assertFormats("track a {\nphrase {\nc4 d e f |\n    g1 |\n}\n}\n",
                      "track a {\n  phrase {\n    c4 d e f |\n    g1 |\n  }\n}\n")
    }

    func testABodyStartingOnTheBraceLineGetsItsOwnLines() {
        assertFormats("track a {\n  phrase { c4 d e f |\n  g1 | }\n}\n",
                      "track a {\n  phrase {\n    c4 d e f |\n    g1 |\n  }\n}\n")
    }

    func testOneSpaceBetweenItemsNoneInsideChordsTupletsAndLengths() {
        assertFormats("track a { phrase { [ c  e g ]4 { c d e }8   c4 ~ c4 c2~8 r4.   !mf  > c4 } }",
                      "track a {\n  phrase { [c e g]4 {c d e}8 c4~ c4 c2~8 r4. !mf > c4 }\n}\n")
    }

    func testStaveTwoMarksGraceGroupsCommandsAndChordSymbols() {
        // Marks follow their duration (and each other) directly; hairpins stand like dynamics;
        // a grace group is tight inside and against its note; commands are one space apart;
        // a chord symbol keeps its '/'.
        assertFormats("track a { phrase { c4^'   f#8._ [ c^ e_ g ]2^ { c' d' e }4 !p c !<  d !f } }",
                      "track a {\n  phrase { c4^' f#8._ [c^ e_ g]2^ {c' d' e}4 !p c !< d !f }\n}\n")
        assertFormats("track a { phrase { ( d e ) f4 ([c  e] g)\na {c ( d )e f}4 } }",
                      "track a {\n  phrase {\n    (d e)f4 ([c e] g)a {c (d)e f}4\n  }\n}\n")
        assertFormats("track a { phrase { pedal   down cc 11  90 bend  -50 marker  \"A\" [ Bb7/D ]4. [ C~ ]2 [C] } }",
                      "track a {\n  phrase { pedal down cc 11 90 bend -50 marker \"A\" [Bb7/D]4. [C~]2 [C] }\n}\n")
    }

    /// A lead sheet's spelling stays as written (the formatter keeps tokens), and the `9` of `6/9`
    /// stays against its `/`.
    func testChordSymbolsKeepTheirSpelling() {
        assertFormats("track a { phrase { [ C-7 ]2 [C6/9]  [ Eb6/9/G ] [C-~ ]4 [C-] [CΔ9 > d]' [Cø7]4 [C°] [C+7_] } }",
                      "track a {\n  phrase { [C-7]2 [C6/9] [Eb6/9/G] [C-~]4 [C-] [CΔ9 > d]' [Cø7]4 [C°] [C+7_] }\n}\n")
    }

    func testStaveTwoStatementsAreLaidOutLikeSettings() {
        assertFormats("marker  \"Chorus\"   at 17\ntrack a { legato  85 phrase v { c d } lyrics   v \"la la\"   \"lo lo\" }",
                      "marker \"Chorus\" at 17\n\ntrack a {\n  legato 85\n  phrase v { c d }\n  lyrics v \"la la\" \"lo lo\"\n}\n")
    }

    func testAGraceGroupOnTheLineBeforeItsNoteJoinsIt() {
        assertFormats("track a {\n  phrase {\n    c2 (d e)\n    f2 |\n  }\n}\n",
                      "track a {\n  phrase {\n    c2 (d e)f2 |\n  }\n}\n")
    }

    func testSpacingInsideChordsAndTupletsIsNormalisedAcrossLines() {
        assertFormats("track a { phrase {\n[c\n e g]4 { c\n d e}4 c2 | } }",
                      "track a {\n  phrase {\n    [c e g]4 {c d e}4 c2 |\n  }\n}\n")
    }

    func testHeaderStatementsAreGroupedAndTracksSeparatedByOneBlankLine() {
        assertFormats("title \"A\"\n\n\ncomposer \"B\"\n\ntempo 90\ntrack a { phrase { c } }\n\n\n\ntrack b { phrase { d } }\ntempo 100 at 2\n\n\n",
                      "title \"A\"\ncomposer \"B\"\ntempo 90\n\ntrack a {\n  phrase { c }\n}\n\ntrack b {\n  phrase { d }\n}\n\ntempo 100 at 2\n")
    }

    func testStatementsAreNeverReordered() {
        // A header tempo after a track stays there: its place decides which of two tempo
        // changes on one beat wins (LANGUAGE.md rule 8).
        assertFormats("track a { phrase { c } }\ntitle \"Late\"",
                      "track a {\n  phrase { c }\n}\n\ntitle \"Late\"\n")
    }

    func testNoSpaceAroundTheMeterSlashAndTheSyncDot() {
        assertFormats("meter 3 / 4\ntrack a { phrase x { c2. } }\ntrack b { sync a . x transpose 12 }",
                      "meter 3/4\n\ntrack a {\n  phrase x { c2. }\n}\n\ntrack b {\n  sync a.x transpose 12\n}\n")
    }

    func testAtMostOneBlankLineWhereOneWasWritten() {
        assertFormats("track a {\n  volume 90\n\n\n\n  phrase {\n    c1 |\n\n\n    d1 |\n  }\n}\n",
                      "track a {\n  volume 90\n\n  phrase {\n    c1 |\n\n    d1 |\n  }\n}\n")
    }

    func testLongBodyLinesBreakAfterBarLinesOnly() {
        let bars = String(repeating: "c4 d e f | ", count: 12).dropLast()
        let first = String(repeating: "c4 d e f | ", count: 8).dropLast()
        let rest = String(repeating: "c4 d e f | ", count: 4).dropLast()
        assertFormats("track a {\n  phrase {\n    \(bars)\n  }\n}\n",
                      "track a {\n  phrase {\n    \(first)\n    \(rest)\n  }\n}\n")
    }

    func testALineWithoutBarLinesIsNeverBroken() {
        let notes = String(repeating: "c16 ", count: 48) + "|"
        assertFormats("track a {\n  phrase {\n    \(notes)\n  }\n}\n", "track a {\n  phrase {\n    \(notes)\n  }\n}\n")
    }

    func testAOneLineBodyTooLongForTheLineIsLaidOutInLines() {
        assertFormats("track a { phrase { c4 d e f | g1 | } }",
                      "track a {\n  phrase {\n    c4 d e f |\n    g1 |\n  }\n}\n", lineWidth: 16)
    }

    func testCommentsStayWhereTheyStand() {
        let before = """
        // Song header


        // second
        title "A" // the title
        track a { // opens
          // own line before phrase
          phrase {
            c4 /* x */ ~ c4 [c /* root */ e g]4 {c /*in*/ d e}4 | // after bar
            // own line in body
                d2 // trailing
            ~ d2 |
            /* block first */ e1 |
          // before close
          }
          /* before track close */
        }
        // at end, no newline
        """
        let after = """
        // Song header

        // second
        title "A" // the title

        track a { // opens
          // own line before phrase
          phrase {
            c4 /* x */ ~ c4 [c /* root */ e g]4 {c /*in*/ d e}4 | // after bar
            // own line in body
            d2 // trailing
              ~ d2 |
            /* block first */ e1 |
            // before close
          }
          /* before track close */
        }
        // at end, no newline

        """
        assertFormats(before, after)
    }

    func testALineCommentInsideAChordKeepsItsLine() {
        assertFormats("track a { phrase { [c // inside\n e g]4 { c\n d e}4 c2 | } }",
                      "track a {\n  phrase {\n    [c // inside\n      e g]4 {c d e}4 c2 |\n  }\n}\n")
    }

    func testAContinuationLineIsOneLevelDeeperThanItsBodyLineWhereverTheLineBreaks() {
        let bars = String(repeating: "c4 d e f | ", count: 8)
        assertFormats("track a {\n  phrase {\n    \(bars){c d // inside\n e}4 c d e |\n  }\n}\n",
                      "track a {\n  phrase {\n    \(bars.dropLast())\n    {c d // inside\n      e}4 c d e |\n  }\n}\n")
    }

    func testACommentAfterTheLastBarLineAndAtTheEndOfTheFile() {
        assertFormats("track a { phrase { c1 | /* done */ } } /* end */", "track a {\n  phrase { c1 | /* done */ }\n} /* end */\n")
    }

    func testByteOrderMarkAndMultiLineBlockCommentsAreKeptAsWritten() {
        assertFormats("\u{FEFF}title \"BOM\" /* a\n b */ tempo 90\ntrack a { phrase { c } }",
                      "\u{FEFF}title \"BOM\" /* a\n b */\ntempo 90\n\ntrack a {\n  phrase { c }\n}\n")
    }

    func testCarriageReturnsBecomeLineFeeds() {
        assertFormats("title \"A\"\r\ntrack a {\r\n  phrase { c }\r\n}\r\n", "title \"A\"\n\ntrack a {\n  phrase { c }\n}\n")
    }

    func testAFileWithErrorsIsNotFormatted() {
        XCTAssertNil(FormatTestSupport.format("track a { phrase { c4 q } }"))
        XCTAssertNil(FormatTestSupport.format("track a { phrase { c4 d e | } }"), "a bar line off the grid is an error of meaning")
    }

    func testTheReferenceBeforeAndAfterAreTrue() throws {
        let readme = String(decoding: FormatTestSupport.bytes(FormatTestSupport.root.appendingPathComponent("Docs/REFERENCE.md")), as: UTF8.self)
        let section = try XCTUnwrap(readme.range(of: "## Formatting")).upperBound
        let blocks = readme[section...].components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        XCTAssertGreaterThanOrEqual(blocks.count, 2)
        assertFormats(blocks[0], blocks[1])
    }

    func testEmptyFilesAndCommentOnlyFiles() {
        assertFormats("", "")
        assertFormats("\n\n// only a comment\n\n", "// only a comment\n")
    }
}
