import XCTest
import StaveComposition
import StavePrinter
@testable import StaveMIDIImport

/// Issue 31: `stave import` wrote identifiers and strings Stave cannot read. Every track ID is an
/// identifier, every text a string Stave reads back as the same text, and what had to change is
/// declared in one remark per kind.
final class WritableTextTests: XCTestCase {
    /// A meta event at a delta.
    func meta(_ delta: Int, _ type: UInt8, _ bytes: [UInt8]) -> [UInt8] {
        SMF.vlq(delta) + [0xFF, type] + SMF.vlq(bytes.count) + bytes
    }

    /// A quarter note c at 96 ppq on channel 1, from delta 0.
    let quarter: [UInt8] = [0x00, 0x90, 60, 100, 0x60, 0x80, 60, 0]

    /// The imported text and remarks of a file of a conductor track and one track at 96 ppq;
    /// the text must compile back to the imported song.
    func imported(conductor: [UInt8] = [], track: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> (text: String, remarks: [String]) {
        let bytes = SMF.header(tracks: 2, division: 96) + SMF.track(conductor + SMF.end) + SMF.track(track + SMF.end)
        let result = try MIDIImporter().importSong(bytes, defaultTitle: "t")
        let text = StavePrinter().print(result.song)
        XCTAssertEqual(ImportRoundTrip.compile(text), result.song, "the text does not compile back:\n\(text)", file: file, line: line)
        return (text, result.remarks)
    }

    /// Programs whose short names are kebab-case (`honky-tonk`) gave IDs Stave refused.
    func testTracksNamedAfterTheirInstrumentGetIdentifiers() throws {
        let expected = [(3, "honky_tonk", "honky-tonk-piano"), (50, "synth_strings_1", "synthstrings-1"), (51, "synth_strings_2", "synthstrings-2"),
                        (62, "synth_brass_1", "synthbrass-1"), (63, "synth_brass_2", "synthbrass-2"), (115, "wood_block", "woodblock")]
        for (program, id, instrument) in expected {
            let (text, remarks) = try imported(track: [0x00, 0xC0, UInt8(program)] + quarter)
            XCTAssertEqual(text, "title \"t\"\nppq 96\n\ntrack \(id) {\n  instrument \(instrument)\n  phrase {\n    c\n  }\n}\n", "program \(program)")
            XCTAssertEqual(remarks, [])
        }
    }

    func testAnIdentifierIsMadeOfLettersDigitsAndUnderscoresAndIsNoReservedWord() {
        XCTAssertEqual(TrackNaming.identifier("synth-strings-1"), "synth_strings_1")
        XCTAssertEqual(TrackNaming.identifier("1st"), "_1st")
        XCTAssertEqual(TrackNaming.identifier(""), "_")
        XCTAssertEqual(TrackNaming.identifier("kit"), "kit_track")
        XCTAssertEqual(TrackNaming.identifier("é-x"), "__x")
        XCTAssertEqual(TrackNaming.baseID(name: "tempo", program: 0, drums: false), "tempo_track")
        XCTAssertEqual(TrackNaming.baseID(name: "--", program: 3, drums: false), "honky_tonk")
        XCTAssertEqual(TrackNaming.baseID(name: nil, program: 0, drums: true), "drums")
    }

    /// A line feed in the copyright, a carriage return in a track name, CR LF in a marker and
    /// control characters in the title: line breaks become spaces, the others are left out, and
    /// one remark says so per kind; a tab stays.
    func testLineBreaksAndControlCharactersInTextsAreDeclaredRepairs() throws {
        let conductor = meta(0, 0x03, Array("Song\u{0}\u{1B}".utf8)) + meta(0, 0x02, Array("(c) 2026\nThe Band".utf8))
            + meta(0, 0x06, Array("Verse\r\n1".utf8)) + meta(96, 0x06, Array("Tab\there".utf8))
        let (text, remarks) = try imported(conductor: conductor, track: meta(0, 0x03, Array("Lead\rVoice".utf8)) + quarter)
        XCTAssertEqual(text, """
            title "Song"
            composer "(c) 2026 The Band"
            ppq 96
            marker "Verse 1" at 1

            track lead_voice "Lead Voice" {
              phrase {
                c marker "Tab\there"
              }
            }

            """)
        XCTAssertEqual(remarks, ["3 line breaks in the title, copyright, track names or markers are written as spaces: a Stave string ends at its line",
                                 "2 control characters in the title, copyright, track names or markers are left out"])
    }

    func testOneRepairIsCountedInTheSingular() {
        var repairs = TextRepairs()
        XCTAssertEqual(repairs.writable("a\r\nb\u{7F}c\u{85}"), "a bc")
        XCTAssertEqual(repairs.writable("plain"), "plain")
        XCTAssertEqual(repairs.remarks, ["1 line break in the title, copyright, track names or markers is written as a space: a Stave string ends at its line",
                                         "2 control characters in the title, copyright, track names or markers are left out"])
    }

    /// Found by the `import` fuzz target (Tests/Fixtures/fuzz/import/tempo-of-3.59-bpm.mid): the
    /// slowest tempos need seven decimals to compile back to their microseconds; the search
    /// stopped at six and wrote a fraction (`tempo 15000000/4178057 at 6`), which Stave reads as
    /// something else.
    func testTheSlowestTemposAreWrittenWithTheDecimalsTheyNeed() throws {
        XCTAssertEqual(Conductor.bpm(microsecondsPerQuarter: 16_712_228).decimalText, "3.5901856")
        XCTAssertEqual(Conductor.bpm(microsecondsPerQuarter: 16_777_215).decimalText, "3.576279")
        XCTAssertEqual(Conductor.bpm(microsecondsPerQuarter: 500_000).decimalText, "120")
        let (text, _) = try imported(conductor: [0x00, 0xFF, 0x51, 0x03, 0xFF, 0x02, 0x24], track: quarter)
        XCTAssertEqual(text, "title \"t\"\ntempo 3.5901856\nppq 96\n\ntrack piano {\n  phrase {\n    c\n  }\n}\n")
    }
}
