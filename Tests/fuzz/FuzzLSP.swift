// libFuzzer target "lsp": bytes as a client's garbage on the language server's input, between
// a well-formed `initialize` and a well-formed `shutdown` and `exit`, through MessageFramer and
// LanguageServer as `stave lsp` drives them (Sources/stave/LSPCommand.swift). Beyond "no crash,
// no hang": the shutdown after the garbage is answered (a result, or InvalidRequest when the
// garbage already shut the server down) and exit then ends the server with status 0 — unless
// the garbage itself holds a complete `exit` that the framer reaches, which must then end the
// server just as it does when the input ends after the garbage; and the messages sent do not
// depend on how the input is split into reads.
import StaveLanguageServer
import StaveJSON

private func framed(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

private let initialize = framed(#"{"jsonrpc":"2.0","id":"fuzz-initialize","method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#)
private let shutdownID = JSONValue.string("fuzz-shutdown")
private let shutdownAndExit = framed(#"{"jsonrpc":"2.0","id":"fuzz-shutdown","method":"shutdown"}"#) + framed(#"{"jsonrpc":"2.0","method":"exit"}"#)

/// Feeds `input` in reads of `chunk` bytes, then ends the input when `finish`; returns every
/// message sent (framing problems as their error responses) and the server's final state.
private func run(_ input: [UInt8], chunk: Int, finish: Bool) -> (sent: [JSONValue], state: String) {
    var server = LanguageServer()
    var framer = MessageFramer()
    var sent: [JSONValue] = []
    func drain() -> Bool {
        while let next = framer.next() {
            switch next {
            case .success(let message): sent += server.handle(message)
            case .failure(let problem): sent.append(problem.response)
            }
            if case .exited = server.state { return true }
        }
        return false
    }
    var offset = 0
    while offset < input.count {
        framer.append(input[offset..<min(offset + chunk, input.count)])
        offset += chunk
        if drain() { return (sent, "\(server.state)") }
    }
    if finish {
        framer.finish()
        _ = drain()
    }
    return (sent, "\(server.state)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLSP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let garbage = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let input = initialize + garbage + shutdownAndExit
    let whole = run(input, chunk: input.count, finish: true)
    let split = run(input, chunk: 1 + count % 13, finish: true)
    if whole.sent != split.sent || whole.state != split.state {
        fatalError("the messages sent depend on how the input was split into reads:\n\(whole)\n\(split)")
    }
    // Does the garbage end the server by itself? It does when it holds an exit that the framer
    // reaches, also after giving up a message the garbage leaves unfinished (a header that
    // claims more bytes than follow): the bytes after the garbage never make such a message
    // good (a body that takes in a header is no JSON), so they do not change which of the
    // garbage's messages are read.
    let alone = run(initialize + garbage, chunk: initialize.count + garbage.count, finish: true)
    if alone.state.hasPrefix("exited") {
        if whole.state != alone.state {
            fatalError("the exit in the garbage ends the server differently when more follows:\n\(alone)\n\(whole)")
        }
        return 0
    }
    let answers = whole.sent.filter { $0["id"] == shutdownID && $0["method"] == nil }
    // The last answer with its id is to it (the garbage may hold a request with the same id).
    guard let answer = answers.last else { fatalError("the shutdown after the garbage was not answered: \(whole.sent)") }
    if answer["result"] != JSONValue.null && answer["error"]?["code"] != JSONValue.number("-32600") {
        fatalError("the shutdown after the garbage was answered with \(answer)")
    }
    if whole.state != "exited(code: 0)" { fatalError("exit after shutdown left the server \(whole.state)") }
    return 0
}
