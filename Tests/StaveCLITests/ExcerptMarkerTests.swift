import Foundation
import XCTest

/// `--from` and `--to` of `render`, `play` and `roll` take a marker's name as well as a bar
/// number: the bar where that marker first stands. An unknown name is a usage error with a
/// did-you-mean among the song's markers. (Rendering with FluidSynth: Tests/audio.)
final class ExcerptMarkerTests: CLITestCase {
    let song = """
    title "Form"
    marker "Intro" at 1
    marker "Outro" at 5
    track a {
      phrase verse { c1 | marker "Chorus" d1 | }
      repeat verse
      phrase { e1 | }
    }

    """

    func testRollShowsTheBarsBetweenTwoMarkers() throws {
        let file = try write("form.stave", song)
        let byName = try run(["roll", file, "--from", "Chorus", "--to", "Outro", "--width", "80"])
        XCTAssertEqual(byName.status, 0, byName.err)
        let byNumber = try run(["roll", file, "--bars", "2-4", "--width", "80"])
        XCTAssertEqual(byName.out, byNumber.out)
        let text = String(decoding: byName.out, as: UTF8.self)
        XCTAssertTrue(text.contains("bars 2-4 of 5"), text)
        // --from alone runs to the end; --to alone starts at bar 1.
        XCTAssertEqual(try run(["roll", file, "--from", "Outro", "--width", "80"]).out, try run(["roll", file, "--bars", "5", "--width", "80"]).out)
        XCTAssertEqual(try run(["roll", file, "--to", "Chorus", "--width", "80"]).out, try run(["roll", file, "--bars", "1", "--width", "80"]).out)
    }

    func testAnUnknownMarkerIsAUsageErrorWithADidYouMean() throws {
        let file = try write("form.stave", song)
        let cases: [([String], String)] = [
            (["render", file, "--from", "Chrous"], "there is no marker 'Chrous'; did you mean 'Chorus'? (the song's markers: 'Intro', 'Chorus', 'Outro')"),
            (["play", file, "--to", "outro"], "there is no marker 'outro'; did you mean 'Outro'? (the song's markers: 'Intro', 'Chorus', 'Outro')"),
            (["roll", file, "--from", "Bridge"], "there is no marker 'Bridge' (the song's markers: 'Intro', 'Chorus', 'Outro')"),
            (["roll", file, "--from", "Outro", "--to", "Chorus"], "--to 2 does not come after --from 5: the roll shows bar 5 up to the start of bar 2"),
            (["render", file, "--from", "Outro", "--to", "Chorus"], "--to 2 does not come after --from 5: the excerpt runs from the start of bar 5 up to the start of bar 2"),
            (["roll", file, "--bars", "1-2", "--from", "Chorus"], "--bars and --from/--to both choose bars: give one or the other"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.err, "stave: error: \(message)\nRun 'stave \(arguments[0]) --help' for usage.\n", "\(arguments)")
        }
    }
}
