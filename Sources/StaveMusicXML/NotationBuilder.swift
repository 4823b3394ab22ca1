import StaveComposition
import StaveSyntax

/// Lays a track out for the score: every placement of its phrases (Originals, each Repeat
/// copy, Syncs, as `Performance.placements` expands them) flattened into leaves in exact
/// divisions, placements that overlap put into separate voices, tuplets given their written
/// ratios, and notes spelled.
struct NotationBuilder {
    /// Divisions per quarter note.
    let divisions: Int
    var key: Key
    var part = PartNotation()
    private var pitchSum = 0
    private var pitchCount = 0
    var drumKeys = Set<Int>()

    /// Stave 3 key changes: the keys as the song sounds, and the start of the placement being
    /// flattened (`key` follows them, note by note).
    var keyMap: KeyMap?
    var placementStart = Rational.zero
    /// Stave 3 `transpose`: the song's transposition, the written keys (when it is not whole
    /// octaves) and the interval from the written key in force to the sounding one.
    var songTranspose = 0
    var writtenKeys: KeyMap?
    var interval: KeyInterval?

    init(divisions: Int, key: Key) {
        self.divisions = divisions
        self.key = key
    }

    /// A time in whole notes as divisions; throws when it is not whole or does not fit.
    func ticks(_ time: Rational) throws -> Int {
        let scaled = time * (4 * divisions)
        guard !scaled.isOverflow, scaled.isInteger else { throw BackendError("a time of the song does not fit in MusicXML divisions") }
        return scaled.numerator
    }

    /// The layout of one track.
    static func layout(_ track: Track, in song: Song, divisions: Int) throws -> PartNotation {
        var builder = NotationBuilder(divisions: divisions, key: song.keySignatures[0].key)
        if song.keySignatures.count > 1 { builder.keyMap = KeyMap(sounding: song, meterMap: MeterMap(meters: song.meters)) }
        builder.songTranspose = song.transpose
        if song.transpose % 12 != 0 {
            builder.interval = KeyInterval(transposing: song.key, by: song.transpose)
            if !song.keyChanges.isEmpty { builder.writtenKeys = KeyMap(song: song, meterMap: MeterMap(meters: song.meters)) }
        }
        try builder.add(track, in: song)
        // A track on a staff of a part (`staff PART N`) is never split onto a grand staff itself.
        return try builder.finish(drums: track.kind == .drums, track: track.id, program: track.staff == nil ? track.program : -1)
    }

    private mutating func add(_ track: Track, in song: Song) throws {
        let drums = track.kind == .drums
        // Each placement's body flattened once; its copies share the leaves' notes.
        var spans: [(start: Int, end: Int, placement: Int, copy: Int)] = []
        var bodies: [[Leaf]] = []
        let placements = Performance.placements(of: track, in: song)
        var marks: [BodyMarks] = []
        for (index, placement) in placements.enumerated() {
            placementStart = placement.start
            let leaves = try flatten(placement.body, shift: placement.shift, drums: drums)
            bodies.append(leaves)
            marks.append(placement.body.expression.isEmpty ? BodyMarks() : try bodyMarks(placement.body, shift: placement.shift, drums: drums))
            guard !leaves.isEmpty || !marks[index].isEmpty else { continue }
            for copy in 0..<placement.count {
                let start = try ticks(placement.start + placement.body.length * copy)
                let end = try ticks(placement.start + placement.body.length * (copy + 1))
                spans.append((start, end, index, copy))
            }
        }
        // In time order; a span goes to the first voice that is free by its start.
        let ordered = spans.enumerated().sorted { $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset }
        var voiceEnds: [Int] = []
        for (_, span) in ordered {
            let voice: Int
            if let free = voiceEnds.firstIndex(where: { $0 <= span.start }) {
                voice = free
            } else {
                voice = voiceEnds.count
                voiceEnds.append(0)
                part.voices.append([])
            }
            voiceEnds[voice] = span.end
            if !marks[span.placement].isEmpty {
                place(marks[span.placement], at: span.start, voice: voice, verse: placements[span.placement].verse(ofCopy: span.copy))
            }
            let body = bodies[span.placement]
            part.voices[voice].reserveCapacity(part.voices[voice].count + body.count)
            for var leaf in body {
                leaf.start += span.start
                leaf.end += span.start
                part.voices[voice].append(leaf)
            }
        }
    }

