import XCTest
import StaveComposition
import StavePrinter
@testable import StaveMIDIImport

/// Stave 2 events read back into their Stave forms: pedal, controllers, bends, markers, lyrics.
final class StaveTwoEventTests: XCTestCase {
    /// A meta event at a delta.
    func meta(_ delta: Int, _ type: UInt8, _ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return SMF.vlq(delta) + [0xFF, type] + SMF.vlq(bytes.count) + bytes
    }

    /// A two-track file at 480 ppq (4/4, 120): the conductor's events and one track's.
    func file(conductor: [UInt8] = [], track: [UInt8]) -> [UInt8] {
        SMF.header(tracks: 2) + SMF.track(conductor + SMF.end) + SMF.track(track + SMF.end)
    }

    /// The only Original body of the only track.
    func body(_ song: Song, file: StaticString = #filePath, line: UInt = #line) -> PhraseBody? {
        let bodies = song.tracks.flatMap(\.phrases).compactMap { phrase -> PhraseBody? in
            if case .original(let body) = phrase.content { return body }
            return nil
        }
        XCTAssertEqual(bodies.count, 1, file: file, line: line)
        return bodies.first
    }

    func testPedalControllersAndLaterVolumeBecomeBodyCommandsAtTheirTimes() throws {
        let track: [UInt8] = [0x00, 0xB0, 7, 100, 0x00, 0xB0, 10, 64,      // volume, pan: the settings
                              0x00, 0xB0, 64, 127, 0x00, 0x90, 60, 90,      // pedal down, c on
                              0x83, 0x60, 0xB0, 11, 90,                     // 480: cc 11 90
                              0x83, 0x60, 0x80, 60, 0, 0x00, 0xB0, 64, 0,   // 960: c off, pedal up
                              0x87, 0x40, 0xB0, 7, 80]                      // 1920: cc 7 80
        let song = try MIDIImporter().importSong(file(track: track), defaultTitle: "t").song
        XCTAssertEqual(song.tracks.first?.volume, 100)
        XCTAssertEqual(body(song)?.expression.controls, [
            ControlMark(offset: .zero, event: .pedal(down: true)),
            ControlMark(offset: Rational(1, 4), event: .controller(number: 11, value: 90)),
            ControlMark(offset: Rational(1, 2), event: .pedal(down: false)),
            ControlMark(offset: Rational(1), event: .controller(number: 7, value: 80)),
        ])
        // CC64 with another value is a plain controller.
        XCTAssertEqual(ControlReading.controller(64, 64), .controller(number: 64, value: 64))
    }

    func testBendValuesBecomeTheCentsThatCompileToThem() throws {
        XCTAssertEqual(ControlReading.bendCents(8192).cents, 0)
        XCTAssertEqual(ControlReading.bendCents(12288).cents, 100)    // 8192 + 100·8192/200
        XCTAssertEqual(ControlReading.bendCents(6144).cents, -50)
        XCTAssertEqual(ControlReading.bendCents(8233).cents, 1)       // 8192 + round(40.96)
        XCTAssertEqual(ControlReading.bendCents(16383).cents, 200)    // 16384 clamped
        XCTAssertEqual(ControlReading.bendCents(0).cents, -200)
        XCTAssertTrue(ControlReading.bendCents(8233).exact)
        // 8200 lies between 0 cents (8192) and 1 cent (8233): the nearest, not exact.
        XCTAssertEqual(ControlReading.bendCents(8200).cents, 0)
        XCTAssertFalse(ControlReading.bendCents(8200).exact)
        for cents in -200...200 {
            XCTAssertEqual(ControlReading.bendCents(ControlMark.bendValue(cents: cents)).cents, cents)
        }
        // E0 LSB MSB: 12288 = 96·128 + 0 at tick 240.
        let track: [UInt8] = [0x00, 0x90, 60, 90, 0x81, 0x70, 0xE0, 0, 96, 0x81, 0x70, 0x80, 60, 0]
        let result = try MIDIImporter().importSong(file(track: track), defaultTitle: "t")
        XCTAssertEqual(body(result.song)?.expression.controls, [ControlMark(offset: Rational(1, 8), event: .bend(cents: 100))])
        XCTAssertEqual(result.remarks, [])
    }

    func testMarkersOnBarStartsGoToTheHeaderAndOthersIntoTheFirstBody() throws {
        let conductor = meta(0, 0x06, "Intro") + meta(1920, 0x06, "Chorus") + meta(480, 0x06, "Hit")
        let track: [UInt8] = [0x00, 0x90, 60, 90] + SMF.vlq(3840) + [0x80, 60, 0]
        let song = try MIDIImporter().importSong(file(conductor: conductor, track: track), defaultTitle: "t").song
        XCTAssertEqual(song.markers, [SongMarker(bar: 1, text: "Intro"), SongMarker(bar: 2, text: "Chorus")])
        XCTAssertEqual(body(song)?.expression.markers, [MarkerMark(offset: Rational(5, 4), text: "Hit")])
    }

