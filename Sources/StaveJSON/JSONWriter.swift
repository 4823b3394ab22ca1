
/// Builds JSON text deterministically into one byte buffer: the caller decides key order, so
/// the same document always gives the same bytes (no dictionary order, no floating point).
///
/// Two layouts share every call: `compact` writes no spaces or line breaks at all; `pretty`
/// puts each member of a multi-line object on its own line, indented two spaces a level, and
/// writes one-line objects as `{"a": 1, "b": 2}`. Numbers and keys go straight into the
/// buffer, with no intermediate strings, so writing stays fast on songs of millions of notes.
public struct JSONWriter {
    /// How the text is laid out.
    public enum Layout: Sendable {
        /// No whitespace: the smallest file.
        case compact
        /// Indented, one member or element a line (one-line objects for small values).
        case pretty
    }

    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// The layout being written.
    public let layout: Layout
    private var indentLevel = 0

    /// An empty writer.
    public init(layout: Layout = .compact) {
        self.layout = layout
    }

    /// Starts a new line at the current indentation (pretty layout only).
    public mutating func newline() {
        guard layout == .pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<indentLevel { bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    /// Writes text as it is (punctuation, `true`, an already quoted string).
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes one byte as it is.
    public mutating func raw(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Writes an integer in decimal.
    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Writes a string literal, escaped as `JSONText.quoted` does.
    public mutating func string(_ value: String) {
        bytes.append(contentsOf: JSONText.quoted(value).utf8)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// Opens `{` or `[` for a multi-line value and indents what follows.
    public mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        indentLevel += 1
    }

    /// Closes a multi-line value: the bracket on its own line at the outer indentation.
    public mutating func close(_ bracket: UInt8) {
        indentLevel -= 1
        newline()
        bytes.append(bracket)
    }

    /// Writes `"name": ` for a member of a multi-line object, on a new line after a comma
    /// unless it is the first member.
    public mutating func key(_ name: StaticString, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        newline()
        writeKey(name)
    }

    /// Writes `"name": ` for a member of a one-line object, after `, ` unless it is the first.
    public mutating func inlineKey(_ name: StaticString, first: Bool) {
        if !first { separator() }
        writeKey(name)
    }

    /// The separator between the members or elements of a one-line value: `, ` or `,`.
    public mutating func separator() {
        bytes.append(UInt8(ascii: ","))
        if layout == .pretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// Writes a whole value on one line (`[1, 2]` pretty, `[1,2]` compact), members in their
    /// order: the language server's messages.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): string(text)
        case .array(let values):
            raw(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { separator() }
                self.value(element)
            }
            raw(UInt8(ascii: "]"))
        case .object(let members):
            raw(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { separator() }
                string(member.key)
                raw(UInt8(ascii: ":"))
                if layout == .pretty { raw(UInt8(ascii: " ")) }
                self.value(member.value)
            }
            raw(UInt8(ascii: "}"))
        }
    }

    private mutating func writeKey(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if layout == .pretty { bytes.append(UInt8(ascii: " ")) }
    }
}
