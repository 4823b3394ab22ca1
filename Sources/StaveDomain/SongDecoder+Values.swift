import StaveComposition
import StaveSyntax
import StaveJSON

/// The members of one JSON object being decoded: which were read, so that unknown ones can
/// be reported.
struct ObjectFields {
    let path: JSONPath
    private(set) var members: [JSONMember]
    /// Which members were read: a bit for each of the first 64, a set for the rest.
    private var usedMask: UInt64 = 0
    private var usedBeyondMask: Set<Int> = []

    init(_ members: [JSONMember], at path: JSONPath) {
        self.members = members
        self.path = path
    }

    /// The value of a member, marking it as read. The value is moved out (`null` is left in
    /// its place), so that once the caller is done with it nothing else keeps it in memory.
    mutating func take(_ key: String) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        if index < 64 { usedMask |= 1 << UInt64(index) } else { usedBeyondMask.insert(index) }
        let value = members[index].value
        members[index].value = .null
        return value
    }

    /// True when the object has the member (without reading it).
    func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    /// True when every member was read (the usual case, checked without building `unread`).
    var allRead: Bool {
        members.count <= 64 && usedMask == (members.count == 64 ? UInt64.max : (1 << UInt64(members.count)) - 1)
    }

    /// The members that were not read, in file order.
    var unread: [JSONMember] {
        members.indices.filter { $0 < 64 ? usedMask & (1 << UInt64($0)) == 0 : !usedBeyondMask.contains($0) }.map { members[$0] }
    }
}

/// Typed readers: each reports a problem naming the path, what was expected and what was
/// found, and returns nil when the value does not fit.
extension SongDecoder {
    /// Moves an element out of an array (leaving `null`), so that it is let go once decoded.
    static func takeElement(_ index: Int, of elements: inout [JSONValue]) -> JSONValue {
        let element = elements[index]
        elements[index] = .null
        return element
    }

    mutating func problem(_ id: DiagnosticID, _ path: JSONPath, _ message: String) {
        problems.append(SaveProblem(id, path, message))
    }

    /// A problem one of the language's rules (shared with the front end) found.
    mutating func problem(_ rule: RuleProblem, at path: JSONPath) {
        problems.append(SaveProblem(rule, at: path))
    }

    /// A value of the wrong type, or a number outside its range.
    mutating func mismatch(_ value: JSONValue, at path: JSONPath, expected: String) {
        problem(value.integer == nil ? .saveWrongType : .valueOutOfRange, path, "expected \(expected), found \(value.summary)")
    }

    /// The members of an object, or nil (reported). Taking the value (`consuming`) lets the
    /// members be moved out one by one (`ObjectFields.take`).
    mutating func object(_ value: consuming JSONValue, at path: JSONPath, what: String) -> ObjectFields? {
        guard case .object(let members) = value else {
            problem(.saveWrongType, path, "expected \(what) (an object), found \(value.summary)")
            return nil
        }
        return ObjectFields(members, at: path)
    }

    /// Reports members that were not read.
    mutating func finish(_ fields: ObjectFields, what: @autoclosure () -> String, known: @autoclosure () -> [String]) {
        guard !fields.allRead else { return }
        for member in fields.unread {
            problem(.saveUnknownField, fields.path.key(member.key), "unknown field: \(what()) has the fields \(known().joined(separator: ", "))")
        }
    }

    /// A required member, or nil (reported as missing).
    mutating func required(_ fields: inout ObjectFields, _ key: String, expected: @autoclosure () -> String) -> JSONValue? {
        guard let value = fields.take(key) else {
            problem(.saveMissingField, fields.path.key(key), "missing; expected \(expected())")
            return nil
        }
        return value
    }

    /// An integer in a range, or nil (reported; the path is made only then).
    mutating func integer(_ value: JSONValue, at path: @autoclosure () -> JSONPath, in range: ClosedRange<Int>, expected: @autoclosure () -> String) -> Int? {
        guard let number = value.integer, range.contains(number) else {
            mismatch(value, at: path(), expected: expected())
            return nil
        }
        return number
    }

