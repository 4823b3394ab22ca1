/// A strict JSON reader (RFC 8259) over UTF-8 bytes.
///
/// It keeps the path of the value it is reading, so a syntax error names where in the
/// document it happened as well as the line and column. Nesting is limited to
/// `maximumDepth` so no input can exhaust the stack; duplicate keys, invalid UTF-8, lone
/// surrogates, control characters in strings and trailing content are errors.
public struct JSONParser {
    /// Arrays and objects nest at most this deep.
    public static let maximumDepth = 256
    /// Objects up to this many members look for duplicate keys along the members read so far.
    static let linearKeyCheckLimit = 16

    /// A syntax error: where it happened and what was expected.
    public struct SyntaxError: Error, Equatable, Sendable {
        /// The value being read when the error was found.
        public var path: JSONPath
        /// 1-based line.
        public var line: Int
        /// 1-based column, in characters.
        public var column: Int
        /// What was expected and found.
        public var message: String
    }

    /// One step of the path to the value being read.
    public enum Step: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var steps: [Step] = []
    /// Where each open object's members start in `openMembers`, outermost first.
    private var objectStarts: [Int] = []
    /// True while reading an element a taker takes: its syntax is checked, but no value is
    /// built (arrays, objects and numbers read as `null`), keys are compared as bytes, and
    /// anything unusual or wrong gives up (`gaveUp`): the element is then read the usual way,
    /// which builds it and reports any error exactly.
    private var checkingOnly = false
    /// The keys of the objects being checked, innermost last (ranges of `bytes`).
    private var checkedKeys: [Range<Int>] = []
    /// Thrown while checking to give up (see `checkingOnly`); never seen outside.
    private static let gaveUp = SyntaxError(path: .root, line: 0, column: 0, message: "")
    /// The members of the objects being read, innermost last: each object gathers its members
    /// here and takes an exact-size array of them when it closes (no array grown by doubling
    /// for each of a save file's many small objects).
    private var openMembers: [JSONMember] = []
    /// The same for the elements of the arrays being read.
    private var openElements: [JSONValue] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var none = NoElementTaker()
        return try parse(bytes, handing: &none)
    }

    /// Parses a whole document. The elements `taker` takes are checked but not built: the tree
    /// holds `null` in their place and the taker gets their bytes, to parse later
    /// (`parse(_:valueAt:path:)`), one at a time or on several cores.
    public static func parse<Taker: JSONElementTaker>(_ bytes: [UInt8], handing taker: inout Taker) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        let value = try parser.parseValue(&taker)
        parser.skipSpace()
        if parser.index < bytes.count {
            throw parser.error("expected the end of the document after the top-level value, found \(parser.describeCurrent())")
        }
        return value
    }

    /// Parses the one value that starts at `start` (a taken element, already checked), naming
    /// `path` as its place in messages; `taker` may take elements inside it.
    public static func parse<Taker: JSONElementTaker>(_ bytes: [UInt8], valueAt start: Int, path: [Step], handing taker: inout Taker) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.index = start
        parser.steps = path
        return try parser.parseValue(&taker)
    }

    // MARK: - Values

    private mutating func parseValue<Taker: JSONElementTaker>(_ taker: inout Taker) throws(SyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return checkingOnly ? try checkObject(&taker) : try parseObject(&taker)
        case UInt8(ascii: "["): return try parseArray(&taker)
        case UInt8(ascii: "\""):
            if checkingOnly, skipPlainString() { return .null }
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let start = index
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                index = start
                throw error("expected a value, found \(describeCurrent())")
            }
            index += 1
        }
    }

    private mutating func parseObject<Taker: JSONElementTaker>(_ taker: inout Taker) throws(SyntaxError) -> JSONValue {
        guard steps.count < JSONParser.maximumDepth else { throw error("arrays and objects nest more than \(JSONParser.maximumDepth) deep") }
        index += 1
        let base = openMembers.count
        objectStarts.append(base)
        defer {
            openMembers.removeSubrange(base...)
            objectStarts.removeLast()
        }
        // Keys seen so far: a look along the members for the small objects of a save file, a set
        // once an object grows large (so no file can make the check quadratic).
        var seen: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyStart = index
            let key = try parseString()
            let isDuplicate: Bool
            let count = openMembers.count - base
            if count < JSONParser.linearKeyCheckLimit {
                isDuplicate = openMembers[base...].contains { $0.key == key }
            } else {
                if seen.isEmpty { seen = Set(openMembers[base...].map(\.key)) }
                isDuplicate = !seen.insert(key).inserted
            }
            if isDuplicate {
                index = keyStart
                throw error("duplicate key \(JSONText.quoted(key))")
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \(JSONText.quoted(key)), found \(describeCurrent())")
            }
            index += 1
            skipSpace()
            steps.append(.key(key))
            let value = try parseValue(&taker)
            steps.removeLast()
            openMembers.append(JSONMember(key, value))
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or '}' after a member, found the end of the document") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(openMembers[base...].withUnsafeBufferPointer { Array($0) })
            }
            throw error("expected ',' or '}' after a member, found \(describeCurrent())")
        }
    }

    /// An object read only to check its syntax (see `checkingOnly`): up to
    /// `linearKeyCheckLimit` keys of plain ASCII, none repeated. Anything else gives up.
    private mutating func checkObject<Taker: JSONElementTaker>(_ taker: inout Taker) throws(SyntaxError) -> JSONValue {
        guard steps.count < JSONParser.maximumDepth else { throw JSONParser.gaveUp }
        index += 1
        let base = checkedKeys.count
        defer { checkedKeys.removeSubrange(base...) }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .null
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), checkedKeys.count - base < JSONParser.linearKeyCheckLimit,
                  let end = plainStringEnd() else { throw JSONParser.gaveUp }
            let key = index + 1..<end
            for earlier in checkedKeys[base...] where bytes[earlier].elementsEqual(bytes[key]) { throw JSONParser.gaveUp }
            checkedKeys.append(key)
            index = end + 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw JSONParser.gaveUp }
            index += 1
            skipSpace()
            steps.append(.key(""))
            _ = try parseValue(&taker)
            steps.removeLast()
            skipSpace()
            guard index < bytes.count else { throw JSONParser.gaveUp }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .null
            }
            throw JSONParser.gaveUp
        }
    }

    private mutating func parseArray<Taker: JSONElementTaker>(_ taker: inout Taker) throws(SyntaxError) -> JSONValue {
        guard steps.count < JSONParser.maximumDepth else { throw error("arrays and objects nest more than \(JSONParser.maximumDepth) deep") }
        index += 1
        let base = openElements.count
        defer { openElements.removeSubrange(base...) }
        let handsElements = !checkingOnly && steps.count == Taker.arrayDepth && taker.takesElements(ofArrayAt: steps)
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        var count = 0
        while true {
            skipSpace()
            steps.append(.index(count))
            count += 1
            var value = JSONValue.null
            let taking = handsElements
                ? taker.takes(elementAt: steps, openObjects: JSONOpenObjects(members: openMembers, starts: objectStarts), in: bytes, at: index)
                : .no
            switch taking {
            case .no:
                value = try parseValue(&taker)
            case .checked:
                let start = index, depth = steps.count
                checkingOnly = true
                var checked = true
                do { _ = try parseValue(&taker) } catch { checked = false }
                checkingOnly = false
                if checked {
                    taker.checked()
                } else {
                    steps.removeSubrange(depth...)
                    index = start
                    value = try parseValue(&taker)
                }
            case .read(let end):
                index = end
            }
            steps.removeLast()
            if !checkingOnly { openElements.append(value) }
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or ']' after an element, found the end of the document") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                if checkingOnly { return .null }
                return .array(openElements[base...].withUnsafeBufferPointer { Array($0) })
            }
            throw error("expected ',' or ']' after an element, found \(describeCurrent())")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.index
            while parser.index < parser.bytes.count, parser.bytes[parser.index] >= 0x30, parser.bytes[parser.index] <= 0x39 { parser.index += 1 }
            return parser.index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("expected a digit after '-', found \(describeCurrent())") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw error("a number cannot start with the digit 0 followed by more digits")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.', found \(describeCurrent())") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
        return checkingOnly ? .null : .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    // MARK: - Strings

    /// Steps over a string of plain ASCII (no escapes) without making it; false, moving
    /// nothing, for any other string (`parseString` reads and checks it).
    private mutating func skipPlainString() -> Bool {
        guard let end = plainStringEnd() else { return false }
        index = end + 1
        return true
    }

    /// Where the string at `index` ends (its closing quote) when it is plain ASCII without
    /// escapes; nil otherwise.
    private func plainStringEnd() -> Int? {
        var end = index + 1
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        return end
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        // Fast path: plain ASCII up to the closing quote.
        var end = index
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            return text
        }
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string: expected '\"' before the end of the document") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x00..<0x20:
                throw error("a control character (U+\(hex(Int(byte), width: 4))) must be escaped in a string")
            case 0x00..<0x80:
                out.append(byte)
                index += 1
            default:
                let length = JSONParser.scalarLength(bytes, at: index)
                guard length > 1 else { throw error("invalid UTF-8 byte 0x\(hex(Int(byte), width: 2))") }
                out.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(SyntaxError) {
        guard index + 1 < bytes.count else { throw error("unterminated string: expected '\"' before the end of the document") }
        let code = bytes[index + 1]
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let replacement = simple[code] {
            out.append(replacement)
            index += 2
            return
        }
        guard code == UInt8(ascii: "u") else {
            throw error("invalid escape '\\\(String(decoding: [code], as: UTF8.self))': expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        var scalar = try hexQuad(at: index + 2)
        index += 6
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("a high surrogate \\u\(hex(scalar, width: 4)) must be followed by a low surrogate")
            }
            let low = try hexQuad(at: index + 2)
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate \\u\(hex(scalar, width: 4)) must be followed by a low surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
        } else if (0xDC00...0xDFFF).contains(scalar) {
            index -= 6
            throw error("a lone low surrogate \\u\(hex(scalar, width: 4)) is not a character")
        }
        guard let unicode = Unicode.Scalar(UInt32(scalar)) else { throw error("\\u escape is not a character") }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func hexQuad(at start: Int) throws(SyntaxError) -> Int {
        guard start + 4 <= bytes.count else {
            index = min(start, bytes.count)
            throw error("expected four hexadecimal digits after '\\u'")
        }
        var value = 0
        for offset in 0..<4 {
            let byte = bytes[start + offset]
            let digit: Int
            switch byte {
            case 0x30...0x39: digit = Int(byte) - 0x30
            case 0x41...0x46: digit = Int(byte) - 0x41 + 10
            case 0x61...0x66: digit = Int(byte) - 0x61 + 10
            default:
                index = start
                throw error("expected four hexadecimal digits after '\\u'")
            }
            value = value * 16 + digit
        }
        return value
    }

    /// Length of a valid UTF-8 scalar starting at `index`, or 1 for an invalid byte.
    static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 1
        }
        guard index + length <= bytes.count else { return 1 }
        guard bytes[index + 1] >= low, bytes[index + 1] <= high else { return 1 }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return 1 }
        return length
    }

    // MARK: - Errors

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the document" }
        let byte = bytes[index]
        let isWordByte = { (byte: UInt8) in (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) }
        if isWordByte(byte) {
            var end = index
            while end < bytes.count, end - index < 24, isWordByte(bytes[end]) { end += 1 }
            return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        }
        if byte >= 0x21, byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        let length = JSONParser.scalarLength(bytes, at: index)
        if length > 1 { return "'\(String(decoding: bytes[index..<index + length], as: UTF8.self))'" }
        return "byte 0x\(hex(Int(byte), width: 2))"
    }

    private func hex(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private func error(_ message: String) -> SyntaxError {
        var path = JSONPath.root
        for step in steps {
            switch step {
            case .key(let key): path = path.key(key)
            case .index(let position): path = path.index(position)
            }
        }
        var line = 1, column = 1
        var position = 0
        let end = min(index, bytes.count)
        while position < end {
            if bytes[position] == 0x0A {
                line += 1
                column = 1
                position += 1
            } else {
                column += 1
                position += bytes[position] < 0x80 ? 1 : JSONParser.scalarLength(bytes, at: position)
            }
        }
        return SyntaxError(path: path, line: line, column: column, message: message)
    }
}

