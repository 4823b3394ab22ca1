import StaveJSON

/// Splits the bytes read from the client into JSON messages as they arrive, by the base
/// protocol of LSP: a header of `Content-Length` (required) and `Content-Type` (optional)
/// fields, each at most once and each ending in CR LF, a blank line, then a body of exactly
/// `Content-Length` bytes that must be JSON.
///
/// A malformed header, a body that is not JSON or input that ends inside a message is
/// reported once (a `.failure`), and the framer resynchronises: it looks for the next
/// `Content-Length:` (any case) after the start of the bad header — anywhere, since a body is
/// followed directly by the next header — and reads a header there. Candidates that fail too
/// are skipped without another report until a message is read, so one lost stretch of input
/// gives one failure. Searching from just after the bad header's start (not its end) means a
/// good message right after garbage is found even when the garbage ends in half a header.
///
/// Linear in the input: a header is at most two short lines, the search never goes back, and
/// the bytes already read are dropped as the buffer grows.
public struct MessageFramer: Sendable {
    private var buffer: [UInt8] = []
    /// Where the next header starts; while resynchronising, where the search resumes.
    private var start = 0
    /// After a failure, until the next message: look for a header instead of expecting one.
    private var resynchronising = false
    /// The input has ended: an unfinished header or body will not be completed.
    private var ended = false

    /// Bodies larger than this are refused (the header said so: nothing is allocated for them).
    public static let maximumBody = 256 << 20
    /// A header line longer than this is malformed (LSP's two fields are short).
    public static let maximumHeaderLine = 1024

    public init() {}

