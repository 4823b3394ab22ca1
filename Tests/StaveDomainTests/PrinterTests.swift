import Foundation
import XCTest
import StaveSyntax
import StaveComposition
import StavePrinter

/// The printer on small songs built by hand, against text written by hand; each printed text
/// must also compile back to the same song.
final class PrinterTests: XCTestCase {
    /// A plain note.
    func note(_ position: Rational, _ width: Rational, _ pitch: Int, velocity: Int = 100, tie: Bool = false) -> RootNote {
        RootNote(position: position, width: width, divisions: [.chord([ChordNote(pitch: pitch, velocity: velocity, tie: tie)])])
    }

    func melody(_ id: String = "lead", phrases: [Phrase], channel: Int = 1, program: Int = 0) -> Track {
        Track(id: id, kind: .melody, program: program, channel: channel, phrases: phrases)
    }

    func body(_ length: Rational, _ notes: [RootNote], tempos: [TempoMark] = []) -> Phrase.Content {
        .original(PhraseBody(length: length, notes: notes, tempos: tempos))
    }

    /// Prints, checks the text compiles back to the song, and returns the text.
    func printed(_ song: Song, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let text = StavePrinter().print(song)
        let (compiled, diagnostics) = Lowering.compile(Source(path: "printed.stave", text: text), defaultTitle: "untitled")
        XCTAssertFalse(diagnostics.hasErrors, "\(diagnostics.map(\.message))\n\(text)", file: file, line: line)
        XCTAssertEqual(compiled, song, text, file: file, line: line)
        return text
    }

