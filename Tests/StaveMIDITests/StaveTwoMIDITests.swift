import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Stave 2's sound rules (LANGUAGE.md "Expression (v2)", "Songwriting (v2)", rule 14), each
/// on a hand-built Composition with the events computed by hand, tick by tick (ppq 480 unless
/// said: a whole note is 1920 ticks, a quarter 480).
final class StaveTwoMIDITests: XCTestCase {
    // MARK: helpers

    private func n(_ pitch: Int, v: Int = 100, tie: Bool = false, _ marks: NoteMarks = []) -> ChordNote {
        ChordNote(pitch: pitch, velocity: v, tie: tie, marks: marks)
    }

    private func r(_ numerator: Int, _ denominator: Int) -> Rational { Rational(numerator, denominator) }

    /// A body of single notes, each (start, length, note), lasting `length`.
    private func body(_ length: Rational, _ notes: [(Rational, Rational, ChordNote)], _ expression: PhraseExpression = PhraseExpression()) -> PhraseBody {
        PhraseBody(length: length, notes: notes.map { RootNote(position: $0.0, width: $0.1, note: $0.2) }, expression: expression)
    }

    private func track(_ id: String, channel: Int = 1, legato: Int = 100, _ phrases: [Phrase]) -> Track {
        var track = Track(id: id, kind: .melody, channel: channel, phrases: phrases)
        track.legato = legato
        return track
    }

    private func original(_ id: String?, at start: Rational = .zero, _ body: PhraseBody) -> Phrase {
        Phrase(id: id, start: start, content: .original(body))
    }

    private func dump(_ song: Song) throws -> MIDIDump { try MIDIDump(MIDIFileWriter().render(song)) }

    /// A track's events after its set-up (name, program, volume, pan), end of track left out:
    /// `tick event` lines.
    private func events(_ song: Song, track: Int = 1) throws -> [String] {
        let events = try dump(song).tracks[track]
        return events.dropFirst(4).filter { $0.text != "end-of-track" }.map { "\($0.tick) \($0.text)" }
    }

    /// (start, duration, pitch, velocity) of every note of track 1.
    private func notes(_ song: Song, track: Int = 1) throws -> [[Int]] {
        try dump(song).notes.filter { $0[0] == track }.map { [$0[2], $0[3], $0[4], $0[5]] }
    }

    private func song(ppq: Int = 480, markers: [SongMarker] = [], _ tracks: [Track]) -> Song {
        var song = Song(title: "t", ppq: ppq, tracks: tracks)
        song.markers = markers
        return song
    }

    // MARK: sounding length

    func testStaccatoSoundsHalfAndTenutoFullWhateverTheLegato() throws {
        let b = body(r(3, 4), [(.zero, r(1, 4), n(60, .staccato)), (r(1, 4), r(1, 4), n(62, .tenuto)), (r(1, 2), r(1, 8), n(64))])
        XCTAssertEqual(try notes(song([track("a", [original("p", b)])])), [[0, 240, 60, 100], [480, 480, 62, 100], [960, 240, 64, 100]])
        // legato 85: the unmarked eighth sounds 240·0.85 = 204 ticks; tenuto stays 480, staccato 240.
        XCTAssertEqual(try notes(song([track("a", legato: 85, [original("p", b)])])), [[0, 240, 60, 100], [480, 480, 62, 100], [960, 204, 64, 100]])
    }

    /// Both ends are rounded on their own: a quintuplet of quarters at ppq 24 (96 ticks a whole)
    /// puts notes at 0, 4.8, 9.6, 14.4, 19.2 ticks; legato 50 ends them 2.4 ticks later:
    /// starts 0 5 10 14 19, ends 2 7 12 17 22 (2.4→2, 7.2→7, 12, 16.8→17, 21.6→22): lengths
    /// 2 2 2 3 3 — rounding the length instead would give 2 everywhere.
    func testLegatoRoundsEachEndOnItsOwn() throws {
        let divisions: [TupletNote] = (0..<5).map { .chord([n(60 + $0)]) }
        let b = PhraseBody(length: r(1, 4), notes: [RootNote(position: .zero, width: r(1, 4), divisions: divisions)])
        XCTAssertEqual(try notes(song(ppq: 24, [track("a", legato: 50, [original("p", b)])])),
                       [[0, 2, 60, 100], [5, 2, 61, 100], [10, 2, 62, 100], [14, 3, 63, 100], [19, 3, 64, 100]])
    }

