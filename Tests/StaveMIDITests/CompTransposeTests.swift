import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// A comp under the header's `transpose`: the harmony is read before it (LANGUAGE.md
/// "Accompaniment (v3)"), and the comp's own notes then move like any melody track's — so the
/// song sounds exactly as if every melody track carried `transpose N` itself.
final class CompTransposeTests: XCTestCase {
    func midi(_ text: String) throws -> [UInt8] {
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        XCTAssertFalse(diagnostics.hasErrors, "\(diagnostics)")
        return try MIDIFileWriter().render(song)
    }

    func testHeaderTransposeMovesTheCompOnceLikeATrackTranspose() throws {
        let header = try midi("""
        title "T"
        transpose 2
        track lead { phrase { [C]1 | [G7]1 | } }
        track piano { comp lead block.piano }
        track bass { octave 2 comp lead block.bass }
        """)
        // The header's transposition also moves the key signature (C major → D major).
        let tracks = try midi("""
        title "T"
        key d major
        track lead { transpose 2 phrase { [C]1 | [G7]1 | } }
        track piano { transpose 2 comp lead block.piano }
        track bass { octave 2 transpose 2 comp lead block.bass }
        """)
        XCTAssertEqual(header, tracks)
        let straight = try midi("""
        title "T"
        track lead { phrase { [C]1 | [G7]1 | } }
        track piano { comp lead block.piano }
        track bass { octave 2 comp lead block.bass }
        """)
        XCTAssertNotEqual(header, straight)
    }
}
