import XCTest
import StavePreview

/// The server's routes: its own paths for its own host, everything else refused.
final class PreviewRouteTests: XCTestCase {
    func route(_ target: String, host: String? = "127.0.0.1:8123", method: String = "GET") -> PreviewRoute {
        let headers = host.map { [(name: "Host", value: $0)] } ?? []
        return PreviewRoute(HTTPRequest(method: method, target: target, version: "HTTP/1.1", headers: headers), port: 8123)
    }

    func testOwnPaths() {
        XCTAssertEqual(route("/"), .page)
        XCTAssertEqual(route("/?x=1"), .page)
        XCTAssertEqual(route("/roll.svg"), .roll)
        XCTAssertEqual(route("/audio.wav?v=7"), .audio)
        XCTAssertEqual(route("/events", host: "LocalHost:8123"), .events)
        XCTAssertEqual(route("/", method: "HEAD"), .page)
    }

    func testEveryOtherPathIsNotFound() {
        for target in ["/../etc/passwd", "/etc/passwd", "//etc/passwd", "/%2e%2e/", "/index.html", "/roll.svg/", "/ROLL.SVG", "/favicon.ico", "/events/../"] {
            XCTAssertEqual(route(target), .refused(.notFound, ""), target)
        }
    }

    func testForeignHostsAndMethods() {
        let misdirected = PreviewRoute.refused(.misdirected, "this server answers to 127.0.0.1:8123 and localhost:8123 only")
        for host in ["evil.example:8123", "127.0.0.1", "localhost", "127.0.0.1:80", "127.0.0.2:8123", "[::1]:8123", "localhost.:8123", ""] {
            XCTAssertEqual(route("/", host: host), misdirected, host)
        }
        XCTAssertEqual(route("/", host: nil), .refused(.badRequest, "no Host header"))
        let twice = HTTPRequest(method: "GET", target: "/", version: "HTTP/1.1", headers: [("Host", "127.0.0.1:8123"), ("host", "127.0.0.1:8123")])
        XCTAssertEqual(PreviewRoute(twice, port: 8123), .refused(.badRequest, "more than one Host header"))
        XCTAssertEqual(route("/", method: "POST"), .refused(.methodNotAllowed, "only GET and HEAD"))
        XCTAssertEqual(route("/", method: "get"), .refused(.methodNotAllowed, "only GET and HEAD"))
    }

    func testResponses() {
        let response = HTTPResponse.refusal(.notFound)
        let text = String(decoding: response.bytes(), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 14\r\nConnection: close\r\n"), text)
        XCTAssertTrue(text.contains("\r\nContent-Security-Policy: default-src 'none'; "))
        XCTAssertTrue(text.hasSuffix("\r\n\r\n404 Not Found\n"))
        XCTAssertTrue(String(decoding: response.bytes(head: true), as: UTF8.self).hasSuffix("\r\n\r\n"))
        XCTAssertEqual(String(decoding: HTTPResponse.event("{\"a\":1}\nx"), as: UTF8.self), "data: {\"a\":1}\ndata: x\n\n")
    }
}

/// Server-sent events: every line a `data:` line, carriage returns dropped, a name when given.
final class ServerSentEventTests: XCTestCase {
    func testEvents() {
        XCTAssertEqual(String(decoding: HTTPResponse.event("a\nb\r\nc", named: "roll"), as: UTF8.self), "event: roll\ndata: a\ndata: b\ndata: c\n\n")
        XCTAssertEqual(String(decoding: HTTPResponse.event(""), as: UTF8.self), "data: \n\n")
        XCTAssertEqual(String(decoding: HTTPResponse.event("x\n"), as: UTF8.self), "data: x\ndata: \n\n")
        let big = String(repeating: "<rect class=\"note\"/>\n", count: 10_000)
        let event = HTTPResponse.event(Array(big.utf8))
        XCTAssertEqual(event.count, big.utf8.count + 6 * 10_001 + 2)
    }
}
