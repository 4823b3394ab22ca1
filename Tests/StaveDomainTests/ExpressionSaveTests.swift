import XCTest
import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter
import StaveMIDI
import StaveJSON

/// Save format version 5 and `stave print` on a song with every Stave 2 construct, built by
/// hand: the JSON it saves as (pieces written by hand), the text it prints as (written by
/// hand), and the round trip through the save file.
final class ExpressionSaveTests: XCTestCase {
    static func r(_ numerator: Int, _ denominator: Int = 1) -> Rational { Rational(numerator, denominator) }

    static func note(_ position: Rational, _ width: Rational, _ pitch: Int, velocity: Int, marks: NoteMarks = []) -> RootNote {
        RootNote(position: position, width: width, note: ChordNote(pitch: pitch, velocity: velocity, marks: marks))
    }

    /// `marker "Verse 2" at 2` in the header; a melody track with `legato 85` whose phrase
    /// holds every body construct, with lyrics; a drum track with a flam and an accent.
    static func everything() -> Song {
        var song = Song(title: "Everything")
        song.markers = [SongMarker(bar: 2, text: "Verse 2")]
        let am7 = ChordSymbol(root: ChordSymbol.Note(letterByte: UInt8(ascii: "A"), accidental: 0), quality: .minorSeventh)
        let notes = [
            note(r(0), r(1, 4), 60, velocity: 49, marks: .staccato),
            note(r(1, 4), r(1, 4), 62, velocity: 49, marks: .tenuto),
            RootNote(position: r(1, 2), width: r(1, 4), chord: [69, 72, 76, 79].map { ChordNote(pitch: $0, velocity: 49, marks: .accent) }),
            note(r(3, 4), r(1, 4), 64, velocity: 49),
            RootNote(position: r(5, 4), width: r(1, 4), divisions: [
                .chord([ChordNote(pitch: 60, velocity: 96, marks: .staccato)]), .chord([ChordNote(pitch: 62, velocity: 96)]),
                .chord([ChordNote(pitch: 64, velocity: 96)]),
            ]),
            note(r(3, 2), r(1, 2), 60, velocity: 96),
        ]
        let expression = PhraseExpression(
            hairpins: [Hairpin(start: r(0), end: r(1), from: 49, to: 96)],
            graces: [GraceGroup(offset: r(3, 4), items: [[ChordNote(pitch: 65, velocity: 49)], [ChordNote(pitch: 67, velocity: 49)]])],
            controls: [ControlMark(offset: r(0), event: .pedal(down: true)), ControlMark(offset: r(9, 8), event: .controller(number: 11, value: 90)),
                       ControlMark(offset: r(3, 2), event: .bend(cents: -50)), ControlMark(offset: r(2), event: .pedal(down: false))],
            markers: [MarkerMark(offset: r(3, 2), text: "Coda")],
            chordSymbols: [ChordSymbolMark(offset: r(1, 2), symbol: am7, rootPitch: 69)],
            verses: ["Twin-kle twin-kle", "Up a-bove"])
        var lead = Track(id: "lead", kind: .melody, channel: 1, phrases: [
            Phrase(id: "verse", start: r(0), content: .original(PhraseBody(length: r(2), notes: notes, expression: expression))),
        ])
        lead.legato = 85
        let drums = Track(id: "beat", kind: .drums, channel: 10, phrases: [
            Phrase(start: r(0), content: .original(PhraseBody(length: r(1, 4), notes: [
                note(r(0), r(1, 8), 38, velocity: 100, marks: .accent), note(r(1, 8), r(1, 8), 42, velocity: 100),
            ], expression: PhraseExpression(graces: [GraceGroup(offset: r(0), items: [[ChordNote(pitch: 38, velocity: 100)]])])))),
        ])
        song.tracks = [lead, drums]
        return song
    }

