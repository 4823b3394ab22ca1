import XCTest
import StaveSyntax
import StaveComposition
@testable import StaveMusicXML

/// Compiles Stave text to MusicXML text, failing the test on any error diagnostic.
func musicXML(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let (song, diagnostics) = Lowering.compile(Source(path: "test.stave", text: text), defaultTitle: "test")
    let errors = diagnostics.filter { $0.severity == .error }
    XCTAssertTrue(errors.isEmpty, "unexpected errors: \(errors.map(\.message))", file: file, line: line)
    return String(decoding: try MusicXMLWriter().render(song), as: UTF8.self)
}

/// The text between the first `open` at or after `start` and the next `close`.
func between(_ text: Substring, _ open: String, _ close: String) -> Substring? {
    guard let a = text.range(of: open), let b = text[a.upperBound...].range(of: close) else { return nil }
    return text[a.upperBound..<b.lowerBound]
}

/// Each measure of part `part` (1-based) as short note words: `C#4:2q.~` is C-sharp 4 lasting
/// 2 divisions, a dotted quarter, tied onward; `~C4` continues a tie; `R` a rest, `R*` a whole-bar
/// rest; `+` before a word marks a chord note; `[3:2]` a time modification.
func measures(_ xml: String, part: Int = 1) -> [[String]] {
    guard let body = between(Substring(xml), "<part id=\"P\(part)\">", "</part>") else { return [] }
    var result: [[String]] = []
    for measure in body.components(separatedBy: "<measure number=").dropFirst() {
        var words: [String] = []
        for note in measure.components(separatedBy: "<note>").dropFirst() {
            let note = Substring(note)
            var word = note.hasPrefix("<chord/>") ? "+" : ""
            if note.contains("<tie type=\"stop\"/>") { word += "~" }
            if let pitch = between(note, "<step>", "</step>") {
                word += pitch
                switch between(note, "<alter>", "</alter>") {
                case "1": word += "#"
                case "-1": word += "b"
                case "2": word += "##"
                case "-2": word += "bb"
                default: break
                }
                word += between(note, "<octave>", "</octave>") ?? "?"
            } else if let step = between(note, "<display-step>", "</display-step>") {
                word += "x" + step + (between(note, "<display-octave>", "</display-octave>") ?? "?")
            } else {
                word += note.contains("measure=\"yes\"") ? "R*" : "R"
            }
            word += ":" + (between(note, "<duration>", "</duration>") ?? "?")
            let types = ["whole": "w", "half": "h", "quarter": "q", "eighth": "8", "16th": "16", "32nd": "32", "breve": "b"]
            if let type = between(note, "<type>", "</type>") { word += types[String(type)] ?? String(type) }
            word += String(repeating: ".", count: note.components(separatedBy: "<dot/>").count - 1)
            if let actual = between(note, "<actual-notes>", "</actual-notes>"), let normal = between(note, "<normal-notes>", "</normal-notes>") {
                word += "[\(actual):\(normal)]"
            }
            if note.contains("<tie type=\"start\"/>") { word += "~" }
            words.append(word)
        }
        result.append(words)
    }
    return result
}

final class ScoreTests: XCTestCase {
    func testADocumentWithHeaderPartListAndEscapedTitle() throws {
        let xml = try musicXML("""
        title "Ben & Jerry's <song>"
        composer "A \\"B\\""
        tempo 92.5
        track lead "Lead" { instrument flute channel 3 phrase { c } }
        """)
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<!DOCTYPE score-partwise"))
        XCTAssertTrue(xml.contains("<score-partwise version=\"3.1\">"))
        XCTAssertTrue(xml.contains("<work-title>Ben &amp; Jerry&apos;s &lt;song&gt;</work-title>"))
        XCTAssertTrue(xml.contains("<creator type=\"composer\">A &quot;B&quot;</creator>"))
        XCTAssertTrue(xml.contains("<part-name>Lead</part-name>"))
        XCTAssertTrue(xml.contains("<midi-channel>3</midi-channel><midi-program>74</midi-program>"), "flute is GM program 73, 74 counted from 1")
        XCTAssertTrue(xml.contains("<per-minute>92.5</per-minute></metronome></direction-type><voice>1</voice><sound tempo=\"92.5\"/>"))
        XCTAssertTrue(xml.hasSuffix("</score-partwise>\n"))
        XCTAssertEqual(measures(xml), [["C4:1q", "R:1q", "R:2h"]])
    }

