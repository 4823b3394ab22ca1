import XCTest
import StaveSyntax
import StavePreview

/// The page's contract (the ids tests and scripts read), its escaping, and the updates' JSON.
final class PreviewPageTests: XCTestCase {
    func testThePageHasItsContractAndLoadsNothingFromElsewhere() {
        var update = PreviewUpdate()
        update.title = "A <title>"
        update.roll = "<svg id=\"roll\"><rect class=\"note\"/></svg>"
        update.diagnostics = [PreviewDiagnostic(severity: "error", text: "3:5 error: bad <thing> [E001]")]
        let page = PreviewPage.html(file: "song.stave", update: update)
        for needle in ["<svg id=\"roll\"><rect class=\"note\"/></svg>", "<button id=\"play\"", "<div id=\"cursor\" data-time=\"0\">",
                       "<section id=\"score\"", "<ul id=\"diagnostics\">", "<li class=\"diagnostic error\">3:5 error: bad &lt;thing&gt; [E001]</li>",
                       "<title>A &lt;title&gt; — stave preview</title>", "new EventSource(\"/events\")", "<link rel=\"icon\" href=\"data:,\">"] {
            XCTAssertTrue(page.contains(needle), needle)
        }
        XCTAssertFalse(page.contains("http://"))
        XCTAssertFalse(page.contains("https://"))
        XCTAssertFalse(page.contains("src=\"/"))
        XCTAssertTrue(PreviewPage.html(file: "s", update: PreviewUpdate()).contains("<section id=\"problems\" hidden>"))
    }

    func testUpdatesCarryOnlyWhatChanged() {
        var update = PreviewUpdate()
        XCTAssertTrue(update.isEmpty)
        XCTAssertEqual(update.json(), "{}")
        update.diagnostics = [PreviewDiagnostic(severity: "error", text: "1:2 error: \"x\"")]
        update.audio = .ready(version: 4)
        XCTAssertEqual(update.json(), "{\"diagnostics\":[{\"severity\":\"error\",\"text\":\"1:2 error: \\\"x\\\"\"}],\"audio\":{\"state\":\"ready\",\"version\":4,\"text\":\"\"}}")
        update = PreviewUpdate()
        update.score = PreviewScore(pages: ["<svg/>"], note: "")
        update.audio = .unavailable("needs fluidsynth")
        XCTAssertEqual(update.json(), "{\"audio\":{\"state\":\"unavailable\",\"version\":0,\"text\":\"needs fluidsynth\"},\"score\":{\"pages\":[\"<svg/>\"],\"note\":\"\"}}")
    }

    func testDiagnosticsStartWithLineAndColumn() {
        let source = Source(path: "s.stave", text: "title \"T\"\ntrack t {\n  phrase { c4 q4 }\n}\n")
        let diagnostics = [Diagnostic.error(.unexpectedToken, "unexpected 'q4'", at: SourceRange(34, 36)),
                           Diagnostic.warning(.unexpectedToken, "first", at: SourceRange(0, 1))]
        XCTAssertEqual(PreviewDiagnostic.list(diagnostics, in: source).map(\.text),
                       ["1:1 warning: first [\(DiagnosticID.unexpectedToken.rawValue)]", "3:15 error: unexpected 'q4' [\(DiagnosticID.unexpectedToken.rawValue)]"])
        XCTAssertEqual(PreviewDiagnostic.list(diagnostics, in: source, limit: 1).map(\.text).last, "… and 1 more")
    }
}
