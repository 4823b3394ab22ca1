import StaveJSON

/// A value inside a message's `params`, with the path to it (`params.position.line`), read by
/// the types of the LSP 3.17 specification: each reader checks that the value is there and has
/// its type, or throws an `InvalidParams` naming the path and what it found. A member the
/// server does not read is not checked.
struct Params {
    /// Where the value is, as messages show it.
    let path: String
    /// The value; nil when the member is absent.
    let value: JSONValue?

    /// The `params` of a message (nil when absent or null).
    init(_ params: JSONValue?) {
        self.init(path: "params", value: params)
    }

    private init(path: String, value: JSONValue?) {
        self.path = path
        self.value = value
    }

    /// A member of this object (absent when this is not an object).
    subscript(key: String) -> Params {
        Params(path: path + "." + key, value: value?[key])
    }

    /// LSP's `uinteger` and the upper end of its `integer`: 2^31 − 1.
    static let maximumInteger = 2_147_483_647

    private func wrong(_ expected: String) -> InvalidParams {
        guard let value else { return InvalidParams(message: "\(path) is missing (\(expected))") }
        return InvalidParams(message: "\(path) must be \(expected), not \(value.summary)")
    }

    /// This value, which must be an object.
    func object() throws(InvalidParams) -> Params {
        guard case .object? = value else { throw wrong("an object") }
        return self
    }

    func string() throws(InvalidParams) -> String {
        guard case .string(let text)? = value else { throw wrong("a string") }
        return text
    }

    func bool() throws(InvalidParams) -> Bool {
        guard case .bool(let flag)? = value else { throw wrong("true or false") }
        return flag
    }

    /// LSP's `integer`: a whole number from −2^31 to 2^31 − 1.
    func integer() throws(InvalidParams) -> Int {
        guard let number = value?.integer, number >= -Self.maximumInteger - 1, number <= Self.maximumInteger else { throw wrong("an integer") }
        return number
    }

    /// LSP's `uinteger`: a whole number from 0 to 2^31 − 1.
    func unsignedInteger() throws(InvalidParams) -> Int {
        guard let number = value?.integer, number >= 0, number <= Self.maximumInteger else { throw wrong("an unsigned integer") }
        return number
    }

    /// LSP's `integer | null` (a member that must be there, perhaps null).
    func integerOrNull() throws(InvalidParams) -> Int? {
        if value == .null { return nil }
        guard let number = value?.integer, number >= -Self.maximumInteger - 1, number <= Self.maximumInteger else { throw wrong("an integer or null") }
        return number
    }

    /// `string | null` (a member that must be there, perhaps null).
    func stringOrNull() throws(InvalidParams) -> String? {
        if value == .null { return nil }
        guard case .string(let text)? = value else { throw wrong("a string or null") }
        return text
    }

    /// The elements of an array, each with its path.
    func array() throws(InvalidParams) -> [Params] {
        guard case .array(let values)? = value else { throw wrong("an array") }
        return values.enumerated().map { Params(path: "\(path)[\($0.offset)]", value: $0.element) }
    }

    /// True when the member is absent (a reader for an optional member runs only when not).
    var isAbsent: Bool { value == nil }

    /// The params of a method that takes none: absent, null, or an object or array that is
    /// ignored — never a string, number or boolean (JSON-RPC's params are structured).
    func none() throws(InvalidParams) {
        switch value {
        case nil, .object?, .array?: return
        default: throw wrong("absent (this method takes no params)")
        }
    }

    // MARK: - LSP structures

    /// A `Position`: `{line, character}`, both `uinteger`.
    func position() throws(InvalidParams) -> LSPPosition {
        _ = try object()
        return LSPPosition(line: try self["line"].unsignedInteger(), character: try self["character"].unsignedInteger())
    }

    /// A `Range`: `{start, end}`, both positions.
    func range() throws(InvalidParams) -> (start: LSPPosition, end: LSPPosition) {
        _ = try object()
        return (try self["start"].position(), try self["end"].position())
    }

    /// The URI of a `TextDocumentIdentifier` in member `textDocument` of these params.
    func documentURI() throws(InvalidParams) -> String {
        try object()["textDocument"].object()["uri"].string()
    }

    /// `TextDocumentPositionParams`: the document and the position in it.
    func documentPosition() throws(InvalidParams) -> (uri: String, position: LSPPosition) {
        (try documentURI(), try self["position"].position())
    }
}

/// Params that do not have the shape the method's LSP type requires: answered with
/// InvalidParams (-32602) for a request; a notification with them is dropped.
struct InvalidParams: Error {
    /// Which member is wrong and how.
    var message: String
}