    /// A joined note takes velocity and accent from its first part, staccato from its last:
    /// `v90 c4^~ c4'` sounds 960·½ = 480 ticks at 90+20; `c4'~ c4` is not staccato.
    func testTiedNoteTakesAccentFromFirstAndStaccatoFromLast() throws {
        let b = body(r(1, 1), [(.zero, r(1, 4), n(60, v: 90, tie: true, .accent)), (r(1, 4), r(1, 4), n(60, v: 50, .staccato)),
                               (r(1, 2), r(1, 4), n(62, tie: true, .staccato)), (r(3, 4), r(1, 4), n(62, .accent))])
        XCTAssertEqual(try notes(song([track("a", [original("p", b)])])), [[0, 480, 60, 110], [960, 960, 62, 100]])
    }

    func testAccentAddsTwentyClampsAndLeavesSilenceSilent() throws {
        let b = body(r(3, 4), [(.zero, r(1, 4), n(60, v: 100, .accent)), (r(1, 4), r(1, 4), n(62, v: 120, .accent)), (r(1, 2), r(1, 4), n(64, v: 0, .accent))])
        XCTAssertEqual(try notes(song([track("a", [original("p", b)])])), [[0, 480, 60, 120], [480, 480, 62, 127]])
    }

    // MARK: hairpins

    /// `!p c !< d e f !f g`: from 49 at 0 to 96 at 1: t=¼ → 49+11.75 → 61, t=½ → 72.5 → 73
    /// (halves up), t=¾ → 84.25 → 84; g (at 1, outside) keeps its written 96. The diminuendo
    /// back: 96−11.75 → 84, 96−23.5 = 72.5 → 73, 96−35.25 → 61. An accent is added after: 73+20.
    func testHairpinRampRoundsHalvesUpAndAccentsComeAfter() throws {
        let crescendo = body(r(5, 4), [(.zero, r(1, 4), n(60, v: 49)), (r(1, 4), r(1, 4), n(62, v: 49)), (r(1, 2), r(1, 4), n(64, v: 49)),
                                       (r(3, 4), r(1, 4), n(65, v: 49)), (r(1, 1), r(1, 4), n(67, v: 96))],
                             PhraseExpression(hairpins: [Hairpin(start: .zero, end: r(1, 1), from: 49, to: 96)]))
        XCTAssertEqual(try notes(song([track("a", [original("p", crescendo)])])).map { $0[3] }, [49, 61, 73, 84, 96])
        let diminuendo = body(r(5, 4), [(.zero, r(1, 4), n(60, v: 96)), (r(1, 4), r(1, 4), n(62, v: 96)), (r(1, 2), r(1, 4), n(64, v: 96, .accent)),
                                        (r(3, 4), r(1, 4), n(65, v: 96)), (r(1, 1), r(1, 4), n(67, v: 49))],
                              PhraseExpression(hairpins: [Hairpin(start: .zero, end: r(1, 1), from: 96, to: 49)]))
        XCTAssertEqual(try notes(song([track("a", [original("p", diminuendo)])])).map { $0[3] }, [96, 84, 93, 61, 49])
    }

    /// Repeat copies play the ramp again (it is part of the phrase).
    func testRepeatCopiesReplayTheRamp() throws {
        let b = body(r(1, 2), [(.zero, r(1, 4), n(60, v: 40)), (r(1, 4), r(1, 4), n(62, v: 40))],
                     PhraseExpression(hairpins: [Hairpin(start: .zero, end: r(1, 2), from: 40, to: 80)]))
        let phrases = [original("p", b), Phrase(start: r(1, 2), content: .repeat(source: "p", count: 2))]
        XCTAssertEqual(try notes(song([track("a", phrases)])).map { $0[3] }, [40, 60, 40, 60, 40, 60])
    }

    // MARK: grace notes

    /// `(d e)c4`: g = min(1/32, (1/4)/4) = 1/32 = 60 ticks: d 0–60, e 60–120, c 120–480.
    /// `(d e)c16`: g = min(1/32, (1/16)/4 = 1/64) = 30 ticks: d 0–30, e 30–60, c 60–120.
    func testGraceLengthIsAThirtySecondOrHalfTheNoteShared() throws {
        let quarter = body(r(1, 4), [(.zero, r(1, 4), n(60))], PhraseExpression(graces: [GraceGroup(offset: .zero, items: [[n(62)], [n(64)]])]))
        XCTAssertEqual(try notes(song([track("a", [original("p", quarter)])])), [[0, 60, 62, 100], [60, 60, 64, 100], [120, 360, 60, 100]])
        let sixteenth = body(r(1, 16), [(.zero, r(1, 16), n(60))], PhraseExpression(graces: [GraceGroup(offset: .zero, items: [[n(62)], [n(64)]])]))
        XCTAssertEqual(try notes(song([track("a", [original("p", sixteenth)])])), [[0, 30, 62, 100], [30, 30, 64, 100], [60, 60, 60, 100]])
    }