    private func finish(drums: Bool, track: String, program: Int) throws -> PartNotation {
        var result = part
        for voice in result.directions.indices {
            result.directions[voice] = result.directions[voice].enumerated().sorted {
                ($0.element.time, $0.element.rank, $0.offset) < ($1.element.time, $1.element.rank, $1.offset)
            }.map(\.element)
        }
        dropRepeatedPedals(&result.directions)
        for voice in result.attachments.indices {
            result.attachments[voice] = result.attachments[voice].enumerated().sorted {
                ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
            }.map(\.element)
        }

        // Below C double-flat 0 (MIDI 10) a pitch has no MusicXML spelling (octaves are 0…9,
        // accidentals at most double): write the part an octave up.
        if !drums, result.notes.contains(where: { $0.pitch < 10 }) || result.graceGroups.contains(where: { $0.contains { $0.contains { $0.pitch < 10 } } }) {
            result.writtenOctaveUp = true
            for index in result.notes.indices {
                try raiseOctave(&result.notes[index], track: track)
            }
            for group in result.graceGroups.indices {
                for item in result.graceGroups[group].indices {
                    for index in result.graceGroups[group][item].indices { try raiseOctave(&result.graceGroups[group][item][index], track: track) }
                }
            }
        }
        if drums {
            result.clef = .percussion
            result.drumKeys = drumKeys.sorted()
        } else {
            result.clef = pitchCount > 0 && pitchSum < 60 * pitchCount ? .bass : .treble
            if !result.writtenOctaveUp, GrandStaff.isNeeded(program: program, notes: result.notes) {
                result = GrandStaff.split(result)
            }
        }
        return result
    }

    /// A note written an octave above its sound.
    private func raiseOctave(_ note: inout WrittenNote, track: String) throws {
        if note.pitch < 12 {
            let spelled = PitchSpeller(key: key).spell(note.pitch + 12)
            note.step = spelled.step
            note.alter = spelled.alter
            note.octave = spelled.octave
        } else {
            note.octave += 1
            guard note.octave <= 9 else {
                throw BackendError("track '\(track)' spans more octaves than MusicXML can write: it reaches below MIDI 10 (C double-flat 0) and above MIDI 119 (B8) at once")
            }
        }
    }

    // MARK: - One body

    /// The pitches tied into the next note or chord, with their chains' velocities.
    private typealias OpenTies = [(pitch: Int, velocity: Int)]

    /// A body's leaves relative to its start; notes go into the part's note list.
    private mutating func flatten(_ body: PhraseBody, shift: Int, drums: Bool) throws -> [Leaf] {
        var leaves: [Leaf] = []
        leaves.reserveCapacity(body.notes.count)
        var open: OpenTies = []
        for root in body.notes {
            if let keyMap { key = keyMap.key(at: placementStart + root.position) }
            if let writtenKeys { interval = KeyInterval(transposing: writtenKeys.key(at: placementStart + root.position), by: songTranspose) }
            let start = try ticks(root.position)
            let end = try ticks(root.position + root.width)
            if let note = root.singleNote {
                chord(CollectionOfOne(note), start: start, end: end, frame: -1, shift: shift, drums: drums, open: &open, into: &leaves)
            } else if let notes = root.singleChord {
                chord(notes, start: start, end: end, frame: -1, shift: shift, drums: drums, open: &open, into: &leaves)
            } else {
                let divisions = root.divisions
                if divisions.count == 1 {
                    try item(divisions[0], start: start, end: end, frame: -1, shift: shift, drums: drums, open: &open, into: &leaves)
                } else {
                    try tuplet(divisions, start: start, end: end, parent: -1, shift: shift, drums: drums, open: &open, into: &leaves)
                }
            }
        }
        return leaves
    }

    private mutating func item(_ item: TupletNote, start: Int, end: Int, frame: Int, shift: Int, drums: Bool,
                               open: inout OpenTies, into leaves: inout [Leaf]) throws {
        switch item {
        case .chord(let notes):
            chord(notes, start: start, end: end, frame: frame, shift: shift, drums: drums, open: &open, into: &leaves)
        case .tuplet(let items):
            if items.count == 1 {
                try self.item(items[0], start: start, end: end, frame: frame, shift: shift, drums: drums, open: &open, into: &leaves)
            } else {
                try tuplet(items, start: start, end: end, parent: frame, shift: shift, drums: drums, open: &open, into: &leaves)
            }
        }
    }

    private mutating func tuplet(_ items: [TupletNote], start: Int, end: Int, parent: Int, shift: Int, drums: Bool,
                                 open: inout OpenTies, into leaves: inout [Leaf]) throws {
        guard !items.isEmpty else { return }
        let width = end - start
        guard width % items.count == 0 else { throw BackendError("a tuplet does not divide into MusicXML divisions") }
        let part = width / items.count
        let frame = try self.frame(width: width, count: items.count, parent: parent)
        let first = leaves.count
        for (index, entry) in items.enumerated() {
            let itemStart = start + index * part
            try item(entry, start: itemStart, end: itemStart + part, frame: frame, shift: shift, drums: drums, open: &open, into: &leaves)
        }
        if frame != parent, leaves.count > first {
            leaves[first].tupletStarts += 1
            leaves[leaves.count - 1].tupletStops += 1
        }
    }

