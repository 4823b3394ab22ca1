import XCTest
@testable import StaveMusicXML

final class XMLWriterTests: XCTestCase {
    func testEscapesTheFiveSpecialCharacters() {
        XCTAssertEqual(XMLWriter.escaped(#"a<b & "c" > 'd'"#), "a&lt;b &amp; &quot;c&quot; &gt; &apos;d&apos;")
    }
}
