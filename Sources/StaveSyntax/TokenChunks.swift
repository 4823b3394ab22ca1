/// A source's tokens in fixed-size chunks, which the parser releases once it has moved past
/// them: a large song's tokens and its syntax tree are then never held in full at the same time.
///
/// The parser looks back at most one token (`position - 1`), so a chunk is released only when
/// the parser stands at least one token into the next one.
struct TokenChunks {
    static let shift = 16
    static let size = 1 << shift

    private var chunks: [[Token]]
    /// Chunks before this one have been released.
    private var firstKept = 0
    /// How many tokens there are (the last is `.end`).
    let count: Int

    init(_ chunks: [[Token]]) {
        self.chunks = chunks
        count = chunks.reduce(0) { $0 + $1.count }
    }

    @inline(__always)
    subscript(index: Int) -> Token {
        chunks[index >> TokenChunks.shift][index & (TokenChunks.size - 1)]
    }

    /// Releases every chunk wholly before the one holding `index - 1`.
    mutating func release(before index: Int) {
        let keep = max(0, index - 1) >> TokenChunks.shift
        while firstKept < keep {
            chunks[firstKept] = []
            firstKept += 1
        }
    }

    /// All tokens as one array (for tests and tools; the parser reads the chunks).
    var all: [Token] { chunks.flatMap { $0 } }
}
