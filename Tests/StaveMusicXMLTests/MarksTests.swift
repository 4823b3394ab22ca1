import XCTest
import StaveSyntax
import StaveComposition
@testable import StaveMusicXML

/// Asserts that each of `pieces` occurs in `text`, each after the end of the one before.
func assertInOrder(_ text: String, _ pieces: [String], file: StaticString = #filePath, line: UInt = #line) {
    var rest = text[...]
    for piece in pieces {
        guard let range = rest.range(of: piece) else {
            XCTFail("missing (in this order): \(piece)", file: file, line: line)
            return
        }
        rest = rest[range.upperBound...]
    }
}

/// The `<note>…</note>` elements of part 1, in order.
func noteElements(_ xml: String, part: Int = 1) -> [String] {
    guard let body = between(Substring(xml), "<part id=\"P\(part)\">", "</part>") else { return [] }
    return body.components(separatedBy: "<note>").dropFirst().map { "<note>" + ($0.components(separatedBy: "</note>").first ?? "") + "</note>" }
}

/// The Stave 2 marks in the MusicXML export (issue 15), worked out by hand.
final class MarksTests: XCTestCase {
    func testArticulationsOnNotesAndChords() throws {
        let xml = try musicXML("track t { phrase { c4^' d_ [c e g]2^ | } }")
        let notes = noteElements(xml)
        XCTAssertEqual(notes.count, 5)
        XCTAssertTrue(notes[0].contains("<notations><articulations><accent/><staccato/></articulations></notations>"), notes[0])
        XCTAssertTrue(notes[1].contains("<articulations><tenuto/></articulations>"), notes[1])
        for chordNote in notes[2...4] {
            XCTAssertTrue(chordNote.contains("<articulations><accent/></articulations>"), chordNote)
        }
    }

    func testTieChainTakesAccentFirstAndStaccatoLast() throws {
        // c2^~ c4': the accent on the first note, the staccato on the last; and a note cut by
        // the bar line: the accent on its first piece, the staccato on its last.
        let xml = try musicXML("track t { phrase { c2^~ c4' r4 | r2 d1^' r2 | } }")
        let notes = noteElements(xml).filter { !$0.contains("<rest") }
        XCTAssertEqual(notes.count, 4)
        XCTAssertTrue(notes[0].contains("<accent/>") && !notes[0].contains("<staccato/>"), notes[0])
        XCTAssertTrue(notes[1].contains("<staccato/>") && !notes[1].contains("<accent/>"), notes[1])
        XCTAssertTrue(notes[2].contains("<step>D</step>") && notes[2].contains("<accent/>") && !notes[2].contains("<staccato/>"), notes[2])
        XCTAssertTrue(notes[3].contains("<step>D</step>") && notes[3].contains("<staccato/>") && !notes[3].contains("<accent/>"), notes[3])
    }

    func testHairpinAcrossTheBarLine() throws {
        let xml = try musicXML("track t { phrase { !p c4 !< d e f | g !f a b c | } }")
        let measures = xml.components(separatedBy: "<measure number=")
        XCTAssertEqual(measures.count, 3)
        assertInOrder(measures[1], ["<step>C</step>", "<wedge type=\"crescendo\" number=\"1\"/>", "<step>D</step>"])
        XCTAssertFalse(measures[1].contains("type=\"stop\"/></direction-type>"))
        assertInOrder(measures[2], ["<step>G</step>", "<wedge type=\"stop\" number=\"1\"/>", "<dynamics><f/></dynamics>", "<step>A</step>"])
        let diminuendo = try musicXML("track t { phrase { !f c4 !> d e !p f | } }")
        assertInOrder(diminuendo, ["<wedge type=\"diminuendo\"", "<step>D</step>", "<wedge type=\"stop\"", "<step>F</step>"])
    }