    func testLyricsBecomeTheVerseOfThePhraseWhoseNotesSingThem() throws {
        // Four quarters; syllables on the first, second and fourth.
        var track: [UInt8] = []
        for (index, lyric) in ["Twin-", "kle", nil, "star"].enumerated() {
            if let lyric { track += meta(0, 0x05, lyric) }
            track += [0x00, 0x90, UInt8(60 + index), 90, 0x83, 0x60, 0x80, UInt8(60 + index), 0]
        }
        let song = try MIDIImporter().importSong(file(track: track), defaultTitle: "t").song
        XCTAssertEqual(body(song)?.expression.verses, ["Twin-kle * star"])
        let phrase = try XCTUnwrap(song.tracks.first?.phrases.first)
        XCTAssertNotNil(phrase.id)
        XCTAssertTrue(StavePrinter().print(song).contains("lyrics \(phrase.id!) \"Twin-kle * star\""))
    }

    func testSyllablesAVerseCannotHoldAreLeftOutAndSaidSo() throws {
        XCTAssertTrue(LyricReading.isWritable("Twin-"))
        XCTAssertTrue(LyricReading.isWritable("\"yes\""))
        XCTAssertFalse(LyricReading.isWritable("a b"))
        XCTAssertFalse(LyricReading.isWritable("a-b"))
        XCTAssertFalse(LyricReading.isWritable("_"))
        XCTAssertFalse(LyricReading.isWritable("*"))
        XCTAssertFalse(LyricReading.isWritable(""))
        XCTAssertEqual(LyricReading.verse(["Twin-", nil, "kle", "star"]), "Twin-* kle star")
        let track = meta(0, 0x05, "two words") + [0x00, 0x90, 60, 90, 0x83, 0x60, 0x80, 60, 0]
        let result = try MIDIImporter().importSong(file(track: track), defaultTitle: "t")
        XCTAssertEqual(body(result.song)?.expression.verses, [])
        XCTAssertEqual(result.remarks.count, 1)
        XCTAssertTrue(result.remarks[0].contains("1 lyric events are left out"))
    }

    func testASyllableWithNoNoteIsSungOnASilentNote() throws {
        // A note 0–480; a syllable at 960, where no note starts (Stave writes so for a v0 note).
        let track: [UInt8] = [0x00, 0x90, 60, 90, 0x83, 0x60, 0x80, 60, 0] + meta(480, 0x05, "la")
        let song = try MIDIImporter().importSong(file(track: track), defaultTitle: "t").song
        let body = try XCTUnwrap(self.body(song))
        XCTAssertEqual(body.expression.verses, ["* la"])
        XCTAssertEqual(body.notes.last?.position, Rational(1, 2))
        XCTAssertEqual(body.notes.last?.singleNote?.velocity, 0)
    }

    /// Compile → import → compile keeps every note, controller, bend, lyric and marker (the
    /// marks themselves come back as plain velocities and lengths).
    func testAStaveTwoSongRoundTripsInSound() throws {
        let text = """
        marker "Top" at 1
        track lead {
          legato 90
          phrase verse {
            pedal down !p c8 !< d e' f g^ a !f b > c | cc 11 90 {c d e}4 bend 50 f2 bend 0 marker "Turn" g4 pedal up |
            (f g)a2 c2_ |
          }
          lyrics verse "Do re mi-fa sol * la ti do"
        }
        """
        let before = try ImportRoundTrip.midi(text)
        let (imported, compiles) = try ImportRoundTrip.importText(before)
        XCTAssertTrue(compiles, imported)
        let after = try ImportRoundTrip.midi(imported)
        XCTAssertEqual(try ImportRoundTrip.notes(after), try ImportRoundTrip.notes(before))
        XCTAssertEqual(try events(after), try events(before))
        XCTAssertEqual(try events(before).filter { $0.hasPrefix("lyric") }.count, 8)
        XCTAssertTrue(imported.contains("pedal down"), imported)
        XCTAssertTrue(imported.contains("bend 50"), imported)
        XCTAssertTrue(imported.contains("marker \"Top\" at 1"), imported)
    }

    /// Controllers, bends, lyrics and markers of a file, as text with their ticks, in file order.
    func events(_ bytes: [UInt8]) throws -> [String] {
        let file = try MIDIFileReader().read(bytes)
        var events: [String] = []
        for track in file.tracks {
            for event in track.events {
                switch (event.status, event.kind) {
                case (_, 0xB0): events.append("cc \(event.tick) \(event.data1) \(event.data2)")
                case (_, 0xE0): events.append("bend \(event.tick) \(event.data1) \(event.data2)")
                case (0xFF, _) where event.data1 == 0x05: events.append("lyric \(event.tick) \(file.text(of: event))")
                case (0xFF, _) where event.data1 == 0x06: events.append("marker \(event.tick) \(file.text(of: event))")
                default: break
                }
            }
        }
        return events
    }
}