    func testDivisionsAreTheLeastCommonMultiple() throws {
        // Eighths and a triplet of eighths: 2 × 3 = 6 divisions per quarter.
        let xml = try musicXML("track t { phrase { c8 d {e f g}4 a2 } }")
        XCTAssertTrue(xml.contains("<divisions>6</divisions>"))
        XCTAssertEqual(measures(xml), [["C4:38", "D4:38", "E4:28[3:2]", "F4:28[3:2]", "G4:28[3:2]", "A4:12h"]])
    }

    func testNotesSplitAtBarLinesAndTheMiddleOfFourFour() throws {
        // A dotted whole crosses the bar line; an off-beat quarter crosses the middle of the bar.
        XCTAssertEqual(measures(try musicXML("track t { phrase { c1. d2 } }")), [["C4:4w~"], ["~C4:2h", "D4:2h"]])
        XCTAssertEqual(measures(try musicXML("track t { phrase { r8 c4 d4 e4 f8 } }")),
                       [["R:18", "C4:2q", "D4:18~", "~D4:18", "E4:2q", "F4:18"]])
        // Syncopation on beats stays one note: quarter, half, quarter.
        XCTAssertEqual(measures(try musicXML("track t { phrase { c4 d2 e4 } }")), [["C4:1q", "D4:2h", "E4:1q"]])
        // An inline tie longer than a bar: a half plus a whole plus a quarter from beat 3.
        XCTAssertEqual(measures(try musicXML("track t { phrase { r2 c2~1~4 } }")),
                       [["R:2h", "C4:2h~"], ["~C4:4w~"], ["~C4:1q", "R:1q", "R:2h"]])
    }

    func testSpellingAsWrittenAndInTheKey() throws {
        let xml = try musicXML("key d major track t { phrase { f fn gb a# } }")
        XCTAssertTrue(xml.contains("<key><fifths>2</fifths><mode>major</mode></key>"))
        XCTAssertEqual(measures(xml), [["F#4:1q", "F4:1q", "Gb4:1q", "A#4:1q"]])
        XCTAssertTrue(xml.contains("<step>F</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice><type>quarter</type><accidental>natural</accidental>"))
        XCTAssertTrue(xml.contains("<step>G</step><alter>-1</alter><octave>4</octave></pitch><duration>1</duration><voice>1</voice><type>quarter</type><accidental>flat</accidental>"))
        // B-sharp belongs to the octave below: b#3 is MIDI 60.
        XCTAssertEqual(measures(try musicXML("track t { octave 3 phrase { b# cb > } }")), [["B#3:1q", "Cb3:1q", "R:2h"]])
    }

    func testTiesAndChords() throws {
        let xml = try musicXML("track t { phrase { [c~ e g]2 [c f a]2 } }")
        XCTAssertEqual(measures(xml), [["C4:2h~", "+E4:2h", "+G4:2h", "~C4:2h", "+F4:2h", "+A4:2h"]])
        XCTAssertTrue(xml.contains("<notations><tied type=\"start\"/></notations>"))
        XCTAssertTrue(xml.contains("<notations><tied type=\"stop\"/></notations>"))
    }

