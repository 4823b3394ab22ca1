import StaveComposition
import XCTest

/// A key change (`key … at BAR`) spells the grace notes after it as it spells the notes: the
/// printer writes a grace in the key in force, so the compiler must read it so.
final class KeyChangeGraceTests: XCTestCase {
    func testGraceNotesAfterAKeyChangeTakeItsSignature() {
        let song = compileClean("""
        key c major
        key d major at 2
        track t { phrase { (f)g1 | (f c)g1 | } }
        """)
        guard case .original(let body) = song.tracks[0].phrases[0].content else { return XCTFail("no body") }
        XCTAssertEqual(body.expression.graces.map { $0.items.map { $0.map(\.pitch) } }, [[[65]], [[66], [61]]])
    }
}
