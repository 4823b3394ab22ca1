import Foundation
import StaveSyntax
import StaveTestSupport
import XCTest

/// The lossless tree gives back every file byte for byte, valid or not, and is well formed:
/// nodes nest, cover exactly their tokens, and the walker meets every token once, in order.
final class TreeFidelityTests: XCTestCase {
    func testEveryExampleAndFixturePrintsBackByteForByte() {
        let files = FormatTestSupport.files(in: "Examples", suffix: ".stave")
            + FormatTestSupport.files(in: "Tests/Fixtures", suffix: ".stave")
        XCTAssertGreaterThanOrEqual(files.count, 60, "examples and fixtures")
        for file in files {
            let bytes = FormatTestSupport.bytes(file)
            XCTAssertFalse(bytes.isEmpty, file.path)
            assertFaithful(bytes, file.lastPathComponent)
        }
    }

    func testTenThousandMutatedAndMalformedInputsPrintBack() {
        let seeds = FormatTestSupport.files(in: "Examples", suffix: ".stave").map { String(decoding: FormatTestSupport.bytes($0), as: UTF8.self) }
        XCTAssertGreaterThanOrEqual(seeds.count, 10)
        var inputs = FuzzInputs(seed: 0x7EE_F1DE, extraSeeds: seeds)
        let fixed = FuzzInputs.fixed()
        var checked = 0
        let inputCount = max(TestScale.count(10_000, minimum: 500), fixed.count)
        for index in 0..<inputCount {
            let bytes = index < fixed.count ? fixed[index] : inputs.next()
            if !assertFaithful(bytes, "input \(index)") { break }
            checked += 1
        }
        XCTAssertEqual(checked, inputCount)
    }

    func testTriviaIsSplitAtTheFirstLineBreak() throws {
        let tree = SourceTree.parse(Source(path: "t", bytes: Array("title \"A\" // one\n// two\ntempo 90".utf8))).tree
        let string = try XCTUnwrap(tree.tokens.firstIndex { $0.kind == .string })
        XCTAssertEqual(tree.trailingTrivia(of: string).map(\.kind), [.spaces, .lineComment])
        XCTAssertEqual(tree.leadingTrivia(of: string + 1).map(\.kind), [.newline, .lineComment, .newline])
        XCTAssertEqual(tree.text(tree.trailingTrivia(of: string)[1].range), "// one")
    }

    func testDistinctSpellingsOfOneLengthStayDistinct() {
        // The compiler's tree merges `c2~8~16` and `c2~16~16~16`; this one keeps every token.
        for text in ["track a { phrase { c2~8~16 } }", "track a { phrase { c2~16~16~16 } }"] {
            let tree = SourceTree.parse(Source(path: "t", bytes: Array(text.utf8))).tree
            let note = tree.nodes.first { $0.kind == .note }
            XCTAssertEqual(note.map { tree.text($0.range) }, text.contains("16~16") ? "c2~16~16~16" : "c2~8~16")
        }
    }

    func testNodesOfAValidSongAreTheExpectedKinds() throws {
        let text = "title \"T\"\ntrack a {\n  volume 90\n  phrase x { o5 c4 [c e]8 {c d e}4 | tempo 90 !mf r2 }\n  repeat x\n}\n"
        let tree = SourceTree.parse(Source(path: "t", bytes: Array(text.utf8))).tree
        XCTAssertEqual(tree.nodes.map(\.kind), [.song, .header, .track, .setting, .phrase, .octave, .note, .chord, .member, .member,
                                               .tuplet, .note, .note, .note, .barLine, .tempoChange, .velocity, .rest, .repeatPhrase])
        let tempo = try XCTUnwrap(tree.tokens.lastIndex { tree.text($0.range) == "90" }, "the body's tempo, after the setting volume 90")
        XCTAssertEqual(tree.path(toToken: tempo).map { tree.nodes[$0].kind }, [.song, .track, .phrase, .tempoChange])
    }

    func testTopLevelTokensNoStatementTookStandInUnparsedNodes() {
        let text = "title \"T\" 42 ] track a { phrase { c } }"
        let tree = SourceTree.parse(Source(path: "t", bytes: Array(text.utf8))).tree
        let unparsed = tree.nodes.filter { $0.kind == .unparsed }
        XCTAssertEqual(unparsed.map { tree.text($0.range) }, ["42 ]"])
        XCTAssertEqual(tree.printed(), Array(text.utf8))
    }

    /// Printing gives back the bytes; the structure is well formed. Returns false on failure.
    @discardableResult
    func assertFaithful(_ bytes: [UInt8], _ name: String) -> Bool {
        let tree = SourceTree.parse(Source(path: name, bytes: bytes)).tree
        guard tree.printed() == bytes else {
            XCTFail("\(name): the tree does not print back the input"); return false
        }
        let problems = Self.structuralProblems(tree)
        guard problems.isEmpty else {
            XCTFail("\(name): \(problems.prefix(3).joined(separator: "; "))"); return false
        }
        return true
    }

    /// Ways in which the tree is malformed (none, for a good tree).
    static func structuralProblems(_ tree: SourceTree) -> [String] {
        var problems: [String] = []
        if tree.root.kind != .song || tree.root.tokens != 0..<tree.tokens.count { problems.append("the root does not cover every token") }
        if tree.tokens.last?.kind != .end { problems.append("the last token is not the end") }
        // Every node's tokens lie inside its parent's, after its previous sibling's.
        var stack: [Int] = []
        for (index, node) in tree.nodes.enumerated() {
            while let top = stack.last, index > top + tree.nodes[top].descendantCount { stack.removeLast() }
            if let parent = stack.last {
                let outer = tree.nodes[parent].tokens
                if node.tokens.lowerBound < outer.lowerBound || node.tokens.upperBound > outer.upperBound { problems.append("node \(index) leaves its parent") }
            }
            if node.tokens.isEmpty { problems.append("node \(index) has no token") }
            if !node.tokens.isEmpty, node.range != SourceRange(tree.tokens[node.tokens.lowerBound].range.start, tree.tokens[node.tokens.upperBound - 1].range.end), index != 0 {
                problems.append("node \(index)'s range is not its tokens'")
            }
            stack.append(index)
        }
        // The walker meets each token once, in order, and enters and leaves each node once.
        struct Counter: SyntaxWalker {
            var tokens: [Int] = []
            var entered = 0, left = 0
            mutating func visit(node index: Int, in tree: SourceTree) -> WalkDecision { entered += 1; return .visitChildren }
            mutating func leave(node index: Int, in tree: SourceTree) { left += 1 }
            mutating func visit(token index: Int, in tree: SourceTree) { tokens.append(index) }
        }
        var counter = Counter()
        tree.walk(&counter)
        if counter.tokens != Array(tree.tokens.indices) { problems.append("the walker does not meet every token once in order") }
        if counter.entered != tree.nodes.count || counter.left != tree.nodes.count { problems.append("the walker does not enter and leave every node once") }
        return problems
    }
}
