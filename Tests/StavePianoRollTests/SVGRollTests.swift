import Foundation
import XCTest
import StaveComposition
import StavePianoRoll

/// The SVG roll of `stave preview`: one `note` element per sounding note, seconds through the
/// tempo map, bar numbers, words, escaping.
final class SVGRollTests: XCTestCase {
    /// The values of attribute `name` on the elements of class `note`, in document order.
    func noteAttributes(_ svg: String, _ name: String) -> [String] {
        svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"note\"") }.compactMap { line in
            guard let range = line.range(of: " \(name)=\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    func testEveryExampleHasOneNoteElementPerSoundingNote() {
        let songs = RollTestSupport.songs(in: RollTestSupport.examples)
        XCTAssertGreaterThanOrEqual(songs.count, 10)
        for url in songs {
            guard let song = RollTestSupport.compile(file: url) else { continue }
            let svg = SVGRollRenderer().svg(song)
            let notes = svg.components(separatedBy: "class=\"note\"").count - 1
            XCTAssertEqual(notes, SongFigures(song).notes, url.lastPathComponent)
            XCTAssertTrue(svg.hasPrefix("<svg id=\"roll\" "), url.lastPathComponent)
            XCTAssertTrue(svg.hasSuffix("</svg>\n"), url.lastPathComponent)
        }
    }

    func testStartsAreSecondsThroughTheTempoMap() throws {
        // Bar 1 at 120 (2 s a 4/4 bar), bar 2 at 60 (4 s), an in-body tempo 240 in bar 3 (1 s).
        let text = """
        title "T"
        tempo 120
        tempo 60 at 2
        track t {
          phrase { c4 d e f | g2 a | tempo 240 b4 > c c c | c1 | }
        }
        """
        let song = try XCTUnwrap(RollTestSupport.compile(text))
        let svg = SVGRollRenderer().svg(song)
        XCTAssertEqual(noteAttributes(svg, "data-start"), ["0", "0.5", "1", "1.5", "2", "4", "6", "6.25", "6.5", "6.75", "7"])
        XCTAssertEqual(noteAttributes(svg, "data-end"), ["0.5", "1", "1.5", "2", "4", "6", "6.25", "6.5", "6.75", "7", "8"])
        XCTAssertEqual(noteAttributes(svg, "data-pitch"), ["60", "62", "64", "65", "67", "69", "71", "72", "72", "72", "72"])
        XCTAssertEqual(Set(noteAttributes(svg, "data-track")), ["t"])
        XCTAssertTrue(svg.contains("data-seconds=\"8\" data-pixels-per-second=\"60\" data-left=\"120\""))
        // The note at 4 s (bar 2's second half note) starts 240 px right of the music's left edge.
        XCTAssertTrue(svg.contains("data-start=\"4\" data-end=\"6\" data-pitch=\"69\" y=\"40\" height=\"5\" fill=\"#4e79a7\" x=\"360\" width=\"119\"/>"))
        // Bar numbers 1 to 4, and five bar lines (the last closing bar 4).
        XCTAssertEqual(svg.components(separatedBy: "class=\"bar-number\"").count - 1, 4)
        XCTAssertEqual(svg.components(separatedBy: "<line class=\"bar\"").count - 1, 5)
        XCTAssertTrue(svg.contains("<text class=\"bar-number\" x=\"482\" y=\"12\" fill=\"#666\">3</text>"))
    }

    func testSecondsThatDoNotEndAreRoundedToSixDecimals() {
        XCTAssertEqual(SVGRollRenderer.decimal(Rational(1, 3)), "0.333333")
        XCTAssertEqual(SVGRollRenderer.decimal(Rational(2, 3)), "0.666667")
        XCTAssertEqual(SVGRollRenderer.decimal(Rational(5, 2)), "2.5")
        XCTAssertEqual(SVGRollRenderer.decimal(Rational(1, 1_000_000)), "0.000001")
        XCTAssertEqual(SVGRollRenderer.decimal(Rational(7)), "7")
    }

    func testTracksHaveTheirOwnColoursAndWords() throws {
        let text = """
        title "A <b>&\\"c\\""
        track lead "Voice & co" {
          phrase verse { c4 d e f | }
          lyrics verse "la <li> da de"
        }
        track pads {
          phrase { [C]4 [F]4 [G]4 [C]4 | }
        }
        """
        let song = try XCTUnwrap(RollTestSupport.compile(text))
        let svg = SVGRollRenderer().svg(song)
        XCTAssertTrue(svg.contains("aria-label=\"piano roll of A &lt;b&gt;&amp;&quot;c&quot;\""))
        XCTAssertTrue(svg.contains(">Voice &amp; co</text>"))
        XCTAssertTrue(svg.contains("<text class=\"lyric\" x=\"150\""))
        XCTAssertTrue(svg.contains(">&lt;li&gt;</text>"))
        XCTAssertEqual(svg.components(separatedBy: "<text class=\"chord\"").count - 1, 4)
        XCTAssertTrue(svg.contains(">F</text>"))
        let leads = svg.split(separator: "\n").filter { $0.contains("class=\"note\" data-track=\"lead\"") }
        let pads = svg.split(separator: "\n").filter { $0.contains("class=\"note\" data-track=\"pads\"") }
        XCTAssertEqual(leads.count, 4)
        XCTAssertEqual(pads.count, 12)
        XCTAssertTrue(leads.allSatisfy { $0.contains("fill=\"\(SVGRollRenderer.colours[0])\"") })
        XCTAssertTrue(pads.allSatisfy { $0.contains("fill=\"\(SVGRollRenderer.colours[1])\"") })
    }
}
