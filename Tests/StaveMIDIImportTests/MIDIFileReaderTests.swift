import XCTest
@testable import StaveMIDIImport

final class MIDIFileReaderTests: XCTestCase {
    func read(_ bytes: [UInt8]) throws -> MIDIFile { try MIDIFileReader().read(bytes) }

    /// The error of reading `bytes`, failing the test when they read fine.
    func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> MIDIReadError? {
        do {
            _ = try read(bytes)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as MIDIReadError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    func testRunningStatusAndVelocityZeroNoteOff() throws {
        // Note-on C4, then by running status D4, then both released by note-on velocity 0.
        let events: [UInt8] = [0x00, 0x90, 60, 100, 0x00, 62, 90, 0x83, 0x60, 60, 0, 0x00, 62, 0] + SMF.end
        let file = try read(SMF.header(format: 0, tracks: 1) + SMF.track(events))
        XCTAssertEqual(file.format, 0)
        XCTAssertEqual(file.ticksPerQuarter, 480)
        XCTAssertEqual(file.tracks.count, 1)
        XCTAssertEqual(file.tracks[0].events.map(\.status), [0x90, 0x90, 0x90, 0x90])
        XCTAssertEqual(file.tracks[0].events.map(\.tick), [0, 0, 480, 480])
        let parts = ChannelPart.parts(of: file.tracks[0], track: 0, scale: 1)
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(parts[0].notes.sorted { $0.pitch < $1.pitch },
                       [VoiceNote(start: 0, end: 480, pitch: 60, velocity: 100), VoiceNote(start: 0, end: 480, pitch: 62, velocity: 90)])
    }

    func testOverlappingSamePitchPairsFirstOnFirstOffAndHeldNotesEndAtTrackEnd() throws {
        // on C @0, on C @100, off C @200, off C @300; E never released, track ends @960.
        let events: [UInt8] = [0x00, 0x90, 60, 80, 0x64, 0x90, 60, 70, 0x64, 0x80, 60, 0, 0x64, 0x80, 60, 0, 0x00, 0x90, 64, 50,
] + SMF.vlq(660) + [0xFF, 0x2F, 0x00]
        let file = try read(SMF.header(format: 0, tracks: 1) + SMF.track(events))
        XCTAssertEqual(file.tracks[0].endTick, 300 + 660)
        let notes = ChannelPart.parts(of: file.tracks[0], track: 0, scale: 1)[0].notes
        XCTAssertEqual(notes.count, 3)
        XCTAssertTrue(notes.contains(VoiceNote(start: 0, end: 200, pitch: 60, velocity: 80)))
        XCTAssertTrue(notes.contains(VoiceNote(start: 100, end: 300, pitch: 60, velocity: 70)))
        XCTAssertTrue(notes.contains(VoiceNote(start: 300, end: 960, pitch: 64, velocity: 50)))
        // The two C's overlap: they go to two voices, and no note is lost.
        let voices = VoiceSplitter.split(notes)
        XCTAssertEqual(voices.count, 2)
        XCTAssertEqual(voices.map(\.count).reduce(0, +), 3)
    }

    func testSysExAndMetaEventsAreReadAndCancelNothingElse() throws {
        let title = Array("Song".utf8)
        let events: [UInt8] = [0x00, 0xFF, 0x03, UInt8(title.count)] + title
            + [0x00, 0xF0, 0x03, 0x7E, 0x7F, 0xF7]
            + [0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20]
            + [0x00, 0xFF, 0x58, 0x04, 0x03, 0x02, 0x18, 0x08] + SMF.end
        let file = try read(SMF.header(tracks: 1) + SMF.track(events))
        let events0 = file.tracks[0].events
        XCTAssertEqual(events0.count, 4)
        XCTAssertEqual(file.text(of: events0[0]), "Song")
        XCTAssertEqual(events0[1].status, 0xF0)
        XCTAssertEqual(Array(file.payload(of: events0[1])), [0x7E, 0x7F, 0xF7])
        let result = try MIDIImporter().importSong(file, defaultTitle: "x")
        XCTAssertEqual(result.song.title, "Song")
        XCTAssertEqual(result.song.tempos.first?.bpm, .init(120))
        XCTAssertEqual(result.song.meters.first?.numerator, 3)
        XCTAssertEqual(result.song.meters.first?.denominator, 4)
    }

    func testFormatTwoIsAClearError() {
        let error = self.error(SMF.header(format: 2, tracks: 1) + SMF.track(SMF.end))
        XCTAssertEqual(error?.offset, 8)
        XCTAssertTrue(error?.message.contains("format 2") == true, error?.message ?? "")
    }

    func testSMPTEDivisionIsAClearError() {
        // -25 frames per second, 40 ticks per frame.
        let error = self.error(SMF.header(tracks: 1, division: 0xE728) + SMF.track(SMF.end))
        XCTAssertEqual(error?.offset, 12)
        XCTAssertTrue(error?.message.contains("SMPTE") == true, error?.message ?? "")
    }

    func testTruncatedChunkNamesTheOffset() {
        // The chunk promises 20 bytes; only 4 are there.
        let bytes = SMF.header(tracks: 1) + SMF.track(SMF.end, length: 20)
        let error = self.error(bytes)
        XCTAssertEqual(error?.offset, 18)
        XCTAssertTrue(error?.description.hasPrefix("byte 18: chunk length 20") == true, error?.description ?? "")
    }

    func testHugeChunkLengthIsRefusedBeforeAllocating() {
        let bytes = SMF.header(tracks: 1) + SMF.track(SMF.end, length: 0xFFFF_FFFF)
        let error = self.error(bytes)
        XCTAssertEqual(error?.offset, 18)
        XCTAssertTrue(error?.message.contains("4294967295") == true, error?.message ?? "")
    }

    func testTruncatedEventNamesTheOffsetAndWhatWasExpected() {
        // A note-on whose second data byte is missing at the end of the chunk.
        let bytes = SMF.header(tracks: 1) + SMF.track([0x00, 0x90, 60])
        let error = self.error(bytes)
        XCTAssertEqual(error?.offset, 25)
        XCTAssertEqual(error?.message, "expected a data byte, found the end of the file")
    }

    func testRunningStatusAtTrackStartIsAnError() {
        let error = self.error(SMF.header(tracks: 1) + SMF.track([0x00, 60, 100] + SMF.end))
        XCTAssertEqual(error?.offset, 23)
        XCTAssertTrue(error?.message.contains("no running status") == true, error?.message ?? "")
    }

    func testDataByteAbove127IsAnError() {
        let error = self.error(SMF.header(tracks: 1) + SMF.track([0x00, 0x90, 60, 0xC8] + SMF.end))
        XCTAssertEqual(error?.offset, 25)
        XCTAssertEqual(error?.message, "expected a data byte (0–127), found 0xC8")
    }

    func testMissingTracksAndBadMagicAreErrors() {
        XCTAssertEqual(error(SMF.header(tracks: 2) + SMF.track(SMF.end))?.offset, 26)
        XCTAssertEqual(error(Array("RIFF".utf8) + [0, 0, 0, 6])?.offset, 0)
        XCTAssertEqual(error([])?.offset, 0)
    }

    func testOverlongVariableLengthQuantityIsAnError() {
        let error = self.error(SMF.header(tracks: 1) + SMF.track([0x81, 0x81, 0x81, 0x81, 0x01, 0x90, 60, 1] + SMF.end))
        XCTAssertEqual(error?.offset, 22)
        XCTAssertTrue(error?.message.contains("at most 4 bytes") == true, error?.message ?? "")
    }

    func testUnknownChunksAreSkipped() throws {
        let alien = Array("XFIH".utf8) + [0, 0, 0, 2, 0xAA, 0xBB]
        let file = try read(SMF.header(tracks: 1) + alien + SMF.track([0x00, 0x90, 60, 1] + SMF.vlq(480) + [0x80, 60, 0] + SMF.end))
        XCTAssertEqual(file.tracks.count, 1)
        XCTAssertEqual(file.tracks[0].events.count, 2)
    }
}
