import XCTest
import StaveSyntax
import StaveComposition
@testable import StaveMusicXML

/// Parts of several tracks (`staff PART N`): one score part, a staff per number, the tracks of a
/// staff as its voices, clefs by each staff's range.
final class PartStavesTests: XCTestCase {
    static let satb = """
        track s { staff choir 1 phrase { o4 g2 a | } }
        track a { staff choir 1 phrase { o4 d2 e | } }
        drums beat { phrase { kick1 | } }
        track t { staff choir 2 phrase { o3 b2 > c | } }
        track b { staff choir 2 phrase { o2 g2 a | } }
        """

    func testFourTracksOnTwoStavesAreOnePartWithTwoVoicesEach() throws {
        let xml = try musicXML(Self.satb)
        // Two score parts: the choir (at its first track's place), then the drums.
        XCTAssertEqual(xml.components(separatedBy: "<score-part ").count - 1, 2)
        assertInOrder(xml, ["<score-part id=\"P1\">\n      <part-name>Choir</part-name>", "<score-part id=\"P2\">\n      <part-name>beat</part-name>"])
        XCTAssertTrue(xml.contains("<staves>2</staves><clef number=\"1\"><sign>G</sign><line>2</line></clef><clef number=\"2\"><sign>F</sign><line>4</line></clef></attributes>"), xml)
        let notes = noteElements(xml)
        func steps(voice: Int, staff: Int) -> [String] {
            notes.filter { $0.contains("<voice>\(voice)</voice>") && $0.contains("<staff>\(staff)</staff>") }
                .map { between(Substring($0), "<step>", "</step>").map(String.init) ?? "R" }
        }
        XCTAssertEqual(steps(voice: 1, staff: 1), ["G", "A"])
        XCTAssertEqual(steps(voice: 2, staff: 1), ["D", "E"])
        XCTAssertEqual(steps(voice: 3, staff: 2), ["B", "C"])
        XCTAssertEqual(steps(voice: 4, staff: 2), ["G", "A"])
        XCTAssertEqual(notes.count, 8)
        // Voice by voice, each after a backup of the whole bar.
        assertInOrder(xml, ["<voice>1</voice>", "<backup><duration>4</duration></backup>", "<voice>2</voice>",
                            "<backup><duration>4</duration></backup>", "<voice>3</voice>",
                            "<backup><duration>4</duration></backup>", "<voice>4</voice>", "<part id=\"P2\">"])
    }

    func testAStaffWithoutNotesInABarGetsItsRests() throws {
        let xml = try musicXML("track rh { staff piano 1 phrase { o5 c1 | c1 | } }\ntrack lh { staff piano 2 phrase { o2 c1 | } }")
        let notes = noteElements(xml)
        XCTAssertEqual(notes.filter { $0.contains("<staff>2</staff>") && $0.contains("<rest") }.count, 1, xml)
        XCTAssertTrue(xml.contains("<clef number=\"2\"><sign>F</sign>"))
    }

    func testTheClefOfEachStaffFollowsItsNotes() throws {
        // Two high tracks: treble on both staves; one staff of two voices is an ordinary part.
        let high = try musicXML("track a { staff p 1 phrase { o5 c1 } }\ntrack b { staff p 2 phrase { o4 g1 } }")
        XCTAssertTrue(high.contains("<clef number=\"1\"><sign>G</sign><line>2</line></clef><clef number=\"2\"><sign>G</sign><line>2</line></clef>"))
        let one = try musicXML("track a { staff p phrase { o3 c1 } }\ntrack b { staff p phrase { o2 c1 } }")
        XCTAssertFalse(one.contains("<staves>"))
        XCTAssertFalse(one.contains("<staff>"))
        XCTAssertTrue(one.contains("<clef><sign>F</sign><line>4</line></clef>"))
        XCTAssertEqual(noteElements(one).filter { $0.contains("<voice>2</voice>") }.count, 1)
    }

    func testAWidePianoTrackOnAStaffIsNotSplitAgain() throws {
        let xml = try musicXML("track p { instrument piano staff keys 1 phrase { o2 c4 o5 c4 r2 | } }")
        XCTAssertFalse(xml.contains("<staves>"))
        XCTAssertTrue(xml.contains("<part-name>Keys</part-name>"))
    }

    func testReadableNames() {
        XCTAssertEqual(PartStaves.readableName("piano"), "Piano")
        XCTAssertEqual(PartStaves.readableName("left_hand"), "Left Hand")
        XCTAssertEqual(PartStaves.readableName("SATB"), "SATB")
    }
}