    func testGraceNotesBeforeTheirMainNote() throws {
        let xml = try musicXML("track t { phrase { (d e)f4 ([c e] g)a4 (f#)g2 | } }")
        let notes = noteElements(xml)
        let graces = notes.filter { $0.contains("<grace") }
        XCTAssertEqual(graces.count, 6)
        for grace in graces { XCTAssertFalse(grace.contains("<duration>"), grace) }
        assertInOrder(xml, [
            "<note><grace slash=\"yes\"/><pitch><step>D</step>", "<type>16th</type>",
            "<note><grace slash=\"yes\"/><pitch><step>E</step>",
            "<note><pitch><step>F</step><octave>4</octave></pitch><duration>",
            "<note><grace slash=\"yes\"/><pitch><step>C</step>",
            "<note><grace slash=\"yes\"/><chord/><pitch><step>E</step>",
            "<note><grace slash=\"yes\"/><pitch><step>G</step>",
            "<note><pitch><step>A</step>",
            "<note><grace slash=\"yes\"/><pitch><step>F</step><alter>1</alter>", "<type>eighth</type><accidental>sharp</accidental></note>",
            "<note><pitch><step>G</step>",
        ])
        // The main notes keep their written lengths: a quarter is a quarter.
        XCTAssertTrue(notes.contains { $0.contains("<step>F</step><octave>4</octave></pitch><duration>1</duration>") && $0.contains("<type>quarter</type>") })
    }

    func testSustainPedal() throws {
        let xml = try musicXML("track t { phrase { pedal down c4 d pedal up e pedal down f | pedal up c1 | } }")
        assertInOrder(xml, [
            "<pedal type=\"start\" line=\"yes\"/>", "<step>C</step>", "<step>D</step>",
            "<pedal type=\"stop\" line=\"yes\"/>", "<step>E</step>",
            "<pedal type=\"start\" line=\"yes\"/>", "<step>F</step>",
            "<measure number=\"2\">", "<pedal type=\"stop\" line=\"yes\"/>", "<step>C</step>",
        ])
        // cc and bend have no notation.
        let controls = try musicXML("track t { phrase { cc 11 90 c4 bend 50 d2. | } }")
        XCTAssertFalse(controls.contains("<direction placement=\"below\"><direction-type><pedal"))
        XCTAssertEqual(noteElements(controls).count, 2)
    }

    func testARepeatedPedalIsWrittenOnceAndClosedAtTheEnd() throws {
        // Down while down changes nothing; a pedal still down at the end is lifted there.
        let xml = try musicXML("track t { phrase p { pedal down c1 | } repeat p }")
        XCTAssertEqual(xml.components(separatedBy: "<pedal type=\"start\"").count - 1, 1)
        assertInOrder(xml, ["<pedal type=\"start\"", "<measure number=\"2\">", "<step>C</step>", "<pedal type=\"stop\" line=\"yes\"/>", "</measure>"])
    }

    func testChordSymbols() throws {
        let xml = try musicXML("track t { phrase { [Am7]2 [Bb7/D]2 | [Cadd9]1 | } }")
        assertInOrder(xml, [
            "<harmony><root><root-step>A</root-step></root><kind text=\"m7\">minor-seventh</kind></harmony>",
            "<note><pitch><step>A</step>",
            "<harmony><root><root-step>B</root-step><root-alter>-1</root-alter></root><kind text=\"7\">dominant</kind><bass><bass-step>D</bass-step></bass></harmony>",
            "<note><pitch><step>D</step>",
            "<harmony><root><root-step>C</root-step></root><kind text=\"add9\">major</kind><degree><degree-value>9</degree-value><degree-alter>0</degree-alter><degree-type>add</degree-type></degree></harmony>",
        ])
        // A Sync transposed by a fifth moves root and bass (spelled in the key).
        let moved = try musicXML("track t { phrase p { [C/E]1 | } } track u { sync t.p transpose 7 }")
        XCTAssertTrue(moved.contains("<harmony><root><root-step>G</root-step></root><kind text=\"\">major</kind><bass><bass-step>B</bass-step></bass></harmony>"))
    }

