import StaveComposition
import StaveSyntax

/// The Stave 2 marks of a track laid out for the score: hairpins, pedal, body markers and
/// chord symbols become directions of the voice their placement is written in; grace groups
/// and lyrics hang on the notes they belong to. Controllers (`cc`) and pitch bends have no
/// notation and are left out.
extension NotationBuilder {
    /// A body's marks in divisions from its start. Grace notes are spelled and kept once, shared
    /// by every copy of the body.
    mutating func bodyMarks(_ body: PhraseBody, shift: Int, drums: Bool) throws -> BodyMarks {
        let expression = body.expression
        var marks = BodyMarks()
        for hairpin in expression.hairpins {
            marks.directions.append(VoiceDirection(time: try ticks(hairpin.start), kind: .wedgeStart(crescendo: hairpin.isCrescendo)))
            marks.directions.append(VoiceDirection(time: try ticks(hairpin.end), kind: .wedgeStop))
        }
        for control in expression.controls {
            // cc and bend have no MusicXML notation; only the sustain pedal is written.
            if case .pedal(let down) = control.event {
                marks.directions.append(VoiceDirection(time: try ticks(control.offset), kind: .pedal(down: down)))
            }
        }
        for marker in expression.markers {
            marks.directions.append(VoiceDirection(time: try ticks(marker.offset), kind: .rehearsal(marker.text)))
        }
        if !drums {
            for symbol in expression.chordSymbols {
                marks.directions.append(VoiceDirection(time: try ticks(symbol.offset), kind: .harmony(symbol.symbol, shift: shift)))
            }
        }
        for group in expression.graces {
            var items: [[WrittenNote]] = []
            for item in group.items {
                var notes: [WrittenNote] = []
                for note in item {
                    let sounding = note.pitch + shift
                    var written = WrittenNote(pitch: sounding, velocity: note.velocity, tieStart: false, tieStop: false, step: 0, alter: 0, octave: 0)
                    if drums {
                        drumKeys.insert(sounding)
                    } else {
                        spell(&written, note: note, shift: shift)
                    }
                    notes.append(written)
                }
                if !notes.isEmpty { items.append(notes) }
            }
            guard !items.isEmpty else { continue }
            part.graceGroups.append(items)
            marks.graces.append((try ticks(group.offset), part.graceGroups.count - 1))
        }
        marks.verses = try BodyMarks.verses(of: body, ticks: ticks)
        return marks
    }

    /// One copy's marks, starting at `start` in `voice`, singing `verse` (0-based) if any.
    mutating func place(_ marks: BodyMarks, at start: Int, voice: Int, verse: Int?) {
        while part.directions.count <= voice { part.directions.append([]) }
        while part.attachments.count <= voice { part.attachments.append([]) }
        for var direction in marks.directions {
            direction.time += start
            part.directions[voice].append(direction)
        }
        for grace in marks.graces {
            part.attachments[voice].append(NoteAttachment(time: start + grace.time, kind: .graces(grace.group)))
        }
        if let verse, verse < marks.verses.count {
            for syllable in marks.verses[verse] {
                part.attachments[voice].append(NoteAttachment(time: start + syllable.time,
                                                              kind: .lyric(verse: verse + 1, syllabic: syllable.syllabic, text: syllable.text)))
            }
        }
    }
}
