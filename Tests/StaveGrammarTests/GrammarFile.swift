import Foundation
import StaveTestSupport
import StaveSyntax

/// The real `Grammar/stave.ebnf` and the examples, found from this file's path, and the
/// bridge from Stave text to the recognizer's tokens.
enum GrammarFile {
    /// The package root: three levels above this file (Tests/StaveGrammarTests/GrammarFile.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let grammarPath = packageRoot.appendingPathComponent("Grammar/stave.ebnf").path

    /// Added to the randomized tests' seeds: 1, or the test scale when it is larger, so that a
    /// harder search (`STAVE_TEST_SCALE=20 swift test --filter StaveGrammarTests`, twenty times
    /// the sentences) tries other sentences too. Their counts come from `TestScale`.
    static let seedOffset = UInt64(max(1, TestScale.factor.rounded(.down)))

    /// Reads and parses the grammar file.
    static func load() throws -> EBNFGrammar {
        try EBNFReader.read(String(contentsOfFile: grammarPath, encoding: .utf8))
    }

    /// The `.stave` files in a directory under the package root, sorted by name.
    static func staveFiles(in directory: String) throws -> [URL] {
        let folder = packageRoot.appendingPathComponent(directory)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "stave" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Splits Stave text into the recognizer's tokens with the real `Lexer`, and checks every
    /// gap between tokens against the grammar's `Separator` rule (a line comment may end the
    /// file without a newline). Returns nil when a gap is not a separator, for example when the
    /// lexer skipped an invalid character.
    static func tokens(of text: String, grammar: EBNFGrammar) -> [GrammarToken]? {
        let source = Source(path: "input.stave", text: text)
        let lexed = Lexer.tokenize(source).tokens
        let matcher = LexicalMatcher(grammar: grammar)
        var result: [GrammarToken] = []
        var previousEnd = 0
        for token in lexed {
            let gap = source.text(SourceRange(previousEnd, token.range.start))
            if !gap.isEmpty {
                let separator = matcher.matches(gap, rule: "Separator")
                    || (token.kind == .end && matcher.matches(gap + "\n", rule: "Separator"))
                guard separator else { return nil }
            }
            if token.kind == .end { break }
            result.append(GrammarToken(text: source.text(token.range), spaceBefore: !gap.isEmpty))
            previousEnd = token.range.end
        }
        return result
    }
}
