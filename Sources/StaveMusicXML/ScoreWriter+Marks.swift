import StaveComposition
import StaveSyntax

/// Writing the marks of Stave 2: directions (hairpins as wedges, the sustain pedal, markers as
/// rehearsal marks), chord symbols as `<harmony>`, grace notes, articulations and lyrics.
extension ScoreWriter {
    /// True when voice `voice` has a direction to write before `limit` (at or before it in the
    /// last measure), so that the voice is written in this measure even without notes.
    func directionsDue(part: PartNotation, voice: Int, before limit: Int, last: Bool, state: PartState) -> Bool {
        guard voice < part.directions.count, voice < state.directions.count else { return false }
        let cursor = state.directions[voice]
        guard cursor < part.directions[voice].count else { return false }
        let time = part.directions[voice][cursor].time
        return time < limit || (last && time == limit)
    }

    /// Every direction of the voice before `limit`, written where the writing stands
    /// (`position`): one that falls later gets an `<offset>`.
    mutating func writeDirections(part index: Int, voice: Int, before limit: Int, at position: Int, state: inout PartState) {
        guard voice < state.directions.count else { return }
        let directions = parts[index].directions[voice]
        while state.directions[voice] < directions.count, directions[state.directions[voice]].time < limit {
            let direction = directions[state.directions[voice]]
            writeDirection(direction, voice: voice, staff: parts[index].staff(ofVoice: voice), offset: max(0, direction.time - position))
            state.directions[voice] += 1
        }
    }

    /// After the last bar: the pedal lift that closes a pedal left down (see
    /// `NotationBuilder.dropRepeatedPedals`), at the end; other directions later than the song's
    /// last bar (a header marker past the end) are not written.
    mutating func writeClosingPedal(part index: Int, voice: Int, state: inout PartState) {
        guard voice < state.directions.count else { return }
        let directions = parts[index].directions[voice]
        while state.directions[voice] < directions.count {
            let direction = directions[state.directions[voice]]
            if case .pedal(down: false) = direction.kind, direction.time == Int.max {
                writeDirection(direction, voice: voice, staff: parts[index].staff(ofVoice: voice), offset: 0)
            }
            state.directions[voice] += 1
        }
    }

    private mutating func writeDirection(_ direction: VoiceDirection, voice: Int, staff: Int?, offset: Int) {
        if case .harmony(let symbol, let shift) = direction.kind {
            writeHarmony(symbol, shift: shift, offset: offset, staff: staff)
            return
        }
        switch direction.kind {
        case .rehearsal: xml.raw("      <direction placement=\"above\"><direction-type>")
        default: xml.raw("      <direction placement=\"below\"><direction-type>")
        }
        switch direction.kind {
        case .wedgeStart(let crescendo):
            xml.raw(crescendo ? "<wedge type=\"crescendo\"" : "<wedge type=\"diminuendo\"")
            xml.element(" number=\"", voice % 6 + 1, "\"/>")
        case .wedgeStop:
            xml.element("<wedge type=\"stop\" number=\"", voice % 6 + 1, "\"/>")
        case .pedal(let down):
            xml.raw(down ? "<pedal type=\"start\" line=\"yes\"/>" : "<pedal type=\"stop\" line=\"yes\"/>")
        case .rehearsal(let text):
            xml.element("<rehearsal>", text: text, "</rehearsal>")
        case .harmony:
            break
        }
        xml.raw("</direction-type>")
        if offset > 0 { xml.element("<offset>", offset, "</offset>") }
        xml.element("<voice>", voice + 1, "</voice>")
        writeStaff(staff)
        xml.raw("</direction>\n")
    }

    /// `<harmony>`: root, kind (with Stave's suffix as its text, and degrees where MusicXML has
    /// no kind of its own), bass. A transposed copy moves root and bass, spelled in the key.
    private mutating func writeHarmony(_ symbol: ChordSymbol, shift: Int, offset: Int, staff: Int?) {
        let (kind, degrees) = ScoreWriter.harmonyKind(symbol.quality)
        xml.raw("      <harmony><root><root-step>")
        writeHarmonyNote(symbol.root, shift: shift, root: true)
        xml.raw("</root><kind text=\"")
        xml.text(symbol.quality.rawValue)
        xml.raw("\">")
        xml.raw(kind)
        xml.raw("</kind>")
        if let bass = symbol.bass {
            xml.raw("<bass><bass-step>")
            writeHarmonyNote(bass, shift: shift, root: false)
            xml.raw("</bass>")
        }
        for degree in degrees {
            xml.element("<degree><degree-value>", degree.value, "</degree-value>")
            xml.element("<degree-alter>", degree.alter, "</degree-alter><degree-type>")
            xml.raw(degree.type.name)
            xml.raw("</degree-type></degree>")
        }
        if offset > 0 { xml.element("<offset>", offset, "</offset>") }
        writeStaff(staff)
        xml.raw("</harmony>\n")
    }

