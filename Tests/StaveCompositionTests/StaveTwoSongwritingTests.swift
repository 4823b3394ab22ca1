import StaveComposition
import StaveSyntax
import XCTest

/// Lowering of Stave 2's songwriting marks (LANGUAGE.md "Expression (v2)" markers and
/// "Songwriting (v2)"): markers, chord symbols, lyrics, the rules on a stored body, and odd
/// combinations that must not crash. Syntax is built by hand (see `V2`).
final class StaveTwoSongwritingTests: XCTestCase {
    typealias K = BodyElement.Kind

    // MARK: - Markers

    func testBodyMarkers() {
        // marker "Verse" c d marker "Chorus" [e marker "Inside" g]
        let body = V2.clean([.marker(textIndex: 0), V2.note("c"), V2.note("d"), .marker(textIndex: 1),
                             V2.chord(3), V2.member("e"), .marker(textIndex: 2), V2.member("g")], texts: ["Verse", "Chorus", "Inside"])
        XCTAssertEqual(body.expression.markers, [MarkerMark(offset: q(0), text: "Verse"), MarkerMark(offset: q(1, 2), text: "Chorus"),
                                                 MarkerMark(offset: q(1, 2), text: "Inside")])
    }

    func testHeaderMarkers() {
        func marker(_ text: String, _ bar: Int, at start: Int) -> HeaderStatement {
            HeaderStatement(.marker(text, at: NumberSyntax(bar, SourceRange(start + 10, start + 12))), range: SourceRange(start, start + 12), keywordRange: SourceRange(start, start + 6))
        }
        let (song, diagnostics) = V2.lower([V2.note("c")], header: [marker("Intro", 1, at: 0), marker("Coda", 9, at: 100), marker("Intro", 1, at: 200)])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(song.markers, [SongMarker(bar: 1, text: "Intro"), SongMarker(bar: 9, text: "Coda"), SongMarker(bar: 1, text: "Intro")])
        XCTAssertEqual(song.markers.map(\.source.range), [SourceRange(0, 12), SourceRange(100, 112), SourceRange(200, 212)])

        for bar in [0, -3, 1_000_001] {
            let (song, diagnostics) = V2.lower([V2.note("c")], header: [marker("Bad", bar, at: 300)])
            XCTAssertEqual(diagnostics.map(\.id), [.valueOutOfRange])
            XCTAssertEqual(diagnostics.first?.range, SourceRange(310, 312))
            XCTAssertEqual(song.markers, [])
        }
        XCTAssertEqual(V2.lower([V2.note("c")], header: [marker("Last", 1_000_000, at: 0)]).song.markers, [SongMarker(bar: 1_000_000, text: "Last")])
    }

    // MARK: - Chord symbols

    func testChordSymbolsInTheCurrentOctave() {
        // [Am7]2 o3 [G7 > e] c
        let body = V2.clean([V2.chord(1, 2), V2.symbol("Am7"), .setOctave(3), V2.chord(3), V2.symbol("G7"), .octaveUp, V2.member("e"), V2.note("c")])
        XCTAssertEqual(body.notes, [
            RootNote(position: q(0), width: q(1, 2), chord: [n(69), n(72), n(76), n(79)]),
            RootNote(position: q(1, 2), width: q(1, 2), chord: [n(55), n(59), n(62), n(65), n(64)]),
            // `>` inside the chord is sticky (o3 → o4); the symbol left the octave cursor alone.
            RootNote(position: q(1), width: q(1, 2), note: n(60)),
        ])
        XCTAssertEqual(body.expression.chordSymbols, [
            ChordSymbolMark(offset: q(0), symbol: V2.chordSymbol("Am7"), rootPitch: 69),
            ChordSymbolMark(offset: q(1, 2), symbol: V2.chordSymbol("G7"), rootPitch: 55),
        ])
        XCTAssertNil(body.notes[0].singleChord?[0].spelling)
    }