    /// The lines of the one phrase body in a printed song.
    func bodyLines(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }
    }

    let quarter = Rational(1, 4)

    func testSpellingFollowsTheKeySignature() throws {
        let notes = [note(.zero, quarter, 66), note(quarter, quarter, 65), note(quarter * 2, quarter, 61), note(quarter * 3, quarter, 60)]
        let dMajor = Key(tonic: PitchSpelling(letter: "d", accidental: nil), mode: .major)!
        let song = Song(title: "Keys", key: dMajor, tracks: [melody(phrases: [Phrase(start: .zero, content: body(Rational(1), notes))])])
        XCTAssertEqual(bodyLines(try printed(song)), ["f fn c cn |"])

        let cMajor = Song(title: "Keys", tracks: [melody(phrases: [Phrase(start: .zero, content: body(Rational(1), notes))])])
        XCTAssertEqual(bodyLines(try printed(cMajor)), ["f# f c# c |"])
    }

    func testMinorKeysSpellRaisedSixthAndSeventhFromTheScale() throws {
        // G-sharp minor: E# (65) and F## (67), then G# (68).
        let gSharpMinor = Key(tonic: PitchSpelling(letter: "g", accidental: 1), mode: .minor)!
        let notes = [note(.zero, quarter, 65), note(quarter, quarter, 67), note(quarter * 2, Rational(1, 2), 68)]
        let song = Song(title: "Minor", key: gSharpMinor, tracks: [melody(phrases: [Phrase(start: .zero, content: body(Rational(1), notes))])])
        XCTAssertEqual(bodyLines(try printed(song)), ["e# f## g2 |"])
    }

    /// One speller (`PitchSpeller`): in D minor the printer writes MIDI 61 `c#`, and the tie
    /// rule's message (from the front end and from a save file) names it `c#4`, not `db4`.
    func testATieMessageNamesAPitchAsThePrinterWritesIt() throws {
        let dMinor = Key(tonic: PitchSpelling(letter: "d", accidental: nil), mode: .minor)!
        let notes = [note(.zero, quarter, 61), note(quarter, Rational(3, 4), 62)]
        let song = Song(title: "Minor", key: dMinor, tracks: [melody(phrases: [Phrase(start: .zero, content: body(Rational(1), notes))])])
        XCTAssertEqual(bodyLines(try printed(song)), ["c# d2. |"])

        let message = "tied c#4 (MIDI 61) does not sound in the next note or chord"
        let (_, diagnostics) = Lowering.compile(Source(path: "t.stave", text: "key d minor\ntrack a { phrase { c#4~ d } }"), defaultTitle: "t")
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [message])
        // The save validator runs the same tie rule (`TieCheck`) on a note without a spelling.
        var check = TieCheck<Int>(kind: .melody, key: dMinor)
        check.tie(61, at: 0)
        check.arrive(isRest: false, pitchCount: 1, sounds: { $0 == 62 })
        XCTAssertEqual(check.problems.map(\.problem.message), [message])
    }

    func testWidthsRestsAndBarLines() throws {
        let notes = [note(.zero, Rational(5, 8), 60), note(Rational(3, 4), quarter, 62)]
        let song = Song(title: "Rests", tracks: [melody(phrases: [Phrase(start: .zero, content: body(Rational(9, 4), notes))])])
        XCTAssertEqual(bodyLines(try printed(song)), ["c2~8 r d4 | r1 | r4"])
    }

    func testBarLinesOnlyWhereEveryPlacementAgrees() throws {
        // A phrase of 5/4: its bar line after the c1 would fall off the grid in the repeat copy.
        let odd = Phrase(id: "a", start: .zero, content: body(Rational(5, 4), [note(.zero, Rational(1), 60), note(Rational(1), quarter, 62)]))
        let song = Song(title: "Grid", tracks: [melody(phrases: [odd, Phrase(start: Rational(5, 4), content: .repeat(source: "a", count: 2))])])
        XCTAssertEqual(bodyLines(try printed(song)), ["c1 d4"])

        // Two whole bars repeated: every copy starts on a bar, so the bar lines stay.
        let even = Phrase(id: "a", start: .zero, content: body(Rational(2), [note(.zero, Rational(1), 60), note(Rational(1), Rational(1), 62)]))
        let aligned = Song(title: "Grid", tracks: [melody(phrases: [even, Phrase(start: Rational(2), content: .repeat(source: "a", count: 3))])])
        XCTAssertEqual(bodyLines(try printed(aligned)), ["c1 | d |"])
    }

    func testExtremePitchesVelocitiesAndOctaves() throws {
        let notes = [note(.zero, quarter, 10, velocity: 80), note(quarter, quarter, 11, velocity: 81), note(quarter * 2, quarter, 127, velocity: 81),
                     note(quarter * 3, quarter, 126, velocity: 81)]
        let song = Song(title: "Range", tracks: [melody(phrases: [Phrase(start: .zero, content: body(Rational(1), notes))])])
        XCTAssertEqual(bodyLines(try printed(song)), ["!mf o0 cbb v81 cb o9 g f# |"])
    }

    func testTupletsChordsAndTies() throws {
        let e = ChordNote(pitch: 64, velocity: 100, tie: true), g = ChordNote(pitch: 67, velocity: 100)
        let tuplet = RootNote(position: .zero, width: Rational(1, 2), divisions: [
            .chord([ChordNote(pitch: 60, velocity: 100)]),
            .chord([e, g]),
            .tuplet([.chord([ChordNote(pitch: 64, velocity: 100)]), .rest]),
        ])
        let chord = RootNote(position: Rational(1, 2), width: Rational(1, 2), divisions: [.chord([
            ChordNote(pitch: 60, velocity: 100, tie: true), ChordNote(pitch: 72, velocity: 100, tie: true)])])
        let last = RootNote(position: Rational(1), width: quarter, divisions: [.chord([ChordNote(pitch: 72, velocity: 100), ChordNote(pitch: 60, velocity: 100)])])
        let song = Song(title: "Tuplets", tracks: [melody(phrases: [Phrase(start: .zero, content: body(Rational(5, 4), [tuplet, chord, last]))])])
        XCTAssertEqual(bodyLines(try printed(song)), ["{c [e~ g] {e r}}2 [c > c]~ | [c < c]4"])
    }

    func testHeaderTracksAndPhraseStatements() throws {
        let a = Phrase(id: "a", start: Rational(5, 2), content: body(Rational(1), [note(.zero, Rational(1), 60)]))
        let lead = Track(id: "lead", name: "Lead \"1\"", kind: .melody, program: 24, channel: 3, channelIsExplicit: true, volume: 90,
                         phrases: [a, Phrase(start: Rational(7, 2), content: .sync(track: "lead", phrase: "a", transpose: 12))])
        let other = Track(id: "other", kind: .melody, channel: 1, octave: 5, transpose: -12,
                          phrases: [Phrase(start: Rational(3, 8), content: .sync(track: "lead", phrase: "a", transpose: 0))])
        let beat = Track(id: "beat", kind: .drums, program: 25, channel: 10, phrases: [Phrase(start: .zero, content: body(quarter, [note(.zero, quarter, 35)]))])
        let song = Song(title: "a \"b\" \\ c", composer: "Me", ppq: 96, tempos: [TempoChange(bar: 1, bpm: Rational(185, 2))],
                        meters: [MeterChange(bar: 1, numerator: 3, denominator: 8), MeterChange(bar: 5, numerator: 4, denominator: 4)],
                        tracks: [lead, other, beat])
        XCTAssertEqual(try printed(song), """
            title "a \\"b\\" \\\\ c"
            composer "Me"
            tempo 92.5
            meter 3/8
            ppq 96
            meter 4/4 at 5

            track lead "Lead \\"1\\"" {
              instrument acoustic-guitar-nylon
              channel 3
              volume 90
              phrase a at 6 {
                c1
              }
              sync a transpose 12
            }

            track other {
              octave 5
              transpose -12
              sync lead.a at 2
            }

            drums beat {
              kit tr-808
              phrase {
                acoustic-bass-drum
              }
            }

            """)
    }

    func testManyRepeatsAndSyncsPrintInLinearTime() throws {
        // 20,000 Repeats and 20,000 Syncs of one Original: each reference is looked up once
        // (by ID, in a table), not by scanning the phrases before it.
        let count = 20_000
        let riff = Phrase(id: "riff", start: .zero, content: body(Rational(1), [note(.zero, Rational(1, 2), 60), note(Rational(1, 2), Rational(1, 2), 64)]))
        let repeats = (1...count).map { Phrase(start: Rational($0), content: .repeat(source: "riff", count: 1)) }
        let syncs = (0..<count).map { Phrase(start: Rational($0), content: .sync(track: "lead", phrase: "riff", transpose: -12)) }
        let song = Song(title: "Riffs", tracks: [melody(phrases: [riff] + repeats), melody("bass", phrases: syncs, channel: 2)])
        let started = Date()
        let text = try printed(song)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "printing and compiling back")
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0 == "  repeat riff" }.count, count)
        XCTAssertEqual(lines.filter { $0 == "  sync lead.riff transpose -12" }.count, count)
    }
}