    /// A root's (or bass's) step, closed, and its alter when not natural.
    private mutating func writeHarmonyNote(_ note: ChordSymbol.Note, shift: Int, root: Bool) {
        var step = note.letterByte
        var alter = note.accidental
        if (shift - song.transpose) % 12 != 0 {
            let spelled = PitchSpeller(key: song.keySignatures[0].key).spell(60 + ((note.semitonesAboveC + shift) % 12 + 12) % 12)
            step = spelled.step
            alter = spelled.alter
        } else if song.transpose % 12 != 0 {
            // Stave 3 `transpose`: respelled by the interval between the keys' tonics.
            let moved = note.transposed(by: KeyInterval(transposing: song.key, by: song.transpose), in: song.keySignatures[0].key)
            step = moved.letterByte
            alter = moved.accidental
        }
        xml.append(byte: step)
        xml.raw(root ? "</root-step>" : "</bass-step>")
        if alter != 0 { root ? xml.element("<root-alter>", alter, "</root-alter>") : xml.element("<bass-alter>", alter, "</bass-alter>") }
    }

    /// A degree MusicXML adds to a kind, alters in it or takes from it.
    struct Degree {
        /// `<degree-type>`.
        enum Kind {
            case add, alter, subtract

            var name: StaticString {
                switch self {
                case .add: return "add"
                case .alter: return "alter"
                case .subtract: return "subtract"
                }
            }
        }

        var value: Int
        var alter: Int
        var type: Kind

        static func add(_ value: Int, _ alter: Int = 0) -> Degree { Degree(value: value, alter: alter, type: .add) }
        static func alter(_ value: Int, _ alter: Int) -> Degree { Degree(value: value, alter: alter, type: .alter) }
        static func subtract(_ value: Int) -> Degree { Degree(value: value, alter: 0, type: .subtract) }
    }

    /// The MusicXML `<kind>` of each of Stave's 37 qualities, with the degrees that make the
    /// same pitches where MusicXML has no kind of its own (`add9`, `7sus4`, `7b9`, `alt`, …) or
    /// where its kind holds more (`13`, `m13` and `maj13` without the 11th). An added 7 is
    /// written as the minor seventh, 7 with alter −1, as music21 reads it.
    static func harmonyKind(_ quality: ChordSymbol.Quality) -> (kind: StaticString, degrees: [Degree]) {
        switch quality {
        case .major: return ("major", [])
        case .minor: return ("minor", [])
        case .diminished: return ("diminished", [])
        case .augmented: return ("augmented", [])
        case .sus2: return ("suspended-second", [])
        case .sus4: return ("suspended-fourth", [])
        case .power: return ("power", [])
        case .sixth: return ("major-sixth", [])
        case .minorSixth: return ("minor-sixth", [])
        case .seventh: return ("dominant", [])
        case .majorSeventh: return ("major-seventh", [])
        case .minorSeventh: return ("minor-seventh", [])
        case .minorMajorSeventh: return ("major-minor", [])
        case .diminishedSeventh: return ("diminished-seventh", [])
        case .halfDiminished: return ("half-diminished", [])
        case .ninth: return ("dominant-ninth", [])
        case .majorNinth: return ("major-ninth", [])
        case .minorNinth: return ("minor-ninth", [])
        case .addNine: return ("major", [.add(9)])
        case .minorAddNine: return ("minor", [.add(9)])
        case .eleventh: return ("dominant-11th", [])
        case .thirteenth: return ("dominant-13th", [.subtract(11)])
        case .seventhSus4: return ("suspended-fourth", [.add(7, -1)])
        case .seventhFlatNine: return ("dominant", [.add(9, -1)])
        case .seventhSharpNine: return ("dominant", [.add(9, 1)])
        case .seventhSharpEleven: return ("dominant", [.add(11, 1)])
        case .seventhFlatThirteen: return ("dominant", [.add(13, -1)])
        case .seventhFlatFive: return ("dominant", [.alter(5, -1)])
        case .seventhSharpFive: return ("augmented-seventh", [])
        case .altered: return ("dominant", [.subtract(5), .add(9, -1), .add(9, 1), .add(13, -1)])
        case .minorEleventh: return ("minor-11th", [])
        case .sixNine: return ("major-sixth", [.add(9)])
        case .minorSixNine: return ("minor-sixth", [.add(9)])
        case .majorSeventhSharpEleven: return ("major-seventh", [.add(11, 1)])
        case .thirteenthSus4: return ("suspended-fourth", [.add(7, -1), .add(9), .add(13)])
        case .ninthSus4: return ("suspended-fourth", [.add(7, -1), .add(9)])
        case .minorThirteenth: return ("minor-13th", [.subtract(11)])
        case .majorThirteenth: return ("major-13th", [.subtract(11)])
        }
    }

