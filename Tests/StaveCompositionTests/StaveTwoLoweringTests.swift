import StaveComposition
import StaveSyntax
import XCTest

/// Lowering of Stave 2's expression marks (LANGUAGE.md "Expression (v2)"): the marks as
/// written (articulations, legato, hairpins, grace groups, controls), with hand-computed
/// expected Composition values and one test per error. Syntax is built by hand (see `V2`).
final class StaveTwoLoweringTests: XCTestCase {
    typealias K = BodyElement.Kind

    // MARK: - Articulations

    func testArticulationsOnNotesChordsAndTupletItems() {
        // c4' d8_ [c e' g e^]2^ {c' [d f^]_ e}4
        let body = V2.clean([
            V2.note("c", 4, marks: .staccato),
            V2.note("d", 8, marks: .tenuto),
            V2.chord(4, 2, marks: .accent), V2.member("c"), V2.member("e", marks: .staccato), V2.member("g"), V2.member("e", marks: .accent),
            V2.tuplet(5, 4), V2.note("c", marks: .staccato), V2.chord(2, marks: .tenuto), V2.member("d"), V2.member("f", marks: .accent), V2.note("e"),
        ])
        XCTAssertEqual(body.notes, [
            RootNote(position: q(0), width: q(1, 4), note: n(60, marks: .staccato)),
            RootNote(position: q(1, 4), width: q(1, 8), note: n(62, marks: .tenuto)),
            // The chord's accent marks every pitch; `e` written twice is one note with both marks.
            RootNote(position: q(3, 8), width: q(1, 2), chord: [n(60, marks: .accent), n(64, marks: [.staccato, .accent]), n(67, marks: .accent)]),
            RootNote(position: q(7, 8), width: q(1, 4), divisions: [
                .chord([n(60, marks: .staccato)]),
                .chord([n(62, marks: .tenuto), n(65, marks: [.tenuto, .accent])]),
                .chord([n(64)]),
            ]),
        ])
        XCTAssertEqual(body.length, q(9, 8))
        XCTAssertTrue(body.expression.isEmpty)
    }

    func testATiedMarkedNoteKeepsItsMarksOnEachPart() {
        // c2^~ c4' : the Composition keeps each part as written; Performance joins them.
        let body = V2.clean([V2.note("c", 2, marks: .accent, tie: true), V2.note("c", 4, marks: .staccato)])
        XCTAssertEqual(body.notes, [
            RootNote(position: q(0), width: q(1, 2), note: n(60, tie: true, marks: .accent)),
            RootNote(position: q(1, 2), width: q(1, 4), note: n(60, marks: .staccato)),
        ])
    }

    func testDrumNotesTakeMarks() {
        let body = V2.clean([.note(.drum(38), V2.length(8, marks: .accent)), V2.drum(42)], kind: .drums)
        XCTAssertEqual(body.notes, [
            RootNote(position: q(0), width: q(1, 8), note: n(38, marks: .accent)),
            RootNote(position: q(1, 8), width: q(1, 8), note: n(42)),
        ])
    }

    // MARK: - legato

    func testLegatoSetting() {
        let (song, diagnostics) = V2.lower([V2.note("c")], settings: [V2.setting(.legato, 85)])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(song.tracks[0].legato, 85)
        let (plain, _) = V2.lower([V2.note("c")])
        XCTAssertEqual(plain.tracks[0].legato, 100)
    }

    func testLegatoOutOfRangeIsAnErrorNamingTheRange() {
        for value in [0, 101, -5] {
            let (song, diagnostics) = V2.lower([V2.note("c")], settings: [V2.setting(.legato, value)])
            XCTAssertEqual(diagnostics.map(\.id), [.valueOutOfRange])
            XCTAssertEqual(diagnostics.first?.range, SourceRange(80_000, 80_003))
            XCTAssertTrue(diagnostics.first?.message.contains("legato \(value)") ?? false)
            XCTAssertTrue(diagnostics.first?.message.contains("1–100") ?? false)
            XCTAssertEqual(song.tracks[0].legato, 100)
        }
        XCTAssertEqual(V2.lower([V2.note("c")], settings: [V2.setting(.legato, 1)]).song.tracks[0].legato, 1)
        XCTAssertEqual(V2.lower([V2.note("c")], settings: [V2.setting(.legato, 100)]).diagnostics, [])
    }

    // MARK: - Hairpins

    func testCrescendoToTheNextVelocityCommand() {
        // v40 c !< d e v100 f
        let body = V2.clean([.velocity(40), V2.note("c"), .hairpin(crescendo: true), V2.note("d"), V2.note("e"), .velocity(100), V2.note("f")])
        XCTAssertEqual(body.expression.hairpins, [Hairpin(start: q(1, 4), end: q(3, 4), from: 40, to: 100)])
        // Notes keep their written velocity; the ramp is Performance's.
        XCTAssertEqual(body.notes.map { $0.singleNote?.velocity }, [40, 40, 40, 100])
        XCTAssertTrue(body.expression.hairpins[0].isCrescendo)
    }