    /// In a tuplet the main note's length is its share: `{c (f)d e}8` — each item 1/24 (80
    /// ticks); g = min(1/32, (1/24)/2 = 1/48) = 40 ticks: f 80–120, d 120–160.
    /// A chord item sounds all its pitches together; legato applies to graces (50: 20 ticks,
    /// main 40·½ = 20), marks do not (the accent on d is d's alone).
    func testGracesInATupletChordItemsLegatoAndMarks() throws {
        let divisions: [TupletNote] = [.chord([n(60)]), .chord([n(62, .accent)]), .chord([n(64)])]
        let b = PhraseBody(length: r(1, 8), notes: [RootNote(position: .zero, width: r(1, 8), divisions: divisions)],
                           expression: PhraseExpression(graces: [GraceGroup(offset: r(1, 24), items: [[n(65, v: 70)]])]))
        XCTAssertEqual(try notes(song([track("a", [original("p", b)])])), [[0, 80, 60, 100], [80, 40, 65, 70], [120, 40, 62, 120], [160, 80, 64, 100]])
        XCTAssertEqual(try notes(song([track("a", legato: 50, [original("p", b)])])), [[0, 40, 60, 100], [80, 20, 65, 70], [120, 20, 62, 120], [160, 40, 64, 100]])
        let chordItem = body(r(1, 4), [(.zero, r(1, 4), n(69))], PhraseExpression(graces: [GraceGroup(offset: .zero, items: [[n(60), n(64)], [n(67)]])]))
        XCTAssertEqual(try notes(song([track("a", [original("p", chordItem)])])), [[0, 60, 60, 100], [0, 60, 64, 100], [60, 60, 67, 100], [120, 360, 69, 100]])
    }

    /// A hairpin reaches grace notes at their own starts; the main note at its delayed start:
    /// from 40 at 0 to 80 at ½: grace at 0 → 40, main at 1/32 → 40 + 40·(1/16) = 42.5 → 43.
    func testHairpinTakesGraceNotesAtTheirOwnStart() throws {
        let b = body(r(1, 2), [(.zero, r(1, 4), n(60, v: 40)), (r(1, 4), r(1, 4), n(62, v: 40))],
                     PhraseExpression(hairpins: [Hairpin(start: .zero, end: r(1, 2), from: 40, to: 80)], graces: [GraceGroup(offset: .zero, items: [[n(59, v: 40)]])]))
        XCTAssertEqual(try notes(song([track("a", [original("p", b)])])), [[0, 60, 59, 40], [60, 420, 60, 43], [480, 480, 62, 60]])
    }

    // MARK: controllers and bend

    func testBendValues() {
        XCTAssertEqual(ControlMark.bendValue(cents: -200), 0)
        XCTAssertEqual(ControlMark.bendValue(cents: 0), 8192)
        XCTAssertEqual(ControlMark.bendValue(cents: 200), 16383)
        XCTAssertEqual(ControlMark.bendValue(cents: 100), 12288)
        XCTAssertEqual(ControlMark.bendValue(cents: -50), 6144)
        XCTAssertEqual(ControlMark.bendValue(cents: 1), 8233)     // 40.96 → 41
    }

