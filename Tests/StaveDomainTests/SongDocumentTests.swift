import XCTest
import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter

/// Composition ⇄ Domain on small songs whose Domain form is worked out by hand.
final class SongDocumentTests: XCTestCase {
    func compile(_ text: String) -> Song {
        let (song, diagnostics) = Lowering.compile(Source(path: "test.stave", text: text), defaultTitle: "test")
        XCTAssertFalse(diagnostics.hasErrors, "\(diagnostics.map(\.message))")
        return song
    }

    func testResolutionIsTheSmallestThatMakesEveryTimeAnInteger() throws {
        // Whole notes only: one unit a whole note.
        XCTAssertEqual(try SongDocument(compile("track t { phrase { c1 d1 } }")).resolution, 1)
        // A dotted quarter then an eighth: eighths.
        XCTAssertEqual(try SongDocument(compile("track t { phrase { c4. d8 } }")).resolution, 8)
        // A triplet's container is one quarter: its inner thirds need no units of their own.
        XCTAssertEqual(try SongDocument(compile("track t { phrase { {c d e}4 f2. } }")).resolution, 4)
        // A phrase placed after a 3/16 phrase starts at 3/16.
        XCTAssertEqual(try SongDocument(compile("track t { phrase { c8. } phrase { d4 } }")).resolution, 16)
    }

    func testADocumentHoldsContainersBlocksAndReferences() throws {
        let song = compile("""
            title "Doc"
            track t {
              phrase a { c4 r8 {d [e g]~ [e g]}8 }
              repeat a x3
            }
            drums d { sync d.b  phrase b { kick2 } }
            """)
        let document = try SongDocument(song)
        XCTAssertEqual(document.resolution, 8)
        let phrases = document.tracks[0].phrases
        XCTAssertEqual(phrases[0].id, "a")
        XCTAssertEqual(phrases[0].content, .original(length: 4, containers: [
            SongDocument.NoteContainer(position: 0, width: 2, blocks: [.notes([SongDocument.Note(pitch: 60, velocity: 100)])]),
            SongDocument.NoteContainer(position: 3, width: 1, blocks: [
                .notes([SongDocument.Note(pitch: 62, velocity: 100)]),
                .notes([SongDocument.Note(pitch: 64, velocity: 100, tie: true), SongDocument.Note(pitch: 67, velocity: 100, tie: true)]),
                .notes([SongDocument.Note(pitch: 64, velocity: 100), SongDocument.Note(pitch: 67, velocity: 100)]),
            ]),
        ], tempos: []))
        XCTAssertEqual(phrases[1], SongDocument.Phrase(start: 4, content: .repeat(source: "a", count: 3)))
        XCTAssertEqual(document.tracks[1].phrases[0], SongDocument.Phrase(start: 0, content: .sync(track: "d", phrase: "b", transpose: 0)))
        XCTAssertEqual(document.composition, song)
    }

    func testAnUnusualButValidResolutionLoads() throws {
        // Resolution 12 with every time a multiple of 3: the same song as resolution 4.
        let text = """
            {"format": "stave-song", "version": 1, "song": {"title": "R", "ppq": 480, "resolution": 12,
             "key": {"tonic": "c", "mode": "major"}, "tempos": [{"bar": 1, "bpm": "120"}],
             "meters": [{"bar": 1, "numerator": 4, "denominator": 4}],
             "tracks": [{"id": "t", "type": "melody", "program": 0, "channel": 1, "channelExplicit": false, "volume": 100,
               "pan": 64, "velocity": 100, "octave": 4, "transpose": 0, "phrases": [
               {"type": "original", "start": 0, "length": 6, "containers": [
                 {"position": 0, "width": 3, "blocks": [{"notes": [{"pitch": 60, "velocity": 100}]}]}]}]}]}}
            """
        let song = try SongDecoder.decodeSong(Array(text.utf8))
        XCTAssertEqual(song, compile("title \"R\" track t { phrase { c4 r } }"))
    }

    func testForwardReferencesRoundTrip() throws {
        // A repeat before its Original, and a sync of a phrase of a later track.
        let song = compile("""
            track a { repeat x at 2  phrase x at 1 { c1 | }  sync b.y transpose 12 at 3 }
            track b { phrase y at 3 { d2 e | } }
            """)
        let loaded = try SongDecoder.decodeSong(try SongEncoder.encode(song))
        XCTAssertEqual(loaded, song)
        let text = StavePrinter().print(loaded)
        XCTAssertEqual(compile(text), song, text)
        XCTAssertTrue(text.contains("  repeat x at 2\n  phrase x at 1 {"), text)
    }
}
