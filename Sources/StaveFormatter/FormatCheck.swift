import StaveSyntax

/// The formatter's safety net: formatted text must read as the same tokens, in the same
/// order, and parse without errors. Only the space between tokens may change.
public enum FormatCheck {
    /// True when `formatted` lexes to the tokens of `tree` (same kinds and texts) and parses
    /// without errors.
    public static func saysTheSame(_ formatted: [UInt8], as tree: SourceTree) -> Bool {
        let source = Source(path: tree.source.path, bytes: formatted)
        let (_, diagnostics, tokens) = Parser.parseKeepingTokens(source)
        guard !diagnostics.hasErrors else { return false }
        guard tokens.count == tree.tokens.count else { return false }
        for (new, old) in zip(tokens, tree.tokens) {
            guard new.kind == old.kind,
                  formatted[new.range.start..<new.range.end].elementsEqual(tree.source.bytes[old.range.start..<old.range.end]) else { return false }
        }
        return true
    }
}