    /// Pedal, cc and bend on the track's channel at their ticks; bend 14 bits LSB first.
    /// Repeat and Sync copies emit them again; the Sync's transpose leaves them as they are.
    func testControllersAndBendOnTheChannelReplayedByCopies() throws {
        let controls = [ControlMark(offset: .zero, event: .pedal(down: true)), ControlMark(offset: r(1, 4), event: .controller(number: 11, value: 90)),
                        ControlMark(offset: r(1, 4), event: .bend(cents: -200)), ControlMark(offset: r(1, 2), event: .bend(cents: 200)),
                        ControlMark(offset: r(1, 2), event: .pedal(down: false))]
        let b = body(r(1, 2), [(.zero, r(1, 2), n(60))], PhraseExpression(controls: controls))
        let a = track("a", channel: 3, [original("p", b), Phrase(start: r(1, 2), content: .repeat(source: "p", count: 1))])
        let s = track("s", channel: 4, [Phrase(start: .zero, content: .sync(track: "a", phrase: "p", transpose: 5))])
        let bytes = try MIDIFileWriter().render(song([a, s]))
        let trackA = try MIDIDump(bytes).tracks[1].dropFirst(4).map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(trackA, [
            "0 control ch3 64 127", "0 note-on ch3 60 100",
            "480 control ch3 11 90", "480 bend ch3 0",
            "960 note-off ch3 60 0", "960 bend ch3 16383", "960 control ch3 64 0",
            "960 control ch3 64 127", "960 note-on ch3 60 100",
            "1440 control ch3 11 90", "1440 bend ch3 0",
            "1920 note-off ch3 60 0", "1920 bend ch3 16383", "1920 control ch3 64 0", "1920 end-of-track",
        ])
        let trackS = try MIDIDump(bytes).tracks[2].dropFirst(4).map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(trackS, ["0 control ch4 64 127", "0 note-on ch4 65 100", "480 control ch4 11 90", "480 bend ch4 0",
                                "960 note-off ch4 65 0", "960 bend ch4 16383", "960 control ch4 64 0", "960 end-of-track"])
    }

    // MARK: lyrics

