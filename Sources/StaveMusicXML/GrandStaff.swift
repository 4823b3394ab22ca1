/// A piano part on two staves (treble and bass, split at middle C), when one staff does not
/// fit its range.
enum GrandStaff {
    /// The lowest key a treble staff shows with at most two ledger lines below (A3) and the
    /// highest a bass staff shows with at most two above (E4, counting middle C's line).
    static let trebleLowest = 57
    static let bassHighest = 64
    /// Keys from middle C up go on the upper staff.
    static let split = 60

    /// True for a General MIDI piano (programs 0–7) whose notes reach below the treble staff's
    /// comfortable range and above the bass staff's.
    static func isNeeded(program: Int, notes: [WrittenNote]) -> Bool {
        guard (0...7).contains(program), let lowest = notes.min(by: { $0.pitch < $1.pitch })?.pitch,
              let highest = notes.max(by: { $0.pitch < $1.pitch })?.pitch else { return false }
        return lowest < trebleLowest && highest > bassHighest
    }

    /// The part with each voice split in two: voice 2v holds the notes of voice v from middle C
    /// up (staff 1), voice 2v + 1 those below (staff 2). A leaf inside a tuplet stays on both
    /// staves (as a tuplet rest where it has no notes), so that each staff's brackets close.
    /// Grace groups and lyrics go with the staff whose notes start there (the upper when both
    /// do); the pedal goes below, the other directions above.
    static func split(_ part: PartNotation) -> PartNotation {
        var result = part
        result.staves = 2
        result.notes = []
        result.notes.reserveCapacity(part.notes.count)
        result.voices = []
        result.directions = []
        result.attachments = []
        for (index, leaves) in part.voices.enumerated() {
            var upper: [Leaf] = [], lower: [Leaf] = []
            upper.reserveCapacity(leaves.count)
            lower.reserveCapacity(leaves.count)
            let attached = index < part.attachments.count && !part.attachments[index].isEmpty
            var upperStarts = Set<Int>()
            for leaf in leaves {
                let notes = Int(leaf.notesStart)..<Int(leaf.notesStart + leaf.notesCount)
                var high = 0
                for note in notes where part.notes[note].pitch >= split { high += 1 }
                if high > 0 || leaf.frame >= 0 {
                    upper.append(moved(leaf, count: high, into: &result.notes))
                    for note in notes where part.notes[note].pitch >= split { result.notes.append(part.notes[note]) }
                    if high > 0, attached { upperStarts.insert(leaf.start) }
                }
                if high < notes.count || leaf.frame >= 0 {
                    lower.append(moved(leaf, count: notes.count - high, into: &result.notes))
                    for note in notes where part.notes[note].pitch < split { result.notes.append(part.notes[note]) }
                }
            }
            result.voices += [upper, lower]
            var above: [VoiceDirection] = [], below: [VoiceDirection] = []
            for direction in index < part.directions.count ? part.directions[index] : [] {
                if case .pedal = direction.kind { below.append(direction) } else { above.append(direction) }
            }
            result.directions += [above, below]
            var onUpper: [NoteAttachment] = [], onLower: [NoteAttachment] = []
            for attachment in index < part.attachments.count ? part.attachments[index] : [] {
                if upperStarts.contains(attachment.time) { onUpper.append(attachment) } else { onLower.append(attachment) }
            }
            result.attachments += [onUpper, onLower]
        }
        if result.voices.isEmpty { result.voices = [[], []] }
        return result
    }

    /// The leaf with its notes about to be appended to `list` (`count` of them).
    private static func moved(_ leaf: Leaf, count: Int, into list: inout [WrittenNote]) -> Leaf {
        var copy = leaf
        copy.notesStart = Int32(list.count)
        copy.notesCount = Int32(count)
        return copy
    }
}
