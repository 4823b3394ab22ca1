#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 response of the preview server: every one closes its connection and carries
/// the same protective headers (no caching, no sniffing, no framing, no referrer, and a
/// content security policy that lets the page load nothing from elsewhere).
public struct HTTPResponse: Equatable, Sendable {
    /// The status line's status.
    public var status: HTTPStatus
    /// `Content-Type`.
    public var contentType: String
    /// The body (sent for every method but `HEAD`).
    public var body: [UInt8]

    /// Creates a response from its parts.
    public init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text response saying the status (`404 Not Found`) and `detail`, for refusals.
    public static func refusal(_ status: HTTPStatus, _ detail: String = "") -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8",
                     body: Array("\(status.code) \(status.reason)\(detail.isEmpty ? "" : ": " + detail)\n".utf8))
    }

    /// The page may run its own inline script and style, connect and play media from its own
    /// origin only, and show images given inline.
    public static let contentSecurityPolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The headers every response carries after its own.
    static let commonHeaders = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\nContent-Security-Policy: \(contentSecurityPolicy)\r\n"

    /// The response as bytes: status line, headers (`Content-Length`, `Connection: close`),
    /// the empty line, and the body unless `head`.
    public func bytes(head: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        text += HTTPResponse.commonHeaders + "\r\n"
        return head ? Array(text.utf8) : Array(text.utf8) + body
    }

    /// The head of a server-sent event stream (`text/event-stream`, no length: it lasts until
    /// either side closes), and a first comment line.
    public static let eventStreamHead: [UInt8] = Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nConnection: close\r\n"
        + commonHeaders + "\r\n: stave preview\n\n").utf8)

    /// One server-sent event carrying `data` (each line of it a `data:` line; carriage returns,
    /// which the stream would read as line ends, left out), named `name` when one is given,
    /// and ending with the empty line.
    public static func event(_ data: String, named name: String? = nil) -> [UInt8] {
        event(Array(data.utf8), named: name)
    }

    /// `event(_:named:)` for UTF-8 bytes. The line ends are found with `memchr`, so that a roll
    /// of megabytes costs milliseconds even in a debug build.
    public static func event(_ data: [UInt8], named name: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 16 + 64)
        if let name { out += Array("event: \(name)\n".utf8) }
        let prefix = Array("data: ".utf8)
        out += prefix
        data.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                let rest = bytes.count - start
                guard let found = memchr(base + start, 0x0A, rest) else {
                    appendWithoutReturns(UnsafeBufferPointer(start: base + start, count: rest), to: &out)
                    break
                }
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                appendWithoutReturns(UnsafeBufferPointer(start: base + start, count: end - start), to: &out)
                out.append(0x0A)
                out += prefix
                start = end + 1
            }
        }
        return out + [0x0A, 0x0A]
    }

    /// Appends `bytes`, carriage returns left out.
    private static func appendWithoutReturns(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) != nil {
            out += bytes.filter { $0 != 0x0D }
        } else {
            out.append(contentsOf: bytes)
        }
    }

    /// A comment line that keeps an idle event stream alive (and finds clients that left).
    public static let keepAlive: [UInt8] = Array(": keep-alive\n\n".utf8)
}
