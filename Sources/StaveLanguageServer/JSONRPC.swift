import StaveJSON

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
        /// A request: answer it with the same `id` (a string, a number or null). `params` is
        /// nil when absent or null; the method checks its shape.
        case request(id: JSONValue, method: String, params: JSONValue?)
        /// A notification: no answer, not even an error.
        case notification(method: String, params: JSONValue?)
        /// A response to a request the server sent (the server sends none it waits for).
        case response(id: JSONValue)
        /// Something that is no message: answer with this error, to `id` when the message has
        /// a valid one, else to null.
        case invalid(id: JSONValue, code: ErrorCode, message: String)
    }

    /// Reads a message body (bytes): JSON, then a message.
    public static func message(from body: [UInt8]) -> Message {
        do {
            return message(try JSONParser.parse(body))
        } catch {
            return .invalid(id: .null, code: .parseError, message: "the message is not JSON: \(error.message)")
        }
    }

    /// Reads a message by JSON-RPC 2.0: an object with `"jsonrpc": "2.0"`, a `method` string,
    /// an `id` that is a string, a number or null (a request) or no `id` (a notification). An
    /// array is a batch, which LSP does not allow (since 3.17): it gets one Invalid Request
    /// error and none of its messages is handled. An object without a method but with an id
    /// and exactly one of `result` and `error` is a response (never answered).
    public static func message(_ value: JSONValue) -> Message {
        if case .array(let items) = value {
            return .invalid(id: .null, code: .invalidRequest,
                            message: items.isEmpty ? "an empty batch (LSP sends messages one at a time)"
                                : "a batch of \(items.count) messages: LSP does not allow batches, so none of them was handled")
        }
        guard case .object = value else {
            return .invalid(id: .null, code: .invalidRequest, message: "a message is a JSON object, not \(value.summary)")
        }
        let id = value["id"]
        if let id {
            switch id {
            case .string, .number, .null: break
            default: return .invalid(id: .null, code: .invalidRequest, message: "an id is a string, a number or null, not \(id.summary)")
            }
        }
        guard let method = value["method"] else {
            if let id, (value["result"] == nil) != (value["error"] == nil) { return .response(id: id) }
            return .invalid(id: id ?? .null, code: .invalidRequest, message: "a message needs a method (a response: a result or an error)")
        }
        guard value["jsonrpc"] == .string("2.0") else {
            return .invalid(id: id ?? .null, code: .invalidRequest,
                            message: "a message needs \"jsonrpc\": \"2.0\", not \(value["jsonrpc"]?.summary ?? "nothing")")
        }
        guard case .string(let name) = method else {
            return .invalid(id: id ?? .null, code: .invalidRequest, message: "the method is a string, not \(method.summary)")
        }
        let params = value["params"] == JSONValue.null ? nil : value["params"]
        if let id { return .request(id: id, method: name, params: params) }
        return .notification(method: name, params: params)
    }

    /// A framed message: the header, then the body.
    public static func frame(_ body: JSONValue) -> [UInt8] {
        var writer = JSONWriter(layout: .compact)
        writer.value(body)
        return Array("Content-Length: \(writer.bytes.count)\r\n\r\n".utf8) + writer.bytes
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

extension JSONValue {
    /// An integer value.
    static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// An object from pairs.
    static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    var string: String? { if case .string(let text) = self { return text } else { return nil } }
    var array: [JSONValue]? { if case .array(let values) = self { return values } else { return nil } }
}
