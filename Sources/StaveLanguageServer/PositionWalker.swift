/// Converts byte offsets of a document to protocol positions when they come in increasing
/// order (the tokens of a whole document): each line is scanned once, not once per offset.
/// An offset before the previous one starts again from its line (still correct, only slower).
struct PositionWalker {
    let document: TextDocument
    private var line = 0
    /// The byte reached on `line`, and the UTF-16 units before it on that line.
    private var index = 0
    private var units = 0

    init(_ document: TextDocument) {
        self.document = document
        index = document.lineStarts.first ?? 0
    }

    /// The position of `offset`: its line, and the UTF-16 units before it on that line (an
    /// offset inside a character counts from the character's start).
    mutating func position(of offset: Int) -> LSPPosition {
        let bytes = document.bytes, starts = document.lineStarts
        let offset = max(0, min(offset, bytes.count))
        let nextLineStart = line + 1 < starts.count ? starts[line + 1] : Int.max
        if offset < index || offset >= nextLineStart {
            // Another line, or backwards: find the line and scan it from its start.
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            line = low
            index = starts[low]
            units = 0
        }
        while index < offset {
            let (length, width) = TextDocument.scalar(bytes, at: index)
            if index + length > offset { break }
            units += width
            index += length
        }
        return LSPPosition(line: line, character: units)
    }
}
