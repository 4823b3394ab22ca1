import StaveComposition
import StaveSyntax

/// Writing notes and rests: note values, ties, tuplets, accidentals and dynamics.
extension ScoreWriter {
    /// The dynamics marks of LANGUAGE.md by velocity.
    static func dynamicsMark(forVelocity velocity: Int) -> StaticString? {
        switch velocity {
        case 16: return "<ppp/>"
        case 33: return "<pp/>"
        case 49: return "<p/>"
        case 64: return "<mp/>"
        case 80: return "<mf/>"
        case 96: return "<f/>"
        case 112: return "<ff/>"
        case 127: return "<fff/>"
        default: return nil
        }
    }

    /// A span of a leaf (or a rest) that needs no further cut, as tied note values: exact
    /// values in the leaf's tuplet frame when each is a whole number of divisions, otherwise one
    /// note whose own time modification gives it its exact length.
    mutating func writePieces(_ leaf: Leaf?, part index: Int, voice: Int, from start: Int, to end: Int, state: inout PartState) {
        var actual = 1, normal = 1
        if let leaf, leaf.frame >= 0 {
            let frame = parts[index].frames[Int(leaf.frame)]
            (actual, normal) = (frame.totalActual, frame.totalNormal)
        }
        let modification = actual != normal ? (actual, normal) : nil
        let length = end - start
        // Written units (1/1024 whole) = length × 256 × actual / (divisions × normal).
        let (scaled, overflow1) = length.multipliedReportingOverflow(by: 256)
        let (written, overflow2) = scaled.multipliedReportingOverflow(by: actual)
        let (per, overflow3) = divisions.multipliedReportingOverflow(by: normal)
        let (unitScale, overflow4) = (256).multipliedReportingOverflow(by: actual)
        if !(overflow1 || overflow2 || overflow3 || overflow4), written % per == 0 {
            var rest = written / per
            var exact = true
            while rest > 0 {
                let value = NoteValue.largest(fitting: rest)
                let (product, overflow) = value.units.multipliedReportingOverflow(by: per)
                if overflow || product % unitScale != 0 { exact = false; break }
                rest -= value.units
            }
            if exact {
                rest = written / per
                var from = start
                while rest > 0 {
                    let value = NoteValue.largest(fitting: rest)
                    let to = from + value.units * per / unitScale
                    writeNotes(leaf, part: index, voice: voice, from: from, to: to, value: value, modification: modification, state: &state)
                    from = to
                    rest -= value.units
                }
                return
            }
        }
        // One note of the plain type just below its length, with the ratio that makes it exact.
        let sounding = Rational(length) * 256 / Rational(divisions)
        let plain = 1 << ((Int.bitWidth - 1) - min(2048, max(1, sounding.floor)).leadingZeroBitCount)
        let ratio = Rational(plain) / sounding
        let value = NoteValue(typeExponent: plain.trailingZeroBitCount, dots: 0)
        let own = ratio.isOverflow || ratio == Rational(1) ? nil : (ratio.numerator, ratio.denominator)
        writeNotes(leaf, part: index, voice: voice, from: start, to: end, value: value, modification: own, state: &state)
    }

    /// One note value of a leaf: every note of its chord, or a rest.
    private mutating func writeNotes(_ leaf: Leaf?, part index: Int, voice: Int, from: Int, to: Int, value: NoteValue,
                                     modification: (Int, Int)?, state: inout PartState) {
        if voice < state.directions.count {
            writeDirections(part: index, voice: voice, before: to, at: from, state: &state)
        }
        guard let leaf, leaf.notesCount > 0 else {
            writeNote(nil, chord: false, leaf: leaf, part: index, voice: voice, from: from, to: to, value: value, modification: modification, state: &state)
            return
        }
        let notes = parts[index].notes
        let first = Int(leaf.notesStart)
        if from == leaf.start, let fresh = notes[first..<first + Int(leaf.notesCount)].first(where: { !$0.tieStop }),
           fresh.velocity != state.velocities[voice] {
            writeDynamics(fresh.velocity, voice: voice, staff: parts[index].staff(ofVoice: voice))
            state.velocities[voice] = fresh.velocity
        }
        var lyrics: [NoteAttachment] = []
        if from == leaf.start, voice < state.attachments.count {
            lyrics = writeAttachments(part: index, voice: voice, at: leaf.start, state: &state)
        }
        for offset in 0..<Int(leaf.notesCount) {
            writeNote(notes[first + offset], chord: offset > 0, leaf: leaf, part: index, voice: voice, from: from, to: to,
                      value: value, modification: modification, lyrics: offset == 0 ? lyrics : [], state: &state)
        }
    }

