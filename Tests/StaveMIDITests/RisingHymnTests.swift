import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Examples/amazing-grace-rising.stave, checked by hand: verses 1 and 2 in G major, the key
/// change to A major at bar 33 (FF 59 with 3 sharps on the conductor track at 32 bars of 3/4,
/// tick 46,080), verse 3 exactly verse 1 a whole step up, and the "Amen" written after the key
/// change reading A major (`f` is F-sharp 4, MIDI 66, then E4, 64).
final class RisingHymnTests: XCTestCase {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/amazing-grace-rising.stave").path

    func testKeysAndPitchesOfTheThreeVerses() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let (song, diagnostics) = Lowering.compile(Source(path: Self.path, text: text), defaultTitle: "rising")
        XCTAssertEqual(diagnostics.map(\.message), [])
        let dump = try MIDIDump(MIDIFileWriter().render(song))
        let bar = 1440 // a bar of 3/4 at 480 ticks a quarter
        XCTAssertEqual(dump.tracks[0].filter { $0.text.hasPrefix("key-signature") }.map { "\($0.tick) \($0.text)" },
                       ["0 key-signature 1 major", "\(32 * bar) key-signature 3 major"])
        let voice = dump.notes.filter { $0[0] == 1 }
        func verse(_ number: Int) -> [[Int]] {
            voice.filter { $0[2] >= (number - 1) * 16 * bar && $0[2] < number * 16 * bar }
                 .map { [$0[2] - (number - 1) * 16 * bar, $0[3], $0[4]] }
        }
        XCTAssertEqual(verse(1).count, 32) // 33 written, d2.~ d2 joined into one
        XCTAssertEqual(verse(1).prefix(4).map { $0[2] }, [62, 67, 71, 67]) // d4 g b g in G major
        XCTAssertEqual(verse(2), verse(1))
        XCTAssertEqual(verse(3), verse(1).map { [$0[0], $0[1], $0[2] + 2] })
        XCTAssertEqual(voice.filter { $0[2] >= 48 * bar }.map { [$0[2] / bar + 1, $0[4]] }, [[49, 66], [50, 64]])
        XCTAssertEqual(SongFigures(song).bars, 50)
    }
}
