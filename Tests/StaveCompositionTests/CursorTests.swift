import StaveComposition
import StaveSyntax
import XCTest

/// Hand-computed Composition cases for the sticky cursors (octave, duration, velocity), durations,
/// dots, inline ties, tuplets and rests. Times are whole notes: a quarter is 1/4.
final class CursorTests: XCTestCase {
    func testDurationIsStickyAndPositionsAddUp() {
        let notes = melody("c8 d e4 f")
        XCTAssertEqual(notes, PhraseBody(length: q(3, 4), notes: [
            root(q(0), q(1, 8), [n(60)]),
            root(q(1, 8), q(1, 8), [n(62)]),
            root(q(1, 4), q(1, 4), [n(64)]),
            root(q(1, 2), q(1, 4), [n(65)]),
        ]))
    }

    func testOctaveIsStickyAndMovesByCommands() {
        // o5 c=72 d=74; o3 e=52; > f4=65; < < g2=43.
        XCTAssertEqual(pitches(melody("o5 c d o3 e > f < < g")), [72, 74, 52, 65, 43])
    }

    func testVelocityIsStickyWithDynamicsAndZeroIsKept() {
        let notes = melody("c v90 d !p e !fff f v0 g !ppp a")
        XCTAssertEqual(notes.notes.map { $0.divisions }, [
            [.chord([n(60, 100)])], [.chord([n(62, 90)])], [.chord([n(64, 49)])],
            [.chord([n(65, 127)])], [.chord([n(67, 0)])], [.chord([n(69, 16)])],
        ])
    }

    func testEachPhraseStartsFromTheTrackCursors() {
        let song = compileClean("""
        track t {
          octave 3
          velocity 70
          phrase { o5 v20 c8 }
          phrase { c }
        }
        """)
        XCTAssertEqual(body(song, phrase: 0).notes, [root(q(0), q(1, 8), [n(72, 20)])])
        // Octave 3, velocity 70 and a quarter again.
        XCTAssertEqual(body(song, phrase: 1).notes, [root(q(0), q(1, 4), [n(48, 70)])])
        XCTAssertEqual(song.tracks[0].phrases.map(\.start), [q(0), q(1, 8)])
    }

    func testCommandsInsideAChordApplyFromThereAndPersist() {
        // c60 v100, e76 v100 (after >), g79 v50 (after v50); then a in octave 5 = 81 at v50.
        let notes = melody("[c > e v50 g] a")
        XCTAssertEqual(notes.notes, [
            root(q(0), q(1, 4), [n(60), n(76), n(79, 50)]),
            root(q(1, 4), q(1, 4), [n(81, 50)]),
        ])
    }

    func testCommandsBetweenTupletItemsPersistAfterTheTuplet() {
        let notes = melody("{c > d !ff e}4 f")
        XCTAssertEqual(notes.notes, [
            RootNote(position: q(0), width: q(1, 4), divisions: [.chord([n(60)]), .chord([n(74)]), .chord([n(76, 112)])]),
            root(q(1, 4), q(1, 4), [n(77, 112)]),
        ])
    }

    func testATupletsDurationBecomesCurrent() {
        // `{c d e}8 f` — f is an eighth.
        let notes = melody("{c d e}8 f")
        XCTAssertEqual(notes.notes.map(\.position), [q(0), q(1, 8)])
        XCTAssertEqual(notes.notes.map(\.width), [q(1, 8), q(1, 8)])
        XCTAssertEqual(notes.length, q(1, 4))
    }

    func testChordDurationBecomesCurrentAndChordWithOctaveUp() {
        let notes = melody("[c e g > c]2 d")
        XCTAssertEqual(notes.notes, [
            root(q(0), q(1, 2), [n(60), n(64), n(67), n(72)]),
            root(q(1, 2), q(1, 2), [n(74)]),
        ])
    }

    func testDotsAndTheirDurationStaysCurrent() {
        // 4. = 3/8, 2.. = 7/8, 8... = 15/64, and f keeps 8... .
        let notes = melody("c4. d2.. e8... f")
        XCTAssertEqual(notes.notes.map(\.width), [q(3, 8), q(7, 8), q(15, 64), q(15, 64)])
        XCTAssertEqual(notes.notes.map(\.position), [q(0), q(3, 8), q(5, 4), q(95, 64)])
        XCTAssertEqual(notes.length, q(55, 32))
    }

