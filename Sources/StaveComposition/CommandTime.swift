/// When a command of a body takes effect (LANGUAGE.md "Time of a command"): where it stands,
/// except that grace notes move the commands written among them and in the chord they decorate.
/// `(d e)[c e g pedal down]4` presses the pedal with the chord, after both grace notes; in
/// `v60 !< c (d v90 e)f` the crescendo ends at `e`. Every backend times pedal, controller, bend,
/// marker and hairpin ends through this one rule.
extension PhraseBody {
    /// The time of a command written at `offset` after `afterGraces` items of the grace group
    /// decorating the note there: offset + afterGraces·g, g = min(1/32, L/(2k)) for the group's
    /// k items and the note's written length L. `offset` itself when no grace item sounds before
    /// the command (or, in a body with errors, when no group or note is there).
    public func time(of offset: Rational, afterGraces: Int) -> Rational {
        guard afterGraces > 0, let k = graceItems(at: offset), k > 0, let length = writtenLength(at: offset) else { return offset }
        let grace = min(Rational(1, 32), length / (2 * k))
        return offset + grace * min(afterGraces, k)
    }

    /// The item count of the grace group at `offset`; nil when there is none. Groups are in
    /// time order.
    func graceItems(at offset: Rational) -> Int? {
        let graces = expression.graces
        var low = 0, high = graces.count
        while low < high {
            let middle = (low + high) / 2
            if graces[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        guard low < graces.count, graces[low].offset == offset else { return nil }
        return graces[low].items.count
    }

    /// The written length of the note or chord that starts at `offset` (in a tuplet, its
    /// share); nil when none starts there.
    func writtenLength(at offset: Rational) -> Rational? {
        var low = 0, high = notes.count
        while low < high {
            let middle = (low + high) / 2
            if notes[middle].position <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let root = notes[low - 1]
        if root.position == offset, root.singleNote != nil || root.singleChord != nil { return root.width }
        var divisions = root.divisions, start = root.position, width = root.width
        // Down the tuplets: the item that holds `offset`, until a note or chord starts there.
        while !divisions.isEmpty {
            let part = width / divisions.count
            let ratio = (offset - start) / part
            guard ratio.denominator > 0, ratio.numerator >= 0 else { return nil }
            let index = ratio.numerator / ratio.denominator
            guard index < divisions.count else { return nil }
            switch divisions[index] {
            case .chord:
                return ratio.isInteger ? part : nil
            case .tuplet(let items):
                divisions = items
                start = start + part * index
                width = part
            }
        }
        return nil
    }
}
