import XCTest
import StaveTestSupport
import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter

/// Random valid Composition trees, from a fixed seed, through every conversion:
/// Composition → Domain → JSON → Domain → Composition → Stave text → Composition.
final class PropertyTests: XCTestCase {
    static let songCount = TestScale.count(2_000, minimum: 200)
    static let seed: UInt64 = 0x5EED_57A7E

    func testRandomSongsSurviveEveryConversion() throws {
        var generator = RandomSongGenerator(seed: PropertyTests.seed)
        var failures = 0
        var withStaveTwoMarks = 0
        defer {
            // The generator puts Stave 2 marks on most songs (2000 songs, seed above: 1,316; three fifths are asked of any count).
            XCTAssertGreaterThanOrEqual(withStaveTwoMarks, PropertyTests.songCount * 3 / 5, "songs with v2 marks")
        }
        for index in 0..<PropertyTests.songCount {
            let song = generator.song()
            if !song.markers.isEmpty || song.tracks.contains(where: { track in
                track.legato != 100 || track.phrases.contains { if case .original(let body) = $0.content { return !body.expression.isEmpty }; return false }
            }) { withStaveTwoMarks += 1 }
            if let problem = PropertyTests.check(song) {
                failures += 1
                XCTFail("song #\(index) (seed \(PropertyTests.seed)): \(problem)")
                if failures >= 5 { return }
            }
        }
    }

    /// The first broken promise for one song, or nil.
    static func check(_ song: Song) -> String? {
        let document: SongDocument
        do { document = try SongDocument(song) } catch { return "Composition → Domain failed: \(error)" }
        if document.composition != song { return "Domain → Composition differs" }
        let json = SongEncoder.encode(document)
        let decoded: SongDocument
        do { decoded = try SongDecoder.decode(json) } catch {
            return "JSON → Domain failed:\n\(error)\n\(String(decoding: json, as: UTF8.self))"
        }
        if decoded != document { return "JSON → Domain differs" }
        if SongEncoder.encode(decoded) != json { return "re-encoded JSON differs" }
        let text = StavePrinter().print(decoded.composition)
        let (compiled, diagnostics) = Lowering.compile(Source(path: "printed.stave", text: text), defaultTitle: "untitled")
        if diagnostics.hasErrors {
            return "printed text does not compile:\n\(diagnostics.filter { $0.severity == .error }.map(\.message).joined(separator: "\n"))\n\(text)"
        }
        if compiled != song { return "text → Composition differs:\n\(text)\n\(SongDifference.describe(song, compiled))" }
        return nil
    }
}
