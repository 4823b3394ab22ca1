/// One Stave source file: its bytes and a table of line starts.
///
/// Positions everywhere else are UTF-8 byte offsets into `bytes`; line and column
/// (1-based, column counted in characters) are computed here only when a diagnostic
/// is shown.
public struct Source: Sendable {
    /// The path shown in diagnostics (`-` for standard input).
    public let path: String
    /// The file's bytes, as read.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    public let lineStarts: [Int]

    /// Creates a source from raw bytes.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = Source.lineStarts(of: bytes)
    }

    /// Offsets just after each line break, and 0. A line break is LF, CR LF or a CR alone
    /// (classic Mac files). Scans eight bytes at a time: a word holds a line feed exactly when
    /// `word ^ 0x0A…0A` has a zero byte, which `(x − 0x01…01) & ~x & 0x80…80` detects (and
    /// likewise for carriage returns); only such words are looked at byte by byte.
    public static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lineFeeds = ones &* 0x0A, returns = ones &* 0x0D
            func check(_ at: Int) {
                let byte = base[at]
                if byte == 0x0A || (byte == 0x0D && (at + 1 == buffer.count || base[at + 1] != 0x0A)) { starts.append(at + 1) }
            }
            var index = 0
            while index + 8 <= buffer.count {
                let raw = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let feeds = raw ^ lineFeeds, carriage = raw ^ returns
                if ((feeds &- ones) & ~feeds | (carriage &- ones) & ~carriage) & highs != 0 {
                    for offset in 0..<8 { check(index + offset) }
                }
                index += 8
            }
            while index < buffer.count {
                check(index)
                index += 1
            }
        }
        return starts
    }

    /// 3 when the bytes start with a UTF-8 byte order mark (which is skipped), else 0.
    static func byteOrderMarkLength<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Int where Bytes.Element == UInt8, Bytes.Index == Int {
        bytes.count >= 3 && bytes[bytes.startIndex] == 0xEF && bytes[bytes.startIndex + 1] == 0xBB && bytes[bytes.startIndex + 2] == 0xBF ? 3 : 0
    }

    /// Creates a source from text.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based line and character column of a byte offset. (To look up many offsets,
    /// `Positions` counts on from the previous one.)
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        var positions = Positions(self)
        return positions.lineColumn(of: offset)
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = line == 1 ? Source.byteOrderMarkLength(bytes) : lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The text of a byte range.
    public func text(_ range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// A half-open range of UTF-8 byte offsets in one source.
///
/// Stored in 32 bits per offset (sources are limited to 2 GiB) so syntax nodes stay small.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline var storedStart: UInt32
    @usableFromInline var storedEnd: UInt32

    /// First byte.
    @inlinable public var start: Int {
        get { Int(storedStart) }
        set { storedStart = UInt32(clamping: newValue) }
    }

    /// One past the last byte.
    @inlinable public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = UInt32(clamping: newValue) }
    }

    /// Creates a range from byte offsets.
    @inlinable public init(_ start: Int, _ end: Int) {
        storedStart = UInt32(clamping: start)
        storedEnd = UInt32(clamping: max(start, end))
    }

    /// The smallest range covering both.
    @inlinable public func union(_ other: SourceRange) -> SourceRange {
        var range = self
        range.storedStart = min(storedStart, other.storedStart)
        range.storedEnd = max(storedEnd, other.storedEnd)
        return range
    }

    /// A readable form, for messages and debugging.
    public var description: String { "\(start)..<\(end)" }
}

extension Source {
    /// The byte range of the line holding `offset`, without its line break (and without a
    /// byte order mark on the first line).
    func lineBounds(containing offset: Int) -> (start: Int, end: Int) {
        let line = lineIndex(of: offset)
        let start = line == 0 ? Source.byteOrderMarkLength(bytes) : lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return (start, max(start, end))
    }

    /// The 0-based index of the line holding a byte offset, by binary search in the line table.
    func lineIndex(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Line and column of many offsets in increasing order, in time proportional to the bytes
    /// between them: a column is counted on from the previous offset when that is on the same
    /// line and not after it (many diagnostics on one long line would otherwise rescan it each time).
    struct Positions {
        let source: Source
        /// The previous offset, its 0-based line, and the characters from its line's start to it.
        private var last: (offset: Int, line: Int, characters: Int)?

        init(_ source: Source) { self.source = source }

        /// The 1-based line and character column of a byte offset (the same as `Source.lineColumn`).
        mutating func lineColumn(of offset: Int) -> (line: Int, column: Int) {
            let bytes = source.bytes
            let clamped = max(0, min(offset, bytes.count))
            var from: Int, line: Int, characters: Int
            if let last, last.offset <= clamped, clamped < (last.line + 1 < source.lineStarts.count ? source.lineStarts[last.line + 1] : Int.max) {
                (from, line, characters) = last
            } else {
                line = source.lineIndex(of: clamped)
                from = line == 0 ? min(clamped, Source.byteOrderMarkLength(bytes)) : source.lineStarts[line]
                characters = 0
            }
            // Count characters: skip UTF-8 continuation bytes.
            while from < clamped {
                if bytes[from] & 0xC0 != 0x80 { characters += 1 }
                from += 1
            }
            last = (clamped, line, characters)
            var column = 1 + characters
            if clamped < bytes.count, bytes[clamped] & 0xC0 == 0x80 { column -= 1 }
            return (line + 1, max(column, 1))
        }
    }
}
