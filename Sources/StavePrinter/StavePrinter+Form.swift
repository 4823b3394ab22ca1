import StaveComposition

extension StavePrinter {
    /// The form's header statements as written (rule 18): the repeats in bar order, then the
    /// signs in the order a reader meets them (`segno`, the jump, `fine`, `to-coda`, `coda`).
    /// An ending of one bar prints as `C`, a count only when it was written.
    static func formStatements(_ form: Form) -> [String] {
        var lines: [String] = []
        for section in form.repeats.sorted(by: { $0.first < $1.first }) {
            var line = "repeat bars \(section.first)-\(section.last)"
            if let passes = section.writtenPasses { line += " x\(passes)" }
            if !section.endings.isEmpty {
                line += " endings " + section.endings.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: " ")
            }
            lines.append(line)
        }
        if let segno = form.segno { lines.append("segno at \(segno.bar)") }
        if let jump = form.jump { lines.append("\(jump.toSegno ? "ds" : "dc") at \(jump.bar)") }
        if let fine = form.fine { lines.append("fine at \(fine.bar)") }
        if let toCoda = form.toCoda { lines.append("to-coda at \(toCoda.bar)") }
        if let coda = form.coda { lines.append("coda at \(coda.bar)") }
        return lines
    }
}
