import Foundation
import StaveSyntax
import StaveTestSupport
import XCTest

/// On every example and on generated songs without errors, `stave fmt` is idempotent, keeps
/// the meaning (the same MIDI bytes) and keeps every comment. The Examples are formatted.
final class FormatPropertyTests: XCTestCase {
    func testExamplesAreFormatted() {
        let examples = FormatTestSupport.files(in: "Examples", suffix: ".stave")
        XCTAssertGreaterThanOrEqual(examples.count, 10)
        for example in examples {
            let bytes = FormatTestSupport.bytes(example)
            XCTAssertEqual(FormatTestSupport.format(bytes).map { String(decoding: $0, as: UTF8.self) }, String(decoding: bytes, as: UTF8.self),
                           "\(example.lastPathComponent) is not formatted: run stave fmt -w on it")
        }
    }

    func testFormattingIsIdempotentAndKeepsMeaningAndComments() {
        let seeds = FormatTestSupport.files(in: "Examples", suffix: ".stave").map { String(decoding: FormatTestSupport.bytes($0), as: UTF8.self) }
        var inputs = FuzzInputs(seed: 0xF0_4A7, extraSeeds: seeds)
        var songs: [[UInt8]] = seeds.map { Array($0.utf8) }
        // Generated songs, and the same songs squeezed onto few lines and spread over many.
        let generated = TestScale.count(1_200, minimum: 120)
        for _ in 0..<generated {
            let song = Array(inputs.song().utf8)
            guard FormatTestSupport.midi(song) != nil else { continue }
            songs.append(song)
            songs.append(song.map { $0 == 0x0A ? 0x20 : $0 })
            songs.append(song.flatMap { $0 == 0x20 ? [0x0A, 0x20, 0x20] : [$0] })
        }
        var checked = 0
        for (index, song) in songs.enumerated() {
            guard let midi = FormatTestSupport.midi(song) else { continue }
            guard let formatted = FormatTestSupport.format(song) else { XCTFail("song \(index) did not format"); continue }
            XCTAssertEqual(FormatTestSupport.midi(formatted), midi, "song \(index): the MIDI changed")
            XCTAssertEqual(FormatTestSupport.format(formatted), formatted, "song \(index): not idempotent")
            XCTAssertEqual(FormatTestSupport.comments(formatted), FormatTestSupport.comments(song), "song \(index): comments changed")
            checked += 1
        }
        print("format properties: \(checked) of \(songs.count) songs without errors checked")
        XCTAssertGreaterThanOrEqual(checked, generated * 5 / 6, "too few valid songs were checked")
    }
}
