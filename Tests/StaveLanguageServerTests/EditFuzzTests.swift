import StaveJSON
import StaveLanguageServer
import StaveTestSupport
import XCTest

/// 2,000 random edit sequences — inserts and deletes of random spans, positions inside
/// multi-byte characters and past line ends included — with requests between them: every
/// request gets exactly one answer with its id (a result or a proper error), diagnostics stay
/// inside the document, and nothing traps.
final class EditFuzzTests: XCTestCase {
    static let pieces = ["c4 ", "[c e g]2", "{c d e}8", " | ", "phrase ", "repeat ", "sync a.", "track ", "drums ", "{", "}", "\n",
                         "é", "🎵", "\"", "// note\n", "/*", "*/", "~", ".", "o5 ", "!mf ", "kick8 ", "instrument flute\n", "at 3 ",
                         "tempo 90 ", "x2 ", "\r\n", "\t", "-", "9999999999999 "]
    static let methods = ["textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion",
                          "textDocument/prepareRename", "textDocument/documentSymbol", "textDocument/foldingRange",
                          "textDocument/semanticTokens/full", "textDocument/formatting", "textDocument/codeAction", "textDocument/rename"]

    func testTwoThousandEditSequencesAlwaysAnswer() throws {
        let examples = FileManager.default.enumerator(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        let seeds = (examples?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".stave") }.sorted()
            .compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
        XCTAssertGreaterThanOrEqual(seeds.count, 10)
        var random = SeededRandom(seed: 0x15_0E_D1)
        var requests = 0
        let sequences = TestScale.count(2_000, minimum: 100)
        for sequence in 0..<sequences {
            var client = TestClient()
            let start = sequence % 5 == 0 ? "" : random.pick(seeds)
            client.open(start)
            var lines = max(1, start.split(separator: "\n", omittingEmptySubsequences: false).count)
            for step in 0..<random.int(1...6) {
                let line = random.int(0...lines), character = random.int(0...30)
                let endLine = line + random.int(0...1), endCharacter = random.int(0...30)
                var text = ""
                for _ in 0..<random.int(0...4) { text += random.pick(Self.pieces) }
                client.change(random.chance(10) ? nil : (line, character, endLine, endCharacter), random.chance(10) ? "" : text, version: step + 2)
                lines += text.filter { $0 == "\n" }.count
                let method = random.pick(Self.methods)
                let extra = method.hasSuffix("rename") ? ",\"newName\":\"\(random.pick(["x", "tempo", "a", "9"]))\"" :
                    method.hasSuffix("references") ? ",\"context\":{\"includeDeclaration\":true}" :
                    method.hasSuffix("formatting") ? ",\"options\":{\"tabSize\":2,\"insertSpaces\":true}" :
                    method.hasSuffix("codeAction") ? ",\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":\(lines),\"character\":0}},\"context\":{\"diagnostics\":[]}" : ""
                let reply = client.at(method, random.int(0...lines), random.int(0...40), extra: extra)
                XCTAssertTrue(reply["result"] != nil || reply["error"]?["code"]?.integer != nil, "\(method): \(reply)")
                requests += 1
                if random.chance(50) {
                    for published in client.idle() {
                        for diagnostic in published["params"]?["diagnostics"]?.items ?? [] {
                            let span = diagnostic["range"]?.span ?? []
                            XCTAssertTrue(span.count == 4 && span.allSatisfy { $0 >= 0 }, "a diagnostic range inside the document: \(span)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(requests, sequences)
    }
}
