import XCTest
import StaveSyntax
import StaveComposition
@testable import StaveMusicXML

/// A piano whose range needs it is written on a grand staff, split at middle C.
final class GrandStaffTests: XCTestCase {
    func testAWidePianoPartIsSplitAtMiddleC() throws {
        let xml = try musicXML("track p { instrument piano phrase { o2 c4 o5 c4 [o3 c o4 e g]2 | } }")
        XCTAssertTrue(xml.contains("<time><beats>4</beats><beat-type>4</beat-type></time><staves>2</staves><clef number=\"1\"><sign>G</sign><line>2</line></clef><clef number=\"2\"><sign>F</sign><line>4</line></clef>"))
        let notes = noteElements(xml)
        // Staff 1 (voice 1): a rest for C2, C5, the chord's E4 G4; then staff 2 (voice 2): C2, a
        // rest for C5, the chord's C3.
        let upper = notes.filter { $0.contains("<staff>1</staff>") }
        let lower = notes.filter { $0.contains("<staff>2</staff>") }
        XCTAssertEqual(upper.count + lower.count, notes.count)
        XCTAssertTrue(upper.allSatisfy { $0.contains("<voice>1</voice>") })
        XCTAssertTrue(lower.allSatisfy { $0.contains("<voice>2</voice>") })
        XCTAssertEqual(upper.map { between(Substring($0), "<step>", "</step>").map(String.init) ?? "R" }, ["R", "C", "E", "G"])
        XCTAssertEqual(lower.map { between(Substring($0), "<step>", "</step>").map(String.init) ?? "R" }, ["C", "R", "C"])
        assertInOrder(xml, ["<staff>1</staff>", "<backup><duration>4</duration></backup>", "<staff>2</staff>"])
        XCTAssertTrue(lower[2].contains("<octave>3</octave>") && !lower[2].contains("<chord/>"))
    }

    func testATupletAcrossTheStavesClosesItsBracketOnBoth() throws {
        let xml = try musicXML("track p { phrase { {o2 c o5 c o2 e}2 o4 c2 | o2 c1 | } }")
        for staff in ["<staff>1</staff>", "<staff>2</staff>"] {
            let notes = noteElements(xml).filter { $0.contains(staff) }
            XCTAssertEqual(notes.filter { $0.contains("<tuplet type=\"start\"") }.count, 1, staff)
            XCTAssertEqual(notes.filter { $0.contains("<tuplet type=\"stop\"") }.count, 1, staff)
            XCTAssertEqual(notes.filter { $0.contains("<actual-notes>3</actual-notes>") }.count, 3, staff)
        }
    }

    func testOnlyAPianoWhoseRangeNeedsItGetsTwoStaves() throws {
        // A flute of the same range, and a piano that fits one staff (the bass clef up to E4).
        XCTAssertFalse(try musicXML("track p { instrument flute phrase { o2 c4 o5 c4 r2 | } }").contains("<staves>"))
        XCTAssertFalse(try musicXML("track p { phrase { o2 c4 o4 e4 r2 | } }").contains("<staves>"))
        XCTAssertFalse(try musicXML("track p { phrase { o3 a4 o6 c4 r2 | } }").contains("<staves>"))
        XCTAssertTrue(try musicXML("track p { instrument 7 phrase { o3 g#4 o4 f4 r2 | } }").contains("<staves>2</staves>"))
    }

    func testMarksFindTheirStaff() throws {
        // The pedal below, the hairpin above; a grace group and a lyric with the staff whose
        // note they belong to.
        let xml = try musicXML("""
        track p {
          phrase a { pedal down !p o2 c4 !< (o5 d)c4 (o2 d)c2 !f pedal up | }
          lyrics a "one two three"
        }
        """)
        assertInOrder(xml, ["<pedal type=\"start\" line=\"yes\"/></direction-type><voice>2</voice><staff>2</staff>"])
        assertInOrder(xml, ["<wedge type=\"crescendo\" number=\"1\"/></direction-type><voice>1</voice><staff>1</staff>"])
        let notes = noteElements(xml)
        XCTAssertTrue(notes.contains { $0.contains("<grace") && $0.contains("<step>D</step><octave>5</octave>") && $0.contains("<staff>1</staff>") })
        XCTAssertTrue(notes.contains { $0.contains("<grace") && $0.contains("<step>D</step><octave>2</octave>") && $0.contains("<staff>2</staff>") })
        XCTAssertTrue(notes.contains { $0.contains("<octave>5</octave>") && $0.contains("<staff>1</staff>") && $0.contains("<text>two</text>") })
        XCTAssertTrue(notes.contains { $0.contains("<step>C</step><octave>2</octave>") && $0.contains("<staff>2</staff>") && $0.contains("<text>one</text>") })
    }
}