    func testDiminuendoEndedInsideAChord() {
        // !p c !> d [e !pp g]
        let body = V2.clean([.velocity(49), V2.note("c"), .hairpin(crescendo: false), V2.note("d"),
                             V2.chord(3), V2.member("e"), .velocity(33), V2.member("g")])
        XCTAssertEqual(body.expression.hairpins, [Hairpin(start: q(1, 4), end: q(1, 2), from: 49, to: 33)])
        XCTAssertEqual(body.notes[2], RootNote(position: q(1, 2), width: q(1, 4), chord: [n(64, 49), n(67, 33)]))
    }

    func testHairpinEndedBetweenTupletItems() {
        // v50 !< {c d v90 e}2 : v90 stands where e starts, 1/3
        let body = V2.clean([.velocity(50), .hairpin(crescendo: true), V2.tuplet(4, 2), V2.note("c"), V2.note("d"), .velocity(90), V2.note("e")])
        XCTAssertEqual(body.expression.hairpins, [Hairpin(start: q(0), end: q(1, 3), from: 50, to: 90)])
        XCTAssertEqual(body.notes, [RootNote(position: q(0), width: q(1, 2), divisions: [.chord([n(60, 50)]), .chord([n(62, 50)]), .chord([n(64, 90)])])])
    }

    func testHairpinStartedInsideANestedTuplet() {
        // v20 {c {d !< e} f}2 v60 : the inner tuplet starts at 1/6 and lasts 1/6; `!<` stands before e, at 1/6 + 1/12 = 1/4
        let body = V2.clean([.velocity(20), V2.tuplet(6, 2), V2.note("c"), V2.tuplet(3), V2.note("d"), .hairpin(crescendo: true), V2.note("e"), V2.note("f"), .velocity(60)])
        XCTAssertEqual(body.expression.hairpins, [Hairpin(start: q(1, 4), end: q(1, 2), from: 20, to: 60)])
    }

    func testHairpinEndedInsideAGraceGroup() {
        // v50 !< c (v80 d)e : the grace group stands at e's start
        let body = V2.clean([.velocity(50), .hairpin(crescendo: true), V2.note("c"), V2.grace(2), .velocity(80), V2.note("d"), V2.note("e")])
        XCTAssertEqual(body.expression.hairpins, [Hairpin(start: q(0), end: q(1, 4), from: 50, to: 80)])
        XCTAssertEqual(body.expression.graces, [GraceGroup(offset: q(1, 4), items: [[n(62, 80)]])])
        XCTAssertEqual(body.notes.map { $0.singleNote?.velocity }, [50, 80])
    }

    func testTwoHairpinsInARow() {
        // !p c !< d !f e !> f !p g
        let body = V2.clean([.velocity(49), V2.note("c"), .hairpin(crescendo: true), V2.note("d"), .velocity(96), V2.note("e"),
                             .hairpin(crescendo: false), V2.note("f"), .velocity(49), V2.note("g")])
        XCTAssertEqual(body.expression.hairpins, [Hairpin(start: q(1, 4), end: q(1, 2), from: 49, to: 96),
                                                  Hairpin(start: q(3, 4), end: q(1), from: 96, to: 49)])
    }

    func testHairpinWithoutAnEndingVelocityCommand() {
        let diagnostic = V2.oneError([.velocity(49), V2.note("c"), .hairpin(crescendo: true), V2.note("d"), V2.note("e")], .hairpinUnended, at: V2.at(2))
        XCTAssertTrue(diagnostic?.message.contains("crescendo") ?? false)
        // A velocity command in another phrase does not end it.
        let (_, diagnostics) = V2.lower([V2.track(phrases: [V2.phrase("a", [.hairpin(crescendo: false), V2.note("c")]),
                                                           V2.phrase("b", [.velocity(20), V2.note("c")], at: 71_000)])])
        XCTAssertEqual(diagnostics.map(\.id), [.hairpinUnended])
    }

    func testCrescendoToALowerOrEqualVelocity() {
        let diagnostic = V2.oneError([.velocity(80), .hairpin(crescendo: true), V2.note("c"), .velocity(60), V2.note("d")], .hairpinDirection, at: V2.at(1))
        XCTAssertTrue(diagnostic?.message.contains("above 80") ?? false, diagnostic?.message ?? "")
        XCTAssertEqual(diagnostic?.notes.first?.range, V2.at(3))
        V2.oneError([.velocity(80), .hairpin(crescendo: true), V2.note("c"), .velocity(80), V2.note("d")], .hairpinDirection, at: V2.at(1))
        let (song, _) = V2.lower([.velocity(80), .hairpin(crescendo: true), V2.note("c"), .velocity(60)])
        XCTAssertEqual(body(song).expression.hairpins, [])
    }

