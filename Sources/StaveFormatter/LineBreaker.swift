/// Breaks body lines longer than the line width after bar lines, and only there.
struct LineBreaker {
    var lineWidth: Int

    /// `text` with the spaces at some of `opportunities` (offsets of spaces after bar lines,
    /// in order, with the indentation a continuation line gets) turned into line breaks: on
    /// each line longer than `lineWidth` columns, the last opportunity that keeps the line
    /// within the width (or, when none does, the first one) until the rest fits.
    ///
    /// Linear in the length of `text`: each line's columns are counted once, up to each of its
    /// opportunities, and every opportunity is looked at a bounded number of times.
    func breakLines(_ text: [UInt8], at opportunities: [(offset: Int, indent: Int)]) -> [UInt8] {
        guard !opportunities.isEmpty else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.count + text.count / 32)
        var next = 0
        var lineStart = 0
        // The line's opportunities, each with the columns from the line's start to it.
        var candidates: [(offset: Int, indent: Int, column: Int)] = []
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A { lineEnd += 1 }
            while next < opportunities.count, opportunities[next].offset < lineStart { next += 1 }
            candidates.removeAll(keepingCapacity: true)
            var column = 0
            var counted = lineStart
            while next < opportunities.count, opportunities[next].offset < lineEnd {
                column += Self.columns(text, counted, opportunities[next].offset)
                counted = opportunities[next].offset
                candidates.append((opportunities[next].offset, opportunities[next].indent, column))
                next += 1
            }
            let lineColumns = column + Self.columns(text, counted, lineEnd)
            var start = lineStart
            // Columns from the line's start to `start` in the text.
            var startColumn = 0
            // Columns already on the current output line (a continuation's indentation).
            var prefix = 0
            var chosen = 0
            while lineColumns - startColumn + prefix > lineWidth, chosen < candidates.count {
                // The columns to an opportunity grow with its offset: the last one that fits is
                // the one before the first that does not.
                var pick = chosen
                while pick + 1 < candidates.count, prefix + candidates[pick + 1].column - startColumn <= lineWidth { pick += 1 }
                let cut = candidates[pick]
                output.append(contentsOf: text[start..<cut.offset])
                output.append(0x0A)
                for _ in 0..<cut.indent { output.append(0x20); output.append(0x20) }
                prefix = 2 * cut.indent
                start = cut.offset + 1
                // The space at the opportunity takes one column.
                startColumn = cut.column + 1
                chosen = pick + 1
            }
            output.append(contentsOf: text[start..<lineEnd])
            if lineEnd < text.count { output.append(0x0A) }
            lineStart = lineEnd + 1
        }
        return output
    }

    /// Columns of `text[from..<to]`: one per character (UTF-8 continuation bytes take none).
    static func columns(_ text: [UInt8], _ from: Int, _ to: Int) -> Int {
        var count = 0
        for index in from..<to where text[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