    func testEveryQualityHasAMusicXMLKind() {
        // The values of the XSD's kind-value enumeration (MusicXML 3.1).
        let kinds: Set<String> = ["major", "minor", "augmented", "diminished", "dominant", "major-seventh", "minor-seventh",
                                  "diminished-seventh", "augmented-seventh", "half-diminished", "major-minor", "major-sixth",
                                  "minor-sixth", "dominant-ninth", "major-ninth", "minor-ninth", "dominant-11th", "major-11th",
                                  "minor-11th", "dominant-13th", "major-13th", "minor-13th", "suspended-second",
                                  "suspended-fourth", "Neapolitan", "Italian", "French", "German", "pedal", "power", "Tristan",
                                  "other", "none"]
        var seen: [String: ChordSymbol.Quality] = [:]
        for quality in ChordSymbol.Quality.allCases {
            let (kind, degrees) = ScoreWriter.harmonyKind(quality)
            let name = "\(kind)"
            XCTAssertTrue(kinds.contains(name), "\(quality): \(name)")
            // Two qualities on one kind must differ by their degrees.
            let key = name + degrees.map { "\($0.value)\($0.alter)\($0.type.name)" }.joined()
            XCTAssertNil(seen[key], "\(quality) and \(String(describing: seen[key])) both write \(key)")
            seen[key] = quality
        }
        XCTAssertEqual(seen.count, 38)
        XCTAssertEqual("\(ScoreWriter.harmonyKind(.halfDiminished).kind)", "half-diminished")
        XCTAssertEqual("\(ScoreWriter.harmonyKind(.seventhSus4).kind)", "suspended-fourth")
    }

    /// The Stave 3 qualities as `<harmony>` writes them, by hand: a kind of MusicXML 3.1 and the
    /// degrees that make the quality's pitch classes (checked against music21's reading by
    /// Tests/musicxml, song stave3-chord-symbols).
    func testTheLeadSheetQualitiesInMusicXML() throws {
        func degree(_ value: Int, _ alter: Int, _ type: String) -> String {
            "<degree><degree-value>\(value)</degree-value><degree-alter>\(alter)</degree-alter><degree-type>\(type)</degree-type></degree>"
        }
        let expected: [(String, String, String)] = [
            ("7b9", "dominant", degree(9, -1, "add")),
            ("7#9", "dominant", degree(9, 1, "add")),
            ("7#11", "dominant", degree(11, 1, "add")),
            ("7b13", "dominant", degree(13, -1, "add")),
            ("7b5", "dominant", degree(5, -1, "alter")),
            ("7#5", "augmented-seventh", ""),
            ("alt", "dominant", degree(5, 0, "subtract") + degree(9, -1, "add") + degree(9, 1, "add") + degree(13, -1, "add")),
            ("m11", "minor-11th", ""),
            ("69", "major-sixth", degree(9, 0, "add")),
            ("m69", "minor-sixth", degree(9, 0, "add")),
            ("maj7#11", "major-seventh", degree(11, 1, "add")),
            ("13sus4", "suspended-fourth", degree(7, -1, "add") + degree(9, 0, "add") + degree(13, 0, "add")),
            ("9sus4", "suspended-fourth", degree(7, -1, "add") + degree(9, 0, "add")),
            ("m13", "minor-13th", degree(11, 0, "subtract")),
            ("maj13", "major-13th", degree(11, 0, "subtract")),
        ]
        let body = expected.map { "[C\($0.0)]1" }.joined(separator: " | ")
        // (Chords this wide put the part on a grand staff: each harmony names staff 1.)
        let xml = try musicXML("track t { phrase p { \(body) | } }").replacingOccurrences(of: "<staff>1</staff>", with: "")
        for (quality, kind, degrees) in expected {
            let harmony = "<harmony><root><root-step>C</root-step></root><kind text=\"\(quality)\">\(kind)</kind>\(degrees)</harmony>"
            XCTAssertTrue(xml.contains(harmony), "missing \(harmony)")
        }
        // A lead sheet's spelling is written by its canonical name.
        let spelt = try musicXML("track t { phrase p { [C-7]1 | [F#ø]1 | [BbΔ9/D]1 | } }").replacingOccurrences(of: "<staff>1</staff>", with: "")
        XCTAssertTrue(spelt.contains("<kind text=\"m7\">minor-seventh</kind>"))
        XCTAssertTrue(spelt.contains("<kind text=\"m7b5\">half-diminished</kind>"))
        XCTAssertTrue(spelt.contains("<kind text=\"maj9\">major-ninth</kind><bass><bass-step>D</bass-step></bass>"))
    }

