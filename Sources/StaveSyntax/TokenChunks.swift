/// A source's tokens in fixed-size chunks, which the parser releases once it has moved past
/// them: a large song's tokens and its syntax tree are then never held in full at the same time.
///
/// The parser looks back at most one token (`position - 1`), so a chunk is released only when
/// the parser stands at least one token into the next one.
struct TokenChunks {
    /// Tokens per chunk, as a power of two: 65,536 (tests use tiny chunks to cross boundaries).
    static let defaultShift = 16

    let shift: Int
    /// `index & mask` is an index's place in its chunk.
    private let mask: Int
    private var chunks: [[Token]]
    /// Chunks before this one have been released.
    private var firstKept = 0
    /// How many tokens there are (the last is `.end`).
    let count: Int
    /// When true, nothing is released: the caller wants every token after the parse.
    let keepsAll: Bool

    init(_ chunks: [[Token]], shift: Int, keepsAll: Bool = false) {
        self.chunks = chunks
        self.shift = shift
        self.mask = (1 << shift) &- 1
        self.keepsAll = keepsAll
        count = chunks.reduce(0) { $0 + $1.count }
    }

    /// Every token in one array (when nothing was released).
    consuming func all() -> [Token] {
        if chunks.count == 1 { return chunks[0] }
        var tokens: [Token] = []
        tokens.reserveCapacity(count)
        for chunk in chunks { tokens.append(contentsOf: chunk) }
        return tokens
    }

    /// (Indices are never negative and `shift` is below 63, so the shift needs no checks.)
    @inline(__always)
    subscript(index: Int) -> Token {
        chunks[index &>> shift][index & mask]
    }

    /// True when `index` is the second token of a chunk: where the parser releases chunks.
    @inline(__always)
    func isSecondOfChunk(_ index: Int) -> Bool { index & mask == 1 }

    /// Releases every chunk wholly before the one holding `index - 1`.
    mutating func release(before index: Int) {
        guard !keepsAll else { return }
        let keep = max(0, index - 1) >> shift
        while firstKept < keep {
            chunks[firstKept] = []
            firstKept += 1
        }
    }
}
