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
        for _ in 0..<400 { texts.append(inputs.song()) }
        var checked = 0
        for (index, text) in texts.enumerated() {
            let (song, diagnostics) = Lowering.compile(Source(path: "song.stave", bytes: Array(text.utf8)), defaultTitle: "song")
            guard !diagnostics.hasErrors else { continue }
            let printed = StavePrinter().print(song)
            XCTAssertEqual(FormatTestSupport.format(printed), printed, "song \(index): stave print's text is not formatted")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 150)
    }
}
