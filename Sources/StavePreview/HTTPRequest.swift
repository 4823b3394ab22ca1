/// One HTTP/1.x request head, as `HTTPRequestParser` read it (the preview serves no request
/// with a body).
public struct HTTPRequest: Equatable, Sendable {
    /// `GET`, `HEAD`, … as sent (methods are case-sensitive).
    public var method: String
    /// The request target as sent: `/`, `/roll.svg?v=2`.
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields in order, names as sent.
    public var headers: [(name: String, value: String)]

    /// Creates a request from its parts.
    public init(method: String, target: String, version: String, headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The values of the fields named `name` (any case).
    public func values(of name: String) -> [String] {
        let wanted = name.lowercased()
        return headers.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// The target's path: the target up to its `?` query.
    public var path: Substring { target.prefix { $0 != "?" } }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.target == b.target && a.version == b.version
            && a.headers.count == b.headers.count && zip(a.headers, b.headers).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}

/// An HTTP status with its reason phrase.
public struct HTTPStatus: Equatable, Sendable {
    /// `404`.
    public var code: Int
    /// `Not Found`.
    public var reason: String

    /// Creates a status from its parts.
    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public static let ok = HTTPStatus(200, "OK")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(408, "Request Timeout")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let misdirected = HTTPStatus(421, "Misdirected Request")
    public static let headersTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let notImplemented = HTTPStatus(501, "Not Implemented")
    public static let unavailable = HTTPStatus(503, "Service Unavailable")
    public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}

/// Reads one request head from bytes as they arrive, within fixed limits, so that a client
/// can make the server hold at most `maximumHeadBytes` for it.
///
/// The head ends at the first empty line (CRLF CRLF, or LF LF from lax clients). The request
/// line is `METHOD SP TARGET SP HTTP/1.0|1.1`, the target in origin form (`/…`); each field is
/// `NAME: VALUE` with a token name. Refused: a request line longer than `maximumLineBytes`
/// (414), a head longer than `maximumHeadBytes` or with more than `maximumFields` fields
/// (431), another HTTP version (505), a body (`Content-Length` other than 0, or
/// `Transfer-Encoding`: 501), and anything malformed (400). Pure: bytes in, a result out.
public struct HTTPRequestParser: Sendable {
    /// The longest request line.
    public static let maximumLineBytes = 8 * 1024
    /// The longest head (request line and fields).
    public static let maximumHeadBytes = 8 * 1024
    /// The most header fields.
    public static let maximumFields = 64

    /// What the bytes so far amount to.
    public enum Result: Equatable, Sendable {
        /// No complete head yet; more bytes are welcome.
        case incomplete
        /// A complete, well-formed head.
        case request(HTTPRequest)
        /// The request is refused with this status (the connection is to be closed).
        case refused(HTTPStatus)
    }

    private var buffer: [UInt8] = []
    /// Where the search for the empty line resumes (so a byte-by-byte client costs linear time).
    private var scanned = 0

    /// A parser that has read nothing.
    public init() {}

    /// Adds `bytes` and says what the request is now. After a `request` or `refused`, further
    /// bytes are not looked at.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> Result where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        var end: Int?
        var index = max(0, scanned - 3)
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { end = index + 2; break }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { end = index + 3; break }
            }
            index += 1
        }
        scanned = buffer.count
        guard let end else {
            if !buffer.prefix(HTTPRequestParser.maximumLineBytes + 1).contains(0x0A), buffer.count > HTTPRequestParser.maximumLineBytes {
                return .refused(.uriTooLong)
            }
            return buffer.count > HTTPRequestParser.maximumHeadBytes ? .refused(.headersTooLarge) : .incomplete
        }
        guard end <= HTTPRequestParser.maximumHeadBytes else { return .refused(.headersTooLarge) }
        return HTTPRequestParser.parse(head: buffer[..<end])
    }

    /// Parses a complete head (ending with its empty line).
    static func parse(head: ArraySlice<UInt8>) -> Result {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> ArraySlice<UInt8> in
            line.last == 0x0D ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { return .refused(.badRequest) }
        guard first.count <= maximumLineBytes else { return .refused(.uriTooLong) }
        guard lines.count - 1 <= maximumFields else { return .refused(.headersTooLarge) }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = text(parts[0]), let target = text(parts[1]), let version = text(parts[2]),
              !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else { return .refused(.badRequest) }
        guard version.hasPrefix("HTTP/") else { return .refused(.badRequest) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .refused(.versionNotSupported) }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return .refused(.badRequest) }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                  let name = text(line[..<colon]), name.utf8.allSatisfy(isTokenByte),
                  let value = text(line[(colon + 1)...]) else { return .refused(.badRequest) }
            guard value.utf8.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else { return .refused(.badRequest) }
            headers.append((name, value.trimmingSpaces()))
        }
        let request = HTTPRequest(method: method, target: target, version: version, headers: headers)
        if !request.values(of: "Transfer-Encoding").isEmpty || request.values(of: "Content-Length").contains(where: { $0 != "0" }) {
            return .refused(.notImplemented)
        }
        return .request(request)
    }

    /// The bytes as text, nil when they are not valid UTF-8.
    static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// A byte of an HTTP token (RFC 9110 `tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

private extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