    /// The grace groups and lyrics of the note or chord starting at `time` in the voice: the
    /// graces are written now, the lyrics returned for its first note. Attachments of notes
    /// that are not written (a silent tie chain) are passed over.
    mutating func writeAttachments(part index: Int, voice: Int, at time: Int, state: inout PartState) -> [NoteAttachment] {
        let attachments = parts[index].attachments[voice]
        var cursor = state.attachments[voice]
        while cursor < attachments.count, attachments[cursor].time < time { cursor += 1 }
        var lyrics: [NoteAttachment] = []
        while cursor < attachments.count, attachments[cursor].time == time {
            switch attachments[cursor].kind {
            case .graces(let group): writeGraces(parts[index].graceGroups[group], part: index, voice: voice, state: &state)
            case .lyric: lyrics.append(attachments[cursor])
            }
            cursor += 1
        }
        state.attachments[voice] = cursor
        return lyrics
    }

    /// Grace notes: slashed eighths (sixteenths when several), no duration, `<chord/>` for the
    /// further notes of a grace chord.
    private mutating func writeGraces(_ items: [[WrittenNote]], part index: Int, voice: Int, state: inout PartState) {
        let drums = parts[index].clef == .percussion
        for item in items {
            for (offset, note) in item.enumerated() {
                xml.raw(offset > 0 ? "      <note><grace slash=\"yes\"/><chord/>" : "      <note><grace slash=\"yes\"/>")
                let accidental = writePitch(note, drums: drums, tieStop: false, state: &state)
                if drums {
                    xml.raw("<instrument id=\"P")
                    xml.integer(index + 1)
                    xml.element("-I", note.pitch + 1, "\"/>")
                }
                xml.element("<voice>", voice + 1, "</voice>")
                xml.raw(items.count == 1 ? "<type>eighth</type>" : "<type>16th</type>")
                if let accidental { writeAccidental(accidental) }
                if drums { xml.element("<notehead>", text: DrumNotation.of(key: note.pitch).notehead, "</notehead>") }
                writeStaff(parts[index].staff(ofVoice: voice))
                xml.raw("</note>\n")
            }
        }
    }

    /// `<articulations>` inside `<notations>`.
    mutating func writeArticulations(_ marks: NoteMarks) {
        xml.raw("<articulations>")
        if marks.contains(.accent) { xml.raw("<accent/>") }
        if marks.contains(.staccato) { xml.raw("<staccato/>") }
        if marks.contains(.tenuto) { xml.raw("<tenuto/>") }
        xml.raw("</articulations>")
    }

    /// `<lyric number="V"><syllabic>…</syllabic><text>…</text></lyric>`, with `<extend/>` when
    /// a `_` holds the syllable over the next note.
    mutating func writeLyric(_ lyric: NoteAttachment) {
        guard case .lyric(let verse, let syllabic, let text, let extend) = lyric.kind else { return }
        xml.element("<lyric number=\"", verse, "\"><syllabic>")
        switch syllabic {
        case .single: xml.raw("single")
        case .begin: xml.raw("begin")
        case .middle: xml.raw("middle")
        case .end: xml.raw("end")
        }
        xml.element("</syllabic><text>", text: text, extend ? "</text><extend/></lyric>" : "</text></lyric>")
    }
}
