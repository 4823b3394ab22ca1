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

    /// Offsets just after each line feed, and 0. Scans eight bytes at a time: a word holds a
    /// line feed exactly when `word ^ 0x0A…0A` has a zero byte, which `(x − 0x01…01) & ~x &
    /// 0x80…80` detects; only such words are looked at byte by byte.
    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lineFeeds = ones &* 0x0A
            var index = 0
            while index + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ lineFeeds
                if (word &- ones) & ~word & highs != 0 {
                    for offset in 0..<8 where base[index + offset] == 0x0A { starts.append(index + offset + 1) }
                }
                index += 8
            }
            while index < buffer.count {
                if base[index] == 0x0A { starts.append(index + 1) }
                index += 1
            }
        }
        return starts
    }

    /// Creates a source from text.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based line and character column of a byte offset.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            // Count characters: skip UTF-8 continuation bytes.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        if clamped < bytes.count, bytes[clamped] & 0xC0 == 0x80 { column -= 1 }
        return (low + 1, max(column, 1))
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
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