    func testEveryConstructIsSavedAsWritten() throws {
        let json = String(decoding: try SongEncoder.encode(ExpressionSaveTests.everything()), as: UTF8.self)
        // Resolution 8: the smallest that makes 9/8 (the cc) and every other time whole.
        XCTAssertTrue(json.hasPrefix("{\"format\":\"stave-song\",\"version\":6,\"song\":{\"title\":\"Everything\",\"ppq\":480,\"resolution\":8,"), json)
        for piece in [
            "\"meters\":[{\"bar\":1,\"numerator\":4,\"denominator\":4}],\"markers\":[{\"bar\":2,\"text\":\"Verse 2\"}],\"tracks\":",
            "\"transpose\":0,\"legato\":85,\"phrases\":",
            "\"length\":16,\"hairpins\":[{\"start\":0,\"end\":8,\"from\":49,\"to\":96}],",
            // Grace notes run their own velocity from the track's (100): the first says 49.
            "\"graces\":[{\"offset\":6,\"items\":[[{\"pitch\":65,\"velocity\":49}],[67]]}],",
            "\"controls\":[{\"offset\":0,\"pedal\":\"down\"},{\"offset\":9,\"cc\":11,\"value\":90},{\"offset\":12,\"bend\":-50},{\"offset\":16,\"pedal\":\"up\"}],",
            "\"markers\":[{\"offset\":12,\"text\":\"Coda\"}],",
            "\"chordSymbols\":[{\"offset\":4,\"symbol\":\"Am7\",\"root\":69}],",
            "\"lyrics\":[\"Twin-kle twin-kle\",\"Up a-bove\"],\"containers\":",
            "{\"width\":2,\"notes\":[{\"pitch\":60,\"velocity\":49,\"staccato\":true}]},{\"notes\":[{\"pitch\":62,\"tenuto\":true}]},",
            "{\"notes\":[{\"pitch\":69,\"accent\":true},{\"pitch\":72,\"accent\":true},",
            "{\"position\":10,\"blocks\":[{\"notes\":[{\"pitch\":60,\"velocity\":96,\"staccato\":true}]},{\"notes\":[62]},{\"notes\":[64]}]}",
            // Drums: the flam's grace beat is a bare key (velocity 100 = the track's), the accent on the beat.
            "\"graces\":[{\"offset\":0,\"items\":[[38]]}],\"containers\":[{\"width\":1,\"beats\":[{\"drum\":38,\"accent\":true}]},{\"beats\":[42]}]",
        ] {
            XCTAssertTrue(json.contains(piece), "missing \(piece)\nin \(json)")
        }
    }

    func testEveryConstructRoundTripsThroughTheSaveFile() throws {
        let song = ExpressionSaveTests.everything()
        for layout in [JSONWriter.Layout.compact, .pretty] {
            let bytes = try SongEncoder.encode(song, layout: layout)
            let loaded = try SongDecoder.decodeSong(bytes)
            XCTAssertEqual(loaded, song)
            XCTAssertEqual(loaded.markers, song.markers)
            XCTAssertEqual(loaded.tracks[0].legato, 85)
            XCTAssertEqual(try SongEncoder.encode(loaded, layout: layout), bytes, "save → load → save")
        }
    }

    func testEveryConstructPrintsAsWritten() throws {
        XCTAssertEqual(StavePrinter().print(ExpressionSaveTests.everything()), """
            title "Everything"
            marker "Verse 2" at 2

            track lead {
              legato 85
              phrase verse {
                pedal down !p !< c' d_ [Am7]^ (f g)e | !f r8 cc 11 90 r {c' d e}4 bend -50 marker "Coda" c2 |
                pedal up
              }
              lyrics verse "Twin-kle twin-kle" "Up a-bove"
            }

            drums beat {
              phrase {
                (snare)snare8^ hat
              }
            }

            """)
    }