    /// Verse n of the n-th placement, cycling: the Original sings verse 1, the three copies of
    /// `repeat p x3` verses 2, 1, 2; a Sync in another track sings nothing. `"la-la"` is
    /// `la-` and `la`.
    func testVersesCycleOverRepeatCopiesAndAnotherTracksSyncSingsNothing() throws {
        let b = body(r(1, 2), [(.zero, r(1, 4), n(60)), (r(1, 4), r(1, 4), n(62))], PhraseExpression(verses: ["la-la", "lo lu"]))
        let a = track("a", [original("p", b), Phrase(start: r(1, 2), content: .repeat(source: "p", count: 3))])
        let s = track("s", channel: 2, [Phrase(start: .zero, content: .sync(track: "a", phrase: "p", transpose: 0))])
        let midi = try dump(song([a, s]))
        let lyrics = midi.tracks[1].filter { $0.text.hasPrefix("lyric") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(lyrics, ["0 lyric \"la-\"", "480 lyric \"la\"", "960 lyric \"lo\"", "1440 lyric \"lu\"",
                                "1920 lyric \"la-\"", "2400 lyric \"la\"", "2880 lyric \"lo\"", "3360 lyric \"lu\""])
        XCTAssertFalse(midi.tracks[2].contains { $0.text.hasPrefix("lyric") })
        XCTAssertEqual(midi.tracks[2].filter { $0.text.hasPrefix("note-on") }.count, 2)
    }

    /// Lyric notes: a chord once, not rests, tie continuations or grace notes; `_` and `*`
    /// take a note and send nothing; the lyric stands at the main note's start, after the
    /// graces, before its note-on.
    func testLyricNotesSkipRestsTiesAndGraces() throws {
        // c4~ c8 | r8 | [e g]4 | (a)b4 | c4 | d4 — lyric notes: c, [e g], b, c, d
        let notes: [RootNote] = [
            RootNote(position: .zero, width: r(1, 4), note: n(60, tie: true)), RootNote(position: r(1, 4), width: r(1, 8), note: n(60)),
            RootNote(position: r(3, 8), width: r(1, 8), chord: []), RootNote(position: r(1, 2), width: r(1, 4), chord: [n(64), n(67)]),
            RootNote(position: r(3, 4), width: r(1, 4), note: n(71)), RootNote(position: r(1, 1), width: r(1, 4), note: n(72)),
            RootNote(position: r(5, 4), width: r(1, 4), note: n(74)),
        ]
        let b = PhraseBody(length: r(3, 2), notes: notes,
                           expression: PhraseExpression(graces: [GraceGroup(offset: r(3, 4), items: [[n(69)]])], verses: ["one two three _ *"]))
        let lines = try events(song([track("a", [original("p", b)])]))
        XCTAssertEqual(lines.filter { $0.contains("lyric") }, ["0 lyric \"one\"", "960 lyric \"two\"", "1500 lyric \"three\""])
        // At 1500 the grace a (1440–1500) ends, then the lyric, then b's note-on.
        let at1500 = lines.filter { $0.hasPrefix("1500 ") }
        XCTAssertEqual(at1500, ["1500 note-off ch1 69 0", "1500 lyric \"three\"", "1500 note-on ch1 71 100"])
    }

    // MARK: markers

    /// Header markers at their bar's start; a body marker at every placement (each Repeat copy,
    /// each Sync), after the conductor's other events of its tick.
    func testMarkersOnTheConductorTrack() throws {
        let b = body(r(1, 2), [(.zero, r(1, 2), n(60))], PhraseExpression(markers: [MarkerMark(offset: r(1, 4), text: "Hook")]))
        let a = track("a", [original("p", b), Phrase(start: r(1, 2), content: .repeat(source: "p", count: 2))])
        let s = track("s", channel: 2, [Phrase(start: r(2, 1), content: .sync(track: "a", phrase: "p", transpose: 0))])
        let markers = [SongMarker(bar: 2, text: "Verse"), SongMarker(bar: 1, text: "Intro")]
        let conductor = try dump(song(markers: markers, [a, s])).tracks[0].map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(conductor, [
            "0 track-name \"t\"", "0 time-signature 4/4 clocks 24 32nds 8", "0 key-signature 0 major", "0 tempo 500000",
            "0 marker \"Intro\"", "480 marker \"Hook\"", "1440 marker \"Hook\"", "1920 marker \"Verse\"", "2400 marker \"Hook\"",
            "4320 marker \"Hook\"", "4320 end-of-track",
        ])
    }

    // MARK: order at one tick

    /// Rule 14 at tick 480: the note-off of c, then `pedal up` and `bend 0` (body order), then
    /// the lyric, then d's note-on.
    func testOrderAtOneTick() throws {
        let controls = [ControlMark(offset: r(1, 4), event: .pedal(down: false)), ControlMark(offset: r(1, 4), event: .bend(cents: 0))]
        let b = body(r(1, 2), [(.zero, r(1, 4), n(60)), (r(1, 4), r(1, 4), n(62))], PhraseExpression(controls: controls, verses: ["a b"]))
        XCTAssertEqual(try events(song([track("a", [original("p", b)])])), [
            "0 lyric \"a\"", "0 note-on ch1 60 100",
            "480 note-off ch1 60 0", "480 control ch1 64 0", "480 bend ch1 8192", "480 lyric \"b\"", "480 note-on ch1 62 100",
            "960 note-off ch1 62 0",
        ])
    }

    /// Rule 14 across placements: the lyric of a note that rounds to nothing at the end of one
    /// phrase waits for the `pedal up` the next phrase sends on its tick (found by the model
    /// referee: controls come before lyrics whatever placement they come from). At ppq 24 a
    /// sixteenth-part of a 32nd rounds to zero ticks or one; the last item, x, sits at tick 27.
    func testALyricWaitsForTheControlsOfItsTickFromALaterPlacement() throws {
        let bytes = try midi("ppq 24\ntrack a { lyrics p \"* * * * * * * * * * * * * * * x\" phrase p { r4 {c d e f g a b c d e f g a b c d}32 } phrase q { pedal up c } }")
        let lines = try MIDIDump(bytes).tracks[1].filter { $0.tick == 27 && !$0.text.hasPrefix("note-off") }.map(\.text)
        XCTAssertEqual(lines, ["control ch1 64 0", "lyric \"x\"", "note-on ch1 60 100"])
    }

    // MARK: what other backends read

    /// `Performance.notes` (the piano roll, excerpts) gives the same sounding notes, grace
    /// notes flagged, marks kept.
    func testPerformanceNotesAreTheSoundingNotes() {
        let b = body(r(1, 4), [(.zero, r(1, 4), n(60, .staccato))], PhraseExpression(graces: [GraceGroup(offset: .zero, items: [[n(62)]])]))
        let a = track("a", [original("p", b)])
        let notes = Performance.notes(of: a, in: song([a]))
        XCTAssertEqual(notes, [PerformedNote(start: .zero, end: r(1, 32), pitch: 62, velocity: 100, isGrace: true),
                               PerformedNote(start: r(1, 32), end: r(1, 32) + r(7, 64), pitch: 60, velocity: 100, marks: .staccato)])
    }

    /// A plain body (no v2 marks, legato 100) takes the v1 path; one with only `legato 100`
    /// written and marks elsewhere does not.
    func testPlainBodiesAreRecognised() {
        XCTAssertTrue(Performance.isPlain(body(r(1, 4), [(.zero, r(1, 4), n(60))]), legato: 100))
        XCTAssertFalse(Performance.isPlain(body(r(1, 4), [(.zero, r(1, 4), n(60))]), legato: 99))
        XCTAssertFalse(Performance.isPlain(body(r(1, 4), [(.zero, r(1, 4), n(60, .accent))]), legato: 100))
        let tuplet = PhraseBody(length: r(1, 4), notes: [RootNote(position: .zero, width: r(1, 4), divisions: [.chord([n(60)]), .tuplet([.chord([n(62, .tenuto)]), .rest])])])
        XCTAssertFalse(Performance.isPlain(tuplet, legato: 100))
    }
}

/// The same rules from Stave text, through the parser and lowering.
final class StaveTwoTextMIDITests: XCTestCase {
    private func lines(_ text: String, track: Int = 1) throws -> [String] {
        try MIDIDump(midi(text)).tracks[track].dropFirst(4).filter { $0.text != "end-of-track" }.map { "\($0.tick) \($0.text)" }
    }

