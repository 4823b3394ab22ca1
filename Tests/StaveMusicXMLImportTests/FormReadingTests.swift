@testable import StaveMusicXMLImport
import StaveComposition
import XCTest

/// `FormReading`: the score's signs as Stave's form statements, or the reason they cannot be
/// (the fixtures `form-*.musicxml` show each construct end to end, as Stave text).
final class FormReadingTests: XCTestCase {
    func measures(_ count: Int, _ edit: (inout [Score.Measure]) -> Void) -> [Score.Measure] {
        var measures = (0..<count).map { Score.Measure(number: String($0 + 1)) }
        edit(&measures)
        return measures
    }

    func written(_ measures: [Score.Measure]) -> Form? {
        if case .written(let form) = FormReading.form(measures) { return form }
        return nil
    }

    func reason(_ measures: [Score.Measure]) -> String? {
        if case .unwritable(let reason) = FormReading.form(measures) { return reason }
        return nil
    }

    /// |: 1 2 :| 3 |: 4 |1. 5 :|2. 6 | 7 — two repeats, the second with endings.
    func testRepeatsAndEndings() {
        let song = measures(7) { m in
            m[1].repeatBackward = 2
            m[3].repeatForward = true
            m[4].endingStarts = true; m[4].endings = [1]; m[4].endingStops = true; m[4].repeatBackward = 2
            m[5].endingStarts = true; m[5].endings = [2]; m[5].endingStops = true
        }
        XCTAssertEqual(written(song)?.repeats, [FormRepeat(first: 1, last: 2), FormRepeat(first: 4, last: 4, endings: [5...5, 6...6])])
    }

    /// Three passes sharing the first ending ("1, 2"), the third its own: `x3 endings 3 4`.
    func testEndingsForSeveralPassesGiveTheCount() {
        let song = measures(5) { m in
            m[0].repeatForward = true
            m[2].endingStarts = true; m[2].endings = [1, 2]; m[2].endingStops = true; m[2].repeatBackward = 2
            m[3].endingStarts = true; m[3].endings = [3]; m[3].endingStops = true
        }
        XCTAssertEqual(written(song)?.repeats, [FormRepeat(first: 1, last: 2, writtenPasses: 3, endings: [3...3, 4...4])])
    }

    /// An ending numbered for a billion passes is refused at once (Stave plays at most 100).
    func testHugeEndingNumbersAreRefusedQuickly() {
        let song = measures(3) { m in
            m[1].endingStarts = true; m[1].endings = [1, 1_000_000_000]; m[1].endingStops = true; m[1].repeatBackward = 2
            m[2].endingStarts = true; m[2].endings = [2]
        }
        XCTAssertEqual(reason(song), "the endings at measure 2 are numbered 1, 1000000000; 2, which Stave's endings cannot say (the first for passes 1 to N−E+1, then one pass each)")
    }

    /// Two D.C. signs, a D.S. without a segno, a To Coda without a coda: each its reason.
    func testJumpsStaveCannotWrite() {
        XCTAssertEqual(reason(measures(4) { m in m[1].jumps = [.daCapo]; m[3].jumps = [.daCapo] }),
                       "the score has two D.C. signs (measures 2 and 4)")
        XCTAssertEqual(reason(measures(3) { m in m[2].jumps = [.dalSegno] }), "the D.S. has no segno to go back to")
        XCTAssertEqual(reason(measures(3) { m in m[0].jumps = [.toCoda]; m[2].jumps = [.daCapo] }), "the To Coda has no coda to go to")
    }

    /// A D.C. inside a repeated passage: the compiler's rule, named.
    func testAJumpInsideARepeatIsNotWritten() {
        let song = measures(3) { m in
            m[0].jumps = [.daCapo]
            m[1].repeatBackward = 2
        }
        XCTAssertEqual(reason(song)?.hasPrefix("Stave cannot write them: "), true)
    }

    /// A segno, Fine or coda that no jump uses changes nothing that plays and is left out.
    func testSignsWithoutAJumpAreLeftOut() {
        let song = measures(3) { m in
            m[0].jumps = [.segno]
            m[1].jumps = [.fine]
            m[2].repeatBackward = 2
        }
        var form = Form()
        form.repeats = [FormRepeat(first: 1, last: 3)]
        XCTAssertEqual(written(song), form)
    }
}
