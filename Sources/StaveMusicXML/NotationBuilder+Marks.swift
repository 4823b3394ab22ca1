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

    /// The pedal is one per track (CC64 of its channel): in time order over all voices, a
    /// `pedal down` while it is down, or `pedal up` while it is up, changes nothing and is not
    /// written. `directions` is sorted per voice.
    func dropRepeatedPedals(_ directions: inout [[VoiceDirection]]) {
        var pedals: [(time: Int, rank: Int, voice: Int, index: Int, down: Bool)] = []
        for (voice, list) in directions.enumerated() {
            for (index, direction) in list.enumerated() {
                if case .pedal(let down) = direction.kind { pedals.append((direction.time, direction.rank, voice, index, down)) }
            }
        }
        guard !pedals.isEmpty else { return }
        pedals.sort { ($0.time, $0.rank, $0.voice, $0.index) < ($1.time, $1.rank, $1.voice, $1.index) }
        var down = false
        var dropped: [Set<Int>] = Array(repeating: [], count: directions.count)
        var lastVoice = 0
        for pedal in pedals {
            if pedal.down == down { dropped[pedal.voice].insert(pedal.index) } else { down = pedal.down }
            lastVoice = pedal.voice
        }
        // A pedal still down at the end is lifted at the end of the score (the writer puts a
        // direction later than the last bar there), so that no pedal line is left open.
        if down { directions[lastVoice].append(VoiceDirection(time: Int.max, kind: .pedal(down: false))) }
        for voice in directions.indices where !dropped[voice].isEmpty {
            directions[voice] = directions[voice].enumerated().filter { !dropped[voice].contains($0.offset) }.map(\.element)
        }
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
                                                              kind: .lyric(verse: verse + 1, syllabic: syllable.syllabic, text: syllable.text, extend: syllable.extend)))
            }
        }
    }
}
