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
    /// The longest line (`PianoRollOptions.width`): lines of words may run past the system's
    /// closing bar line up to it.
    let lineWidth: Int
    /// `PianoRollOptions.writtenBars`.
    var writtenBars: [Int]? = nil

    /// The ruler: each bar's number from its first cell when it fits in the bar's cells on this
    /// line, a beat mark at each other beat, spaces elsewhere.
    func ruler(_ system: SystemLayout.System) -> String {
        var line = String(repeating: " ", count: labelWidth)
        drawLine(system, into: &line) { segment, line in
            let barStart = grid.barStarts[segment.bar]
            let beat = RollGrid.beat(of: meterMap.locate(barStart).meter)
            let bar = grid.firstBar + segment.bar
            var number = Array(segment.cells.lowerBound == 0 ? String(bar) : "")
            // A performance bar that plays another written bar: `9 (=1)` when it fits.
            if !number.isEmpty, let written = writtenBars, bar - 1 < written.count, written[bar - 1] != bar {
                let labelled = Array("\(bar) (=\(written[bar - 1]))")
                if labelled.count <= segment.cells.count { number = labelled }
            }
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
                let value = row.cells[offset + cell]
                switch value.kind {
                case .empty: line.append(glyphs.empty)
                case .sustain: line.append(glyphs.sustain(value.band))
                case .onset: line.append(glyphs.onset(value.band))
                case .grace: line.append(glyphs.grace)
                case .accent: line.append(glyphs.accent)
                }
            }
        }
        return line
    }

    /// The lines of words under or above a track's rows (lyrics, chord symbols) in one system,
    /// the line nearest the music first, each beginning with `label`. Each text starts in the
    /// column of the cell where it starts and goes on the first line where it fits: after the
    /// line's previous text with a space between. A text that would run past the line's width
    /// (`lineWidth`) is moved left to end there, and one longer than the whole line is cut.
    /// Every text of the system is shown; empty when none falls in it.
    func words(_ label: String, _ texts: [PerformedText], _ system: SystemLayout.System) -> [String] {
        guard let first = system.segments.first, let last = system.segments.last else { return [] }
        let systemStart = grid.firstCell[first.bar] + first.cells.lowerBound
        let systemEnd = grid.firstCell[last.bar] + last.cells.upperBound
        // The column (from the line's content start, the opening boundary being 0) of each cell
        // of the system: one per cell, one more at each bar line between segments.
        var columnOfCell: [Int: Int] = [:]
        var column = 1
        for (index, segment) in system.segments.enumerated() {
            if index > 0 { column += 1 }
            for cell in segment.cells {
                columnOfCell[grid.firstCell[segment.bar] + cell] = column
                column += 1
            }
        }
        let room = max(2, lineWidth - labelWidth)
        var placed: [(column: Int, text: [Character])] = []
        for text in texts {
            let cell = grid.cell(at: text.time).index
            guard cell >= systemStart, cell < systemEnd, let column = columnOfCell[cell] else { continue }
            var characters = Array(RollTrack.printable(text.text))
            guard !characters.isEmpty else { continue }
            if characters.count > room - 1 { characters = Array(characters.prefix(room - 1)) }
            placed.append((min(column, room - characters.count), characters))
        }
        // Stable: texts of one cell keep their order.
        placed = placed.enumerated().sorted { $0.element.column != $1.element.column ? $0.element.column < $1.element.column : $0.offset < $1.offset }.map(\.element)
        // Each line: its text, and the first column a next text may take (one space after).
        var lines: [String] = []
        var free: [Int] = []
        let padding = String(repeating: " ", count: max(1, labelWidth - label.count))
        for item in placed {
            let index = free.firstIndex { $0 <= item.column } ?? lines.count
            if index == lines.count {
                lines.append(label + padding)
                free.append(0)
            }
            // Texts on one line go left to right: pad from the end of the previous one.
            lines[index] += String(repeating: " ", count: item.column - max(0, free[index] - 1)) + String(item.text)
            free[index] = item.column + item.text.count + 1
        }
        return lines
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
