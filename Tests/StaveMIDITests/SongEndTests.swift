import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// `MIDIFileWriter(lastsToSongEnd:)`: the file `stave render` hands to FluidSynth lasts to the
/// song's end, rests at the end included; `stave compile`'s file is unchanged.
final class SongEndTests: XCTestCase {
    func endOfTrack(_ bytes: [UInt8]) throws -> [Int] {
        try MIDIDump(bytes).tracks.map { track in try XCTUnwrap(track.last { $0.text == "end-of-track" }).tick }
    }

    func testTheConductorLastsThroughTrailingRests() throws {
        // One quarter note then three quarters of rest, and a second bar of rest: ends at tick 3840.
        let (song, _) = Lowering.compile(Source(path: "t.stave", text: "track a { phrase { c4 r2. | r1 | } }"), defaultTitle: "t")
        XCTAssertEqual(try endOfTrack(MIDIFileWriter(lastsToSongEnd: true).render(song)), [3840, 480])
        XCTAssertEqual(try endOfTrack(MIDIFileWriter().render(song)), [0, 480], "compile's file ends at its last event")
    }

    func testTheConductorReachesTheLastNote() throws {
        let (song, _) = Lowering.compile(Source(path: "t.stave", text: "tempo 90 at 2\ntrack a { phrase { c1 | d1 | } }"), defaultTitle: "t")
        XCTAssertEqual(try endOfTrack(MIDIFileWriter(lastsToSongEnd: true).render(song)), [3840, 3840])
        XCTAssertEqual(try endOfTrack(MIDIFileWriter().render(song)), [1920, 3840], "compile's conductor ends at the tempo change")
    }
}
