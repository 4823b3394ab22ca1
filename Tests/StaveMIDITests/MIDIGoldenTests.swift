import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Every example's MIDI, dumped as readable events, must equal its golden file in
/// Tests/Fixtures/midi. Set STAVE_UPDATE_GOLDENS=1 to rewrite the goldens (then review the diff).
final class MIDIGoldenTests: XCTestCase {
    func testExamplesMatchGoldenDumps() throws {
        let update = getenv("STAVE_UPDATE_GOLDENS") != nil
        let examples = listDirectory(packageRoot + "/Examples", suffix: ".stave")
        XCTAssertGreaterThanOrEqual(examples.count, 8)
        for name in examples {
            let text = try XCTUnwrap(readFile(packageRoot + "/Examples/" + name))
            let dump = try MIDIDump(midi(text)).text
            let golden = packageRoot + "/Tests/Fixtures/midi/" + name.replacingSuffix(".stave", with: ".txt")
            if update {
                writeFile(golden, dump)
                continue
            }
            guard let expected = readFile(golden) else {
                XCTFail("missing golden \(golden); run with STAVE_UPDATE_GOLDENS=1 and review it")
                continue
            }
            if dump != expected {
                let got = dump.split(separator: "\n"), want = expected.split(separator: "\n")
                let first = Array(zip(got, want)).firstIndex { $0.0 != $0.1 } ?? min(got.count, want.count)
                XCTFail("\(name): MIDI differs from golden at line \(first + 1): got '\(first < got.count ? got[first] : "<end>")', want '\(first < want.count ? want[first] : "<end>")'")
            }
        }
    }
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
