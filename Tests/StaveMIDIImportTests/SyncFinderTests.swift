import XCTest
import StaveComposition
import StaveSyntax
@testable import StaveMIDIImport

/// Passages another track (or the same one, later) plays again, transposed, become `sync`.
final class SyncFinderTests: XCTestCase {
    func testATransposedCopyInAnotherTrackBecomesASyncOfTheFirst() throws {
        let text = """
        track lead {
          phrase theme { c8 d e f g4 e8 c | d2 r2 | }
          phrase { r1 }
          phrase { e8 f# g# a b4 g#8 e | f#2 r2 | }
        }
        track bass {
          octave 2
          phrase { r1 | r1 | c8 d e f g4 e8 c | d2 r2 | }
        }
        """
        let before = try ImportRoundTrip.midi(text)
        let (imported, compiles) = try ImportRoundTrip.importText(before)
        XCTAssertTrue(compiles, imported)
        XCTAssertTrue(imported.contains("sync p1 transpose 4 at 4"), imported)
        XCTAssertTrue(imported.contains("sync lead.p1 transpose -24 at 3"), imported)
        XCTAssertEqual(try ImportRoundTrip.notes(try ImportRoundTrip.midi(imported)).map { Array($0.dropFirst(2)) },
                       try ImportRoundTrip.notes(before).map { Array($0.dropFirst(2)) })
    }

    func testCopiesThatDifferInVelocityRhythmOrIntervalStayOriginals() throws {
        let body = { (notes: [(Int, Int)]) in
            PhraseBody(length: Rational(1), notes: notes.enumerated().map { index, note in
                RootNote(position: Rational(index, 4), width: Rational(1, 4), note: ChordNote(pitch: note.0, velocity: note.1))
            })
        }
        let theme = body([(60, 90), (62, 90), (64, 90), (65, 90)])
        func track(_ id: String, _ body: PhraseBody) -> Track {
            Track(id: id, kind: .melody, channel: 1, phrases: [Phrase(start: .zero, content: .original(body))])
        }
        let variants = [body([(67, 90), (69, 90), (71, 90), (72, 90)]),     // the theme up a fifth
                        body([(67, 90), (69, 91), (71, 90), (72, 90)]),     // one velocity differs
                        body([(67, 90), (69, 90), (70, 90), (72, 90)])]     // one interval differs
        var tracks = [track("a", theme)] + variants.enumerated().map { track("v\($0.offset)", $0.element) }
        SyncFinder.link(&tracks)
        XCTAssertEqual(tracks[0].phrases[0].id, "p1")
        XCTAssertEqual(tracks[1].phrases[0].content, .sync(track: "a", phrase: "p1", transpose: 7))
        if case .sync = tracks[2].phrases[0].content { XCTFail("a different velocity is not a copy") }
        if case .sync = tracks[3].phrases[0].content { XCTFail("a different interval is not a copy") }
        // Too short a phrase stays as it is.
        var short = [track("a", body([(60, 90), (62, 90)])), track("b", body([(62, 90), (64, 90)]))]
        SyncFinder.link(&short)
        if case .sync = short[1].phrases[0].content { XCTFail("two notes are too few to link") }
    }
}
