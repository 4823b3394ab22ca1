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

    /// One server-sent event carrying `data` (each line of it a `data:` line) and ending with
    /// the empty line.
    public static func event(_ data: String) -> [UInt8] {
        var text = ""
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: " + line + "\n" }
        return Array((text + "\n").utf8)
    }

    /// A comment line that keeps an idle event stream alive (and finds clients that left).
    public static let keepAlive: [UInt8] = Array(": keep-alive\n\n".utf8)
}