    func testChordSymbolBassAndKeySignature() {
        // key d major: [Bb7/D]4. [F] [Cb]
        let key = HeaderStatement(.key(tonic: PitchSpelling(letter: "d", accidental: nil), tonicRange: SourceRange(0, 1), mode: .major),
                                  range: SourceRange(0, 5), keywordRange: SourceRange(0, 3))
        let body = V2.clean([V2.chord(1, 4, dots: 1), V2.symbol("Bb7/D"), V2.chord(1), V2.symbol("F"), V2.chord(1), V2.symbol("Cb")], header: [key])
        XCTAssertEqual(body.notes, [
            RootNote(position: q(0), width: q(3, 8), chord: [n(62), n(70), n(74), n(77), n(80)]),
            RootNote(position: q(3, 8), width: q(3, 8), chord: [n(65), n(69), n(72)]),
            RootNote(position: q(3, 4), width: q(3, 8), chord: [n(59), n(63), n(66)]),
        ])
        XCTAssertEqual(body.expression.chordSymbols.map(\.rootPitch), [70, 65, 59])
    }

    func testTiedAndMarkedChordSymbols() {
        // [C~]2 [C]2 [G^ b]4_
        let body = V2.clean([V2.chord(1, 2), V2.symbol("C", tie: true), V2.chord(1), V2.symbol("C"),
                             V2.chord(2, 4, marks: .tenuto), V2.symbol("G", marks: .accent), V2.member("b")])
        XCTAssertEqual(body.notes, [
            RootNote(position: q(0), width: q(1, 2), chord: [n(60, tie: true), n(64, tie: true), n(67, tie: true)]),
            RootNote(position: q(1, 2), width: q(1, 2), chord: [n(60), n(64), n(67)]),
            // b (71) is also the symbol's third: one note, with both marks.
            RootNote(position: q(1), width: q(1, 4), chord: [n(67, marks: [.accent, .tenuto]), n(71, marks: [.accent, .tenuto]), n(74, marks: [.accent, .tenuto])]),
        ])
        XCTAssertEqual(body.expression.chordSymbols.map(\.offset), [q(0), q(1, 2), q(1)])
    }

    func testChordSymbolInsideATuplet() {
        // {d [C]}2
        let body = V2.clean([V2.tuplet(3, 2), V2.note("d"), V2.chord(1), V2.symbol("C")])
        XCTAssertEqual(body.expression.chordSymbols, [ChordSymbolMark(offset: q(1, 4), symbol: V2.chordSymbol("C"), rootPitch: 60)])
        XCTAssertEqual(body.notes, [RootNote(position: q(0), width: q(1, 2), divisions: [.chord([n(62)]), .chord([n(60), n(64), n(67)])])])
    }

    func testATiedChordSymbolMustFindItsPitches() {
        // [C~]2 [Am]2 : G (67) is tied but does not sound again
        let (_, diagnostics) = V2.lower([V2.chord(1, 2), V2.symbol("C", tie: true), V2.chord(1), V2.symbol("Am")])
        XCTAssertEqual(diagnostics.map(\.id), [.tieMismatch])
    }

    func testChordSymbolOutOfRange() {
        // o9 [G7] : G9 is 127, its third 131
        let diagnostic = V2.oneError([.setOctave(9), V2.chord(1), V2.symbol("G7")], .pitchOutOfRange, at: V2.at(2))
        XCTAssertTrue(diagnostic?.message.contains("G7") ?? false, diagnostic?.message ?? "")
        // transpose 5: o9 [C] reaches 127 + 5
        V2.oneError([.setOctave(9), V2.chord(1), V2.symbol("C")], .pitchOutOfRange, at: V2.at(2), settings: [V2.setting(.transpose, 5)])
        // o0 [Cb/B] : Cb0 is MIDI 11, and the highest B below it is −1
        V2.oneError([.setOctave(0), V2.chord(1), V2.symbol("Cb/B")], .pitchOutOfRange, at: V2.at(2))
        XCTAssertEqual(V2.clean([.setOctave(0), V2.chord(1), V2.symbol("C/B")]).notes[0].singleChord?.map(\.pitch), [11, 12, 16, 19])
    }