    private mutating func writeDynamics(_ velocity: Int, voice: Int, staff: Int?) {
        if let mark = ScoreWriter.dynamicsMark(forVelocity: velocity) {
            xml.raw("      <direction placement=\"below\"><direction-type><dynamics>")
            xml.raw(mark)
            xml.element("</dynamics></direction-type><voice>", voice + 1, "</voice>")
            writeStaff(staff)
            xml.raw("<sound dynamics=\"")
        } else {
            xml.raw("      <sound dynamics=\"")
        }
        // MusicXML dynamics are percent of forte, velocity 90.
        xml.decimal(numerator: velocity * 100, denominator: 90)
        xml.raw(ScoreWriter.dynamicsMark(forVelocity: velocity) == nil ? "\"/>\n" : "\"/></direction>\n")
    }

    private mutating func writeNote(_ note: WrittenNote?, chord: Bool, leaf: Leaf?, part index: Int, voice: Int, from: Int, to: Int,
                                    value: NoteValue, modification: (Int, Int)?, lyrics: [NoteAttachment] = [], state: inout PartState) {
        let drums = parts[index].clef == .percussion
        xml.raw(chord ? "      <note><chord/>" : "      <note>")
        var tieStop = false, tieStart = false
        var accidental: Int?
        if let note, let leaf {
            tieStop = note.tieStop || from > leaf.start
            tieStart = note.tieStart || to < leaf.end
            accidental = writePitch(note, drums: drums, tieStop: tieStop, state: &state)
        } else {
            xml.raw("<rest/>")
        }
        xml.element("<duration>", to - from, "</duration>")
        if tieStop { xml.raw("<tie type=\"stop\"/>") }
        if tieStart { xml.raw("<tie type=\"start\"/>") }
        if drums, let note {
            xml.raw("<instrument id=\"P")
            xml.integer(index + 1)
            xml.element("-I", note.pitch + 1, "\"/>")
        }
        xml.element("<voice>", voice + 1, "</voice>")
        xml.raw("<type>")
        xml.raw(value.typeName)
        xml.raw("</type>")
        for _ in 0..<value.dots { xml.raw("<dot/>") }
        if let accidental { writeAccidental(accidental) }
        if let (actual, normal) = modification {
            xml.element("<time-modification><actual-notes>", actual, "</actual-notes>")
            xml.element("<normal-notes>", normal, "</normal-notes></time-modification>")
        }
        if drums, let note {
            xml.element("<notehead>", text: DrumNotation.of(key: note.pitch).notehead, "</notehead>")
        }
        writeStaff(parts[index].staff(ofVoice: voice))
        let stops = !chord && leaf.map { to == $0.end && $0.tupletStops > 0 } ?? false
        let starts = !chord && leaf.map { from == $0.start && $0.tupletStarts > 0 } ?? false
        // Accent on the first piece of a note, staccato or tenuto on its last.
        var marks: NoteMarks = []
        if let note, let leaf, !note.marks.isEmpty {
            if from == leaf.start { marks.formUnion(note.marks.intersection(.accent)) }
            if to == leaf.end { marks.formUnion(note.marks.intersection([.staccato, .tenuto])) }
        }
        if tieStop || tieStart || stops || starts || !marks.isEmpty {
            xml.raw("<notations>")
            if tieStop { xml.raw("<tied type=\"stop\"/>") }
            if tieStart { xml.raw("<tied type=\"start\"/>") }
            if let leaf, stops || starts { writeTuplets(leaf, part: index, starts: starts, stops: stops) }
            if !marks.isEmpty { writeArticulations(marks) }
            xml.raw("</notations>")
        }
        for lyric in lyrics { writeLyric(lyric) }
        xml.raw("</note>\n")
    }

