import StaveComposition
import StavePrinter
import StaveSyntax
import StaveTestSupport
import XCTest

/// `stave print` writes the layout `stave fmt` would: printing a song and formatting the text
/// changes nothing.
final class PrinterLayoutTests: XCTestCase {
    func testPrintedSongsAreFormatted() {
        let seeds = FormatTestSupport.files(in: "Examples", suffix: ".stave").map { String(decoding: FormatTestSupport.bytes($0), as: UTF8.self) }
        var inputs = FuzzInputs(seed: 0x9_21_47, extraSeeds: seeds)
        var texts = seeds
        let generated = TestScale.count(400, minimum: 100)
        for _ in 0..<generated { texts.append(inputs.song()) }
        var checked = 0
        for (index, text) in texts.enumerated() {
            let (song, diagnostics) = Lowering.compile(Source(path: "song.stave", bytes: Array(text.utf8)), defaultTitle: "song")
            guard !diagnostics.hasErrors else { continue }
            let printed = StavePrinter().print(song)
            XCTAssertEqual(FormatTestSupport.format(printed), printed, "song \(index): stave print's text is not formatted")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, generated * 3 / 8)
    }

    /// Songs with every Stave 2 construct (marks, hairpins, graces, pedal/cc/bend, markers,
    /// chord symbols, lyrics, legato) print in the formatter's layout too.
    func testPrintedStaveTwoSongsAreFormatted() {
        let files = FormatTestSupport.files(in: "Tests/Fixtures/saves/stave2", suffix: ".stave")
        XCTAssertGreaterThanOrEqual(files.count, 3)
        for file in files {
            let (song, diagnostics) = Lowering.compile(Source(path: file.path, bytes: FormatTestSupport.bytes(file)), defaultTitle: "song")
            XCTAssertFalse(diagnostics.hasErrors, file.lastPathComponent)
            let printed = StavePrinter().print(song)
            XCTAssertEqual(FormatTestSupport.format(printed), printed, "\(file.lastPathComponent): stave print's text is not formatted")
            // Within 100 columns, but for lyrics statements: their strings cannot be broken.
            XCTAssertTrue(printed.split(separator: "\n").allSatisfy { $0.count <= 100 || $0.hasPrefix("  lyrics ") }, file.lastPathComponent)
        }
    }
}
