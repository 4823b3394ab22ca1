import StaveDomain
import StaveSupport

/// JSON-RPC 2.0 over the Language Server Protocol's base protocol: messages framed by a
/// `Content-Length` header. Pure: bytes in, messages out, and back.
public enum JSONRPC {
    /// Error codes of JSON-RPC and LSP.
    public enum ErrorCode: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    /// One message read from the client.
    public enum Message: Sendable {
        /// A request: answer it with the same `id`.
        case request(id: JSONValue, method: String, params: JSONValue)
        /// A notification: no answer.
        case notification(method: String, params: JSONValue)
        /// A response to a request the server sent (the server sends none it waits for).
        case response(id: JSONValue)
        /// Something that is no message: answer with this error (to `id` when it has one).
        case invalid(id: JSONValue, code: ErrorCode, message: String)
    }

    /// Reads a message body.
    public static func message(from body: [UInt8]) -> Message {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            return .invalid(id: .null, code: .parseError, message: "the message is not JSON: \(error.message)")
        }
        guard case .object = value else { return .invalid(id: .null, code: .invalidRequest, message: "a message is a JSON object") }
        let id = value["id"]
        guard let method = value["method"] else {
            if let id { return .response(id: id) }
            return .invalid(id: .null, code: .invalidRequest, message: "a message needs a method")
        }
        guard case .string(let name) = method else {
            return .invalid(id: id ?? .null, code: .invalidRequest, message: "the method is not a string")
        }
        let params = value["params"] ?? .null
        if let id { return .request(id: id, method: name, params: params) }
        return .notification(method: name, params: params)
    }

    /// A framed message: the header, then the body.
    public static func frame(_ body: JSONValue) -> [UInt8] {
        var text: [UInt8] = []
        body.write(to: &text)
        return Array("Content-Length: \(text.count)\r\n\r\n".utf8) + text
    }

    /// A response with a result.
    public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id), JSONMember("result", result)])
    }

    /// A response with an error.
    public static func error(id: JSONValue, code: ErrorCode, message: String) -> JSONValue {
        .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id),
                 JSONMember("error", .object([JSONMember("code", .number(String(code.rawValue))), JSONMember("message", .string(message))]))])
    }

    /// A notification from the server.
    public static func notification(method: String, params: JSONValue) -> JSONValue {
        .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("method", .string(method)), JSONMember("params", params)])
    }
}

/// Splits the bytes read from the client into message bodies as they arrive.
public struct MessageFramer: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bodies larger than this are refused (the header said so: nothing is allocated for them).
    public static let maximumBody = 256 << 20

    public init() {}

    /// Adds bytes read from the input.
    public mutating func append(_ bytes: ArraySlice<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete body, or nil when more input is needed. A malformed header is
    /// skipped up to the next blank line and reported as a `.failure` with what was wrong.
    public mutating func next() -> Result<[UInt8], FramingError>? {
        // The header ends at the first CR LF CR LF.
        guard let headerEnd = find([13, 10, 13, 10], from: start) else {
            if buffer.count - start > 64 << 10 { start = buffer.count; return .failure(FramingError(message: "a header longer than 64 KiB")) }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingSpaces)
            }
        }
        guard let length, length >= 0 else {
            start = headerEnd + 4
            return .failure(FramingError(message: "a header without a valid Content-Length"))
        }
        guard length <= MessageFramer.maximumBody else {
            start = headerEnd + 4
            return .failure(FramingError(message: "a message of \(length) bytes (the limit is \(MessageFramer.maximumBody))"))
        }
        let bodyStart = headerEnd + 4
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        if start > 1 << 20 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return .success(body)
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0], buffer[index + 1] == needle[1], buffer[index + 2] == needle[2], buffer[index + 3] == needle[3] { return index }
            index += 1
        }
        return nil
    }
}

/// A header that could not be read.
public struct FramingError: Error, Sendable {
    public var message: String
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}

extension JSONValue {
    /// Compact JSON text.
    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): output.append(contentsOf: JSONText.quoted(text).utf8)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: JSONText.quoted(member.key).utf8)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// An integer value.
    static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// An object from pairs.
    static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    var string: String? { if case .string(let text) = self { return text } else { return nil } }
    var array: [JSONValue]? { if case .array(let values) = self { return values } else { return nil } }
}