    /// `<pitch>` (or a drum's `<unpitched>`) of a note; returns the accidental to show, when
    /// the note changes the one in force on its step and octave (which it then records).
    mutating func writePitch(_ note: WrittenNote, drums: Bool, tieStop: Bool, state: inout PartState) -> Int? {
        if drums {
            let place = DrumNotation.of(key: note.pitch)
            xml.raw("<unpitched><display-step>")
            xml.append(byte: place.step.asciiValue ?? UInt8(ascii: "B"))
            xml.element("</display-step><display-octave>", place.octave, "</display-octave></unpitched>")
            return nil
        }
        xml.raw("<pitch><step>")
        xml.append(byte: note.step)
        xml.raw("</step>")
        if note.alter != 0 { xml.element("<alter>", note.alter, "</alter>") }
        xml.element("<octave>", note.octave, "</octave></pitch>")
        let stepIndex = ScoreWriter.stepIndex(note.step)
        guard !tieStop, (0...9).contains(note.octave), (-2...2).contains(note.alter) else { return nil }
        let slot = stepIndex * 10 + note.octave
        guard state.alters[slot] != note.alter else { return nil }
        state.alters[slot] = note.alter
        return note.alter
    }

    /// `<staff>N</staff>` in a part of two staves.
    mutating func writeStaff(_ staff: Int?) {
        if let staff { xml.element("<staff>", staff, "</staff>") }
    }

    /// `<accidental>` for −2…2 semitones.
    mutating func writeAccidental(_ accidental: Int) {
        switch accidental {
        case -2: xml.raw("<accidental>flat-flat</accidental>")
        case -1: xml.raw("<accidental>flat</accidental>")
        case 1: xml.raw("<accidental>sharp</accidental>")
        case 2: xml.raw("<accidental>double-sharp</accidental>")
        default: xml.raw("<accidental>natural</accidental>")
        }
    }

    /// The tuplet brackets a leaf closes (innermost first) and opens (outermost first).
    private mutating func writeTuplets(_ leaf: Leaf, part index: Int, starts: Bool, stops: Bool) {
        let frames = parts[index].frames
        var chain: [TupletFrame] = []
        var frame = Int(leaf.frame)
        while frame >= 0 {
            chain.append(frames[frame])
            frame = frames[frame].parent
        }
        // MusicXML numbers brackets 1…6: deeper levels keep their time modification, unbracketed.
        if stops {
            for level in chain.prefix(Int(leaf.tupletStops)) where level.depth <= 6 {
                xml.element("<tuplet type=\"stop\" number=\"", level.depth, "\"/>")
            }
        }
        if starts {
            for level in chain.prefix(Int(leaf.tupletStarts)).reversed() where level.depth <= 6 {
                xml.element("<tuplet type=\"start\" number=\"", level.depth, "\" bracket=\"yes\">")
                for (count, tag) in [(level.actual, 0), (level.normal, 1)] {
                    xml.raw(tag == 0 ? "<tuplet-actual>" : "<tuplet-normal>")
                    xml.element("<tuplet-number>", count, "</tuplet-number><tuplet-type>")
                    xml.raw(level.item.typeName)
                    xml.raw("</tuplet-type>")
                    for _ in 0..<level.item.dots { xml.raw("<tuplet-dot/>") }
                    xml.raw(tag == 0 ? "</tuplet-actual>" : "</tuplet-normal>")
                }
                xml.raw("</tuplet>")
            }
        }
    }

    /// C…B as 0…6.
    static func stepIndex(_ step: UInt8) -> Int {
        switch step {
        case UInt8(ascii: "C"): return 0
        case UInt8(ascii: "D"): return 1
        case UInt8(ascii: "E"): return 2
        case UInt8(ascii: "F"): return 3
        case UInt8(ascii: "G"): return 4
        case UInt8(ascii: "A"): return 5
        default: return 6
        }
    }
}