    /// The frame in which the `count` items of a tuplet `width` divisions long are written:
    /// the parent's when each item is a plain note value there (`{c d}4` is two eighths),
    /// otherwise a new level of `count` notes in the time of the largest power of two below
    /// it (`{c d e}4`: 3 eighths in the time of 2), or, when that gives no plain value either,
    /// the ratio between the item and the plain value just below it.
    private mutating func frame(width: Int, count: Int, parent: Int) throws -> Int {
        let (parentActual, parentNormal) = parent >= 0 ? (part.frames[parent].totalActual, part.frames[parent].totalNormal) : (1, 1)
        // Written length of one item in the parent's frame, in units (1/1024 whole).
        let item = Rational(width, count) * Rational(parentActual, parentNormal) * 256 / Rational(divisions)
        guard !item.isOverflow else { throw BackendError("a tuplet is nested too deeply to write as MusicXML") }
        if item.isInteger, NoteValue.single(units: item.numerator) != nil { return parent }
        let normal = 1 << ((Int.bitWidth - 1) - count.leadingZeroBitCount)
        var ratio = Rational(count, normal)
        var written = item * ratio
        if normal == count || !written.isInteger || NoteValue.single(units: written.numerator) == nil {
            let floor = max(1, item.floor)
            let plain = 1 << ((Int.bitWidth - 1) - floor.leadingZeroBitCount)
            ratio = Rational(plain) / item
            written = Rational(plain)
        }
        let total = Rational(parentActual, parentNormal) * ratio
        guard !total.isOverflow, !ratio.isOverflow, total.numerator <= Int(Int32.max), total.denominator <= Int(Int32.max) else {
            throw BackendError("a tuplet is nested too deeply to write as MusicXML")
        }
        let value = NoteValue.single(units: written.numerator) ?? NoteValue(typeExponent: 0, dots: 0)
        part.frames.append(TupletFrame(parent: parent, depth: (parent >= 0 ? part.frames[parent].depth : 0) + 1,
                                       actual: ratio.numerator, normal: ratio.denominator,
                                       totalActual: total.numerator, totalNormal: total.denominator, item: value))
        return part.frames.count - 1
    }

    /// A chord (one note, several, or none: a rest). Notes of a silent tie chain (its first
    /// note has velocity 0) are left out; a chord left empty is a rest, which outside tuplets
    /// is a gap the writer fills.
    private mutating func chord<Notes: Collection>(_ notes: Notes, start: Int, end: Int, frame: Int, shift: Int, drums: Bool,
                                                   open: inout OpenTies, into leaves: inout [Leaf]) where Notes.Element == ChordNote {
        let first = part.notes.count
        var next: OpenTies = []
        for note in notes {
            var velocity = note.velocity
            var continues = false
            if let index = open.firstIndex(where: { $0.pitch == note.pitch }) {
                velocity = open[index].velocity
                continues = true
            }
            if note.tie { next.append((note.pitch, velocity)) }
            guard velocity > 0 else { continue }
            let sounding = note.pitch + shift
            var written = WrittenNote(pitch: sounding, velocity: velocity, tieStart: note.tie, tieStop: continues, step: 0, alter: 0, octave: 0)
            if !note.marks.isEmpty {
                // A joined note takes its accent from its first part, staccato or tenuto from its last.
                if !continues, note.marks.contains(.accent) { written.marks.insert(.accent) }
                if !note.tie { written.marks.formUnion(note.marks.intersection([.staccato, .tenuto])) }
            }
            if drums {
                drumKeys.insert(sounding)
            } else {
                spell(&written, note: note, shift: shift)
                pitchSum += sounding
                pitchCount += 1
            }
            part.notes.append(written)
        }
        open = next
        let count = part.notes.count - first
        guard count > 0 || frame >= 0 else { return }
        leaves.append(Leaf(start: start, end: end, notesStart: Int32(first), notesCount: Int32(count), frame: Int32(frame), tupletStarts: 0, tupletStops: 0))
    }

    /// The spelling as written (kept under transposition by whole octaves), otherwise Stave's
    /// default spelling of the sounding pitch in the song's key.
    func spell(_ written: inout WrittenNote, note: ChordNote, shift: Int) {
        // A track's or Sync's own transposition by other than whole octaves drops the spelling;
        // the song's respells it by the key interval.
        let spelled = PitchSpeller(key: key, respelledBy: interval).spell(written.pitch, written: (shift - songTranspose) % 12 == 0 ? note.spelling : nil)
        written.step = spelled.step
        written.alter = spelled.alter
        written.octave = spelled.octave
    }
}