/// Takes the elements of some arrays of a document while it is parsed (see
/// `JSONParser.parse(_:handing:)`), so that a reader need not hold the whole tree: either the
/// parser checks a taken element's syntax without building it and hands over its bytes (to
/// parse later, one at a time or on several cores: a large save file's phrases), or the taker
/// reads the element from the bytes itself (a phrase's containers, decoded directly).
public protocol JSONElementTaker {
    /// How many steps down the arrays are (the length of their path); others are not asked about.
    static var arrayDepth: Int { get }
    /// Whether the elements of the array at `path` may be taken.
    func takesElements(ofArrayAt path: [JSONParser.Step]) -> Bool
    /// Whether and how the element at `path` (ending with its index), which starts at
    /// `bytes[start]`, is taken. `openObjects` are the members read so far of each object
    /// around it that the parser opened, outermost first.
    mutating func takes(elementAt path: [JSONParser.Step], openObjects: JSONOpenObjects, in bytes: [UInt8], at start: Int) -> JSONElementTaking
    /// The element just taken with `.checked` passed its syntax check (it starts where
    /// `takes(elementAt:…)` was told). Not called when the check gave up: the element is then
    /// built into the tree as usual.
    mutating func checked()
}

/// The members read so far of each object the parser has open, outermost first.
public struct JSONOpenObjects {
    let members: [JSONMember]
    let starts: [Int]

    /// How many objects are open.
    public var count: Int { starts.count }

    /// The members read so far of open object `level` (0 is the outermost).
    public subscript(level: Int) -> ArraySlice<JSONMember> {
        members[starts[level]..<(level + 1 < starts.count ? starts[level + 1] : members.count)]
    }
}

/// How an element is taken; the tree holds `null` in place of a taken element.
public enum JSONElementTaking {
    /// Not taken: the parser builds it as usual.
    case no
    /// The parser checks its syntax without building it, then calls `checked()` (or, if
    /// the element is unusual or wrong, builds it after all, reporting any error exactly).
    case checked
    /// The taker read it itself; it ends before `end`.
    case read(end: Int)
}

/// Takes nothing: the whole tree is built.
public struct NoElementTaker: JSONElementTaker {
    public static var arrayDepth: Int { -1 }
    public init() {}
    public func takesElements(ofArrayAt path: [JSONParser.Step]) -> Bool { false }
    public func takes(elementAt path: [JSONParser.Step], openObjects: JSONOpenObjects, in bytes: [UInt8], at start: Int) -> JSONElementTaking { .no }
    public func checked() {}
}
