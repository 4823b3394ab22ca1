import StaveComposition

/// The parts of the score: a track of its own is a part; tracks with the same `staff PART N`
/// part are one part whose staves hold their voices (LANGUAGE: "Parts and staves").
///
/// A part stands where its first track stands. Its tracks are laid out one by one and merged:
/// voices ordered by staff (tracks of one staff in source order: voice 1, then voice 2), each
/// staff's clef chosen by its notes' range as a one-track part's is, the instrument that of
/// its first track. MIDI is not affected: this is notation only.
enum PartStaves {
    /// The laid-out parts in score order.
    static func parts(of song: Song, divisions: Int) throws -> [PartNotation] {
        var order: [[Int]] = []
        var groupOf: [String: Int] = [:]
        for (index, track) in song.tracks.enumerated() {
            guard let staff = track.staff else {
                order.append([index])
                continue
            }
            if let group = groupOf[staff.part] {
                order[group].append(index)
            } else {
                groupOf[staff.part] = order.count
                order.append([index])
            }
        }
        return try order.map { group in
            let first = song.tracks[group[0]]
            guard let staff = first.staff else {
                var part = try NotationBuilder.layout(first, in: song, divisions: divisions)
                part.track = group[0]
                return part
            }
            let layouts = try group.map { (part: try NotationBuilder.layout(song.tracks[$0], in: song, divisions: divisions),
                                           staff: song.tracks[$0].staff?.number ?? 1, id: song.tracks[$0].id) }
            var part = try merge(layouts)
            part.track = group[0]
            part.partName = staff.part
            return part
        }
    }

    /// The tracks' layouts merged into one part, staff by staff.
    static func merge(_ layouts: [(part: PartNotation, staff: Int, id: String)]) throws -> PartNotation {
        var result = PartNotation()
        let ordered = layouts.enumerated().sorted { ($0.element.staff, $0.offset) < ($1.element.staff, $1.offset) }.map(\.element)
        result.staves = layouts.map(\.staff).max() ?? 1
        let octaveUp = layouts.filter(\.part.writtenOctaveUp)
        if !octaveUp.isEmpty {
            guard octaveUp.count == layouts.count else {
                throw BackendError("track '\(octaveUp[0].id)' reaches below MIDI 10 (C double-flat 0) and is written an octave up, which the other tracks of its part are not: give it a part of its own")
            }
            result.writtenOctaveUp = true
        }
        var pitchSums = [Int](repeating: 0, count: result.staves)
        var pitchCounts = [Int](repeating: 0, count: result.staves)
        let marked = layouts.contains { !$0.part.directions.isEmpty || !$0.part.attachments.isEmpty }
        for (part, staff, _) in ordered {
            let noteBase = Int32(result.notes.count), frameBase = Int32(result.frames.count), graceBase = result.graceGroups.count
            for note in part.notes {
                pitchSums[staff - 1] += note.pitch
                pitchCounts[staff - 1] += 1
            }
            result.notes += part.notes
            result.frames += part.frames.map { frame in
                var moved = frame
                if moved.parent >= 0 { moved.parent += Int(frameBase) }
                return moved
            }
            result.graceGroups += part.graceGroups
            for voice in 0..<max(1, part.voices.count) {
                let leaves = voice < part.voices.count ? part.voices[voice] : []
                result.voices.append(leaves.map { leaf in
                    var moved = leaf
                    moved.notesStart += noteBase
                    if moved.frame >= 0 { moved.frame += frameBase }
                    return moved
                })
                result.voiceStaves.append(staff)
                guard marked else { continue }
                result.directions.append(voice < part.directions.count ? part.directions[voice] : [])
                result.attachments.append((voice < part.attachments.count ? part.attachments[voice] : []).map { attachment in
                    var moved = attachment
                    if case .graces(let group) = attachment.kind { moved.kind = .graces(group + graceBase) }
                    return moved
                })
            }
        }
        result.clefs = (0..<result.staves).map { pitchCounts[$0] > 0 && pitchSums[$0] < 60 * pitchCounts[$0] ? .bass : .treble }
        if result.staves == 1 {
            // One staff of two voices: an ordinary part with its clef.
            result.clef = result.clefs[0]
            result.clefs = []
            result.voiceStaves = []
        }
        return result
    }

    /// `piano` → `Piano`, `left_hand` → `Left Hand`: a part's name as the score shows it.
    static func readableName(_ part: String) -> String {
        part.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
