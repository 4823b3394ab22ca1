import StaveSyntax

/// A position as the protocol counts it: a line and a UTF-16 code unit offset in it.
public struct LSPPosition: Equatable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// An open document: its bytes, version and line starts, and conversions between protocol
/// positions (UTF-16) and byte offsets. Lines end at LF, CR LF or a lone CR, as in LSP.
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int
    public private(set) var bytes: [UInt8]
    /// Byte offset of each line's start.
    public private(set) var lineStarts: [Int]

    public init(uri: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = text
        self.lineStarts = Source.lineStarts(of: text)
    }

    /// The byte offset of a position; positions past a line's end clamp to the end of the line
    /// (before its line break), past the last line to the end of the text, and a position in
    /// the middle of a character to its start.
    public func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        var index = lineStarts[position.line]
        let end = lineEnd(position.line)
        var units = 0
        while index < end, units < position.character {
            let (length, width) = TextDocument.scalar(bytes, at: index)
            if units + width > position.character { break }
            units += width
            index += length
        }
        return index
    }

    /// The position of a byte offset (an offset inside a character counts from its start);
    /// for many offsets in increasing order, a `PositionWalker` scans each line once.
    public func position(of offset: Int) -> LSPPosition {
        var walker = PositionWalker(self)
        return walker.position(of: offset)
    }

    /// Where line `line`'s text ends (before its line break).
    func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// Replaces the bytes between two positions (the whole text when `range` is nil).
    public mutating func apply(_ text: [UInt8], in range: (start: LSPPosition, end: LSPPosition)?, version: Int) {
        if let range {
            let start = offset(of: range.start)
            let end = max(start, offset(of: range.end))
            bytes.replaceSubrange(start..<end, with: text)
        } else {
            bytes = text
        }
        self.version = version
        lineStarts = Source.lineStarts(of: bytes)
    }

    /// The byte length of the UTF-8 scalar at `index` and its length in UTF-16 code units (a
    /// byte that is not UTF-8 counts as one unit).
    static func scalar(_ bytes: [UInt8], at index: Int) -> (length: Int, units: Int) {
        let byte = bytes[index]
        let length: Int
        switch byte {
        case 0..<0x80: return (1, 1)
        case 0xC0..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF8: length = 4
        default: return (1, 1)
        }
        guard index + length <= bytes.count else { return (1, 1) }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }
}
