import XCTest
import StaveSyntax
import StaveComposition

/// `pattern ID { … }` (LANGUAGE.md "Songwriting (v3)"): an Original that is not played where
/// it is written — it does not move the cursor — and sounds only where `repeat` or `sync`
/// places it; its earliest placement in its own track is the Original, later ones Repeats.
final class PatternTests: XCTestCase {
    private func compile(_ text: String) -> (song: Song, diagnostics: [String]) {
        let (song, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        return (song, diagnostics.map { "\($0.severity == .error ? "error" : "warning") \($0.id.rawValue): \($0.message)" })
    }

    private func phrases(_ track: Track) -> [String] {
        track.phrases.map { phrase in
            let bar = "\((phrase.start * 1).description)"
            switch phrase.content {
            case .original: return "original \(phrase.id ?? "-") at \(bar)"
            case .repeat(let source, let count): return "repeat \(source) x\(count) at \(bar)"
            case .sync(let track, let source, _): return "sync \(track).\(source) at \(bar)"
            }
        }
    }

    /// The new user's case from the issue: six bars of drums, not seven, and nothing to warn.
    func testPatternThenRepeatSixTimesIsSixBars() {
        let (song, diagnostics) = compile("drums beat {\n  pattern groove { kick8 hat snare hat kick hat snare hat }\n  repeat groove x6\n}")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(SongFigures(song).bars, 6)
        XCTAssertEqual(phrases(song.tracks[0]), ["original groove at 0", "repeat groove x5 at 1"])
    }

    /// The same with `phrase`: the phrase plays where written, so seven bars (Stave 2's meaning).
    func testPhraseThenRepeatSixTimesIsSevenBars() {
        let (song, _) = compile("drums beat {\n  phrase groove { kick8 hat snare hat kick hat snare hat }\n  repeat groove x6\n}")
        XCTAssertEqual(SongFigures(song).bars, 7)
    }

    func testAPatternDoesNotMoveTheCursor() {
        let (song, diagnostics) = compile("track a {\n  pattern p { c1 }\n  phrase { d1 }\n  repeat p\n}")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(phrases(song.tracks[0]), ["original - at 0", "original p at 1"])
    }

    /// The earliest placement in time is the Original, wherever its statement stands; a single
    /// copy leaves no Repeat behind; a Sync of another track stays a Sync.
    func testTheEarliestPlacementIsTheOriginal() {
        let (song, diagnostics) = compile("track a {\n  pattern p { c1 }\n  repeat p at 3\n  repeat p at 1\n}\ntrack b {\n  sync a.p at 5\n}")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(phrases(song.tracks[0]), ["repeat p x1 at 2", "original p at 0"])
        XCTAssertEqual(phrases(song.tracks[1]), ["sync a.p at 4"])
    }

    func testAPatternNeverPlacedIsAWarning() {
        let (song, diagnostics) = compile("track a {\n  pattern p { c1 }\n  phrase { d1 }\n}")
        XCTAssertEqual(diagnostics, ["warning unused-pattern: pattern 'p' is never played: no 'repeat p' or sync places it"])
        XCTAssertEqual(phrases(song.tracks[0]), ["original - at 0"])
    }

    func testAPatternOnlyOtherTracksSyncIsAnError() {
        let (_, diagnostics) = compile("track a {\n  pattern p { c1 }\n}\ntrack b {\n  sync a.p\n}")
        XCTAssertEqual(diagnostics, ["error pattern-without-repeat: pattern 'p' is placed only by syncs of other tracks; place it with a 'repeat p' in track 'a' too"])
    }

    /// `pattern` is not reserved: a phrase, a track or a drum-free word may still be called so.
    func testPatternIsNotReserved() {
        let (song, diagnostics) = compile("track pattern {\n  phrase pattern { c1 }\n  repeat pattern\n}")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(phrases(song.tracks[0]), ["original pattern at 0", "repeat pattern x1 at 1"])
    }

    /// A pitch letter of a pattern reads the key in force where its Original stands.
    func testAPatternReadsTheKeyWhereItIsFirstPlaced() {
        let (song, diagnostics) = compile("key d major at 2\ntrack a {\n  pattern p { f1 }\n  phrase { c1 }\n  repeat p x2\n}")
        XCTAssertEqual(diagnostics, [])
        guard case .original(let body) = song.tracks[0].phrases[1].content else { return XCTFail() }
        XCTAssertEqual(body.notes.first?.singleNote?.pitch, 66)
    }
}
