import StaveComposition

/// Finds passages played again exactly, bar for bar, so that an imported track reads as an
/// Original phrase and a `repeat … xN` rather than the same bars written out again.
///
/// A body is cut only at bar starts that no note crosses and no tie reaches over. From the first
/// bar on, the run of back-to-back equal chunks (1–16 bars each) covering the most bars wins;
/// bars in no run stay in plain Original phrases. Bodies with in-body tempo changes are left
/// whole. The notes, and so the compiled MIDI, are exactly those of the body.
enum RepeatFinder {
    /// The longest chunk tried, in bars.
    static let longestChunk = 16

    /// The phrases of a body that starts at `start` (a bar start): Originals, some with an ID
    /// (`p1`, `p2`, … from `nextID`) and a Repeat after them.
    static func phrases(_ body: PhraseBody, start: Rational, meterMap: MeterMap, nextID: inout Int) -> [Phrase] {
        let whole = [Phrase(start: start, content: .original(body))]
        guard body.tempos.isEmpty, !body.notes.isEmpty else { return whole }
        // Bar starts inside the body, as offsets from its start, and the body's end.
        var cuts: [Rational] = [.zero]
        var bar = meterMap.locate(start).bar + 1
        while true {
            let offset = meterMap.start(ofBar: bar) - start
            guard offset < body.length else { break }
            cuts.append(offset)
            bar += 1
        }
        cuts.append(body.length)
        let barCount = cuts.count - 1
        guard barCount >= 2 else { return whole }
        // The containers of each bar (index ranges) and the bars that may be cut at their start.
        var firstContainer = [Int](repeating: body.notes.count, count: cuts.count)
        var cuttable = [Bool](repeating: true, count: cuts.count)
        var index = 0
        for (barIndex, cut) in cuts.enumerated() {
            while index < body.notes.count, body.notes[index].position < cut {
                let note = body.notes[index]
                let end = note.position + note.width
                if end > cut { cuttable[barIndex] = false }
                if end == cut, RepeatFinder.isTied(note) { cuttable[barIndex] = false }
                index += 1
            }
            firstContainer[barIndex] = index
        }
        func chunk(_ from: Int, _ to: Int) -> ArraySlice<RootNote> { body.notes[firstContainer[from]..<firstContainer[to]] }
        func equal(_ a: Int, _ b: Int, bars: Int) -> Bool {
            guard cuts[a + bars] - cuts[a] == cuts[b + bars] - cuts[b] else { return false }
            let left = chunk(a, a + bars), right = chunk(b, b + bars)
            guard left.count == right.count, !left.isEmpty else { return false }
            let shift = cuts[b] - cuts[a]
            return zip(left, right).allSatisfy { first, second in
                first.width == second.width && first.position + shift == second.position && first.divisions == second.divisions
            }
        }

        var phrases: [Phrase] = []
        var pendingFrom = 0
        func original(_ from: Int, _ to: Int, id: String?) -> Phrase {
            let offset = cuts[from]
            let notes = chunk(from, to).map { note -> RootNote in
                var moved = note
                moved.position = note.position - offset
                return moved
            }
            return Phrase(id: id, start: start + offset, content: .original(PhraseBody(length: cuts[to] - offset, notes: notes)))
        }
        var barIndex = 0
        while barIndex < barCount {
            var best: (bars: Int, copies: Int)?
            if cuttable[barIndex], barCount - barIndex >= 2 {
                for bars in 1...min(longestChunk, (barCount - barIndex) / 2) where cuttable[barIndex + bars] {
                    var copies = 1
                    // `repeat … xN` takes N up to `Lowering.maximumRepeat`: more copies start another repeat.
                    while copies <= Lowering.maximumRepeat, barIndex + (copies + 1) * bars <= barCount, cuttable[barIndex + (copies + 1) * bars],
                          equal(barIndex, barIndex + copies * bars, bars: bars) {
                        copies += 1
                    }
                    if copies >= 2, bars * copies > (best.map { $0.bars * $0.copies } ?? 0) { best = (bars, copies) }
                }
            }
            guard let (bars, copies) = best else {
                barIndex += 1
                continue
            }
            if pendingFrom < barIndex { phrases.append(original(pendingFrom, barIndex, id: nil)) }
            let id = "p\(nextID)"
            nextID += 1
            phrases.append(original(barIndex, barIndex + bars, id: id))
            phrases.append(Phrase(start: start + cuts[barIndex + bars], content: .repeat(source: id, count: copies - 1)))
            barIndex += bars * copies
            pendingFrom = barIndex
        }
        guard !phrases.isEmpty else { return whole }
        if pendingFrom < barCount { phrases.append(original(pendingFrom, barCount, id: nil)) }
        // An Original of rests only is silence: leave it out.
        return phrases.filter { phrase in
            if case .original(let body) = phrase.content, phrase.id == nil { return !body.notes.isEmpty }
            return true
        }
    }

    /// True when a container ends with a tie (a tied note in its last subdivision).
    static func isTied(_ note: RootNote) -> Bool {
        if let single = note.singleNote { return single.tie }
        if let chord = note.singleChord { return chord.contains { $0.tie } }
        return lastChord(note.divisions)?.contains { $0.tie } ?? false
    }

    static func lastChord(_ divisions: [TupletNote]) -> [ChordNote]? {
        switch divisions.last {
        case .chord(let notes)?: return notes
        case .tuplet(let items)?: return lastChord(items)
        case nil: return nil
        }
    }
}