    func testSyncRangeCountsChordSymbolPitches() {
        // o8 [C]  (MIDI 108 112 115) synced up 13 reaches 128
        let (_, diagnostics) = V2.lower([V2.track(phrases: [V2.phrase("p", [.setOctave(8), V2.chord(1), V2.symbol("C")]),
                                                           PhraseStatement(.sync(track: nil, phrase: Name("p", SourceRange(71_010, 71_011)), transpose: NumberSyntax(13, SourceRange(71_020, 71_022))),
                                                                           range: SourceRange(71_000, 71_022), keywordRange: SourceRange(71_000, 71_004))])])
        XCTAssertEqual(diagnostics.map(\.id), [.pitchOutOfRange])
        XCTAssertTrue(diagnostics.first?.message.contains("128") ?? false)
    }

    // MARK: - Lyrics

    /// tune: c d~ d r [e g] (f)a — lyric notes: c, d, [e g], a (4).
    static let tune: [K] = [V2.note("c"), V2.note("d", tie: true), V2.note("d"), V2.rest(), V2.chord(2), V2.member("e"), V2.member("g"),
                            V2.grace(1), V2.note("f"), V2.note("a")]

    func testLyricsSetOnTheirPhrase() {
        let (song, diagnostics) = V2.lower([V2.track(phrases: [V2.phrase("tune", Self.tune),
                                                               PhraseStatement(.repeat(source: Name("tune", SourceRange(71_010, 71_014)), count: nil), range: SourceRange(71_000, 71_014), keywordRange: SourceRange(71_000, 71_006))],
                                                     lyrics: [V2.lyrics("tune", ["Twin-kle twin-kle", "_ * la *"])])])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(body(song).expression.verses, ["Twin-kle twin-kle", "_ * la *"])
        XCTAssertEqual(song.tracks[0].phrases[1].content, .repeat(source: "tune", count: 1))
        XCTAssertEqual(ExpressionRule.lyricNotes(in: body(song)), 4)
    }

    func testMoreSyllablesThanLyricNotes() {
        let (song, diagnostics) = V2.lower([V2.track(phrases: [V2.phrase("tune", Self.tune)],
                                                     lyrics: [V2.lyrics("tune", ["one two three four", "one two three four-five"])])])
        XCTAssertEqual(diagnostics.map(\.id), [.tooManySyllables])
        XCTAssertEqual(diagnostics.first?.range, SourceRange(60_200, 60_202))
        XCTAssertTrue(diagnostics.first?.message.contains("verse 2 has 5 syllables") ?? false, diagnostics.first?.message ?? "")
        XCTAssertTrue(diagnostics.first?.message.contains("4 lyric notes") ?? false)
        XCTAssertEqual(body(song).expression.verses.count, 2)
    }

    func testLyricsForAnUnknownPhrase() {
        let (_, diagnostics) = V2.lower([V2.track(phrases: [V2.phrase("tune", Self.tune)], lyrics: [V2.lyrics("tnue", ["la"])])])
        XCTAssertEqual(diagnostics.map(\.id), [.unknownPhrase])
        XCTAssertEqual(diagnostics.first?.range, SourceRange(60_007, 60_011))
        XCTAssertTrue(diagnostics.first?.message.contains("did you mean 'tune'?") ?? false, diagnostics.first?.message ?? "")
    }