    /// Commands among grace notes keep their place (LANGUAGE.md "Time of a command"): the save
    /// file counts the grace items before each (`afterGraces`, `endAfterGraces`), `stave print`
    /// writes them back inside the grace group or the chord, and the MIDI stays the same.
    func testCommandsAmongGraceNotesSaveAndPrintInPlace() throws {
        let text = "track a { phrase { v60 !< c (d v90 e)f v100 c (d e)[c e g pedal down marker \"M\"]4 pedal up {c (d)[e bend 50] f}4 } }"
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        XCTAssertFalse(diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
        let json = String(decoding: try SongEncoder.encode(song, layout: .compact), as: UTF8.self)
        for piece in ["{\"start\":0,\"end\":3,\"from\":60,\"to\":90,\"endAfterGraces\":1}", "{\"offset\":9,\"pedal\":\"down\",\"afterGraces\":2}",
                      "{\"offset\":12,\"pedal\":\"up\"}", "{\"offset\":13,\"bend\":50,\"afterGraces\":1}", "{\"offset\":9,\"text\":\"M\",\"afterGraces\":2}"] {
            XCTAssertTrue(json.contains(piece), "missing \(piece)\nin \(json)")
        }
        let loaded = try SongDecoder.decodeSong(Array(json.utf8))
        let printed = StavePrinter().print(loaded)
        XCTAssertTrue(printed.contains("v60 !< c (d v90 e)f v100 c (d e)[pedal down marker \"M\" c e g] |\n    pedal up {c (d)[bend 50 e] f}"), printed)
        let (again, _) = Lowering.compile(Source(path: "t.stave", text: printed), defaultTitle: "t")
        XCTAssertEqual(try MIDIFileWriter().render(again), try MIDIFileWriter().render(song))
    }

    /// FORMAT.md shows the two current version fixtures and how they print: the page and the files
    /// cannot drift apart.
    func testTheFormatPageShowsTheFixturesAndTheirText() throws {
        let page = try Fixtures.text(Fixtures.root.appendingPathComponent("Sources/StaveDomain/FORMAT.md"))
        func blocks(_ language: String) -> [String] {
            page.components(separatedBy: "```" + language + "\n").dropFirst().map { String($0.components(separatedBy: "```")[0]) }
        }
        let json = blocks("json"), stave = blocks("stave")
        XCTAssertEqual(json.count, 2)
        XCTAssertEqual(stave.count, 2)
        for (index, name) in ["fixture-song.json", "stave2-song.json"].enumerated() where index < json.count && index < stave.count {
            let fixture = try Fixtures.bytes(Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v\(SongDocument.currentVersion)/" + name))
            XCTAssertEqual(json[index], String(decoding: fixture, as: UTF8.self), name)
            XCTAssertEqual(stave[index], StavePrinter().print(try SongDecoder.decodeSong(fixture)), name)
        }
    }

    func testAVersion4FileLoadsAsTheCurrentVersionWithTheSameSongAndBytes() throws {
        let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v4/fixture-song.json")
        let v4 = try Fixtures.text(fixture)
        let document = try SongDecoder.decode(Array(v4.utf8))
        XCTAssertTrue(document.tracks.allSatisfy { $0.legato == 100 })
        XCTAssertTrue(document.markers.isEmpty)
        let resaved = String(decoding: SongEncoder.encode(document, layout: .pretty), as: UTF8.self)
        // Only the version changes.
        XCTAssertEqual(resaved, v4.replacingOccurrences(of: "\"version\": 4,", with: "\"version\": \(SongDocument.currentVersion),"))
        XCTAssertNotEqual(resaved, v4)
        // The same song as the current version's fixture, which is that file saved again.
        let v5 = try Fixtures.bytes(Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v\(SongDocument.currentVersion)/fixture-song.json"))
        XCTAssertEqual(try SongDecoder.decodeSong(Array(v4.utf8)), try SongDecoder.decodeSong(v5))
        XCTAssertEqual(resaved, String(decoding: v5, as: UTF8.self))
    }

    /// Every older version's fixture migrates to a current version document whose song saves and
    /// loads again unchanged, with no Stave 2 marks.
    func testEveryOlderVersionMigratesToACurrentDocumentWithoutMarks() throws {
        // Versions 1–4 came before the Stave 2 marks.
        for version in 1...4 {
            for fixture in Fixtures.files(in: "Tests/Fixtures/saves/versions/v\(version)", withExtension: "json") {
                let song = try SongDecoder.decodeSong(try Fixtures.bytes(fixture))
                let saved = try SongEncoder.encode(song)
                XCTAssertTrue(String(decoding: saved, as: UTF8.self).hasPrefix("{\"format\":\"stave-song\",\"version\":\(SongDocument.currentVersion),"), fixture.path)
                XCTAssertEqual(try SongDecoder.decodeSong(saved), song, fixture.path)
                XCTAssertTrue(song.markers.isEmpty && song.tracks.allSatisfy { $0.legato == 100 }, fixture.path)
                for track in song.tracks {
                    for phrase in track.phrases {
                        if case .original(let body) = phrase.content { XCTAssertTrue(body.expression.isEmpty, fixture.path) }
                    }
                }
            }
        }
    }
}