    func testNestedTupletsMultiplyTheirRatiosAndBracketEachLevel() throws {
        // {c {d e f} g}2: thirds of a half are triplet quarters (3:2); {d e f} splits one into
        // triplet eighths inside it (3:2 × 3:2 = 9:4). A quarter has 9 divisions.
        let xml = try musicXML("track t { phrase { {c {d e f} g}2 r2 } }")
        XCTAssertTrue(xml.contains("<divisions>9</divisions>"))
        XCTAssertEqual(measures(xml), [["C4:6q[3:2]", "D4:28[9:4]", "E4:28[9:4]", "F4:28[9:4]", "G4:6q[3:2]", "R:18h"]])
        XCTAssertEqual(xml.components(separatedBy: "<tuplet type=\"start\" number=\"1\" bracket=\"yes\">").count - 1, 1)
        XCTAssertEqual(xml.components(separatedBy: "<tuplet type=\"start\" number=\"2\" bracket=\"yes\">").count - 1, 1)
        XCTAssertEqual(xml.components(separatedBy: "<tuplet type=\"stop\" number=\"2\"/>").count - 1, 1)
        XCTAssertEqual(xml.components(separatedBy: "<tuplet type=\"stop\" number=\"1\"/>").count - 1, 1)
        XCTAssertTrue(xml.contains("<tuplet-actual><tuplet-number>3</tuplet-number><tuplet-type>eighth</tuplet-type></tuplet-actual>"))
        // Two items of a quarter are plain eighths: no tuplet. A rest inside a triplet is a triplet rest.
        XCTAssertEqual(measures(try musicXML("track t { phrase { {c d}4 {e r g}4 r2 } }")),
                       [["C4:38", "D4:38", "E4:28[3:2]", "R:28[3:2]", "G4:28[3:2]", "R:12h"]])
        // Quintuplet sixteenths: 5 in the time of 4.
        XCTAssertEqual(measures(try musicXML("track t { phrase { {c d e f g}4 r2. } }")).first?.first, "C4:116[5:4]")
    }

    func testMeterChangesAndWholeBarRests() throws {
        let xml = try musicXML("meter 3/4 meter 6/8 at 2 track t { phrase { c2. } phrase at 3 { d4. } }")
        XCTAssertEqual(measures(xml), [["C4:6h."], ["R*:6"], ["D4:3q.", "R:3q."]])
        XCTAssertTrue(xml.contains("<time><beats>3</beats><beat-type>4</beat-type></time>"))
        XCTAssertTrue(xml.contains("<measure number=\"2\">\n      <attributes><time><beats>6</beats><beat-type>8</beat-type></time></attributes>"))
        XCTAssertEqual(xml.components(separatedBy: "<time>").count - 1, 2, "the meter is written where it changes only")
    }

    func testRepeatAndSyncAreWrittenOut() throws {
        let xml = try musicXML("""
        track a { phrase x { c d e f } repeat x x2 }
        track b { sync a.x transpose 7 }
        """)
        XCTAssertEqual(measures(xml, part: 1), Array(repeating: ["C4:1q", "D4:1q", "E4:1q", "F4:1q"], count: 3))
        XCTAssertEqual(measures(xml, part: 2), [["G4:1q", "A4:1q", "B4:1q", "C5:1q"], ["R*:4"], ["R*:4"]])
    }

    func testVelocitiesAsDynamicsAndSoundDynamics() throws {
        let xml = try musicXML("track t { phrase { !mf c d v90 e !mf f } }")
        XCTAssertEqual(xml.components(separatedBy: "<dynamics><mf/></dynamics>").count - 1, 2)
        XCTAssertTrue(xml.contains("<sound dynamics=\"88.888889\"/></direction>"))
        XCTAssertTrue(xml.contains("      <sound dynamics=\"100\"/>\n"), "velocity 90 matches no mark: a bare sound element")
        // Velocity 0 sounds nothing: the note is left out, its time is a rest.
        XCTAssertEqual(measures(try musicXML("track t { phrase { c v0 d v100 e f } }")), [["C4:1q", "R:1q", "E4:1q", "F4:1q"]])
    }

    func testDrumsArePercussionWithUnpitchedNotes() throws {
        let xml = try musicXML("drums beat { phrase { kick8 hat [snare hat] hat } }")
        XCTAssertTrue(xml.contains("<clef><sign>percussion</sign></clef>"))
        XCTAssertTrue(xml.contains("<midi-unpitched>37</midi-unpitched>"), "kick is key 36, 37 counted from 1")
        XCTAssertTrue(xml.contains("<instrument id=\"P1-I37\"/>"))
        XCTAssertTrue(xml.contains("<score-instrument id=\"P1-I0\"><instrument-name>Standard Kit</instrument-name>"))
        XCTAssertEqual(measures(xml), [["xF4:18", "xG5:18", "xC5:18", "+xG5:18", "xG5:18", "R:4h"]])
    }

