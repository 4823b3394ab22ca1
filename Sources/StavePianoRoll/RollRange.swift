import StaveComposition

/// The extent of a roll and the two lines that describe it: which bars the song has, which are
/// shown, and the title and information lines at the top.
enum RollRange {
    /// The song's last bar: the bar in which the last phrase of any track ends (rests at the end
    /// of a phrase count), 0 for a song without phrases.
    static func lastBar(of song: Song, meterMap: MeterMap) throws -> Int {
        var end = Rational.zero
        for track in song.tracks {
            for placement in Performance.placements(of: track, in: song) {
                let finish = placement.start + placement.body.length * placement.count
                guard !finish.isOverflow, finish >= .zero else {
                    throw PianoRollError.invalidSong("a phrase of track '\(track.id)' has no representable end")
                }
                end = max(end, finish)
            }
        }
        guard end > .zero else { return 0 }
        let (bar, offset, _) = meterMap.locate(end)
        let last = offset == .zero ? bar - 1 : bar
        guard last <= Lowering.maximumBars else {
            throw PianoRollError.invalidSong("it lasts \(last) bars, more than \(Lowering.maximumBars)")
        }
        return last
    }

    /// The bars to show: all of them, or the requested range with its end clipped to the song.
    static func shownBars(requested: ClosedRange<Int>?, lastBar: Int) throws -> ClosedRange<Int> {
        guard let requested else { return 1...lastBar }
        guard requested.lowerBound >= 1, requested.lowerBound <= lastBar else {
            throw PianoRollError.barsOutOfRange(requested: requested, lastBar: lastBar)
        }
        return requested.lowerBound...min(requested.upperBound, lastBar)
    }

    /// `bar 3` or `bars 1-8`.
    static func barsText(_ bars: ClosedRange<Int>) -> String {
        bars.count == 1 ? "bar \(bars.lowerBound)" : "bars \(bars.lowerBound)-\(bars.upperBound)"
    }

    /// `Ode to Joy - L. van Beethoven`.
    static func titleLine(of song: Song) -> String {
        let title = RollTrack.printable(song.title)
        guard let composer = song.composer else { return title }
        return title + " - " + RollTrack.printable(composer)
    }

    /// The parts of the information line, to be joined by `, `: `key D major`, `meter 3/4`,
    /// `6/8 from bar 3`, `bars 1-16 of 16`, `1 column = 1/8 note`, `2 columns per quarter note`.
    static func infoItems(song: Song, meterMap: MeterMap, bars: ClosedRange<Int>, lastBar: Int, step: Rational) -> [String] {
        var meters: [String] = []
        for segment in meterMap.segments {
            let text = "\(segment.meter.numerator)/\(segment.meter.denominator)"
            if segment.bar <= bars.lowerBound {
                meters = [text]
            } else if segment.bar <= bars.upperBound {
                meters.append("\(text) from bar \(segment.bar)")
            }
        }
        if !meters.isEmpty { meters[0] = "meter " + meters[0] }
        return ["key \(RowLabel.key(song.keySignatures[0].key))"] + meters + ["\(barsText(bars)) of \(lastBar)"] + stepItems(step)
    }

    /// `1 column = 1/8 note` and `2 columns per quarter note`; `1 column = 1/2 note` alone,
    /// `1 column = 1 whole note`: the count per quarter only when it is a whole number.
    static func stepItems(_ step: Rational) -> [String] {
        let value = !step.isInteger ? "\(step) note" : step.numerator == 1 ? "1 whole note" : "\(step.numerator) whole notes"
        let perQuarter = Rational(1, 4) / step
        guard perQuarter.isInteger else { return ["1 column = \(value)"] }
        return ["1 column = \(value)", "\(perQuarter.numerator) column\(perQuarter.numerator == 1 ? "" : "s") per quarter note"]
    }

    /// Joins `items` into lines of at most `width` characters, breaking only between items (an
    /// item longer than the width stands alone); continuation lines are indented by two. Items are
    /// joined by `, `, or by a space after an item that ends in `:`; a broken line keeps the comma.
    /// (An item other than the last is placed only when a comma after it would still fit.)
    static func wrap(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, item) in items.enumerated() {
            let colon = current.hasSuffix(":")
            // Keep a column free for the comma a break after this item would add.
            let reserve = index == items.count - 1 ? 0 : 1
            if current.isEmpty {
                current = item
            } else if current.count + (colon ? 1 : 2) + item.count + reserve <= width {
                current += (colon ? " " : ", ") + item
            } else {
                lines.append(current + (colon ? "" : ","))
                current = "  " + item
            }
        }
        lines.append(current)
        return lines
    }

    /// Breaks `text` between words into lines of at most `width` characters (a longer word stands
    /// alone); continuation lines are indented by two.
    static func wrapWords(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = "  " + word
            }
        }
        lines.append(current)
        return lines
    }
}