    func testLyricsByVerseAndCopy() throws {
        let xml = try musicXML("""
        track t {
          phrase a { c8 d~ d e f g a4 | }
          lyrics a "Twin-kle _ * star" "one two-three"
          repeat a
        }
        """)
        let notes = noteElements(xml)
        guard notes.count == 14 else { return XCTFail("\(notes.count) notes") }
        XCTAssertTrue(notes[0].contains("<lyric number=\"1\"><syllabic>begin</syllabic><text>Twin</text></lyric>"), notes[0])
        // `_` holds "kle" over the next lyric note: an extend line.
        XCTAssertTrue(notes[1].contains("<lyric number=\"1\"><syllabic>end</syllabic><text>kle</text><extend/></lyric>"), notes[1])
        // The tie continuation is no lyric note; `_` and `*` give no lyric.
        for index in 2...4 { XCTAssertFalse(notes[index].contains("<lyric"), notes[index]) }
        XCTAssertTrue(notes[5].contains("<lyric number=\"1\"><syllabic>single</syllabic><text>star</text></lyric>"), notes[5])
        XCTAssertFalse(notes[6].contains("<lyric"))
        // The repeat sings verse 2.
        XCTAssertTrue(notes[7].contains("<lyric number=\"2\"><syllabic>single</syllabic><text>one</text></lyric>"), notes[7])
        XCTAssertTrue(notes[8].contains("<lyric number=\"2\"><syllabic>begin</syllabic><text>two</text></lyric>"), notes[8])
        XCTAssertFalse(notes[9].contains("<lyric"))
        XCTAssertTrue(notes[10].contains("<lyric number=\"2\"><syllabic>end</syllabic><text>three</text></lyric>"), notes[10])
        XCTAssertFalse(notes[13].contains("<lyric"))
        // `_` after `*` extends nothing: "two" is not held.
        let skipped = noteElements(try musicXML("track t { phrase a { c d e f | } lyrics a \"one two * _\" }"))
        XCTAssertTrue(skipped[1].contains("<text>two</text></lyric>"), skipped[1])
        XCTAssertFalse(skipped.joined().contains("<extend/>"))
        // The lyric follows the notations, as the schema orders them.
        assertInOrder(notes[1], ["<notations>", "</notations>", "<lyric"])
    }

    func testMarkers() throws {
        let xml = try musicXML("""
        marker "Chorus" at 2
        track t { phrase { c1 | d2 marker "Bridge & <more>" e2 | } }
        track u { phrase { c1 | c1 | } }
        """)
        guard let first = between(Substring(xml), "<part id=\"P1\">", "</part>"), let second = between(Substring(xml), "<part id=\"P2\">", "</part>") else {
            return XCTFail("no parts")
        }
        assertInOrder(String(first), [
            "<measure number=\"2\">",
            "<direction placement=\"above\"><direction-type><rehearsal>Chorus</rehearsal></direction-type><voice>1</voice></direction>",
            "<step>D</step>",
            "<rehearsal>Bridge &amp; &lt;more&gt;</rehearsal>", "<step>E</step>",
        ])
        XCTAssertFalse(second.contains("<rehearsal>"))
    }

    func testAMarkInsideANoteGetsAnOffset() throws {
        // `pedal up` inside a tuplet's time stands where it is written: after the first item.
        let xml = try musicXML("track t { phrase { pedal down {c pedal up d e}2 f2 | } }")
        assertInOrder(xml, ["<pedal type=\"start\"", "<step>C</step>", "<pedal type=\"stop\"", "<step>D</step>"])
        let rest = try musicXML("track t { phrase { r2 pedal down r4 pedal up r4 | } }")
        assertInOrder(rest, ["<pedal type=\"start\" line=\"yes\"/></direction-type><offset>2</offset>", "<pedal type=\"stop\" line=\"yes\"/></direction-type><offset>3</offset>", "<rest measure=\"yes\"/>"])
    }

    func testAVersionOneSongWritesNoneOfIt() throws {
        let xml = try musicXML("track t { phrase p { c4 d [c e g]2~ | [c e g]1 | } repeat p }")
        for word in ["<grace", "<wedge", "<pedal", "<harmony", "<lyric", "<rehearsal", "<articulations", "<offset"] {
            XCTAssertFalse(xml.contains(word), word)
        }
    }
}