    func testClefFollowsTheRangeAndLowPartsAreWrittenAnOctaveUp() throws {
        XCTAssertTrue(try musicXML("track t { octave 2 phrase { c e g } }").contains("<clef><sign>F</sign><line>4</line></clef>"))
        XCTAssertTrue(try musicXML("track t { phrase { c e g } }").contains("<clef><sign>G</sign><line>2</line></clef>"))
        let low = try musicXML("track t { octave 0 transpose -12 phrase { c d } }")
        XCTAssertTrue(low.contains("<octave-change>-1</octave-change>"))
        XCTAssertEqual(measures(low), [["C0:1q", "D0:1q", "R:2h"]])
        // MIDI 10 and 11 are still C double-flat 0 and C-flat 0: no transposition.
        let flat = try musicXML("track t { octave 0 phrase { cbb cb } }")
        XCTAssertFalse(flat.contains("<transpose>"))
        XCTAssertEqual(measures(flat), [["Cbb0:1q", "Cb0:1q", "R:2h"]])
        // A part from MIDI 0 to 127 cannot be written: a clear error, not a wrong score.
        let (song, _) = Lowering.compile(Source(path: "t.stave", text: "track t { transpose -3 phrase { o0 c o9 g } }"), defaultTitle: "t")
        XCTAssertThrowsError(try MusicXMLWriter().render(song)) { error in
            XCTAssertTrue("\(error)".hasPrefix("track 't' spans more octaves than MusicXML can write"), "\(error)")
        }
    }

    func testOverlappingPlacementsBecomeVoices() throws {
        // The language forbids overlapping phrases; a song built directly can still hold them.
        let body = PhraseBody(length: Rational(1, 2), notes: [
            RootNote(position: .zero, width: Rational(1, 2), note: ChordNote(pitch: 60, velocity: 80)),
        ])
        let song = Song(title: "voices", tracks: [Track(id: "t", kind: .melody, channel: 1, phrases: [
            Phrase(id: "a", start: .zero, content: .original(body)),
            Phrase(start: Rational(1, 4), content: .repeat(source: "a", count: 1)),
        ])])
        let xml = String(decoding: try MusicXMLWriter().render(song), as: UTF8.self)
        XCTAssertEqual(measures(xml), [["C4:2h", "R:2h", "R:1q", "C4:2h", "R:1q"]])
        XCTAssertTrue(xml.contains("<backup><duration>4</duration></backup>"))
        XCTAssertTrue(xml.contains("<voice>2</voice>"))
    }

    func testAnEmptySongIsOneBarOfRest() throws {
        let xml = try musicXML("title \"Nothing\"")
        XCTAssertTrue(xml.contains("<part-name>Nothing</part-name>"))
        XCTAssertEqual(measures(xml), [["R*:4"]])
    }
}

/// Tempo ramps (LANGUAGE.md "Tempo ramps"): "rit." or "accel." words where the ramp starts,
/// then a bare `<sound tempo>` at each later step; the tempo after the ramp is a metronome mark.
final class TempoRampScoreTests: XCTestCase {
    func testRitardandoAndAccelerando() throws {
        let xml = try musicXML("tempo 120\nmeter 2/4\ntempo 60 at 2-2\ntempo 90 at 3-3\ntempo 100 at 4\ntrack a { phrase { c2 | c2 | c2 | c2 } }")
        let directions = xml.split(separator: "\n").filter { $0.contains("tempo=") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(directions, [
            #"<direction placement="above"><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>120</per-minute></metronome></direction-type><voice>1</voice><sound tempo="120"/></direction>"#,
            #"<direction placement="above"><direction-type><words>rit.</words></direction-type><voice>1</voice><sound tempo="90"/></direction>"#,
            #"<sound tempo="60"/>"#,
            #"<direction placement="above"><direction-type><words>accel.</words></direction-type><voice>1</voice><sound tempo="75"/></direction>"#,
            #"<sound tempo="90"/>"#,
            #"<direction placement="above"><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>100</per-minute></metronome></direction-type><voice>1</voice><sound tempo="100"/></direction>"#,
        ])
    }
}
