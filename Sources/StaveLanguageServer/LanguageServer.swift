import StaveJSON
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

    /// Handles one message body (bytes); returns the messages to send back.
    public mutating func handle(_ body: [UInt8]) -> [JSONValue] {
        handle(message: JSONRPC.message(from: body))
    }

    /// Handles one message as a `MessageFramer` reads it; returns the messages to send back.
    public mutating func handle(_ value: JSONValue) -> [JSONValue] {
        handle(message: JSONRPC.message(value))
    }

    private mutating func handle(message: JSONRPC.Message) -> [JSONValue] {
        switch message {
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

    /// A notification: never answered, so one whose params do not have the shape its LSP type
    /// requires is dropped (as is an unknown one). Before `initialize`, LSP drops every
    /// notification but `exit`.
    mutating func notification(_ method: String, _ params: JSONValue?) -> [JSONValue] {
        if case .starting = state, method != "exit" { return [] }
        do {
            return try notification(method, Params(params))
        } catch {
            return []
        }
    }

    private mutating func notification(_ method: String, _ params: Params) throws(InvalidParams) -> [JSONValue] {
        switch method {
        case "exit":
            try params.none()
            if case .shuttingDown = state { state = .exited(code: 0) } else { state = .exited(code: 1) }
            return []
        case "textDocument/didOpen":
            let item = try params.object()["textDocument"].object()
            let uri = try item["uri"].string()
            _ = try item["languageId"].string()
            let version = try item["version"].integer(), text = try item["text"].string()
            documents[uri] = TextDocument(uri: uri, version: version, text: Array(text.utf8))
            analyses[uri] = nil
            stale.insert(uri)
            return []
        case "textDocument/didChange":
            let identifier = try params.object()["textDocument"].object()
            let uri = try identifier["uri"].string(), version = try identifier["version"].integer()
            // Every change is checked before any is applied.
            var changes: [(text: String, range: (start: LSPPosition, end: LSPPosition)?)] = []
            for change in try params["contentChanges"].array() {
                let text = try change.object()["text"].string()
                if !change["rangeLength"].isAbsent { _ = try change["rangeLength"].unsignedInteger() }
                changes.append((text, change["range"].isAbsent ? nil : try change["range"].range()))
            }
            guard var document = documents[uri] else { return [] }
            for change in changes {
                document.apply(Array(change.text.utf8), in: change.range.map { ($0.start, $0.end) }, version: version)
            }
            documents[uri] = document
            analyses[uri] = nil
            stale.insert(uri)
            return []
        case "textDocument/didClose":
            let uri = try params.documentURI()
            documents[uri] = nil
            analyses[uri] = nil
            stale.remove(uri)
            return [JSONRPC.notification(method: "textDocument/publishDiagnostics", params: .fields(["uri": .string(uri), "diagnostics": .array([])]))]
        default:
            // initialized, $/cancelRequest, $/setTrace, workspace/didChangeConfiguration,
            // textDocument/didSave and the unknown: nothing to do.
            return []
        }
    }

    /// Why a request gets an error instead of a result.
    private enum RequestError: Error {
        case methodNotFound
        case invalidRequest(String)
        case failed(String)
    }

    /// A request: before `initialize` every request but it is refused (ServerNotInitialized),
    /// after `shutdown` every request (InvalidRequest); then an unknown method is
    /// MethodNotFound and params without the shape of its LSP type are InvalidParams.
    mutating func request(id: JSONValue, _ method: String, _ params: JSONValue?) -> JSONValue {
        switch state {
        case .starting where method != "initialize":
            return JSONRPC.error(id: id, code: .serverNotInitialized, message: "the server is not initialized")
        case .shuttingDown, .exited:
            return JSONRPC.error(id: id, code: .invalidRequest, message: "the server is shutting down")
        default:
            break
        }
        do {
            return JSONRPC.response(id: id, result: try answer(method, Params(params)))
        } catch let problem as InvalidParams {
            return JSONRPC.error(id: id, code: .invalidParams, message: problem.message)
        } catch RequestError.invalidRequest(let message) {
            return JSONRPC.error(id: id, code: .invalidRequest, message: message)
        } catch RequestError.failed(let message) {
            return JSONRPC.error(id: id, code: .requestFailed, message: message)
        } catch {
            return JSONRPC.error(id: id, code: .methodNotFound, message: "unknown method '\(method)'")
        }
    }

    /// The result of a request whose params have the right shape. A request about a document
    /// that is not open answers null.
    private mutating func answer(_ method: String, _ params: Params) throws -> JSONValue {
        switch method {
        case "initialize":
            let object = try params.object()
            _ = try object["processId"].integerOrNull()
            _ = try object["rootUri"].stringOrNull()
            _ = try object["capabilities"].object()
            guard case .starting = state else { throw RequestError.invalidRequest("the server is already initialized") }
            state = .running
            return Capabilities.initializeResult
        case "shutdown":
            try params.none()
            state = .shuttingDown
            return .null
        case "textDocument/hover":
            let (uri, at) = try params.documentPosition()
            return ifOpen(uri) { $0.hover(uri, at) }
        case "textDocument/definition":
            let (uri, at) = try params.documentPosition()
            return ifOpen(uri) { $0.definition(uri, at) }
        case "textDocument/references":
            let (uri, at) = try params.documentPosition()
            let includeDeclaration = try params["context"].object()["includeDeclaration"].bool()
            return ifOpen(uri) { $0.references(uri, at, includeDeclaration: includeDeclaration) }
        case "textDocument/prepareRename":
            let (uri, at) = try params.documentPosition()
            return ifOpen(uri) { $0.prepareRename(uri, at) }
        case "textDocument/rename":
            let (uri, at) = try params.documentPosition()
            let newName = try params["newName"].string()
            guard documents[uri] != nil else { return .null }
            switch rename(uri, at, to: newName) {
            case .success(let edit): return edit
            case .failure(let refusal): throw RequestError.failed(refusal.message)
            }
        case "textDocument/completion":
            let (uri, at) = try params.documentPosition()
            if !params["context"].isAbsent { _ = try params["context"].object()["triggerKind"].unsignedInteger() }
            return ifOpen(uri) { $0.completion(uri, at) }
        case "textDocument/documentSymbol":
            let uri = try params.documentURI()
            return ifOpen(uri) { $0.documentSymbols(uri) }
        case "textDocument/foldingRange":
            let uri = try params.documentURI()
            return ifOpen(uri) { $0.foldingRanges(uri) }
        case "textDocument/semanticTokens/full":
            let uri = try params.documentURI()
            return ifOpen(uri) { $0.semanticTokens(uri) }
        case "textDocument/formatting":
            let uri = try params.documentURI()
            let options = try params["options"].object()
            _ = try options["tabSize"].unsignedInteger()
            _ = try options["insertSpaces"].bool()
            return ifOpen(uri) { $0.formatting(uri) }
        case "textDocument/codeAction":
            let uri = try params.documentURI()
            let range = try params["range"].range()
            _ = try params["context"].object()["diagnostics"].array()
            return ifOpen(uri) { $0.codeActions(uri, range) }
        default:
            throw RequestError.methodNotFound
        }
    }

    /// The answer about an open document; null when it is not open.
    private mutating func ifOpen(_ uri: String, _ answer: (inout LanguageServer) -> JSONValue) -> JSONValue {
        documents[uri] == nil ? .null : answer(&self)
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
