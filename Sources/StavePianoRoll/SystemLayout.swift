/// Breaks the shown bars into systems (lines of music) that fit a width, as a score wraps.
///
/// A system's content is a boundary column, the cells of one or more bars separated by bar-line
/// columns, and a closing boundary column: `|....|....|`. Whole bars are packed greedily; a bar
/// too long for an empty system is split, and the split is marked by `:` boundaries instead of `|`.
struct SystemLayout {
    /// Part of one bar: the bar's index among the shown bars and a range of its cells.
    struct Segment: Equatable {
        var bar: Int
        var cells: Range<Int>
    }

    /// One line of music: segments of consecutive bars.
    struct System: Equatable {
        var segments: [Segment]
    }

    /// The systems, in order; together they hold every cell of every shown bar once.
    let systems: [System]

    /// Packs bars with `barCells[i]` cells into systems whose content (boundaries, cells and bar
    /// lines) is at most `columns` wide. With fewer than 3 columns each system still holds one cell.
    init(barCells: [Int], columns: Int) {
        let room = max(1, columns - 2)
        var systems: [System] = []
        var current: [Segment] = []
        var used = 0
        for (bar, cells) in barCells.enumerated() {
            let needed = current.isEmpty ? cells : used + 1 + cells
            if needed <= room {
                current.append(Segment(bar: bar, cells: 0..<cells))
                used = needed
                continue
            }
            if !current.isEmpty {
                systems.append(System(segments: current))
                current = []
            }
            var start = 0
            while cells - start > room {
                systems.append(System(segments: [Segment(bar: bar, cells: start..<(start + room))]))
                start += room
            }
            current = [Segment(bar: bar, cells: start..<cells)]
            used = cells - start
        }
        if !current.isEmpty { systems.append(System(segments: current)) }
        self.systems = systems
    }
}