    /// Rule 14 from text: at 480 the note-off of c, `pedal up`, the lyric, d's note-on.
    func testOrderAtOneTickFromText() throws {
        XCTAssertEqual(try lines("""
        track a {
          phrase p { pedal down c4 pedal up d4 }
          lyrics p "Hel-lo"
        }
        """), [
            "0 control ch1 64 127", "0 lyric \"Hel-\"", "0 note-on ch1 60 100",
            "480 note-off ch1 60 0", "480 control ch1 64 0", "480 lyric \"lo\"", "480 note-on ch1 62 100", "960 note-off ch1 62 0",
        ])
    }

    /// `legato 85`, a staccato, a tenuto, an accent clamped at 127, a grace note (60 ticks, 51
    /// under legato 85), a hairpin `!p … !< … !f` (49 → 96 over the bar, halves up), and
    /// `bend -200 / 0 / 200` → 0, 8192, 16383.
    func testMarksFromText() throws {
        let notes = try MIDIDump(midi("""
        track a {
          legato 85
          phrase {
            !p c4 !< d4 e4' f4 | !f g4_ v120 a4^ (b)c4 r4 |
          }
        }
        """)).notes.map { [$0[2], $0[3], $0[4], $0[5]] }
        XCTAssertEqual(notes, [
            [0, 408, 60, 49],          // c: before the hairpin (which starts after it, at 1/4)
            [480, 408, 62, 49],        // d at t0: 49
            [960, 240, 64, 65],        // e staccato: 49 + 47·(1/4)/(3/4) = 64.67 → 65
            [1440, 408, 65, 80],       // f: 49 + 47·(2/3) = 80.33 → 80
            [1920, 480, 67, 96],       // g tenuto at 96
            [2400, 408, 69, 127],      // a: 120 + 20 → 127
            [2880, 51, 71, 120],       // grace b: 60 ticks · 0.85
            [2940, 357, 60, 120],      // c: 420 · 0.85
        ])
        XCTAssertEqual(try lines("track a { phrase { bend -200 c8 bend 0 c8 bend 200 } }").filter { $0.contains("bend") },
                       ["0 bend ch1 0", "240 bend ch1 8192", "480 bend ch1 16383"])
    }

    /// LANGUAGE.md "Time of a command": a command inside a chord with grace notes takes effect
    /// at the chord's sounding start. `c` fills 0–480; `cc 1 5` stands before the grace group,
    /// at 480 with `d`; the graces d, e last g = min(1/32, (1/4)/4) = 1/32 = 60 ticks each, so the
    /// chord sounds at 600 and its `pedal down` and `bend 100` are sent then, in body order;
    /// `pedal up` after the chord is at 960. The marker inside the chord is at 600 too.
    func testACommandInsideAChordWithGracesComesWithTheChord() throws {
        let text = "track a { phrase { c cc 1 5 (d e)[c e g pedal down bend 100 marker \"M\"]4 pedal up } }"
        XCTAssertEqual(try lines(text).filter { !$0.contains("note") }, [
            "480 control ch1 1 5", "600 control ch1 64 127", "600 bend ch1 12288", "960 control ch1 64 0",
        ])
        XCTAssertEqual(try MIDIDump(midi(text)).tracks[0].filter { $0.text.hasPrefix("marker") }.map { "\($0.tick) \($0.text)" }, ["600 marker \"M\""])
        // In a tuplet: `{c (d)[e pedal down] f}4`: items of 1/12 (160 ticks); g = min(1/32,
        // (1/12)/2) = 1/32 = 60 ticks; the chord sounds at 160 + 60 = 220. A Repeat copy (the
        // phrase lasts 1/4) sends it again at 480 + 220 = 700.
        XCTAssertEqual(try lines("track a { phrase p { {c (d)[e pedal down] f}4 } repeat p }").filter { $0.contains("control") },
                       ["220 control ch1 64 127", "700 control ch1 64 127"])
        // In a nested tuplet: `{c {d (e)[f bend -1 g]} a}4`: the inner items last 1/24, so the
        // chord is written at 1/12 + 1/24 = 1/8 (240); g = min(1/32, (1/24)/2) = 1/48 (40 ticks):
        // the bend (8192 − 41 = 8151) at 280.
        XCTAssertEqual(try lines("track a { phrase { {c {d (e)[f bend -1 g]} a}4 } }").filter { $0.contains("bend") }, ["280 bend ch1 8151"])
    }