    func testDiminuendoToAHigherVelocity() {
        let diagnostic = V2.oneError([.velocity(40), V2.note("c"), .hairpin(crescendo: false), V2.note("c"), .velocity(90)], .hairpinDirection, at: V2.at(2))
        XCTAssertTrue(diagnostic?.message.contains("below 40") ?? false, diagnostic?.message ?? "")
    }

    func testHairpinStartingWhileAnotherIsOpen() {
        // !p c !< d !> e !f f : one error, at the second hairpin; the first still ends at !f
        let diagnostic = V2.oneError([.velocity(49), V2.note("c"), .hairpin(crescendo: true), V2.note("d"), .hairpin(crescendo: false),
                                      V2.note("e"), .velocity(96), V2.note("f")], .hairpinOverlap, at: V2.at(4))
        XCTAssertEqual(diagnostic?.notes.first?.range, V2.at(2))
    }

    func testABadVelocityCommandDropsTheHairpinItWouldEnd() {
        // v50 !< c v200 d : one error (the velocity), not a second one for the hairpin
        V2.oneError([.velocity(50), .hairpin(crescendo: true), V2.note("c"), .velocity(200), V2.note("d")], .valueOutOfRange, at: V2.at(3))
    }

    // MARK: - Grace groups

    func testGraceGroupsBeforeNotesAndChords() {
        // c (d e)f8 ([c e] g)a
        let body = V2.clean([V2.note("c"), V2.grace(2), V2.note("d"), V2.note("e"), V2.note("f", 8),
                             V2.grace(4), V2.chord(2), V2.member("c"), V2.member("e"), V2.note("g"), V2.note("a")])
        XCTAssertEqual(body.expression.graces, [
            GraceGroup(offset: q(1, 4), items: [[n(62)], [n(64)]]),
            GraceGroup(offset: q(3, 8), items: [[n(60), n(64)], [n(67)]]),
        ])
        // Grace notes are not among the body's notes and take no time.
        XCTAssertEqual(body.notes, [
            RootNote(position: q(0), width: q(1, 4), note: n(60)),
            RootNote(position: q(1, 4), width: q(1, 8), note: n(65)),
            RootNote(position: q(3, 8), width: q(1, 8), note: n(69)),
        ])
        XCTAssertEqual(body.length, q(1, 2))
    }

    func testCommandsInsideAGraceGroupAreSticky() {
        // key d major: (o5 v60 f c)[d f] : f is F#; the chord after is in octave 5 at velocity 60
        let key = HeaderStatement(.key(tonic: PitchSpelling(letter: "d", accidental: nil), tonicRange: SourceRange(0, 1), mode: .major),
                                  range: SourceRange(0, 5), keywordRange: SourceRange(0, 3))
        let body = V2.clean([V2.grace(4), .setOctave(5), .velocity(60), V2.note("f"), V2.note("c", nil, 1),
                             V2.chord(2), V2.member("d"), V2.member("f")], header: [key])
        XCTAssertEqual(body.expression.graces, [GraceGroup(offset: q(0), items: [[n(78, 60)], [n(73, 60)]])])
        XCTAssertEqual(body.notes, [RootNote(position: q(0), width: q(1, 4), chord: [n(74, 60), n(78, 60)])])
        // Grace notes keep their spelling (for printing) and carry no tie or marks.
        XCTAssertEqual(body.expression.graces[0].items[0][0].spelling, PitchSpelling(letter: "f", accidental: 1))
        XCTAssertEqual(body.expression.graces[0].items[0][0].marks, [])
    }

    func testGraceGroupBeforeATupletItem() {
        // {c (d)e f}4 : the main note e starts at 1/12; (g){a b}8 : before the tuplet's first note
        let body = V2.clean([V2.tuplet(5, 4), V2.note("c"), V2.grace(1), V2.note("d"), V2.note("e"), V2.note("f"),
                             V2.grace(1), V2.note("g"), V2.tuplet(2, 8), V2.note("a"), V2.note("b")])
        XCTAssertEqual(body.expression.graces, [GraceGroup(offset: q(1, 12), items: [[n(62)]]),
                                                GraceGroup(offset: q(1, 4), items: [[n(67)]])])
        XCTAssertEqual(pitches(body), [60, 64, 65, 69, 71])
    }

    func testGraceGroupsOnADrumTrack() {
        // (snare)snare8
        let body = V2.clean([V2.grace(1), V2.drum(38), V2.drum(38, 8)], kind: .drums)
        XCTAssertEqual(body.expression.graces, [GraceGroup(offset: q(0), items: [[n(38)]])])
        XCTAssertEqual(body.notes, [RootNote(position: q(0), width: q(1, 8), note: n(38))])
    }

