import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Tempo ramps `tempo BPM at A-B` (LANGUAGE.md, "Songwriting (v3)"), computed by hand: one step
/// a quarter note from the start of bar A to the end of bar B, the k-th of n at
/// T0 + (BPM − T0)·k/n, each rounded to whole microseconds on its own (rule 9).
final class TempoRampTests: XCTestCase {
    private func tempos(_ text: String) throws -> [String] {
        try MIDIDump(midi(text)).tracks[0].filter { $0.text.hasPrefix("tempo") }.map { "\($0.tick) \($0.text)" }
    }

    private func errors(_ text: String) -> [String] {
        let (_, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        return diagnostics.filter { $0.severity == .error }.map { "\($0.id.rawValue): \($0.message)" }
    }

    /// Two bars of 3/4 from 120 to 60: six steps of −10 BPM, 110 first (60,000,000/110 =
    /// 545,454.5… → 545,455), 60 on the last quarter (1,000,000). The ramp replaces the header
    /// tempo on tick 0.
    func testRampOverTwoBarsOfThreeFourHasSixSteps() throws {
        let text = "tempo 120\nmeter 3/4\ntempo 60 at 1-2\ntrack a { phrase { c2. | c2. | c2. } }"
        XCTAssertEqual(try tempos(text), [
            "0 tempo 545455", "480 tempo 600000", "960 tempo 666667",
            "1440 tempo 750000", "1920 tempo 857143", "2400 tempo 1000000",
        ])
    }

    /// T0 is the tempo in force just before bar A (here `tempo 100 at 2`); a decimal step is
    /// fine: 100 → 90 over bar 3 of 4/4 is 97.5, 95, 92.5, 90.
    func testRampStartsFromTheTempoInForceAndTakesDecimals() throws {
        let text = "tempo 80\ntempo 100 at 2\ntempo 90 at 3-3\ntempo 120 at 4\ntrack a { phrase { c1 | c1 | c1 | c1 } }"
        XCTAssertEqual(try tempos(text), [
            "0 tempo 750000", "1920 tempo 600000",
            "3840 tempo 615385", "4320 tempo 631579", "4800 tempo 648649", "5280 tempo 666667",
            "5760 tempo 500000",
        ])
    }

    /// An accelerando from an in-body tempo; a meter whose bar is not a whole number of
    /// quarters (5/8: 2.5 quarters) gets a step on the last, half-length quarter too: three.
    func testAccelerandoFromAnInBodyTempoInFiveEight() throws {
        let text = "meter 5/8\ntempo 90 at 2-2\ntrack a { phrase { tempo 60 c4 r8 c4 | c4 r8 c4 | c4 } }"
        XCTAssertEqual(try tempos(text), [
            "0 tempo 1000000", "1200 tempo 857143", "1680 tempo 750000", "2160 tempo 666667",
        ])
    }

    /// Two ramps in a row: the second starts from the first's written tempo.
    func testSecondRampStartsWhereTheFirstEnds() throws {
        let text = "tempo 60\ntempo 120 at 2-2\ntempo 60 at 3-3\ntrack a { phrase { c1 | c1 | c1 } }"
        XCTAssertEqual(try tempos(text), [
            "0 tempo 1000000",
            "1920 tempo 800000", "2400 tempo 666667", "2880 tempo 571429", "3360 tempo 500000",
            "3840 tempo 571429", "4320 tempo 666667", "4800 tempo 800000", "5280 tempo 1000000",
        ])
    }

    func testErrors() {
        let body = "\ntrack a { phrase { c1 | c1 | c1 | c1 } }"
        XCTAssertEqual(errors("tempo 60 at 3-2" + body), ["tempo-ramp-bars: tempo ramp over bars 3-2 runs backwards: the first bar must not come after the last"])
        XCTAssertEqual(errors("tempo 60 at 1-3\ntempo 90 at 2" + body), ["tempo-ramp-conflict: tempo 90 at bar 2 falls inside the tempo ramp over bars 1-3"])
        XCTAssertEqual(errors("tempo 60 at 1-2\ntempo 50 at 2-3" + body), ["tempo-ramp-conflict: tempo ramp over bars 2-3 overlaps the tempo ramp over bars 1-2"])
        XCTAssertEqual(errors("tempo 60 at 1-2\ntrack a { phrase { c1 | tempo 80 c1 | c1 } }"), ["tempo-ramp-conflict: tempo 80 falls inside the tempo ramp over bars 1-2"])
        XCTAssertEqual(errors("tempo 1001 at 1-2" + body), ["value-out-of-range: tempo 1001 is out of range: expected 1–1000 beats per minute"])
        XCTAssertEqual(errors("tempo 60 at 2-1000001" + body), ["value-out-of-range: bar 1000001 is out of range: bars are numbered 1–1000000"])
        XCTAssertEqual(errors("tempo 60 at 1 -2" + body), ["expected-token: expected a tempo ramp's bars as A-B without spaces, found a space before '-2'"])
        // A header tempo at bar 1 is where a ramp at bar 1 starts from, not a change inside it.
        XCTAssertEqual(errors("tempo 90 at 1\ntempo 60 at 1-2" + body), [])
    }
}