    func testLyricsForAPhraseOfAnotherTrack() {
        let (_, diagnostics) = V2.lower([V2.track("a", phrases: [V2.phrase("verse", Self.tune)], at: 90_000),
                                         V2.track("b", phrases: [V2.phrase("other", Self.tune, at: 72_000)], lyrics: [V2.lyrics("verse", ["la"])], at: 91_000)])
        XCTAssertEqual(diagnostics.map(\.id), [.unknownPhrase])
        XCTAssertTrue(diagnostics.first?.message.contains("track 'a'") ?? false, diagnostics.first?.message ?? "")
    }

    func testLyricsCannotNameARepeat() {
        // `repeat tune` names no phrase of its own: lyrics for "again" find no Original.
        let (_, diagnostics) = V2.lower([V2.track(phrases: [V2.phrase(nil, Self.tune)], lyrics: [V2.lyrics("again", ["la"])])])
        XCTAssertEqual(diagnostics.map(\.id), [.unknownPhrase])
    }

    func testTwoLyricsStatementsForOnePhrase() {
        let (song, diagnostics) = V2.lower([V2.track(phrases: [V2.phrase("tune", Self.tune)],
                                                     lyrics: [V2.lyrics("tune", ["la la * *"]), V2.lyrics("tune", ["lo lo"], at: 61_000)])])
        XCTAssertEqual(diagnostics.map(\.id), [.duplicateLyrics])
        XCTAssertEqual(diagnostics.first?.range, SourceRange(61_007, 61_011))
        XCTAssertEqual(diagnostics.first?.notes.first?.range, SourceRange(60_000, 60_006))
        XCTAssertEqual(body(song).expression.verses, ["la la * *"])
    }

    func testLyricsInADrumTrackAreLeftToTheParser() {
        let (song, diagnostics) = V2.lower([V2.track(kind: .drums, phrases: [V2.phrase("beat", [V2.drum(36)])], lyrics: [V2.lyrics("beat", ["boom"])])])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(body(song).expression.verses, [])
    }

    // MARK: - Rules on a stored body (the save validator's path)

    func testExpressionRulesOnAStoredBody() {
        var body = PhraseBody(length: q(1), notes: [
            RootNote(position: q(0), width: q(1, 2), note: n(60, tie: true)),
            RootNote(position: q(1, 2), width: q(1, 2), divisions: [.chord([n(60)]), .chord([n(62)])]),
        ])
        body.expression = PhraseExpression(
            hairpins: [Hairpin(start: q(0), end: q(1, 2), from: 50, to: 50), Hairpin(start: q(0), end: q(1), from: 10, to: 90),
                       Hairpin(start: q(1, 4), end: q(1), from: 10, to: 90)],
            graces: [GraceGroup(offset: q(0), items: [[n(62)]]), GraceGroup(offset: q(1, 2), items: [[n(62)]]), GraceGroup(offset: q(3, 4), items: [[n(64)]])],
            controls: [ControlMark(offset: q(0), event: .bend(cents: 250)), ControlMark(offset: q(0), event: .controller(number: 1, value: 1))],
            verses: ["a b c", "a b", "a-b-c-d"])
        let problems = ExpressionRule.problems(in: body, phrase: "x")
        // Hairpin 0 ramps to the same velocity; 1 starts before 0 ends; 2 before 1 ends.
        XCTAssertEqual(problems.map(\.place), [.hairpin(0), .hairpin(1), .hairpin(2), .control(0), .grace(1), .verse(0), .verse(2)])
        XCTAssertEqual(problems.map(\.problem.id), [.hairpinDirection, .hairpinOverlap, .hairpinOverlap, .valueOutOfRange, .graceOnTiedNote, .tooManySyllables, .tooManySyllables])
        // Lyric notes: c, then d (the second c continues the tie).
        XCTAssertEqual(ExpressionRule.lyricNotes(in: body), 2)
    }

