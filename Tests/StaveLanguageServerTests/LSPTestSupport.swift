import StaveLanguageServer
import StaveJSON

/// Drives a `LanguageServer` in process as a client would: framed JSON in, JSON out.
struct TestClient {
    var server = LanguageServer()
    var nextID = 1
    /// Notifications the server sent (diagnostics), in order.
    var notifications: [JSONValue] = []

    init(initialize: Bool = true) {
        if initialize {
            _ = request("initialize", "{\"processId\":null,\"rootUri\":null,\"capabilities\":{}}")
            notify("initialized", "{}")
        }
    }

    /// Sends a request; returns the response (the one message with its id).
    @discardableResult
    mutating func request(_ method: String, _ params: String) -> JSONValue {
        let id = nextID
        nextID += 1
        let replies = server.handle(Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}".utf8))
        let responses = replies.filter { $0["id"]?.integer == id }
        precondition(responses.count == 1, "one response to request \(id) (\(method)), got \(replies.count) messages")
        return responses[0]
    }

    mutating func notify(_ method: String, _ params: String) {
        notifications += server.handle(Array("{\"jsonrpc\":\"2.0\",\"method\":\"\(method)\",\"params\":\(params)}".utf8))
    }

    /// Publishes pending diagnostics, as the command does when input is idle.
    mutating func idle() -> [JSONValue] {
        let published = server.flush()
        notifications += published
        return published
    }

    mutating func open(_ text: String, uri: String = "file:///song.stave") {
        notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(uri)\",\"languageId\":\"stave\",\"version\":1,\"text\":\(JSONString(text))}}")
    }

    mutating func change(_ range: (Int, Int, Int, Int)?, _ text: String, version: Int, uri: String = "file:///song.stave") {
        let rangeJSON = range.map { ",\"range\":{\"start\":{\"line\":\($0.0),\"character\":\($0.1)},\"end\":{\"line\":\($0.2),\"character\":\($0.3)}}" } ?? ""
        notify("textDocument/didChange", "{\"textDocument\":{\"uri\":\"\(uri)\",\"version\":\(version)},\"contentChanges\":[{\"text\":\(JSONString(text))\(rangeJSON)}]}")
    }

    mutating func at(_ method: String, _ line: Int, _ character: Int, extra: String = "", uri: String = "file:///song.stave") -> JSONValue {
        request(method, "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":{\"line\":\(line),\"character\":\(character)}\(extra)}")
    }

    /// The document's semantic tokens decoded from LSP's relative encoding: absolute
    /// `[line, start, length, type]` each.
    mutating func semanticTokens(uri: String = "file:///song.stave") -> [[Int]] {
        let data = request("textDocument/semanticTokens/full", "{\"textDocument\":{\"uri\":\"\(uri)\"}}")["result"]?["data"]?.items.compactMap(\.integer) ?? []
        var tokens: [[Int]] = []
        var line = 0, start = 0
        for index in stride(from: 0, to: data.count - data.count % 5, by: 5) {
            line += data[index]
            start = data[index] == 0 ? start + data[index + 1] : data[index + 1]
            tokens.append([line, start, data[index + 2], data[index + 3]])
        }
        return tokens
    }
}

/// A JSON string literal.
func JSONString(_ text: String) -> String { JSONText.quoted(text) }

extension JSONValue {
    var text: String? { if case .string(let value) = self { return value } else { return nil } }
    var items: [JSONValue] { if case .array(let values) = self { return values } else { return [] } }
    /// `[line, character]` of an LSP position.
    var lineCharacter: [Int] { [self["line"]?.integer ?? -1, self["character"]?.integer ?? -1] }
    /// `[start line, start character, end line, end character]` of an LSP range.
    var span: [Int] { (self["start"]?.lineCharacter ?? []) + (self["end"]?.lineCharacter ?? []) }
}

/// A whole session as `stave lsp` runs it: the bytes through a `MessageFramer` (the input
/// then ends), each message to the server, each framing problem answered with its Parse
/// error; returns every message sent back as compact JSON text, until `exit`.
func session(_ input: String, server: inout LanguageServer, chunk: Int = .max) -> [String] {
    var framer = MessageFramer()
    var sent: [String] = []
    func text(_ message: JSONValue) -> String {
        let framed = JSONRPC.frame(message)
        let body = framed.split(separator: 10, maxSplits: 2, omittingEmptySubsequences: false).last ?? []
        return String(decoding: body, as: UTF8.self)
    }
    func drain() {
        while let next = framer.next() {
            switch next {
            case .success(let message): sent += server.handle(message).map(text)
            case .failure(let problem): sent.append(text(problem.response))
            }
            if case .exited = server.state { return }
        }
    }
    let bytes = Array(input.utf8)
    for offset in stride(from: 0, to: bytes.count, by: min(chunk, max(1, bytes.count))) {
        framer.append(bytes[offset..<min(bytes.count, offset + min(chunk, bytes.count))])
        drain()
        if case .exited = server.state { return sent }
    }
    framer.finish()
    drain()
    return sent
}

/// `session` with a fresh server.
func session(_ input: String) -> [String] {
    var server = LanguageServer()
    return session(input, server: &server)
}

/// A message framed as a client frames it.
func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n" + body }
