import StaveComposition
import StaveSyntax
import XCTest

/// Stave 2 from text through the parser and lowering: hand-computed Composition values for
/// the examples of LANGUAGE.md, and each lowering error as the user sees it (line:col).
final class StaveTwoTextTests: XCTestCase {
    /// `line:col id` of every diagnostic of a song.
    static func diagnose(_ text: String) -> [String] {
        let source = Source(path: "t.stave", text: text)
        return Lowering.compile(source, defaultTitle: "t").diagnostics.map {
            let (line, column) = source.lineColumn(of: $0.range.start)
            return "\(line):\(column) \($0.id.rawValue)"
        }
    }

    func testALeadSheetWithChordSymbolsAndLyrics() {
        let song = compileClean("""
        marker "Verse" at 1
        marker "Chorus" at 3
        track lead {
          legato 85
          phrase tune { [C]2 [Am7 > c]2 | [Bb7/D]4. r8 [G7~]2 | [G7]1 | }
          lyrics tune "Hel-lo there *" "one _ * *"
          repeat tune
        }
        """)
        XCTAssertEqual(song.markers, [SongMarker(bar: 1, text: "Verse"), SongMarker(bar: 3, text: "Chorus")])
        XCTAssertEqual(song.tracks[0].legato, 85)
        let tune = body(song)
        XCTAssertEqual(tune.notes, [
            root(q(0), q(1, 2), [n(60), n(64), n(67)]),
            // `>` inside the chord moves the octave to 5: c is 72
            root(q(1, 2), q(1, 2), [n(69), n(72), n(76), n(79)]),
            // [Bb7/D] in octave 5: Bb5 is 82, the D below it 74
            root(q(1), q(3, 8), [n(74), n(82), n(86), n(89), n(92)]),
            // r8 at 11/8: rests are gaps, not containers
            // [G7~] in octave 5 ties all four pitches
            root(q(3, 2), q(1, 2), [n(79, tie: true), n(83, tie: true), n(86, tie: true), n(89, tie: true)]),
            root(q(2), q(1), [n(79), n(83), n(86), n(89)]),
        ])
        XCTAssertEqual(tune.expression.chordSymbols.map(\.offset), [q(0), q(1, 2), q(1), q(3, 2), q(2)])
        XCTAssertEqual(tune.expression.chordSymbols.map(\.rootPitch), [60, 69, 82, 79, 79])
        XCTAssertEqual(tune.expression.chordSymbols.map(\.symbol.description), ["C", "Am7", "Bb7/D", "G7", "G7"])
        XCTAssertEqual(tune.expression.verses, ["Hel-lo there *", "one _ * *"])
        // Lyric notes: the four chords that start a sound (the rest and the tied-to [G7] do not count).
        XCTAssertEqual(ExpressionRule.lyricNotes(in: tune), 4)
    }

    func testAPianoPieceWithPedalHairpinsAndGraces() {
        let tune = melody("pedal down !p c4' (d e)f8_ !< g [c e g]^ pedal up !f c8' bend 50 cc 11 90 marker \"Coda\" d")
        XCTAssertEqual(tune.notes, [
            root(q(0), q(1, 4), [n(60, 49, marks: .staccato)]),
            root(q(1, 4), q(1, 8), [n(65, 49, marks: .tenuto)]),
            root(q(3, 8), q(1, 8), [n(67, 49)]),
            root(q(1, 2), q(1, 8), [n(60, 49, marks: .accent), n(64, 49, marks: .accent), n(67, 49, marks: .accent)]),
            root(q(5, 8), q(1, 8), [n(60, 96, marks: .staccato)]),
            root(q(3, 4), q(1, 8), [n(62, 96)]),
        ])
        XCTAssertEqual(tune.expression.graces, [GraceGroup(offset: q(1, 4), items: [[n(62, 49)], [n(64, 49)]])])
        XCTAssertEqual(tune.expression.hairpins, [Hairpin(start: q(3, 8), end: q(5, 8), from: 49, to: 96)])
        XCTAssertEqual(tune.expression.controls, [
            ControlMark(offset: q(0), event: .pedal(down: true)),
            ControlMark(offset: q(5, 8), event: .pedal(down: false)),
            ControlMark(offset: q(3, 4), event: .bend(cents: 50)),
            ControlMark(offset: q(3, 4), event: .controller(number: 11, value: 90)),
        ])
        XCTAssertEqual(tune.expression.markers, [MarkerMark(offset: q(3, 4), text: "Coda")])
    }

    func testADrumFillWithFlams() {
        let song = compileClean("drums beat { phrase { kick8^ (snare)snare hat' {snare snare snare}8 } }")
        let beat = body(song)
        XCTAssertEqual(beat.notes, [
            root(q(0), q(1, 8), [n(36, marks: .accent)]),
            root(q(1, 8), q(1, 8), [n(38)]),
            root(q(1, 4), q(1, 8), [n(42, marks: .staccato)]),
            RootNote(position: q(3, 8), width: q(1, 8), divisions: [.chord([n(38)]), .chord([n(38)]), .chord([n(38)])]),
        ])
        XCTAssertEqual(beat.expression.graces, [GraceGroup(offset: q(1, 8), items: [[n(38)]])])
    }

