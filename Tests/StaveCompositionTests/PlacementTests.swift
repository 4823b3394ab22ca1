import StaveComposition
import StaveSyntax
import XCTest

/// Hand-computed phrase placement (cursor, `at BAR` across meter changes, repeats, syncs),
/// channel assignment, the header, and ties as the Composition tree and Performance see them.
final class PlacementTests: XCTestCase {
    func testHeaderValuesAndDefaults() {
        let song = compileClean("""
        title "Ode"
        composer "Me"
        tempo 92.5
        meter 3/4
        key f# minor
        ppq 96
        tempo 60 at 5
        meter 6/8 at 9
        track t { }
        """)
        XCTAssertEqual(song.title, "Ode")
        XCTAssertEqual(song.composer, "Me")
        XCTAssertEqual(song.ppq, 96)
        XCTAssertEqual(song.key.fifths, 3)
        XCTAssertEqual(song.tempos, [TempoChange(bar: 1, bpm: q(185, 2)), TempoChange(bar: 5, bpm: q(60))])
        XCTAssertEqual(song.meters, [MeterChange(bar: 1, numerator: 3, denominator: 4), MeterChange(bar: 9, numerator: 6, denominator: 8)])

        let (plain, diagnostics) = Lowering.compile(Source(path: "t", text: "track t { }"), defaultTitle: "my-song")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(plain.title, "my-song")
        XCTAssertNil(plain.composer)
        XCTAssertEqual(plain.ppq, 480)
        XCTAssertEqual(plain.key.fifths, 0)
        XCTAssertEqual(plain.tempos, [TempoChange(bar: 1, bpm: q(120))])
        XCTAssertEqual(plain.meters, [MeterChange(bar: 1, numerator: 4, denominator: 4)])
    }

    func testMeterAtOneReplacesTheHeaderMeter() {
        let song = compileClean("meter 3/4 at 1\nmeter 2/4\ntrack t { phrase { c2. | } }")
        XCTAssertEqual(song.meters, [MeterChange(bar: 1, numerator: 3, denominator: 4)])
    }

    func testCursorAndAtBar() {
        // p: bar 1 (0–1); q at bar 3 (2–5/2); r follows q at 5/2.
        let song = compileClean("track t { phrase p { c1 } phrase q at 3 { c2 } phrase r { c4 } }")
        XCTAssertEqual(song.tracks[0].phrases.map(\.start), [q(0), q(2), q(5, 2)])
        XCTAssertEqual(song.tracks[0].phrases.map(\.id), ["p", "q", "r"])
    }

    func testAtBarFollowsMeterChanges() {
        // Bars 1–2 in 4/4 (1 each), 3–4 in 3/4, 5… in 6/8.
        // Bar 2 = 1; bar 4 = 2 + 3/4 = 11/4; bar 5 = 7/2; bar 6 = 7/2 + 3/4 = 17/4.
        let song = compileClean("""
        meter 3/4 at 3
        meter 6/8 at 5
        track t {
          phrase a at 4 { c }
          phrase b at 6 { c }
          phrase c at 2 { c }
          phrase d at 5 { c }
        }
        """)
        XCTAssertEqual(song.tracks[0].phrases.map(\.start), [q(11, 4), q(17, 4), q(1), q(7, 2)])
    }

    func testRepeatPlacesCountCopiesBackToBack() {
        // p lasts 3/2; three copies from 3/2 end at 6, where q starts.
        let song = compileClean("track t { phrase p { c1 d2 } repeat p x3 phrase q { e } repeat p }")
        let phrases = song.tracks[0].phrases
        XCTAssertEqual(phrases.map(\.start), [q(0), q(3, 2), q(6), q(25, 4)])
        XCTAssertEqual(phrases[1].content, .repeat(source: "p", count: 3))
        XCTAssertEqual(phrases[3].content, .repeat(source: "p", count: 1))
        XCTAssertNil(phrases[1].id)
        let starts = Performance.notes(of: song.tracks[0], in: song).map(\.start)
        XCTAssertEqual(starts, [q(0), q(1), q(3, 2), q(5, 2), q(3), q(4), q(9, 2), q(11, 2), q(6), q(25, 4), q(29, 4)])
    }

    func testRepeatMayNameAPhraseDefinedLater() {
        let song = compileClean("track t { repeat p x2 phrase p at 5 { c1 } }")
        XCTAssertEqual(song.tracks[0].phrases.map(\.start), [q(0), q(4)])
        XCTAssertEqual(song.tracks[0].phrases[0].content, .repeat(source: "p", count: 2))
    }

    func testSyncKeepsSourcePitchesAndAddsBothTransposes() {
        let song = compileClean("""
        track lead {
          transpose 2
          phrase theme { v80 c e~ e }
        }
        track bass {
          transpose -12
          sync lead.theme transpose -12 at 2
          sync lead.theme
        }
        """)
        let bass = song.tracks[1]
        XCTAssertEqual(bass.phrases.map(\.start), [q(1), q(7, 4)])
        XCTAssertEqual(bass.phrases[0].content, .sync(track: "lead", phrase: "theme", transpose: -12))
        XCTAssertEqual(bass.phrases[1].content, .sync(track: "lead", phrase: "theme", transpose: 0))
        // Sounding = source pitch + sync transpose + the bass track's transpose (not lead's +2).
        // The tied e is one note, keeping velocity 80.
        XCTAssertEqual(Performance.notes(of: bass, in: song), [
            PerformedNote(start: q(1), end: q(5, 4), pitch: 36, velocity: 80),
            PerformedNote(start: q(5, 4), end: q(7, 4), pitch: 40, velocity: 80),
            PerformedNote(start: q(7, 4), end: q(2), pitch: 48, velocity: 80),
            PerformedNote(start: q(2), end: q(5, 2), pitch: 52, velocity: 80),
        ])
        XCTAssertEqual(Performance.notes(of: song.tracks[0], in: song).map(\.pitch), [62, 66])
    }

