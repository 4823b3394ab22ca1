import StaveLanguageServer
import XCTest
import StaveJSON

/// Framing and validation by JSON-RPC 2.0 and LSP's base protocol: every case is a byte
/// stream through `MessageFramer` and the server, and the exact messages sent back.
final class FramingTests: XCTestCase {
    static let initialize = framed(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#)
    static let shutdown = framed(#"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#)
    static let exit = framed(#"{"jsonrpc":"2.0","method":"exit"}"#)
    static let shutdownAnswer = #"{"jsonrpc":"2.0","id":99,"result":null}"#
    static func parseError(_ message: String) -> String {
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"\#(message)"}}"#
    }

    /// Each malformed header, then `shutdown` and `exit`: one Parse error (id null) for the
    /// bad stretch, then the shutdown is answered and exit ends the server with status 0.
    func testEveryMalformedHeaderIsAnsweredAndShutdownAndExitStillWork() {
        let hover = #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a"},"position":{"line":0,"character":0}}}"#
        let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
        let cases: [(name: String, bytes: String, answers: [String])] = [
            ("non-numeric", "Content-Length: abc\r\n\r\n" + initialized,
             [Self.parseError(#"a Content-Length that is not a number: \"abc\""#)]),
            ("negative", "Content-Length: -5\r\n\r\n" + initialized,
             [Self.parseError(#"a negative Content-Length: \"-5\""#)]),
            ("empty", "Content-Length: \r\n\r\n" + initialized,
             [Self.parseError(#"a Content-Length that is not a number: \"\""#)]),
            ("with a sign", "Content-Length: +2\r\n\r\n{}",
             [Self.parseError(#"a Content-Length that is not a number: \"+2\""#)]),
            ("too large", "Content-Length: 99999999999\r\n\r\n" + initialized,
             [Self.parseError("a message of 99999999999 bytes (the limit is 268435456)")]),
            // A duplicated header is reported, then read again from its second Content-Length:
            // the message after it is handled.
            ("duplicated", "Content-Length: \(hover.utf8.count)\r\nContent-Length: \(hover.utf8.count)\r\n\r\n" + hover,
             [Self.parseError("a second Content-Length"), #"{"jsonrpc":"2.0","id":5,"result":null}"#]),
            ("duplicated, two lengths", "Content-Length: 3\r\nContent-Length: \(hover.utf8.count)\r\n\r\n" + hover,
             [Self.parseError("a second Content-Length"), #"{"jsonrpc":"2.0","id":5,"result":null}"#]),
            ("missing", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + initialized,
             [Self.parseError("a header without Content-Length")]),
            ("an unknown field", "X-Nonsense: 1\r\n\r\n",
             [Self.parseError(#"an unknown header field \"X-Nonsense\" (LSP has Content-Length and Content-Type)"#)]),
            ("not UTF-8", "Content-Length: 2\r\nContent-Type: text/plain; charset=latin1\r\n\r\n{}",
             [Self.parseError(#"a Content-Type that is not UTF-8: \"text/plain; charset=latin1\""#)]),
            ("two content types", "Content-Type: a\r\nContent-Type: b\r\nContent-Length: 2\r\n\r\n{}",
             [Self.parseError("a second Content-Type"),
              #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a message needs a method (a response: a result or an error)"}}"#]),
            ("LF without CR", "Content-Length: 2\n\n{}",
             [Self.parseError(#"a header line that ends in LF without CR: \"Content-Length: 2\""#)]),
            ("CR without LF", "Content-Length: 2\r\r{}",
             [Self.parseError(#"a header line with a CR not followed by LF: \"Content-Length: 2\""#)]),
            ("no colon", "hello\r\n",
             [Self.parseError(#"a header line without a colon: \"hello\""#)]),
            ("a long line", String(repeating: "x", count: 2_000),
             [Self.parseError("a header line longer than 1024 bytes")]),
            ("control bytes", "\u{1}\u{7F}é: 1\r\n\r\n",
             [Self.parseError(#"an unknown header field \"\\x01\\x7F\\xC3\\xA9\" (LSP has Content-Length and Content-Type)"#)]),
            // Half a header glued to the next one.
            ("half a header", "Content-Length: 1",
             [Self.parseError(#"a Content-Length that is not a number: \"1Content-Length: 45\""#)]),
            ("a length too short", "Content-Length: 5\r\n\r\n{}",
             [Self.parseError("the message is not JSON: expected the end of the document after the top-level value, found 'Con'")]),
            ("a body that is not JSON", "Content-Length: 9\r\n\r\n{not json",
             [Self.parseError("the message is not JSON: expected a key in double quotes, found 'not'")]),
            // Two bad headers in a row are one lost stretch: one error.
            ("two bad headers", "Content-Length: x\r\n\r\n{}Content-Length: -1\r\n\r\n{}",
             [Self.parseError(#"a Content-Length that is not a number: \"x\""#)]),
        ]
        for (name, bytes, answers) in cases {
            var server = LanguageServer()
            let sent = session(Self.initialize + bytes + Self.shutdown + Self.exit, server: &server)
            XCTAssertTrue(sent.first?.hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":{"capabilities":"#) == true, name)
            XCTAssertEqual(Array(sent.dropFirst()), answers + [Self.shutdownAnswer], name)
            guard case .exited(let code) = server.state else { XCTFail("\(name): exit ends the server"); continue }
            XCTAssertEqual(code, 0, name)
            // Read one byte at a time, the same messages (the bytes a message shows included).
            var byByte = LanguageServer()
            XCTAssertEqual(session(Self.initialize + bytes + Self.shutdown + Self.exit, server: &byByte, chunk: 1), sent, name)
        }
    }

    func testInputThatEndsInsideAMessage() {
        XCTAssertEqual(session(Self.initialize + "Content-Length: 50\r\n\r\n{\"jsonrpc\"").dropFirst(),
                       [Self.parseError("the input ended 10 bytes into a body of 50")])
        XCTAssertEqual(session(Self.initialize + "Content-Length: 50\r\n").dropFirst(), [Self.parseError("the input ended inside a header")])
        // A header that claims more than was sent swallows the next message; when the input
        // ends, the bytes are searched again and the message is found.
        var server = LanguageServer()
        XCTAssertEqual(session(Self.initialize + "Content-Length: 500\r\n\r\n" + Self.shutdown + Self.exit, server: &server).dropFirst(),
                       [Self.parseError("the input ended 122 bytes into a body of 500"), Self.shutdownAnswer])
        guard case .exited(0) = server.state else { return XCTFail("shutdown and exit were read") }
    }

    /// The lsp fuzz target's first finding (its own oracle's, not the server's): garbage whose
    /// header claims 175 bytes swallows the shutdown after it; that body is no JSON, so the
    /// framer searches it again, finds the garbage's own complete `exit` and ends (status 1,
    /// no shutdown came first).
    func testAnExitFoundByResynchronisingEndsTheServer() {
        let exit = #"{"jsonrpc":"2.0","method":"exit","params":null}"#
        let garbage = "Contentnrpc\":\"2.9,\"iContent-Length: 175\r\n\r\n2,\"met`od\":\"shutdown\",\"params\":null}" + framed(exit)
        var server = LanguageServer()
        XCTAssertEqual(session(Self.initialize + garbage + Self.shutdown + Self.exit, server: &server).dropFirst(),
                       [Self.parseError(#"an unknown header field \"Contentnrpc\\x22\" (LSP has Content-Length and Content-Type)"#)])
        guard case .exited(1) = server.state else { return XCTFail("the exit in the garbage ends the server: \(server.state)") }
    }

    func testTheFramerReadsBytesOneAtATimeAndResynchronises() {
        var framer = MessageFramer()
        var results: [String] = []
        for byte in Array(("Content-Length: x\r\n\r\n{}" + framed("[1]") + framed("{}")).utf8) {
            framer.append([byte])
            while let next = framer.next() {
                switch next {
                case .success(let value): results.append(value.summary)
                case .failure(let problem): results.append(problem.message)
                }
            }
        }
        XCTAssertEqual(results, [#"a Content-Length that is not a number: "x""#, "an array", "an object"])
    }

    /// JSON-RPC's envelope: the id's type, `"jsonrpc": "2.0"`, the method, batches.
    func testRequestObjectsByJSONRPC() {
        let cases: [(String, [String])] = [
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#,
             [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an id is a string, a number or null, not an object"}}"#]),
            (#"{"jsonrpc":"2.0","id":[1],"method":"shutdown"}"#,
             [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an id is a string, a number or null, not an array"}}"#]),
            (#"{"jsonrpc":"2.0","id":true,"method":"shutdown"}"#,
             [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an id is a string, a number or null, not true"}}"#]),
            (#"{"jsonrpc":"2.0","id":false,"method":"textDocument/hover","params":"x"}"#,
             [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an id is a string, a number or null, not false"}}"#]),
            (#"{"jsonrpc":"2.0","id":"abc","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///x"}}}"#,
             [#"{"jsonrpc":"2.0","id":"abc","result":null}"#]),
            (#"{"jsonrpc":"2.0","id":-7.5e1,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///x"}}}"#,
             [#"{"jsonrpc":"2.0","id":-7.5e1,"result":null}"#]),
            (#"{"jsonrpc":"2.0","id":null,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///x"}}}"#,
             [#"{"jsonrpc":"2.0","id":null,"result":null}"#]),
            (#"{"id":2,"method":"shutdown"}"#,
             [#"{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"a message needs \"jsonrpc\": \"2.0\", not nothing"}}"#]),
            (#"{"jsonrpc":"1.0","method":"exit"}"#,
             [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a message needs \"jsonrpc\": \"2.0\", not a string \"1.0\""}}"#]),
            (#"{"jsonrpc":"2.0","id":3,"method":7}"#,
             [#"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"the method is a string, not 7"}}"#]),
            (#"{"jsonrpc":"2.0","id":3}"#,
             [#"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"a message needs a method (a response: a result or an error)"}}"#]),
            (#"{"jsonrpc":"2.0","id":4,"result":1}"#, []),
            (#"{"jsonrpc":"2.0","id":4,"error":{"code":1,"message":"m"}}"#, []),
            ("5", [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a message is a JSON object, not 5"}}"#]),
            ("[]", [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an empty batch (LSP sends messages one at a time)"}}"#]),
            // A batch is refused whole: the shutdown in it is not handled (the one after it is).
            (#"[{"jsonrpc":"2.0","id":2,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]"#,
             [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a batch of 2 messages: LSP does not allow batches, so none of them was handled"}}"#]),
            ("{\"a\":", [Self.parseError("the message is not JSON: expected a value, found the end of the document")]),
            // A request for a notification's method, and an unknown method with bad params.
            (#"{"jsonrpc":"2.0","id":6,"method":"initialized","params":{}}"#,
             [#"{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"unknown method 'initialized'"}}"#]),
            (#"{"jsonrpc":"2.0","id":6,"method":"stave/nothing","params":"x"}"#,
             [#"{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"unknown method 'stave/nothing'"}}"#]),
            (#"{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#,
             [#"{"jsonrpc":"2.0","id":8,"error":{"code":-32600,"message":"the server is already initialized"}}"#]),
        ]
        for (body, answers) in cases {
            var server = LanguageServer()
            let sent = session(Self.initialize + framed(body) + Self.shutdown + Self.exit, server: &server)
            XCTAssertEqual(Array(sent.dropFirst()), answers + [Self.shutdownAnswer], body)
            guard case .exited(0) = server.state else { XCTFail("\(body): shutdown and exit still work"); continue }
        }
    }

    /// Params by the LSP type of each request: InvalidParams (-32602) names what is wrong.
    func testRequestParamsHaveTheShapeLSPRequires() {
        let document = #"{"uri":"file:///song.stave"}"#, at = #""position":{"line":0,"character":6}"#
        let cases: [(String, String, String)] = [
            ("textDocument/hover", #""x""#, #"params must be an object, not a string "x""#),
            ("textDocument/hover", "[1]", "params must be an object, not an array"),
            ("textDocument/hover", "null", "params is missing (an object)"),
            ("textDocument/hover", "{\"textDocument\":\(document)}", "params.position is missing (an object)"),
            ("textDocument/hover", "{\"textDocument\":\(document),\"position\":{\"line\":-1,\"character\":0}}", "params.position.line must be an unsigned integer, not -1"),
            ("textDocument/hover", "{\"textDocument\":\(document),\"position\":{\"line\":0,\"character\":1.5}}", "params.position.character must be an unsigned integer, not 1.5"),
            ("textDocument/hover", "{\"textDocument\":\(document),\"position\":{\"line\":2147483648,\"character\":0}}", "params.position.line must be an unsigned integer, not 2147483648"),
            ("textDocument/hover", "{\"textDocument\":{\"uri\":5},\(at)}", "params.textDocument.uri must be a string, not 5"),
            ("textDocument/hover", "{\(at)}", "params.textDocument is missing (an object)"),
            ("textDocument/definition", "{\"textDocument\":\"file:///song.stave\",\(at)}", #"params.textDocument must be an object, not a string "file:///song.stave""#),
            ("textDocument/references", "{\"textDocument\":\(document),\(at)}", "params.context is missing (an object)"),
            ("textDocument/references", "{\"textDocument\":\(document),\(at),\"context\":{\"includeDeclaration\":1}}", "params.context.includeDeclaration must be true or false, not 1"),
            ("textDocument/prepareRename", "{\"textDocument\":\(document)}", "params.position is missing (an object)"),
            ("textDocument/rename", "{\"textDocument\":\(document),\(at)}", "params.newName is missing (a string)"),
            ("textDocument/completion", "{\"textDocument\":\(document),\(at),\"context\":{}}", "params.context.triggerKind is missing (an unsigned integer)"),
            ("textDocument/documentSymbol", "{}", "params.textDocument is missing (an object)"),
            ("textDocument/foldingRange", "{\"textDocument\":{}}", "params.textDocument.uri is missing (a string)"),
            ("textDocument/semanticTokens/full", "7", "params must be an object, not 7"),
            ("textDocument/formatting", "{\"textDocument\":\(document)}", "params.options is missing (an object)"),
            ("textDocument/formatting", "{\"textDocument\":\(document),\"options\":{\"tabSize\":\"2\",\"insertSpaces\":true}}", #"params.options.tabSize must be an unsigned integer, not a string "2""#),
            ("textDocument/codeAction", "{\"textDocument\":\(document),\"context\":{\"diagnostics\":[]}}", "params.range is missing (an object)"),
            ("textDocument/codeAction", "{\"textDocument\":\(document),\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0}},\"context\":{\"diagnostics\":[]}}", "params.range.end.character is missing (an unsigned integer)"),
            ("textDocument/codeAction", "{\"textDocument\":\(document),\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":0}},\"context\":{}}", "params.context.diagnostics is missing (an array)"),
            ("shutdown", #""x""#, #"params must be absent (this method takes no params), not a string "x""#),
        ]
        for (method, params, message) in cases {
            var client = TestClient()
            client.open("track a { phrase p { c d } }\n")
            let answer = client.request(method, params)
            XCTAssertEqual(answer, JSONRPC.error(id: .number("2"), code: .invalidParams, message: message), "\(method) \(params)")
        }
        // The same requests with the right params answer.
        var client = TestClient()
        client.open("track a { phrase p { c d } }\n")
        XCTAssertNotNil(client.request("textDocument/hover", "{\"textDocument\":\(document),\(at)}")["result"]?["contents"])
        XCTAssertEqual(client.request("shutdown", "{}")["result"], .null, "an ignored object is no param at all")
    }

    func testInitializeParams() {
        let cases: [(String, String)] = [
            (#"{"rootUri":null,"capabilities":{}}"#, "params.processId is missing (an integer or null)"),
            (#"{"processId":"1","rootUri":null,"capabilities":{}}"#, #"params.processId must be an integer or null, not a string "1""#),
            (#"{"processId":1,"capabilities":{}}"#, "params.rootUri is missing (a string or null)"),
            (#"{"processId":1,"rootUri":null}"#, "params.capabilities is missing (an object)"),
            ("[]", "params must be an object, not an array"),
        ]
        for (params, message) in cases {
            var client = TestClient(initialize: false)
            XCTAssertEqual(client.request("initialize", params), JSONRPC.error(id: .number("1"), code: .invalidParams, message: message), params)
            // The server is still waiting for a good initialize.
            XCTAssertEqual(client.request("textDocument/hover", "{}")["error"]?["code"]?.integer, -32002)
            XCTAssertNotNil(client.request("initialize", #"{"processId":7,"rootUri":"file:///w","capabilities":{}}"#)["result"]?["capabilities"])
        }
    }

    /// A notification is never answered: one with bad params is dropped, changing nothing.
    func testNotificationsWithBadParamsAreDropped() {
        var client = TestClient()
        let hover = #"{"textDocument":{"uri":"file:///song.stave"},"position":{"line":0,"character":21}}"#
        // No version: not opened.
        client.notify("textDocument/didOpen", #"{"textDocument":{"uri":"file:///song.stave","languageId":"stave","text":"track a { phrase p { c d } }"}}"#)
        XCTAssertEqual(client.request("textDocument/hover", hover)["result"], .null)
        XCTAssertEqual(client.idle(), [])
        client.open("track a { phrase p { c d } }")
        XCTAssertEqual(client.idle().count, 1)
        // The second change is malformed: neither is applied.
        client.notify("textDocument/didChange", #"{"textDocument":{"uri":"file:///song.stave","version":2},"contentChanges":[{"text":"x"},{"range":{"start":{"line":0}},"text":"y"}]}"#)
        client.notify("textDocument/didChange", #"{"textDocument":{"uri":"file:///song.stave"},"contentChanges":[{"text":"x"}]}"#)
        client.notify("textDocument/didChange", #"{"textDocument":{"uri":"file:///song.stave","version":2},"contentChanges":{"text":"x"}}"#)
        client.notify("textDocument/didClose", #"{"textDocument":{}}"#)
        XCTAssertEqual(client.idle(), [], "nothing changed, nothing to publish")
        XCTAssertEqual(client.request("textDocument/hover", hover)["result"]?["contents"]?["value"]?.text?.hasPrefix("**C4**"), true)
        client.notify("exit", #""now""#)
        guard case .running = client.server.state else { return XCTFail("an exit with a string for params is dropped") }
        client.notify("exit", "null")
        guard case .exited(1) = client.server.state else { return XCTFail("exit without shutdown") }
    }

    func testNotificationsBeforeInitializeAreDroppedButExit() {
        var client = TestClient(initialize: false)
        client.open("track a { phrase p { c d } }")
        _ = client.request("initialize", #"{"processId":null,"rootUri":null,"capabilities":{}}"#)
        XCTAssertEqual(client.request("textDocument/documentSymbol", #"{"textDocument":{"uri":"file:///song.stave"}}"#)["result"], .null, "never opened")
        var early = TestClient(initialize: false)
        early.notify("exit", "null")
        guard case .exited(1) = early.server.state else { return XCTFail("exit before initialize ends the server") }
    }
}

/// Resynchronising stays linear: garbage built to make a naive framer search again and again
/// (tens of thousands of candidate headers that fail) costs time in proportion to its size.
final class FramingCostTests: XCTestCase {
    func testCandidateHeadersAreReadInLinearTime() {
        let patterns = ["Content-Length:", "Content-Length: 5\r\nContent-Type: ", "Content-Length: 1\r\n\r\n[",
                        "Content-Length: 3\r\nX: ", "content-length: 99999999999999999999\r\n", "Content-Length: 2\r\n\r\n[["]
        for pattern in patterns {
            var seconds: [Double] = []
            for kilobytes in [200, 400] {
                let garbage = Array(String(repeating: pattern, count: kilobytes * 1_000 / pattern.utf8.count).utf8)
                let input = garbage + Array(framed(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#).utf8)
                let began = DispatchTime.now().uptimeNanoseconds
                var framer = MessageFramer()
                var messages: [JSONValue] = [], problems = 0
                for offset in stride(from: 0, to: input.count, by: 4096) {
                    framer.append(input[offset..<min(offset + 4096, input.count)])
                    while let next = framer.next() {
                        switch next {
                        case .success(let message): messages.append(message)
                        case .failure: problems += 1
                        }
                    }
                }
                framer.finish()
                while let next = framer.next() { if case .success(let message) = next { messages.append(message) } }
                seconds.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
                XCTAssertEqual(problems, 1, pattern)
                XCTAssertEqual(messages.last?["method"], .string("shutdown"), pattern)
            }
            // Twice the input, about twice the time (generous for a shared machine); a
            // quadratic framer takes minutes here.
            XCTAssertLessThan(seconds[1], max(1.0, seconds[0] * 5), "\(pattern.debugDescription): \(seconds)")
            print("framing \(pattern.debugDescription): 200 KB \(seconds[0]) s, 400 KB \(seconds[1]) s")
        }
    }
}