    func testLoweringErrorsFromText() {
        XCTAssertEqual(Self.diagnose("track a { phrase { !p c !< d e } }"), ["1:25 hairpin-unended"])
        XCTAssertEqual(Self.diagnose("track a { phrase { !f c !< d !p e } }"), ["1:25 hairpin-direction"])
        XCTAssertEqual(Self.diagnose("track a { phrase { !p c !< d !> e !f } }"), ["1:30 hairpin-overlap"])
        XCTAssertEqual(Self.diagnose("track a { phrase { c2~ (d)c4 } }"), ["1:24 grace-on-tied-note"])
        XCTAssertEqual(Self.diagnose("track a { phrase { c bend 201 } }"), ["1:22 value-out-of-range"])
        XCTAssertEqual(Self.diagnose("track a { phrase { cc 128 1 c } }"), ["1:20 value-out-of-range"])
        XCTAssertEqual(Self.diagnose("track a { legato 0 phrase { c } }"), ["1:18 value-out-of-range"])
        XCTAssertEqual(Self.diagnose("marker \"x\" at 0\ntrack a { phrase { c } }"), ["1:15 value-out-of-range"])
        XCTAssertEqual(Self.diagnose("track a { phrase { o9 [G7] } }"), ["1:24 pitch-out-of-range"])
        XCTAssertEqual(Self.diagnose("track a { phrase t { c d } lyrics t \"a b c\" }"), ["1:37 too-many-syllables"])
        XCTAssertEqual(Self.diagnose("track a { phrase tune { c d } lyrics tnue \"a\" }"), ["1:38 unknown-phrase"])
        XCTAssertEqual(Self.diagnose("track a { phrase t { c d } lyrics t \"a *\" lyrics t \"b\" }"), ["1:50 duplicate-lyrics"])
    }

    func testLyricsOfAPhraseWithErrorsAreNotCountedAgain() {
        // The notes that failed are missing from the body: no second error for the syllables.
        XCTAssertEqual(Self.diagnose("track a { phrase x { o9 g# c } lyrics x \"a b\" }"), ["1:25 pitch-out-of-range"])
        XCTAssertEqual(Self.diagnose("track a { phrase x { c h d } lyrics x \"a b c\" }"), ["1:24 invalid-pitch"])
    }

    func testAHairpinBeforeAParseErrorIsNotReportedAgain() {
        // `vx` leaves an invalid element, which may have been the hairpin's end.
        XCTAssertEqual(Self.diagnose("track a { phrase x { !p c !< d vx } }"), ["1:32 invalid-pitch"])
        XCTAssertEqual(Self.diagnose("track a { phrase x { !p c !< d vx e !f } }"), ["1:32 invalid-pitch"])
    }

    func testAChordSymbolInAGraceGroupIsAnError() {
        // A grace item keeps no symbol: it could not print back as written (rule 15).
        XCTAssertEqual(Self.diagnose("track a { phrase x { ([C] d)e } }"), ["1:24 grace-item-not-allowed"])
    }

    func testLyricsMayStandBeforeTheirPhrase() {
        let song = compileClean("track a { lyrics b \"one two\" phrase a1 { c } phrase b { d e } }")
        XCTAssertEqual(body(song, phrase: 0).expression.verses, [])
        XCTAssertEqual(body(song, phrase: 1).expression.verses, ["one two"])
    }

    func testAChordMarkThatContradictsAPitchMark() {
        // [c' e]2_ : c would be staccato and tenuto at once
        XCTAssertEqual(Self.diagnose("track a { phrase x { [c' e]2_ [d_ f]4_ [g^ b]4^ } }"), ["1:23 conflicting-marks"])
        XCTAssertEqual(Self.diagnose("track a { phrase x { {[c_ e]' d}4 } }"), ["1:24 conflicting-marks"])
        // One pitch written twice: [c' e c_]; a symbol's pitch written again: [C e_]' (e is C's third)
        XCTAssertEqual(Self.diagnose("track a { phrase x { [c' e c_] } }"), ["1:28 conflicting-marks"])
        XCTAssertEqual(Self.diagnose("track a { phrase x { [C e_]' } }"), ["1:25 conflicting-marks"])
        XCTAssertNil(ExpressionRule.marks([.staccato, .accent]))
        XCTAssertEqual(ExpressionRule.marks([.staccato, .tenuto])?.id, .conflictingMarks)
    }

    func testV1SongsLowerWithoutExpression() {
        let song = compileClean("track a { phrase { c d [e g] {c d e}4 | } }")
        XCTAssertTrue(body(song).expression.isEmpty)
        XCTAssertEqual(song.markers, [])
        XCTAssertEqual(song.tracks[0].legato, 100)
    }
}
