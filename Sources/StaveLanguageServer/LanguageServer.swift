import StaveDomain
import StaveSyntax

/// The Stave language server: LSP 3.17 requests and notifications in, responses and
/// notifications out. Pure: the `stave lsp` command reads and writes the bytes and tells the
/// server when the input is idle (`flush`), which is when diagnostics are published — a burst
/// of edits is analysed once (debouncing by input, not by a timer).
public struct LanguageServer {
    /// The server's state in the protocol's lifecycle.
    public enum State: Sendable { case starting, running, shuttingDown, exited(code: Int32) }

    public private(set) var state: State = .starting
    var documents: [String: TextDocument] = [:]
    /// The analysis of each open document's current version.
    var analyses: [String: Analysis] = [:]
    /// Documents changed since their diagnostics were last published.
    var stale: Set<String> = []

    public init() {}

    /// Handles one message body; returns the messages to send back.
    public mutating func handle(_ body: [UInt8]) -> [JSONValue] {
        switch JSONRPC.message(from: body) {
        case .invalid(let id, let code, let message):
            return [JSONRPC.error(id: id, code: code, message: message)]
        case .response:
            return []
        case .notification(let method, let params):
            return notification(method, params)
        case .request(let id, let method, let params):
            return [request(id: id, method, params)]
        }
    }

    /// Publishes the diagnostics of the documents changed since the last flush.
    public mutating func flush() -> [JSONValue] {
        defer { stale.removeAll() }
        return stale.sorted().compactMap { uri in
            guard let analysis = analysis(uri), let document = documents[uri] else { return nil }
            return JSONRPC.notification(method: "textDocument/publishDiagnostics", params: .fields([
                "uri": .string(uri), "version": .int(document.version),
                "diagnostics": .array(analysis.diagnostics.map { lspDiagnostic($0, document, analysis) }),
            ]))
        }
    }

    // MARK: - Lifecycle and dispatch

    mutating func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        switch method {
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
            return []
        case "exit":
            if case .shuttingDown = state { state = .exited(code: 0) } else { state = .exited(code: 1) }
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return [] }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.integer ?? 0, text: Array(text.utf8))
            analyses[uri] = nil
            stale.insert(uri)
            return []
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return [] }
            let version = params["textDocument"]?["version"]?.integer ?? document.version + 1
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                if let range = change["range"], let start = position(range["start"]), let end = position(range["end"]) {
                    document.apply(Array(text.utf8), in: (start, end), version: version)
                } else {
                    document.apply(Array(text.utf8), in: nil, version: version)
                }
            }
            documents[uri] = document
            analyses[uri] = nil
            stale.insert(uri)
            return []
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
            documents[uri] = nil
            analyses[uri] = nil
            stale.remove(uri)
            return [JSONRPC.notification(method: "textDocument/publishDiagnostics", params: .fields(["uri": .string(uri), "diagnostics": .array([])]))]
        default:
            return []
        }
    }

    mutating func request(id: JSONValue, _ method: String, _ params: JSONValue) -> JSONValue {
        if method == "initialize" {
            state = .running
            return JSONRPC.response(id: id, result: Capabilities.initializeResult)
        }
        if method == "shutdown" {
            state = .shuttingDown
            return JSONRPC.response(id: id, result: .null)
        }
        guard case .running = state else {
            if case .starting = state { return JSONRPC.error(id: id, code: .serverNotInitialized, message: "the server is not initialized") }
            return JSONRPC.error(id: id, code: .invalidRequest, message: "the server is shutting down")
        }
        let uri = params["textDocument"]?["uri"]?.string
        guard let uri, documents[uri] != nil else {
            if method.hasPrefix("textDocument/") { return JSONRPC.response(id: id, result: .null) }
            return JSONRPC.error(id: id, code: .methodNotFound, message: "unknown method '\(method)'")
        }
        let at = position(params["position"])
        switch method {
        case "textDocument/hover":
            return JSONRPC.response(id: id, result: at.map { hover(uri, $0) } ?? .null)
        case "textDocument/definition":
            return JSONRPC.response(id: id, result: at.map { definition(uri, $0) } ?? .null)
        case "textDocument/references":
            let includeDeclaration = params["context"]?["includeDeclaration"].flatMap { if case .bool(let b) = $0 { return b } else { return nil } } ?? true
            return JSONRPC.response(id: id, result: at.map { references(uri, $0, includeDeclaration: includeDeclaration) } ?? .null)
        case "textDocument/prepareRename":
            return JSONRPC.response(id: id, result: at.map { prepareRename(uri, $0) } ?? .null)
        case "textDocument/rename":
            guard let at, let newName = params["newName"]?.string else { return JSONRPC.error(id: id, code: .invalidParams, message: "rename needs a position and a new name") }
            switch rename(uri, at, to: newName) {
            case .success(let edit): return JSONRPC.response(id: id, result: edit)
            case .failure(let refusal): return JSONRPC.error(id: id, code: .requestFailed, message: refusal.message)
            }
        case "textDocument/completion":
            return JSONRPC.response(id: id, result: at.map { completion(uri, $0) } ?? .null)
        case "textDocument/documentSymbol":
            return JSONRPC.response(id: id, result: documentSymbols(uri))
        case "textDocument/foldingRange":
            return JSONRPC.response(id: id, result: foldingRanges(uri))
        case "textDocument/semanticTokens/full":
            return JSONRPC.response(id: id, result: semanticTokens(uri))
        case "textDocument/formatting":
            return JSONRPC.response(id: id, result: formatting(uri))
        case "textDocument/codeAction":
            return JSONRPC.response(id: id, result: codeActions(uri, params))
        default:
            return JSONRPC.error(id: id, code: .methodNotFound, message: "unknown method '\(method)'")
        }
    }

    // MARK: - Shared helpers

    /// The analysis of a document's current version (made when first needed).
    mutating func analysis(_ uri: String) -> Analysis? {
        if let analysis = analyses[uri] { return analysis }
        guard let document = documents[uri] else { return nil }
        let path = uri.hasPrefix("file://") ? String(uri.dropFirst(7)).removingPercentEncoding : uri
        let analysis = Analysis(path: path, bytes: document.bytes)
        analyses[uri] = analysis
        return analysis
    }

    func position(_ value: JSONValue?) -> LSPPosition? {
        guard let value, let line = value["line"]?.integer, let character = value["character"]?.integer else { return nil }
        return LSPPosition(line: line, character: character)
    }

    static func json(_ position: LSPPosition) -> JSONValue {
        .fields(["line": .int(position.line), "character": .int(position.character)])
    }

    static func json(_ range: SourceRange, in document: TextDocument) -> JSONValue {
        .fields(["start": json(document.position(of: range.start)), "end": json(document.position(of: range.end))])
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, _ document: TextDocument, _ analysis: Analysis) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember("range", Self.json(diagnostic.range, in: document)),
            JSONMember("severity", .int(diagnostic.severity == .error ? 1 : 2)),
            JSONMember("code", .string(diagnostic.id.rawValue)),
            JSONMember("source", .string("stave")),
            JSONMember("message", .string(diagnostic.message)),
        ]
        let related = diagnostic.notes.compactMap { note -> JSONValue? in
            guard let range = note.range else { return nil }
            return .fields(["location": .fields(["uri": .string(document.uri), "range": Self.json(range, in: document)]),
                            "message": .string(note.message)])
        }
        if !related.isEmpty { members.append(JSONMember("relatedInformation", .array(related))) }
        return .object(members)
    }
}

extension String {
    /// `%20` and friends decoded (file URIs).
    var removingPercentEncoding: String {
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
