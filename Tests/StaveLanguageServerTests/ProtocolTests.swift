import StaveJSON
import StaveLanguageServer
import XCTest

/// The base protocol: framing, UTF-16 positions, the lifecycle and errors.
final class ProtocolTests: XCTestCase {
    func testFramesSplitAcrossReadsAndJoinedInOne() throws {
        var framer = MessageFramer()
        let one = Array("Content-Length: 2\r\n\r\n{}".utf8), two = Array("Content-Length: 4\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\nnull".utf8)
        let all = one + two
        framer.append(all[0..<5])
        XCTAssertNil(framer.next())
        framer.append(all[5..<23])
        XCTAssertEqual(try framer.next()?.get(), .object([]))
        XCTAssertNil(framer.next())
        framer.append(all[23...])
        XCTAssertEqual(try framer.next()?.get(), .null)
        XCTAssertNil(framer.next())
    }

    func testPositionsCountUTF16CodeUnits() {
        // "é" is 2 bytes and 1 unit, "🎵" 4 bytes and 2 units.
        let document = TextDocument(uri: "u", version: 1, text: Array("title \"é🎵x\"\r\nab\rc\n".utf8))
        XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 7)), 7)   // after the quote: é
        XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 8)), 9)   // 🎵
        XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 9)), 9)   // inside 🎵: its start
        XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 10)), 13) // x
        XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 99)), 15) // past the end: before CR LF
        XCTAssertEqual(document.offset(of: LSPPosition(line: 1, character: 1)), 18)  // b, after CR LF
        XCTAssertEqual(document.offset(of: LSPPosition(line: 2, character: 0)), 20)  // c, after a lone CR
        XCTAssertEqual(document.offset(of: LSPPosition(line: 9, character: 0)), 22)
        XCTAssertEqual(document.position(of: 13), LSPPosition(line: 0, character: 10))
        XCTAssertEqual(document.position(of: 10), LSPPosition(line: 0, character: 8), "inside a character: its start")
        XCTAssertEqual(document.position(of: 20), LSPPosition(line: 2, character: 0))
        XCTAssertEqual(document.position(of: 22), LSPPosition(line: 3, character: 0))
    }

    func testIncrementalEditsApplyInOrder() {
        var document = TextDocument(uri: "u", version: 1, text: Array("ab🎵cd\nef".utf8))
        document.apply(Array("X".utf8), in: (LSPPosition(line: 0, character: 2), LSPPosition(line: 0, character: 4)), version: 2)
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "abXcd\nef")
        document.apply(Array("\n".utf8), in: (LSPPosition(line: 1, character: 1), LSPPosition(line: 1, character: 1)), version: 3)
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "abXcd\ne\nf")
        XCTAssertEqual(document.lineStarts, [0, 6, 8])
        XCTAssertEqual(document.version, 3)
    }

    func testLifecycle() {
        var client = TestClient(initialize: false)
        let early = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"file:///a\"},\"position\":{\"line\":0,\"character\":0}}")
        XCTAssertEqual(early["error"]?["code"]?.integer, -32002, "not initialized yet")
        let initialize = client.request("initialize", "{\"processId\":null,\"rootUri\":null,\"capabilities\":{}}")
        XCTAssertEqual(initialize["result"]?["capabilities"]?["positionEncoding"]?.text, "utf-16")
        XCTAssertEqual(initialize["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.integer, 2, "incremental")
        let unknown = client.request("stave/nothing", "{}")
        XCTAssertEqual(unknown["error"]?["code"]?.integer, -32601)
        XCTAssertEqual(client.request("shutdown", "null")["result"], .null)
        let late = client.request("textDocument/hover", "{}")
        XCTAssertEqual(late["error"]?["code"]?.integer, -32600)
        client.notify("exit", "null")
        guard case .exited(let code) = client.server.state else { return XCTFail("exit ends the server") }
        XCTAssertEqual(code, 0)
    }

    func testExitWithoutShutdownIsStatusOne() {
        var client = TestClient()
        client.notify("exit", "null")
        guard case .exited(let code) = client.server.state else { return XCTFail("exit ends the server") }
        XCTAssertEqual(code, 1)
    }

    func testMalformedMessagesGetErrorsNotCrashes() {
        var server = LanguageServer()
        XCTAssertEqual(server.handle(Array("{oops".utf8)).first?["error"]?["code"]?.integer, -32700)
        XCTAssertEqual(server.handle(Array("[1,2]".utf8)).first?["error"]?["code"]?.integer, -32600)
        XCTAssertEqual(server.handle(Array("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":7}".utf8)).first?["error"]?["code"]?.integer, -32600)
        XCTAssertEqual(server.handle(Array("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":null}".utf8)).count, 0, "a response to the server is ignored")
    }
}
