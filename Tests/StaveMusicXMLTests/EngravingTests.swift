import XCTest
import StaveMusicXML

/// The plain rules of `stave engrave`: formats by extension, which scratch files are pages and
/// in which order, where the pages go, the engravers' command lines and messages.
final class EngravingTests: XCTestCase {
    func testFormatsByExtension() {
        XCTAssertEqual(Engraving.PageFormat(path: "out/song.PDF"), .pdf)
        XCTAssertEqual(Engraving.PageFormat(path: "song.svg"), .svg)
        XCTAssertEqual(Engraving.PageFormat(path: "a.b/song.png"), .png)
        XCTAssertNil(Engraving.PageFormat(path: "song"))
        XCTAssertNil(Engraving.PageFormat(path: "a.pdf/song"))
        XCTAssertNil(Engraving.PageFormat(path: ".pdf"))
        XCTAssertNil(Engraving.PageFormat(path: "song.musicxml"))
    }

    func testPagesInOrder() {
        // MuseScore: score-N.svg; LilyPond: score.svg for one page, score-pageN.png for more.
        XCTAssertEqual(Engraving.pages(among: ["score-10.svg", "score-2.svg", "score.musicxml", "score-1.svg", "fluidsynth.log"], base: "score", format: .svg),
                       ["score-1.svg", "score-2.svg", "score-10.svg"])
        XCTAssertEqual(Engraving.pages(among: ["score.ly", "score.svg"], base: "score", format: .svg), ["score.svg"])
        XCTAssertEqual(Engraving.pages(among: ["score-page2.png", "score-page1.png", "score.png"], base: "score", format: .png),
                       ["score-page1.png", "score-page2.png"])
        XCTAssertEqual(Engraving.pages(among: ["score.pdf", "score.ly"], base: "score", format: .pdf), ["score.pdf"])
        XCTAssertEqual(Engraving.pages(among: ["score-x.svg", "other-1.svg", "score-.svg", "score.svg.tmp"], base: "score", format: .svg), [])
    }

    func testOutputPaths() {
        XCTAssertEqual(Engraving.outputPaths(for: "song.pdf", pages: 1), ["song.pdf"])
        XCTAssertEqual(Engraving.outputPaths(for: "out/song.svg", pages: 3), ["out/song-1.svg", "out/song-2.svg", "out/song-3.svg"])
        XCTAssertEqual(Engraving.outputPaths(for: "my.dir/song.png", pages: 2), ["my.dir/song-1.png", "my.dir/song-2.png"])
    }

    func testCommandLines() {
        XCTAssertEqual(Engraving.museScoreArguments(input: "/t/score.musicxml", output: "/t/score.pdf"), ["-o", "/t/score.pdf", "/t/score.musicxml"])
        XCTAssertEqual(Engraving.museScoreEnvironment, ["QT_QPA_PLATFORM=offscreen"])
        XCTAssertEqual(Engraving.musicXML2lyArguments(input: "/t/score.musicxml", output: "/t/score.ly"), ["--output=/t/score.ly", "/t/score.musicxml"])
        XCTAssertEqual(Engraving.lilyPondArguments(format: .svg, base: "/t/score", input: "/t/score.ly"), ["--svg", "-dno-point-and-click", "-o", "/t/score", "/t/score.ly"])
        XCTAssertEqual(Engraving.Engraver.musescore.programs, [["mscore3", "musescore3"]])
        XCTAssertEqual(Engraving.Engraver.lilypond.programs, [["musicxml2ly"], ["lilypond"]])
    }
}