    func testInlineTieIsOneNoteAndItsLastDurationBecomesCurrent() {
        // c2~8 lasts 1/2 + 1/8; d is an eighth.
        let notes = melody("c2~8 d")
        XCTAssertEqual(notes.notes, [root(q(0), q(5, 8), [n(60)]), root(q(5, 8), q(1, 8), [n(62)])])
    }

    func testInlineTieFromTheCurrentDuration() {
        // c~8 lasts the current quarter plus an eighth; d8~16 lasts 3/16; e is a sixteenth.
        let notes = melody("c~8 d8~16 e")
        XCTAssertEqual(notes.notes.map(\.width), [q(3, 8), q(3, 16), q(1, 16)])
        XCTAssertEqual(notes.notes.map(\.position), [q(0), q(3, 8), q(9, 16)])
        XCTAssertEqual(notes.notes.map(\.divisions), [[.chord([n(60)])], [.chord([n(62)])], [.chord([n(64)])]])
    }

    func testChainedInlineTies() {
        // 1 + 2 + 4. = 15/8
        XCTAssertEqual(melody("c1~2~4. d").notes.map(\.width), [q(15, 8), q(3, 8)])
    }

    func testNestedTupletsDivideExactly() {
        let notes = melody("{c {d e} f}2")
        XCTAssertEqual(notes.notes, [RootNote(position: q(0), width: q(1, 2), divisions: [
            .chord([n(60)]), .tuplet([.chord([n(62)]), .chord([n(64)])]), .chord([n(65)]),
        ])])
        // d and e get a sixth of a half each: 1/12.
        let joined = Performance.joinedNotes(notes)
        XCTAssertEqual(joined, [
            PerformedNote(start: q(0), end: q(1, 6), pitch: 60, velocity: 100),
            PerformedNote(start: q(1, 6), end: q(1, 4), pitch: 62, velocity: 100),
            PerformedNote(start: q(1, 4), end: q(1, 3), pitch: 64, velocity: 100),
            PerformedNote(start: q(1, 3), end: q(1, 2), pitch: 65, velocity: 100),
        ])
    }

    func testTupletWithRestAndChord() {
        let notes = melody("{c r [e g]}2")
        XCTAssertEqual(notes.notes, [RootNote(position: q(0), width: q(1, 2), divisions: [
            .chord([n(60)]), .rest, .chord([n(64), n(67)]),
        ])])
    }

    func testTupletsNeverAccumulateError() {
        // Seven septuplets of a quarter, then a note exactly at 7/4.
        // At ppq 3360 (480 × 7) every septuplet note falls on a tick: no warning.
        let notes = melody(String(repeating: "{c d e f g a b}4 ", count: 7) + "c", header: "ppq 3360")
        XCTAssertEqual(notes.notes.last?.position, q(7, 4))
        XCTAssertEqual(Performance.joinedNotes(notes)[15].start, q(15, 28))
    }

    func testRestsAreGapsAndTheirDurationBecomesCurrent() {
        // c 0–1/4, r8, d 3/8–1/2, r2, e 1–3/2.
        let notes = melody("c r8 d r2 e")
        XCTAssertEqual(notes, PhraseBody(length: q(3, 2), notes: [
            root(q(0), q(1, 4), [n(60)]),
            root(q(3, 8), q(1, 8), [n(62)]),
            root(q(1), q(1, 2), [n(64)]),
        ]))
    }

    func testBarLinesAndInBodyTempoTakeNoTime() {
        let notes = melody("c1 | tempo 92.5 c1 |")
        XCTAssertEqual(notes.notes.map(\.position), [q(0), q(1)])
        XCTAssertEqual(notes.tempos, [TempoMark(offset: q(1), bpm: q(185, 2))])
        XCTAssertEqual(notes.length, q(2))
    }

    func testATempoAtTheSongStartIsNoConflictWithTheUnwrittenDefault() {
        // No header tempo is written, so the phrase's tempo 90 replaces nothing the user wrote.
        let song = compileClean("track a { phrase { tempo 90 c } }")
        XCTAssertEqual(body(song).tempos, [TempoMark(offset: q(0), bpm: q(90))])
        XCTAssertEqual(Performance.tempos(of: song).map(\.time), [q(0)])
        XCTAssertEqual(Performance.tempos(of: song).map(\.bpm), [q(90)])
    }

    func testAnEmptyPhraseHasNoLength() {
        let song = compileClean("track t { phrase p { } phrase { c } }")
        XCTAssertEqual(body(song, phrase: 0), PhraseBody(length: q(0)))
        XCTAssertEqual(song.tracks[0].phrases.map(\.start), [q(0), q(0)])
    }
}
