import StaveComposition

/// Draws the lines of one system: the ruler and the rows of cells, each behind a label column.
///
/// A line is the label padded to `labelWidth`, a boundary (`|` at a bar line, `:` where a long bar
/// is split), the segments' cells with `|` between bars, and a closing boundary.
struct SystemDrawing {
    let grid: RollGrid
    let meterMap: MeterMap
    let glyphs: RollGlyphs
    /// Width of the label column, including at least one space after the longest label.
    let labelWidth: Int

    /// The ruler: each bar's number from its first cell when it fits in the bar's cells on this
    /// line, a beat mark at each other beat, spaces elsewhere.
    func ruler(_ system: SystemLayout.System) -> String {
        var line = String(repeating: " ", count: labelWidth)
        drawLine(system, into: &line) { segment, line in
            let barStart = grid.barStarts[segment.bar]
            let beat = RollGrid.beat(of: meterMap.locate(barStart).meter)
            var number = Array(segment.cells.lowerBound == 0 ? String(grid.firstBar + segment.bar) : "")
            if number.count > segment.cells.count { number = [] }
            for (index, cell) in segment.cells.enumerated() {
                if index < number.count {
                    line.append(number[index])
                } else if cell > 0, (grid.step * cell / beat).isInteger {
                    line.append(glyphs.beat)
                } else {
                    line.append(" ")
                }
            }
        }
        return line
    }

    /// One row of a track: its label, then a glyph per cell.
    func row(_ row: RollTrack.Row, _ system: SystemLayout.System) -> String {
        var line = row.label + String(repeating: " ", count: max(1, labelWidth - row.label.count))
        drawLine(system, into: &line) { segment, line in
            let offset = grid.firstCell[segment.bar]
            for cell in segment.cells {
                switch row.cells[offset + cell] {
                case .empty: line.append(glyphs.empty)
                case .sustain: line.append(glyphs.sustain)
                case .onset: line.append(glyphs.onset)
                case .grace: line.append(glyphs.grace)
                case .accent: line.append(glyphs.accent)
                }
            }
        }
        return line
    }

    /// A line of words under or above a track's rows (lyrics, chord symbols): `label`, then each
    /// text from the column of the cell where it starts, where it fits whole — before the next
    /// text with a space between, and within the system; a text that does not fit is left out.
    /// Nil when no text of `texts` falls in this system.
    func words(_ label: String, _ texts: [PerformedText], _ system: SystemLayout.System) -> String? {
        guard let first = system.segments.first, let last = system.segments.last else { return nil }
        // The column (from the line's content start) of each cell of the system.
        var columnOfCell: [Int: Int] = [:]
        var column = 1
        for (index, segment) in system.segments.enumerated() {
            if index > 0 { column += 1 }
            for cell in segment.cells {
                columnOfCell[grid.firstCell[segment.bar] + cell] = column
                column += 1
            }
        }
        let width = column + 1
        let systemStart = grid.firstCell[first.bar] + first.cells.lowerBound
        let systemEnd = grid.firstCell[last.bar] + last.cells.upperBound
        let placed = texts.compactMap { text -> (column: Int, text: [Character])? in
            let cell = grid.cell(at: text.time).index
            guard cell >= systemStart, cell < systemEnd, let column = columnOfCell[cell] else { return nil }
            return (column, Array(RollTrack.printable(text.text)))
        }
        guard !placed.isEmpty else { return nil }
        var content = Array(repeating: Character(" "), count: width)
        var free = 0
        for (index, item) in placed.enumerated() {
            let limit = index + 1 < placed.count ? placed[index + 1].column - 1 : width
            guard item.column >= free, item.column + item.text.count <= limit else { continue }
            for (offset, character) in item.text.enumerated() { content[item.column + offset] = character }
            free = item.column + item.text.count + 1
        }
        var line = label + String(repeating: " ", count: max(1, labelWidth - label.count)) + String(content)
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Appends the boundaries and bar lines of `system` to `line`, and each segment's cells by `cells`.
    private func drawLine(_ system: SystemLayout.System, into line: inout String,
                          cells: (SystemLayout.Segment, inout String) -> Void) {
        guard let first = system.segments.first, let last = system.segments.last else { return }
        line.append(first.cells.lowerBound == 0 ? glyphs.barLine : glyphs.split)
        for (index, segment) in system.segments.enumerated() {
            if index > 0 { line.append(glyphs.barLine) }
            cells(segment, &line)
        }
        line.append(last.cells.upperBound == grid.barCells[last.bar] ? glyphs.barLine : glyphs.split)
    }
}