    func testRuleFunctions() {
        XCTAssertNil(ExpressionRule.legato(1))
        XCTAssertNil(ExpressionRule.legato(100))
        XCTAssertEqual(ExpressionRule.legato(0)?.id, .valueOutOfRange)
        XCTAssertNil(ExpressionRule.control(.pedal(down: true)))
        XCTAssertNil(ExpressionRule.control(.bend(cents: -200)))
        XCTAssertEqual(ExpressionRule.control(.bend(cents: 201))?.id, .valueOutOfRange)
        XCTAssertNil(ExpressionRule.hairpinDirection(crescendo: true, from: 10, to: 11))
        XCTAssertEqual(ExpressionRule.hairpinDirection(crescendo: false, from: 10, to: 11)?.id, .hairpinDirection)
        XCTAssertNil(ExpressionRule.verse(1, syllables: 3, lyricNotes: 3, phrase: "x"))
        XCTAssertEqual(ExpressionRule.verse(1, syllables: 4, lyricNotes: 3, phrase: "x")?.id, .tooManySyllables)
    }

    // MARK: - Odd combinations: no crash, no cascade

    func testOddCombinationsDoNotCrash() {
        let cases: [[K]] = [
            [V2.note("c"), V2.grace(1), V2.note("d")],                            // a grace group at the end (the parser's error)
            [V2.grace(1), V2.note("d"), V2.rest(), V2.note("c")],                 // before a rest
            [V2.grace(0), V2.note("c")],                                          // empty
            [V2.grace(1), V2.note("d"), V2.grace(1), V2.note("e"), V2.note("c")], // two in a row
            [V2.chord(3), V2.member("c"), V2.grace(1), V2.note("d")],             // inside a chord
            [V2.grace(3), V2.rest(), .hairpin(crescendo: true), .marker(textIndex: 0), V2.note("c")], // odd items inside
            [V2.grace(2), V2.tuplet(1), V2.note("d"), V2.note("c")],             // a tuplet inside
            [V2.grace(3), V2.chord(2), V2.symbol("C"), .pedal(down: true), V2.note("c")], // a symbol and a control in a grace chord
            [.note(.chordSymbol(V2.chordSymbol("C")), V2.length(4)), V2.note("c")], // a symbol outside a chord
            [V2.chord(2), V2.symbol("C"), V2.symbol("G7")],                       // two symbols in one chord
            [.marker(textIndex: 7), V2.note("c")],                                // a text that is not there
            [.hairpin(crescendo: true), .velocity(120), V2.note("c")],            // a hairpin of no length
            [V2.tuplet(0), V2.note("c")],                                         // an empty tuplet
            [V2.tuplet(2, 4), .hairpin(crescendo: true), .velocity(110)],         // a tuplet of commands only
            [.invalid, .hairpin(crescendo: true), V2.note("c"), .velocity(110)],
            [V2.grace(65)] + Array(repeating: V2.note("d"), count: 65) + [V2.note("c")], // 65 items (the parser's limit)
        ]
        for kinds in cases {
            _ = V2.lower(kinds)
            _ = V2.lower(kinds, kind: .drums)
        }
        // A symbol on a drum track makes no notes.
        let (song, _) = V2.lower([V2.chord(2), V2.symbol("C"), .member(ChordMember(.drum(36), range: SourceRange(0, 1)))], kind: .drums)
        XCTAssertEqual(body(song).notes, [RootNote(position: q(0), width: q(1, 4), note: n(36))])
        XCTAssertEqual(body(song).expression.chordSymbols, [])
    }

    func testGraceGroupBeforeARestIsDropped() {
        let (song, diagnostics) = V2.lower([V2.grace(1), V2.note("d"), V2.rest(), V2.note("c")])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(body(song).expression.graces, [])
    }

    func testV1BodiesHaveNoExpression() {
        let body = V2.clean([V2.note("c"), V2.chord(2), V2.member("e"), V2.member("g"), V2.tuplet(3, 4), V2.note("c"), V2.note("d"), V2.note("e"), .velocity(30)])
        XCTAssertTrue(body.expression.isEmpty)
    }
}
