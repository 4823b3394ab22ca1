import XCTest
import StaveSyntax
import StaveComposition
import StaveDomain
import StaveMIDI
import StavePrinter

/// The form in the save format (version 6 `form`) and back through `stave print` (rule 18).
final class FormSaveTests: XCTestCase {
    static let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v6/form-song.json")

    func testTheFixtureDecodesToTheFormAsWritten() throws {
        let song = try SongDecoder.decodeSong(Fixtures.bytes(FormSaveTests.fixture))
        var expected = Form()
        expected.repeats = [FormRepeat(first: 2, last: 3, writtenPasses: 3, endings: [4...4, 5...6])]
        expected.segno = FormMark(bar: 2)
        expected.jump = FormJump(toSegno: true, bar: 7)
        expected.toCoda = FormMark(bar: 6)
        expected.coda = FormMark(bar: 8)
        XCTAssertEqual(song.form, expected)
    }

    /// save → print → save is byte-identical; the printed text writes the statements back.
    func testSavePrintSaveIsAFixedPoint() throws {
        let bytes = try Fixtures.bytes(FormSaveTests.fixture)
        let printed = StavePrinter().print(try SongDecoder.decodeSong(bytes))
        XCTAssertTrue(printed.contains("repeat bars 2-3 x3 endings 4 5-6\nsegno at 2\nds at 7\nto-coda at 6\ncoda at 8\n"), printed)
        let (again, diagnostics) = Lowering.compile(Source(path: "t.stave", text: printed), defaultTitle: "t")
        XCTAssertFalse(diagnostics.hasErrors)
        XCTAssertEqual(try SongEncoder.encode(again, layout: .pretty), bytes)
    }

    /// compile → save → print → compile gives the same MIDI bytes (the performance).
    func testCompileSavePrintCompileKeepsTheMIDI() throws {
        let text = """
        title "Round"
        repeat bars 1-2 endings 3 4
        dc at 4
        fine at 2
        marker "A" at 1
        track lead {
          phrase chorus { c2 d2 | e1 | f1 | g1 }
          lyrics chorus "la la" "li li"
        }
        """
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        XCTAssertFalse(diagnostics.hasErrors)
        let saved = try SongEncoder.encode(song)
        let printed = StavePrinter().print(try SongDecoder.decodeSong(saved))
        let (again, againDiagnostics) = Lowering.compile(Source(path: "t.stave", text: printed), defaultTitle: "t")
        XCTAssertFalse(againDiagnostics.hasErrors)
        XCTAssertEqual(try MIDIFileWriter().render(again), try MIDIFileWriter().render(song))
        XCTAssertEqual(try SongEncoder.encode(again), saved)
    }
}