    func testGraceGroupBeforeANoteThatContinuesATie() {
        // c2~ (d)c4
        V2.oneError([V2.note("c", 2, tie: true), V2.grace(1), V2.note("d"), V2.note("c", 4)], .graceOnTiedNote, at: V2.at(1))
        // [c~ e] (d)[c g] : the chord continues c's tie
        V2.oneError([V2.chord(2), V2.member("c", tie: true), V2.member("e"), V2.grace(1), V2.note("d"),
                     V2.chord(2), V2.member("c"), V2.member("g")], .graceOnTiedNote, at: V2.at(3))
        // Inside a tuplet: {c~ (d)c e}4
        V2.oneError([V2.tuplet(4, 4), V2.note("c", tie: true), V2.grace(1), V2.note("d"), V2.note("c"), V2.note("e")], .graceOnTiedNote, at: V2.at(2))
    }

    func testGraceBeforeAFirstTiedNoteIsFine() {
        // (d)c2~ c4 e
        let body = V2.clean([V2.grace(1), V2.note("d"), V2.note("c", 2, tie: true), V2.note("c", 4), V2.note("e")])
        XCTAssertEqual(body.expression.graces, [GraceGroup(offset: q(0), items: [[n(62)]])])
    }

    func testABrokenTieBeforeAGraceGroupIsOneError() {
        // c2~ (e)d : the tie rule reports; the grace group decorates a note that starts
        V2.oneError([V2.note("c", 2, tie: true), V2.grace(1), V2.note("e"), V2.note("d")], .tieMismatch, at: V2.at(0))
    }

    // MARK: - Controls

    func testPedalControllerAndBendWhereTheyStand() {
        // pedal down c cc 11 90 [d bend 100 e] {f pedal up g}4 bend -50
        let body = V2.clean([.pedal(down: true), V2.note("c"), .controller(number: 11, value: 90),
                             V2.chord(3), V2.member("d"), .bend(cents: 100), V2.member("e"),
                             V2.tuplet(3, 4), V2.note("f"), .pedal(down: false), V2.note("g"), .bend(cents: -50)])
        XCTAssertEqual(body.expression.controls, [
            ControlMark(offset: q(0), event: .pedal(down: true)),
            ControlMark(offset: q(1, 4), event: .controller(number: 11, value: 90)),
            ControlMark(offset: q(1, 4), event: .bend(cents: 100)),
            ControlMark(offset: q(5, 8), event: .pedal(down: false)),
            ControlMark(offset: q(3, 4), event: .bend(cents: -50)),
        ])
        XCTAssertEqual(pitches(body), [60, 62, 64, 65, 67])
        XCTAssertEqual(body.length, q(3, 4))
    }

    func testControlsAtTheEndOfATuplet() {
        // {c d pedal up}2 : after the last item, the tuplet's end
        let body = V2.clean([V2.tuplet(3, 2), V2.note("c"), V2.note("d"), .pedal(down: false)])
        XCTAssertEqual(body.expression.controls, [ControlMark(offset: q(1, 2), event: .pedal(down: false))])
    }

    func testControllerOutOfRange() {
        let first = V2.oneError([.controller(number: 128, value: 0), V2.note("c")], .valueOutOfRange, at: V2.at(0))
        XCTAssertTrue(first?.message.contains("controller number 128") ?? false)
        let second = V2.oneError([V2.note("c"), .controller(number: 7, value: -1)], .valueOutOfRange, at: V2.at(1))
        XCTAssertTrue(second?.message.contains("controller value -1") ?? false)
        let (song, _) = V2.lower([.controller(number: 7, value: 300), V2.note("c")])
        XCTAssertEqual(body(song).expression.controls, [])
        XCTAssertEqual(V2.clean([.controller(number: 127, value: 127), .controller(number: 0, value: 0)]).expression.controls.count, 2)
    }

    func testBendOutOfRange() {
        let diagnostic = V2.oneError([V2.note("c"), .bend(cents: 201)], .valueOutOfRange, at: V2.at(1))
        XCTAssertTrue(diagnostic?.message.contains("bend 201") ?? false)
        XCTAssertTrue(diagnostic?.message.contains("200") ?? false)
        V2.oneError([.bend(cents: -201)], .valueOutOfRange, at: V2.at(0))
        V2.oneError([.bend(cents: Int32.max)], .valueOutOfRange, at: V2.at(0))
        XCTAssertEqual(V2.clean([.bend(cents: 200), .bend(cents: -200)]).expression.controls.map(\.event), [.bend(cents: 200), .bend(cents: -200)])
    }
}