    /// Adds bytes read from the input.
    public mutating func append(_ bytes: ArraySlice<UInt8>) {
        if start > 0 && start >= buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Says that the input has ended: a message that is not complete is given up (reported
    /// once), and its bytes are searched for a complete message after it.
    public mutating func finish() {
        ended = true
    }

    /// The next message, a problem, or nil when more input is needed.
    public mutating func next() -> Result<JSONValue, FramingError>? {
        while true {
            if resynchronising {
                guard let found = findContentLength(from: start) else {
                    // Keep only what could be the beginning of `Content-Length:`.
                    start = ended ? buffer.count : max(start, buffer.count - (Self.contentLength.count - 1))
                    compact()
                    return nil
                }
                start = found
            }
            let problem: String
            switch header(at: start) {
            case .incomplete:
                guard ended, start < buffer.count else { return nil }
                problem = "the input ended inside a header"
            case .malformed(let reason):
                problem = reason
            case .complete(let length, let bodyStart):
                guard buffer.count - bodyStart >= length else {
                    guard ended else { return nil }
                    problem = "the input ended \(buffer.count - bodyStart) bytes into a body of \(length)"
                    break
                }
                do {
                    let value = try JSONParser.parse(Array(buffer[bodyStart..<bodyStart + length]))
                    start = bodyStart + length
                    resynchronising = false
                    compact()
                    return .success(value)
                } catch {
                    problem = "the message is not JSON: \(error.message)"
                }
            }
            // Resynchronise after the start of the bad header; report the first failure only.
            let report = !resynchronising
            resynchronising = true
            start += 1
            if report { return .failure(FramingError(message: problem)) }
        }
    }

    // MARK: - The header

    private enum Header {
        case incomplete
        case malformed(String)
        /// The body's length and where it starts.
        case complete(length: Int, bodyStart: Int)
    }

    private static let contentLength = Array("content-length:".utf8)

    /// Reads the header that starts at `at`, line by line.
    private func header(at: Int) -> Header {
        var lineStart = at
        var length: Int?
        var sawContentType = false
        while true {
            var end = lineStart
            // A Content-Length line fails at its first byte that is no digit, sign or space, so
            // trying a candidate header costs no more than the bytes up to there.
            let valueStart = isContentLength(at: lineStart) ? lineStart + Self.contentLength.count : Int.max
            while end < buffer.count, buffer[end] != 13, buffer[end] != 10 {
                if end >= valueStart, !Self.mayBeInLength(buffer[end]) {
                    var shownEnd = valueStart
                    while shownEnd < min(buffer.count, valueStart + 41), buffer[shownEnd] != 13, buffer[shownEnd] != 10 { shownEnd += 1 }
                    // The message shows the same bytes however the input was split into reads.
                    if shownEnd == buffer.count, shownEnd < valueStart + 41, !ended { return .incomplete }
                    return .malformed("a Content-Length that is not a number: \(Self.shown(Self.trimmed(buffer[valueStart..<shownEnd])))")
                }
                end += 1
                if end - lineStart > Self.maximumHeaderLine { return .malformed("a header line longer than \(Self.maximumHeaderLine) bytes") }
            }
            guard end < buffer.count else { return .incomplete }
            if buffer[end] == 10 { return .malformed("a header line that ends in LF without CR: \(Self.shown(buffer[lineStart..<end]))") }
            guard end + 1 < buffer.count else { return .incomplete }
            guard buffer[end + 1] == 10 else { return .malformed("a header line with a CR not followed by LF: \(Self.shown(buffer[lineStart..<end]))") }
            let line = buffer[lineStart..<end]
            lineStart = end + 2
            if line.isEmpty {
                guard let length else { return .malformed("a header without Content-Length") }
                return .complete(length: length, bodyStart: lineStart)
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .malformed("a header line without a colon: \(Self.shown(line))")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            let value = Self.trimmed(line[(colon + 1)...])
            switch name {
            case "content-length":
                guard length == nil else { return .malformed("a second Content-Length") }
                switch Self.length(value) {
                case .success(let count): length = count
                case .failure(let problem): return .malformed(problem.message)
                }
            case "content-type":
                guard !sawContentType else { return .malformed("a second Content-Type") }
                sawContentType = true
                let text = String(decoding: value, as: UTF8.self).lowercased().filter { $0 != " " && $0 != "\"" }
                if let charset = text.split(separator: ";").first(where: { $0.hasPrefix("charset=") }),
                   charset != "charset=utf-8", charset != "charset=utf8" {
                    return .malformed("a Content-Type that is not UTF-8: \(Self.shown(value))")
                }
            default:
                return .malformed("an unknown header field \(Self.shown(line[line.startIndex..<colon])) (LSP has Content-Length and Content-Type)")
            }
        }
    }

    /// The value of `Content-Length`: decimal digits only, at most `maximumBody`.
    private static func length(_ value: ArraySlice<UInt8>) -> Result<Int, FramingError> {
        let digits = value.drop { $0 == UInt8(ascii: "-") }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .failure(FramingError(message: "a Content-Length that is not a number: \(shown(value))"))
        }
        if digits.count != value.count { return .failure(FramingError(message: "a negative Content-Length: \(shown(value))")) }
        let significant = digits.drop { $0 == 0x30 }
        var count = 0
        for digit in significant.prefix(10) { count = count * 10 + Int(digit - 0x30) }
        guard significant.count <= 10, count <= maximumBody else {
            let shownDigits = significant.count > 20 ? String(decoding: significant.prefix(20), as: UTF8.self) + "..." : String(decoding: significant, as: UTF8.self)
            return .failure(FramingError(message: "a message of \(shownDigits) bytes (the limit is \(maximumBody))"))
        }
        return .success(count)
    }

    // MARK: - Searching and the buffer

    /// Where the next `Content-Length:` (in any case) begins at or after `from`.
    private func findContentLength(from: Int) -> Int? {
        var index = from
        while index + Self.contentLength.count <= buffer.count {
            if isContentLength(at: index) { return index }
            index += 1
        }
        return nil
    }

    /// True when `Content-Length:` (in any case) begins at `index`.
    private func isContentLength(at index: Int) -> Bool {
        let pattern = Self.contentLength
        guard index + pattern.count <= buffer.count else { return false }
        for offset in 0..<pattern.count {
            let byte = buffer[index + offset]
            guard (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == pattern[offset] else { return false }
        }
        return true
    }

    /// A byte that a Content-Length value may hold (digits, and the spaces and minus sign that
    /// `length` reports on).
    private static func mayBeInLength(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 32 || byte == 9 || byte == UInt8(ascii: "-")
    }

    /// Drops the bytes already read once they are at least half the buffer (so each byte is
    /// moved at most about once).
    private mutating func compact() {
        guard start > 64 << 10, start * 2 >= buffer.count else { return }
        buffer.removeSubrange(0..<min(start, buffer.count))
        start = 0
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = bytes
        while let first = text.first, first == 32 || first == 9 { text = text.dropFirst() }
        while let last = text.last, last == 32 || last == 9 { text = text.dropLast() }
        return text
    }

    /// Header bytes for a message: quoted, at most 40 of them, anything but printable ASCII
    /// as `\xNN`.
    static func shown(_ bytes: ArraySlice<UInt8>) -> String {
        var text = "\""
        for byte in bytes.prefix(40) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text + (bytes.count > 40 ? "...\"" : "\"")
    }
}

/// A stretch of input that is no message: a malformed header, a body that is not JSON, or
/// input that ended inside a message. It is answered with a Parse error (-32700) and id null.
public struct FramingError: Error, Sendable, Equatable {
    /// What was wrong, for the error response and the server's log.
    public var message: String

    /// The error response to send: JSON-RPC's Parse error, with id null (no id could be read).
    public var response: JSONValue {
        JSONRPC.error(id: .null, code: .parseError, message: message)
    }
}