    /// A command inside a grace group takes effect at the grace item after it, or at the main
    /// note after the last item. `v60 !< c (d v90 e)f v100`: t0 = 0; d at 1/4 (480), e at
    /// 1/4 + 1/32 (540), f at 600. v90 stands before e: t1 = 9/32. d = 60 + 30·(1/4)/(9/32) =
    /// 86.67 → 87; e and f take 90. `v60 !< c (d e)[v90 f a] v100`: the chord sounds at 5/16
    /// (600), t1 = 5/16: d = 60 + 30·(8/32)/(10/32) = 84, e = 60 + 30·(9/32)/(10/32) = 87.
    func testAVelocityCommandInAGraceGroupEndsTheHairpinAtItsItem() throws {
        XCTAssertEqual(try notes("track a { phrase { v60 !< c (d v90 e)f v100 } }").map { [$0[2], $0[4], $0[5]] },
                       [[0, 60, 60], [480, 62, 87], [540, 64, 90], [600, 65, 90]])
        XCTAssertEqual(try notes("track a { phrase { v60 !< c (d e)[v90 f a] v100 } }").map { [$0[2], $0[4], $0[5]] },
                       [[0, 60, 60], [480, 62, 84], [540, 64, 87], [600, 65, 90], [600, 69, 90]])
        // After the last item: `(d e v90)f` ends the crescendo with f, at 600.
        XCTAssertEqual(try notes("track a { phrase { v60 !< c (d e v90)f v100 } }").map { [$0[2], $0[4], $0[5]] },
                       [[0, 60, 60], [480, 62, 84], [540, 64, 87], [600, 65, 90]])
    }

