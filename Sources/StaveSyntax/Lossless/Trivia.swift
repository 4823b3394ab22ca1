/// What stands between two tokens: spaces, line breaks, comments, and characters that are no
/// token (already reported by the lexer). Trivia is not stored: it is the bytes between one
/// token's end and the next one's start, read into pieces when asked for.
public struct TriviaPiece: Equatable, Sendable {
    /// The kinds of trivia.
    public enum Kind: UInt8, Equatable, Sendable {
        /// Spaces and tabs.
        case spaces
        /// One line break: LF, CR LF or a lone CR.
        case newline
        /// `// …` to the end of the line (the line break is not part of it).
        case lineComment
        /// `/* … */`, or an unterminated `/*` to the end of the file.
        case blockComment
        /// The UTF-8 byte order mark that starts a file.
        case byteOrderMark
        /// Characters that start no token (the lexer reported them).
        case unexpected
    }

    /// What the piece is.
    public var kind: Kind
    /// Its bytes.
    public var range: SourceRange

    /// Creates a `TriviaPiece` from its parts.
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// True for the two kinds of comment.
    public var isComment: Bool { kind == .lineComment || kind == .blockComment }
}

extension TriviaPiece {
    /// Splits the bytes of `range` (which hold no token) into pieces, in order.
    static func pieces(of range: SourceRange, in bytes: [UInt8]) -> [TriviaPiece] {
        var pieces: [TriviaPiece] = []
        var index = range.start
        let end = range.end
        if index == 0, Source.byteOrderMarkLength(bytes) > 0, end >= 3 {
            pieces.append(TriviaPiece(.byteOrderMark, SourceRange(0, 3)))
            index = 3
        }
        while index < end {
            let start = index
            let kind: Kind
            switch bytes[index] {
            case 0x20, 0x09:
                while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                kind = .spaces
            case 0x0A:
                index += 1
                kind = .newline
            case 0x0D:
                index += index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
                kind = .newline
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "/"):
                while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                kind = .lineComment
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                index = blockCommentEnd(bytes, from: start, end: end)
                kind = .blockComment
            default:
                while index < end, !startsTrivia(bytes, at: index, end: end) { index += 1 }
                kind = .unexpected
            }
            pieces.append(TriviaPiece(kind, SourceRange(start, index)))
        }
        return pieces
    }

    /// One past the `*/` that closes the block comment starting at `start` (the end when none does).
    private static func blockCommentEnd(_ bytes: [UInt8], from start: Int, end: Int) -> Int {
        var index = start + 2
        while index + 1 < end {
            if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return end
    }

    /// True where a space, a line break or a comment starts.
    private static func startsTrivia(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: return true
        case UInt8(ascii: "/"): return index + 1 < end && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
        default: return false
        }
    }

    /// Where a token's trailing trivia ends in the gap `range` after it: at the first line
    /// break that is not inside a block comment (the break itself starts the next token's
    /// leading trivia), or at the end of the gap.
    static func endOfTrailing(in range: SourceRange, of bytes: [UInt8]) -> Int {
        var index = range.start
        let end = range.end
        while index < end {
            switch bytes[index] {
            case 0x0A, 0x0D:
                return index
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                index = blockCommentEnd(bytes, from: index, end: end)
            default:
                index += 1
            }
        }
        return min(index, end)
    }
}
