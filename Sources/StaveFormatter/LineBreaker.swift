/// Breaks body lines longer than the line width after bar lines, and only there.
struct LineBreaker {
    var lineWidth: Int

    /// `text` with the spaces at some of `opportunities` (offsets of spaces after bar lines,
    /// in order, with the indentation a continuation line gets) turned into line breaks: on
    /// each line longer than `lineWidth` columns, the last opportunity that keeps the line
    /// within the width (or, when none does, the first one) until the rest fits.
    func breakLines(_ text: [UInt8], at opportunities: [(offset: Int, indent: Int)]) -> [UInt8] {
        guard !opportunities.isEmpty else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.count + text.count / 32)
        var next = 0
        var lineStart = 0
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A { lineEnd += 1 }
            while next < opportunities.count, opportunities[next].offset < lineStart { next += 1 }
            var candidates: [(offset: Int, indent: Int)] = []
            while next < opportunities.count, opportunities[next].offset < lineEnd {
                candidates.append(opportunities[next])
                next += 1
            }
            var start = lineStart
            // Columns already on the current output line (a continuation's indentation).
            var prefix = 0
            var chosen = 0
            while Self.columns(text, start, lineEnd) + prefix > lineWidth, chosen < candidates.count {
                var pick = -1
                for index in chosen..<candidates.count where prefix + Self.columns(text, start, candidates[index].offset) <= lineWidth {
                    pick = index
                }
                if pick < 0 { pick = chosen }
                let cut = candidates[pick]
                output.append(contentsOf: text[start..<cut.offset])
                output.append(0x0A)
                for _ in 0..<cut.indent { output.append(0x20); output.append(0x20) }
                prefix = 2 * cut.indent
                start = cut.offset + 1
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
