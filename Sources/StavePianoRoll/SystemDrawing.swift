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
                }
            }
        }
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
