import StaveJSON

/// What the server offers, as the `initialize` result says it.
enum Capabilities {
    /// Semantic token types, in the legend's order (standard LSP names, so every client colours them).
    static let tokenTypes = ["keyword", "class", "function", "enumMember", "number", "macro", "string", "comment", "operator"]

    static let initializeResult: JSONValue = .fields([
        "capabilities": .fields([
            "positionEncoding": .string("utf-16"),
            "textDocumentSync": .fields(["openClose": .bool(true), "change": .int(2), "save": .bool(false)]),
            "hoverProvider": .bool(true),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "renameProvider": .fields(["prepareProvider": .bool(true)]),
            "completionProvider": .fields(["triggerCharacters": .array([.string("."), .string(" ")])]),
            "documentSymbolProvider": .bool(true),
            "foldingRangeProvider": .bool(true),
            "documentFormattingProvider": .bool(true),
            "codeActionProvider": .fields(["codeActionKinds": .array([.string("quickfix")])]),
            "semanticTokensProvider": .fields([
                "legend": .fields(["tokenTypes": .array(tokenTypes.map { .string($0) }), "tokenModifiers": .array([])]),
                "full": .bool(true),
            ]),
        ]),
        "serverInfo": .fields(["name": .string("stave"), "version": .string("0.1.0")]),
    ])
}
