
/// A parsed JSON value. Objects keep their members in file order, and numbers keep their
/// text, so nothing is lost or rounded between the file and the decoder. (Not `indirect`:
/// arrays already hold their elements out of line, and a box per value would cost an
/// allocation for every number of a large song.)
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as written (`-480`, `1.5e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The largest integer the save format accepts: 2^53 − 1, exact in every JSON reader.
    public static let maximumInteger = 9_007_199_254_740_991

    /// The value as an integer when it is an integer literal within ±`maximumInteger`.
    public var integer: Int? {
        guard case .number(let text) = self else { return nil }
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        guard value <= JSONValue.maximumInteger else { return nil }
        return negative ? -value : value
    }

    /// The member of an object with a key (the first, if repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short description for messages: `a string "abc"`, `-480`, `an array`.
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text.count > 24 ? String(text.prefix(21)) + "..." : text
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            return "a string \(JSONText.quoted(shown))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// A member.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A location in a JSON document, written the way messages show it:
/// `song.tracks[1].phrases[3].containers[0].width`; the root is `$`.
///
/// Extending a path is cheap (one link to its parent); the text is made only when shown.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    private indirect enum Link: Hashable, Sendable {
        case root
        case key(Link, String)
        case index(Link, Int)
    }

    private let link: Link

    private init(_ link: Link) {
        self.link = link
    }

    /// The document root.
    public static let root = JSONPath(.root)

    /// The path of an object member.
    public func key(_ name: String) -> JSONPath { JSONPath(.key(link, name)) }

    /// The path of an array element.
    public func index(_ index: Int) -> JSONPath { JSONPath(.index(link, index)) }

    /// The path as messages show it.
    public var description: String {
        var parts: [String] = []
        var current = link
        while true {
            switch current {
            case .root:
                let text = parts.reversed().joined()
                if text.isEmpty { return "$" }
                return text.hasPrefix(".") ? String(text.dropFirst()) : text
            case .key(let parent, let name):
                let simple = !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
                parts.append(simple ? "." + name : "[\(JSONText.quoted(name))]")
                current = parent
            case .index(let parent, let position):
                parts.append("[\(position)]")
                current = parent
            }
        }
    }
}