    func testSyncWithoutTrackNamesThisTrack() {
        let song = compileClean("drums d { phrase g { kick snare } sync g at 3 }")
        XCTAssertEqual(song.tracks[0].phrases[1].content, .sync(track: "d", phrase: "g", transpose: 0))
        XCTAssertEqual(song.tracks[0].phrases[1].start, q(2))
    }

    func testChannelsExplicitFirstThenLowestFreeSkippingTen() {
        var text = ""
        for index in 1...11 { text += "track t\(index) { \(index == 5 ? "channel 2" : "") }\n" }
        text += "drums d { }\n"
        let song = compileClean(text)
        let channels = song.tracks.map(\.channel)
        XCTAssertEqual(channels, [1, 3, 4, 5, 2, 6, 7, 8, 9, 11, 12, 10])
        XCTAssertEqual(song.tracks.map(\.channelIsExplicit), [false, false, false, false, true, false, false, false, false, false, false, false])
    }

    func testFifteenMelodyTracksFit() {
        let text = (1...15).map { "track t\($0) { }" }.joined(separator: "\n") + "\ndrums d { }"
        let song = compileClean(text)
        XCTAssertEqual(song.tracks.map(\.channel), [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 10])
    }

    func testTieFlagsOnChordMembersAndWholeChords() {
        let notes = melody("[c~ e g]2 [c f a] | [c e]4~ [c e] c2~ | c4")
        XCTAssertEqual(notes.notes.map(\.divisions), [
            [.chord([n(60, tie: true), n(64), n(67)])],
            [.chord([n(60), n(65), n(69)])],
            [.chord([n(60, tie: true), n(64, tie: true)])],
            [.chord([n(60), n(64)])],
            [.chord([n(60, tie: true)])],
            [.chord([n(60)])],
        ])
    }

    func testTiesJoinIntoOneNoteKeepingTheFirstVelocity() {
        // From tied-together: g8~ g4 joins; `v70` between the halves does not change it.
        let notes = melody("v90 c2~ v30 c8 {d e f~}8 f4 e4~ {e d c}4")
        XCTAssertEqual(Performance.joinedNotes(notes), [
            PerformedNote(start: q(0), end: q(5, 8), pitch: 60, velocity: 90),
            PerformedNote(start: q(5, 8), end: q(5, 8) + q(1, 24), pitch: 62, velocity: 30),
            PerformedNote(start: q(5, 8) + q(1, 24), end: q(5, 8) + q(2, 24), pitch: 64, velocity: 30),
            PerformedNote(start: q(5, 8) + q(2, 24), end: q(1), pitch: 65, velocity: 30),
            PerformedNote(start: q(1), end: q(5, 4) + q(1, 12), pitch: 64, velocity: 30),
            PerformedNote(start: q(5, 4) + q(1, 12), end: q(5, 4) + q(2, 12), pitch: 62, velocity: 30),
            PerformedNote(start: q(5, 4) + q(2, 12), end: q(3, 2), pitch: 60, velocity: 30),
        ])
    }

    func testTiesFollowTheMIDIPitchAcrossSpellingsAndBarLines() {
        // c#~ db is one note (both MIDI 61); f~ | e# likewise (65).
        let notes = melody("c#8~ db8 f2~ | e#2", header: "meter 3/4")
        XCTAssertEqual(Performance.joinedNotes(notes), [
            PerformedNote(start: q(0), end: q(1, 4), pitch: 61, velocity: 100),
            PerformedNote(start: q(1, 4), end: q(5, 4), pitch: 65, velocity: 100),
        ])
    }

    func testVelocityZeroNotesAreKept() {
        let song = compileClean("track t { velocity 0 phrase { c d } }")
        XCTAssertEqual(body(song).notes.flatMap(\.divisions), [.chord([n(60, 0)]), .chord([n(62, 0)])])
        XCTAssertEqual(Performance.notes(of: song.tracks[0], in: song).map(\.velocity), [0, 0])
    }

    func testSettingsApplyWhereverWritten() {
        // `octave 2` written after the phrase still applies to it.
        let song = compileClean("track t { phrase { c } octave 2 velocity 30 volume 5 pan 0 }")
        XCTAssertEqual(body(song).notes, [root(q(0), q(1, 4), [n(36, 30)])])
        XCTAssertEqual(song.tracks[0].volume, 5)
        XCTAssertEqual(song.tracks[0].pan, 0)
    }

    func testInBodyTempoOfEveryCopyCounts() {
        let song = compileClean("tempo 100\ntrack t { phrase p { c1 tempo 80 c1 } repeat p x2 }")
        let tempos = Performance.tempos(of: song)
        XCTAssertEqual(tempos.map(\.time), [q(0), q(1), q(3), q(5)])
        XCTAssertEqual(tempos.map(\.bpm), [q(100), q(80), q(80), q(80)])
    }
}
