import XCTest

/// `stave compile --transpose N` (Stave 3): adds to the song's header `transpose`, refuses a
/// total outside −48…48 or a note pushed outside MIDI, and `stave roll` shows the respelled music.
final class TransposeOptionTests: CLITestCase {
    let song = "key d major\ntranspose 1\ntrack lead { phrase { f#4 [A7] d e | g1 } }\n"

    func testTheOptionAddsToTheHeader() throws {
        let input = try write("song.stave", song)
        let result = try run(["compile", input, "--transpose", "-2", "-o", "-", "--format", "song"])
        XCTAssertEqual(result.status, 0, result.err)
        let json = String(decoding: result.out, as: UTF8.self)
        XCTAssertTrue(json.contains(#"],"transpose":-1,"meters""#), json)
        // D major − 1 is D-flat major.
        let midi = try run(["compile", input, "--transpose", "-2", "--format", "roll", "-o", "-"])
        XCTAssertEqual(midi.status, 0, midi.err)
        XCTAssertTrue(String(decoding: midi.out, as: UTF8.self).contains("key Db major"), String(decoding: midi.out, as: UTF8.self))
    }

    func testTheRollShowsTheRespelledMusic() throws {
        let input = try write("song.stave", song)
        let result = try run(["roll", input])
        XCTAssertEqual(result.status, 0, result.err)
        let roll = String(decoding: result.out, as: UTF8.self)
        XCTAssertTrue(roll.contains("key Eb major"), roll)
        XCTAssertTrue(roll.contains("chords   Bb7"), roll)
        XCTAssertTrue(roll.contains("\nG4 "), roll)   // f# written, G sounding and shown
        XCTAssertTrue(roll.contains("\nEb4 "), roll)
    }

    func testOutOfRangeIsRefused() throws {
        let input = try write("song.stave", song)
        let usage = try run(["compile", input, "--transpose", "49"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.err.contains("--transpose takes a number of semitones −48…48, found '49'"), usage.err)
        let total = try run(["compile", input, "--transpose", "48", "-o", path("out.mid")])
        XCTAssertEqual(total.status, 1)
        XCTAssertTrue(total.err.contains("--transpose 48 makes the song's transposition 49, outside −48…48"), total.err)
    }

    func testTheHelpNamesIt() throws {
        let result = try run(["compile", "--help"])
        XCTAssertTrue(String(decoding: result.out, as: UTF8.self).contains("--transpose N"))
    }
}
