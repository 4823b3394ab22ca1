@testable import StaveMusicXMLImport
import XCTest

/// The pieces below the score: the XML reader, inflate, and the order repeats play in.
final class ReaderTests: XCTestCase {
    func testEntitiesCharacterReferencesAndCDATAAreRead() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY who \"J&#246;rg &amp; co\">]>\n<a x='1 &lt; 2'><b>&who;</b><c><![CDATA[<raw>]]></c></a>"
        let tree = try XMLReader.read(Array(text.utf8))
        XCTAssertEqual(tree.text(tree.root, "b"), "Jörg & co")
        XCTAssertEqual(tree.text(tree.root, "c"), "<raw>")
        XCTAssertEqual(tree.attribute(tree.root, "x"), "1 < 2")
        XCTAssertEqual(tree.place(tree.child(tree.root, "c")!).line, 3)
    }

    func testErrorsNameLineAndColumn() {
        XCTAssertThrowsError(try XMLReader.read(Array("<a>\n  <b></c></a>".utf8))) { error in
            XCTAssertEqual((error as? MusicXMLReadError)?.description, "2:6: </c> closes <b> (line 2); expected '</b>'")
        }
        XCTAssertThrowsError(try XMLReader.read(Array("<a>&nope;</a>".utf8))) { error in
            XCTAssertEqual((error as? MusicXMLReadError)?.description, "1:4: a reference to the undeclared entity 'nope'")
        }
        XCTAssertThrowsError(try XMLReader.read(Array("<!DOCTYPE a [<!ENTITY x \"&x;\">]><a>&x;</a>".utf8))) { error in
            XCTAssertEqual((error as? MusicXMLReadError)?.description, "1:36: entities refer to entities more than 16 deep, or to themselves")
        }
    }

    /// Raw DEFLATE streams from zlib: a fixed-Huffman block (with back references) and a stored one.
    func testInflateReadsFixedAndStoredBlocks() throws {
        let fixed: [UInt8] = [75, 76, 74, 78, 132, 33, 133, 140, 212, 156, 156, 124, 8, 9, 0]
        XCTAssertEqual(try Inflate.decompress(fixed, limit: 100), Array("abcabcabcabc hello hello".utf8))
        let stored: [UInt8] = [1, 3, 0, 252, 255, 65, 66, 67]
        XCTAssertEqual(try Inflate.decompress(stored, limit: 100), Array("ABC".utf8))
        XCTAssertThrowsError(try Inflate.decompress(fixed, limit: 10)) { error in
            XCTAssertEqual((error as? MusicXMLReadError)?.description, "the compressed score cannot be read: it expands beyond 10 bytes")
        }
        XCTAssertThrowsError(try Inflate.decompress(Array(fixed.prefix(6)), limit: 100)) { error in
            XCTAssertEqual((error as? MusicXMLReadError)?.description, "the compressed score cannot be read: the compressed data is cut off")
        }
    }

    func measures(_ count: Int, _ edit: (inout [Score.Measure]) -> Void) -> [Score.Measure] {
        var measures = (0..<count).map { Score.Measure(number: String($0 + 1)) }
        edit(&measures)
        return measures
    }

    func order(_ measures: [Score.Measure]) -> [String] {
        FormUnfolding.order(measures).map { "\($0.measure + 1)" + ($0.pass > 1 ? "'" : "") }
    }

    /// |: 1 2 :| 3, then |: 4 |1. 5 :|2. 6 | 7.
    func testRepeatsAndEndingsPlayAsMusic21ExpandsThem() {
        let song = measures(7) { m in
            m[1].repeatBackward = 2
            m[3].repeatForward = true
            m[4].endingStarts = true; m[4].endings = [1]; m[4].endingStops = true; m[4].repeatBackward = 2
            m[5].endingStarts = true; m[5].endings = [2]; m[5].endingStops = true
        }
        XCTAssertEqual(order(song), ["1", "2", "1'", "2'", "3", "4", "5", "4'", "6'", "7"])
    }

    /// 1 2(Fine) 3 4(D.C. al Fine): 1 2 3 4 1 2.
    func testDaCapoAlFine() {
        let song = measures(4) { m in
            m[1].jumps = [.fine]
            m[3].jumps = [.daCapo]
        }
        XCTAssertEqual(order(song), ["1", "2", "3", "4", "1", "2"])
    }

    /// 1 2(segno) 3(To Coda) 4(D.S.) 5(coda): 1 2 3 4 2 3 5.
    func testDalSegnoAlCoda() {
        let song = measures(5) { m in
            m[1].jumps = [.segno]
            m[2].jumps = [.toCoda]
            m[3].jumps = [.dalSegno]
            m[4].jumps = [.coda]
        }
        XCTAssertEqual(order(song), ["1", "2", "3", "4", "2", "3", "5"])
    }
}