    /// Verses cycle over the Original and the three copies of `repeat p x3` (1, 2, 1, 2); a
    /// Sync in another track sings nothing; the marker is on the conductor at every placement.
    func testVersesAndMarkersFromText() throws {
        let dump = try MIDIDump(midi("""
        marker "Top" at 1
        track a {
          phrase p { marker "P" c2 d2 }
          lyrics p "one two" "three four"
          repeat p x3
        }
        track b { sync a.p at 2 }
        """))
        let lyrics = dump.tracks[1].filter { $0.text.hasPrefix("lyric") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(lyrics, ["0 lyric \"one\"", "960 lyric \"two\"", "1920 lyric \"three\"", "2880 lyric \"four\"",
                                "3840 lyric \"one\"", "4800 lyric \"two\"", "5760 lyric \"three\"", "6720 lyric \"four\""])
        XCTAssertFalse(dump.tracks[2].contains { $0.text.hasPrefix("lyric") })
        let markers = dump.tracks[0].filter { $0.text.hasPrefix("marker") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(markers, ["0 marker \"Top\"", "0 marker \"P\"", "1920 marker \"P\"", "1920 marker \"P\"", "3840 marker \"P\"", "5760 marker \"P\""])
    }

    /// Markers of two tracks that round to one tick keep rule 14's order (the start of the
    /// placement they come from), not their exact times: at ppq 24, A stands at 3/128 (2.25
    /// ticks → 2) in a placement at 0, B at 1/64 (1.5 → 2) in a placement at 1/64: A, then B.
    func testMarkersMeetingOnATickFollowTheirPlacements() throws {
        let dump = try MIDIDump(midi("""
        ppq 24
        track a { phrase { r64. marker "A" c } }
        track b { phrase { r64 } phrase { marker "B" c } }
        """))
        XCTAssertEqual(dump.tracks[0].filter { $0.text.hasPrefix("marker") }.map { "\($0.tick) \($0.text)" }, ["2 marker \"A\"", "2 marker \"B\""])
    }

    /// Staccato halves a length: a thirty-second is 3 ticks at ppq 24, so `c32'` ends 1.5 ticks
    /// in — between ticks, with the warning naming ppq 48; at ppq 48 (6 ticks, 3 sounding) all is exact.
    func testStaccatoBetweenTicksIsWarnedAbout() {
        let odd = Lowering.compile(Source(path: "t.stave", text: "ppq 24\ntrack a { phrase { c32' r32 r16 r8 r4 } }"), defaultTitle: "t")
        XCTAssertTrue(odd.diagnostics.contains { $0.id == .offTickGrid && $0.message.contains("ppq 48 makes every event exact") }, "\(odd.diagnostics.map(\.message))")
        let even = Lowering.compile(Source(path: "t.stave", text: "ppq 48\ntrack a { phrase { c32' r32 r16 r8 r4 } }"), defaultTitle: "t")
        XCTAssertFalse(even.diagnostics.contains { $0.id == .offTickGrid })
    }

    /// A note whose *sounding* length rounds to zero is dropped with the v1 warning: at ppq 24
    /// `d64'` starts at 1.5 ticks (→ 2) and sounds 0.75 ticks (ends at 2.25 → 2). Unmarked it
    /// would end at 3 and stay.
    func testSoundingLengthThatRoundsToZeroIsDroppedWithAWarning() throws {
        let marked = Lowering.compile(Source(path: "t.stave", text: "ppq 24\ntrack a { phrase { c64 d64' r8 } }"), defaultTitle: "t")
        XCTAssertTrue(marked.diagnostics.contains { $0.id == .zeroLengthNote && $0.message.hasPrefix("1 note of this phrase") })
        XCTAssertEqual(try MIDIDump(MIDIFileWriter().render(marked.song)).notes.map { $0[4] }, [60])
        let plain = Lowering.compile(Source(path: "t.stave", text: "ppq 24\ntrack a { phrase { c64 d64 r8 } }"), defaultTitle: "t")
        XCTAssertFalse(plain.diagnostics.contains { $0.id == .zeroLengthNote })
    }
}

/// What the fast path's notes cost in memory.
final class TimedNoteSizeTests: XCTestCase {
    /// A note in whole ticks with its v2 fields stays 24 bytes (it was 32 before them).
    func testATickNoteIsTwentyFourBytes() {
        XCTAssertEqual(MemoryLayout<TimedNote<Int>>.stride, 24)
        var note = TimedNote(start: 0, end: 1, pitch: 200_000, velocity: 70_000)
        XCTAssertEqual(note.pitch, 200_000)
        XCTAssertEqual(note.velocity, Int(Int16.max))   // clamped, never a trap
        note.pitch = -5
        XCTAssertEqual(note.pitch, -5)
    }
}

/// Songs built in code that no checker has seen: out-of-range values end in a file, not a trap.
final class StaveTwoRobustnessTests: XCTestCase {
    func testOutOfRangeValuesNeverTrap() throws {
        let graces = [GraceGroup(offset: .zero, items: [[ChordNote(pitch: 300, velocity: 500)], []])]
        let hairpins = [Hairpin(start: .zero, end: Rational(1, 4), from: -50, to: 400), Hairpin(start: Rational(1, 2), end: Rational(1, 2), from: 1, to: 2)]
        let controls = [ControlMark(offset: .zero, event: .controller(number: 300, value: -4)), ControlMark(offset: Rational(1, 8), event: .bend(cents: 9999))]
        let body = PhraseBody(length: Rational(1, 2), notes: [RootNote(position: .zero, width: Rational(1, 2), note: ChordNote(pitch: 60, velocity: 100, marks: [.accent, .staccato, .tenuto]))],
                              expression: PhraseExpression(hairpins: hairpins, graces: graces + graces, controls: controls, markers: [MarkerMark(offset: Rational(1, 1000), text: "x")], verses: ["a b c d e", ""]))
        var track = Track(id: "t", kind: .melody, channel: 1, phrases: [Phrase(id: "p", start: .zero, content: .original(body)),
                                                                        Phrase(start: Rational(1, 2), content: .repeat(source: "p", count: 3))])
        track.legato = 0
        var song = Song(title: "t", ppq: 24, tracks: [track])
        song.markers = [SongMarker(bar: 0, text: "none"), SongMarker(bar: 9, text: "late")]
        let dump = try MIDIDump(MIDIFileWriter().render(song))
        XCTAssertEqual(dump.tracks.count, 2)
        XCTAssertTrue(dump.tracks[1].contains { $0.text == "control ch1 127 0" })
        XCTAssertTrue(dump.tracks[1].contains { $0.text == "bend ch1 16383" })
        XCTAssertFalse(Performance.notes(of: track, in: song).isEmpty)
    }
}
