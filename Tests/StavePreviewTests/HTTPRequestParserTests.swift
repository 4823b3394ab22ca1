import XCTest
import StavePreview

/// Reading request heads within limits: whole, in pieces, and every refusal.
final class HTTPRequestParserTests: XCTestCase {
    func parse(_ text: String) -> HTTPRequestParser.Result {
        var parser = HTTPRequestParser()
        return parser.feed(Array(text.utf8))
    }

    func testAWholeRequest() {
        let result = parse("GET /roll.svg?v=3 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent:  test  \r\n\r\n")
        XCTAssertEqual(result, .request(HTTPRequest(method: "GET", target: "/roll.svg?v=3", version: "HTTP/1.1",
                                                    headers: [("Host", "127.0.0.1:8080"), ("User-Agent", "test")])))
        guard case .request(let request) = result else { return }
        XCTAssertEqual(request.path, "/roll.svg")
        XCTAssertEqual(request.values(of: "host"), ["127.0.0.1:8080"])
    }

    func testByteByByteAndBareLineFeeds() {
        var parser = HTTPRequestParser()
        let bytes = Array("GET / HTTP/1.0\nHost: localhost:1\n\n".utf8)
        for byte in bytes.dropLast() { XCTAssertEqual(parser.feed([byte]), .incomplete) }
        XCTAssertEqual(parser.feed([bytes.last!]), .request(HTTPRequest(method: "GET", target: "/", version: "HTTP/1.0", headers: [("Host", "localhost:1")])))
    }

    func testRefusals() {
        XCTAssertEqual(parse("GET /\r\n\r\n"), .refused(.badRequest))
        XCTAssertEqual(parse("GET / HTTP/2.0\r\n\r\n"), .refused(.versionNotSupported))
        XCTAssertEqual(parse("GET / FTP/1.0\r\n\r\n"), .refused(.badRequest))
        XCTAssertEqual(parse("GET http://127.0.0.1:1/ HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n"), .refused(.badRequest))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost 127.0.0.1:1\r\n\r\n"), .refused(.badRequest))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\n folded\r\n\r\n"), .refused(.badRequest))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nX: a\u{1}b\r\n\r\n"), .refused(.badRequest))
        XCTAssertEqual(parse("G(T / HTTP/1.1\r\n\r\n"), .refused(.badRequest))
        XCTAssertEqual(parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n"), .refused(.notImplemented))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), .refused(.notImplemented))
    }

    func testLimits() {
        // A request line of 8 KB and more: 414 as soon as the limit passes without a line end.
        var parser = HTTPRequestParser()
        XCTAssertEqual(parser.feed(Array("GET /".utf8) + Array(repeating: UInt8(ascii: "a"), count: 8000)), .incomplete)
        XCTAssertEqual(parser.feed(Array(repeating: UInt8(ascii: "a"), count: 200)), .refused(.uriTooLong))
        // A head over 8 KB: 431 without waiting for its end.
        parser = HTTPRequestParser()
        XCTAssertEqual(parser.feed(Array("GET / HTTP/1.1\r\nX: ".utf8)), .incomplete)
        XCTAssertEqual(parser.feed(Array(repeating: UInt8(ascii: "b"), count: 9000)), .refused(.headersTooLarge))
        // 65 fields: 431; 64: read.
        let fields = (0..<64).map { "X\($0): y\r\n" }.joined()
        guard case .request = parse("GET / HTTP/1.1\r\n\(fields)\r\n") else { return XCTFail("64 fields refused") }
        XCTAssertEqual(parse("GET / HTTP/1.1\r\n\(fields)Z: y\r\n\r\n"), .refused(.headersTooLarge))
        // A whole head of exactly the limit is read; one byte more is refused.
        let filler = String(repeating: "c", count: HTTPRequestParser.maximumHeadBytes - "GET / HTTP/1.1\r\nX: \r\n\r\n".utf8.count)
        guard case .request = parse("GET / HTTP/1.1\r\nX: \(filler)\r\n\r\n") else { return XCTFail("a head at the limit refused") }
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nX: \(filler)c\r\n\r\n"), .refused(.headersTooLarge))
    }
}