    /// A required integer member in a range.
    mutating func integer(_ fields: inout ObjectFields, _ key: String, in range: ClosedRange<Int>, expected: @autoclosure () -> String) -> Int? {
        guard let value = required(&fields, key, expected: expected()) else { return nil }
        if let number = value.integer, range.contains(number) { return number }
        mismatch(value, at: fields.path.key(key), expected: expected())
        return nil
    }

    mutating func string(_ value: JSONValue, at path: JSONPath, expected: String) -> String? {
        guard case .string(let text) = value else {
            problem(.saveWrongType, path, "expected \(expected), found \(value.summary)")
            return nil
        }
        return text
    }

    /// A string that Stave can write between quotes: anything but a line break.
    mutating func staveString(_ value: JSONValue, at path: JSONPath) -> String? {
        guard let text = string(value, at: path, expected: "a string") else { return nil }
        if text.unicodeScalars.contains("\n") {
            problem(.saveInvalidValue, path, "a Stave string cannot contain a line break")
            return nil
        }
        return text
    }

    mutating func bool(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> Bool? {
        guard case .bool(let flag) = value else {
            problem(.saveWrongType, path(), "expected true or false, found \(value.summary)")
            return nil
        }
        return flag
    }

    /// An array's elements, or nil (reported).
    mutating func array(_ value: consuming JSONValue, at path: JSONPath, expected: String) -> [JSONValue]? {
        guard case .array(let elements) = value else {
            problem(.saveWrongType, path, "expected \(expected), found \(value.summary)")
            return nil
        }
        return elements
    }

    /// A track or phrase ID: `[A-Za-z_][A-Za-z0-9_]*`, not a reserved word.
    mutating func identifier(_ value: JSONValue, at path: JSONPath, what: String) -> String? {
        let expected = "\(what) (a letter or '_', then letters, digits or '_')"
        guard let text = string(value, at: path, expected: expected) else { return nil }
        let bytes = Array(text.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F }
        guard let first = bytes.first, isLetter(first), bytes.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }) else {
            problem(.invalidIdentifier, path, "expected \(expected), found \(value.summary)")
            return nil
        }
        if Parser.reservedWords.contains(text) {
            problem(.reservedWord, path, "'\(text)' is a reserved word and cannot be \(what)")
            return nil
        }
        return text
    }

    /// A tempo as a decimal string (`"92.5"`) in 1–1000, with no more digits than a Stave
    /// `tempo` accepts.
    mutating func bpm(_ value: JSONValue, at path: JSONPath) -> Rational? {
        let expected = "a tempo 1–1000 as a decimal string such as \"92.5\""
        guard case .string(let text) = value else {
            problem(.saveWrongType, path, "expected \(expected), found \(value.summary)")
            return nil
        }
        let bytes = Array(text.utf8)
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        let wellFormed = !bytes.isEmpty && bytes.allSatisfy { isDigit($0) || $0 == UInt8(ascii: ".") }
            && bytes.filter({ $0 == UInt8(ascii: ".") }).count <= 1
            && point.map { $0 > 0 && $0 < bytes.count - 1 } ?? true
        guard wellFormed else {
            problem(.saveInvalidValue, path, "expected \(expected), found \(value.summary)")
            return nil
        }
        // The same digit limits as the Stave parser's decimals.
        var numerator = 0, scale = 0, seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") { seenPoint = true; continue }
            if numerator > 100_000_000_000 || scale > 9 {
                problem(.saveInvalidValue, path, "tempo \(value.summary) has too many digits for Stave")
                return nil
            }
            numerator = numerator * 10 + Int(byte - 0x30)
            if seenPoint { scale += 1 }
        }
        var denominator = 1
        for _ in 0..<scale { denominator *= 10 }
        let bpm = Rational(numerator, denominator)
        guard bpm >= Rational(1), bpm <= Rational(1000) else {
            problem(.valueOutOfRange, path, "expected \(expected), found \(value.summary)")
            return nil
        }
        return bpm
    }
}
