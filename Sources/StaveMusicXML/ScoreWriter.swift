import StaveComposition

/// Writes the MusicXML document from the laid-out parts: the header and part list, then each
/// part measure by measure, each voice of a measure filled with its leaves and with rests.
struct ScoreWriter {
    let song: Song
    let divisions: Int
    let parts: [PartNotation]
    var xml: XMLWriter
    private let measures: [MeasureSpan]
    /// The tempo events in time order; `ramp` says what a tempo ramp's step writes (LANGUAGE.md,
    /// "Tempo ramps"): its first step under the words "rit." or "accel.", each later one a bare
    /// `<sound tempo>`; nil for a plain tempo mark.
    private let tempos: [(time: Int, bpm: Rational, ramp: RampStep?)]

    /// A tempo ramp's step as the score writes it.
    enum RampStep: Equatable {
        /// The first step of a ramp that slows down ("rit.") or speeds up ("accel.").
        case ritardando, accelerando
        /// The first step of a ramp that keeps its tempo (no words), or a later step.
        case step
    }
    /// The accidental the key gives each step, C…B.
    var keyAlters: [Int]
    /// The key signatures as the song sounds, by bar (Stave 3: key changes, `transpose`).
    let keySignatures: [Int: Key]

    /// A bar: its span in divisions and its meter.
    struct MeasureSpan {
        var start: Int
        var end: Int
        var meter: MeterChange
        /// The meter differs from the previous bar's.
        var meterChanges: Bool
    }

    init(song: Song, divisions: Int, parts: [PartNotation]) throws {
        self.song = song
        self.divisions = divisions
        self.parts = parts
        let figures = SongFigures(song)
        let bars = max(1, figures.bars)
        let meterMap = MeterMap(meters: song.meters)
        func ticks(_ time: Rational) throws -> Int {
            let scaled = time * (4 * divisions)
            guard !scaled.isOverflow, scaled.isInteger else { throw BackendError("the song is too long to write as MusicXML") }
            return scaled.numerator
        }
        var measures: [MeasureSpan] = []
        measures.reserveCapacity(bars)
        var start = Rational.zero
        var previous: MeterChange?
        for _ in 0..<bars {
            let meter = meterMap.locate(start).meter
            let end = start + meter.barLength
            let changes = previous.map { $0.numerator != meter.numerator || $0.denominator != meter.denominator } ?? true
            measures.append(MeasureSpan(start: try ticks(start), end: try ticks(end), meter: meter, meterChanges: changes))
            previous = meter
            start = end
        }
        self.measures = measures
        let songEnd = measures.last?.end ?? 0
        var tempos: [(time: Int, bpm: Rational, ramp: RampStep?)] = []
        var ramps = try song.tempoRamps.map { (start: try ticks(meterMap.start(ofBar: $0.bar)), end: try ticks(meterMap.start(ofBar: $0.through + 1)), bpm: $0.bpm) }[...]
        for tempo in Performance.tempos(of: song) {
            let time = try ticks(tempo.time)
            while let ramp = ramps.first, ramp.end <= time { ramps.removeFirst() }
            var step: RampStep?
            if let ramp = ramps.first, ramp.start <= time {
                if time == ramp.start {
                    // The first step lies between the tempo before and the ramp's own, unless
                    // the ramp is one step long: then the tempo before tells the way.
                    let reference = tempo.bpm != ramp.bpm ? tempo.bpm : tempos.last?.bpm ?? tempo.bpm
                    step = ramp.bpm < reference ? .ritardando : reference < ramp.bpm ? .accelerando : .step
                } else {
                    step = .step
                }
            }
            if time < songEnd || time == 0 { tempos.append((time, tempo.bpm, step)) }
        }
        self.tempos = tempos
        keySignatures = Dictionary(song.keySignatures.map { ($0.bar, $0.key) }, uniquingKeysWith: { $1 })
        keyAlters = [UInt8]("cdefgab".utf8).map { song.keySignatures[0].key.accidental(forByte: $0) }
        // About 240 bytes a note with its rests and ties (the benchmark song: 236), 60 a bar and
        // part. Reserved, not touched: pages count only once written, and the buffer never
        // has to grow by copying.
        // A grand staff writes each note's staff and the rests of both staves: half as much again.
        xml = XMLWriter(capacity: 4096 + parts.reduce(0) { $0 + ($1.notes.count * 320 + measures.count * 64) * ($1.staves > 1 ? 3 : 2) / 2 })
    }

    mutating func write() {
        xml.raw("""
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 3.1 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">
        <score-partwise version="3.1">

        """)
        xml.element("  <work><work-title>", text: song.title, "</work-title></work>\n")
        xml.raw("  <identification>\n")
        if let composer = song.composer {
            xml.element("    <creator type=\"composer\">", text: composer, "</creator>\n")
        }
        xml.raw("    <encoding><software>Stave</software></encoding>\n  </identification>\n")
        writePartList()
        for index in parts.indices {
            writePart(index)
        }
        xml.raw("</score-partwise>\n")
    }

    // MARK: - Part list

    private mutating func writePartList() {
        xml.raw("  <part-list>\n")
        for (index, part) in parts.enumerated() {
            let track = part.track < song.tracks.count ? song.tracks[part.track] : nil
            xml.raw("    <score-part id=\"P")
            xml.integer(index + 1)
            xml.raw("\">\n")
            xml.element("      <part-name>", text: part.partName.map(PartStaves.readableName) ?? track.map { $0.name ?? $0.id } ?? song.title, "</part-name>\n")
            guard let track else {
                xml.raw("    </score-part>\n")
                continue
            }
            if track.kind == .drums {
                // The kit first (what a reader that takes one instrument per part should take),
                // then one instrument per drum, which each note names.
                let keys = [-1] + part.drumKeys
                let kit = GeneralMIDI.kitName(track.program).map { readable($0) + " Kit" } ?? "Drum Kit"
                for key in keys {
                    instrumentHeader(part: index, id: key + 1, name: key < 0 ? kit : readable(GeneralMIDI.drumName(forKey: key) ?? "Drum \(key)"))
                }
                for key in keys {
                    midiInstrument(part: index, id: key + 1, track: track, unpitched: key < 0 ? nil : key + 1)
                }
            } else {
                let name = track.program < GeneralMIDI.instrumentNames.count ? GeneralMIDI.instrumentNames[track.program] : "program \(track.program)"
                instrumentHeader(part: index, id: 1, name: readable(name))
                midiInstrument(part: index, id: 1, track: track, unpitched: nil)
            }
            xml.raw("    </score-part>\n")
        }
        xml.raw("  </part-list>\n")
    }

    /// `acoustic-grand-piano` → `Acoustic Grand Piano`.
    private func readable(_ kebab: String) -> String {
        kebab.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    private mutating func instrumentID(part: Int, id: Int) {
        xml.raw("\"P")
        xml.integer(part + 1)
        xml.raw("-I")
        xml.integer(id)
        xml.raw("\"")
    }

    private mutating func instrumentHeader(part: Int, id: Int, name: String) {
        xml.raw("      <score-instrument id=")
        instrumentID(part: part, id: id)
        xml.element("><instrument-name>", text: name, "</instrument-name></score-instrument>\n")
    }

    private mutating func midiInstrument(part: Int, id: Int, track: Track, unpitched: Int?) {
        xml.raw("      <midi-instrument id=")
        instrumentID(part: part, id: id)
        xml.element("><midi-channel>", track.channel, "</midi-channel>")
        xml.element("<midi-program>", track.program + 1, "</midi-program>")
        if let unpitched { xml.element("<midi-unpitched>", unpitched, "</midi-unpitched>") }
        xml.raw("<volume>")
        xml.decimal(numerator: track.volume * 100, denominator: 127)
        xml.raw("</volume><pan>")
        xml.decimal(numerator: max(-90 * 63, min(90 * 63, (track.pan - 64) * 90)), denominator: 63)
        xml.raw("</pan></midi-instrument>\n")
    }

    // MARK: - Parts and measures

    /// Where writing stands in one part.
    struct PartState {
        /// Per voice: the first leaf not written completely.
        var cursors: [Int]
        /// Per voice: the velocity of the last dynamic written (−1: none yet).
        var velocities: [Int]
        /// The next tempo change to write (first part only).
        var tempo = 0
        /// The accidental in force on each step and octave (index step × 10 + octave).
        var alters = [Int](repeating: 0, count: 70)
        /// Per voice: the next v2 direction to write (`PartNotation.directions`).
        var directions: [Int] = []
        /// Per voice: the next v2 note attachment to use (`PartNotation.attachments`).
        var attachments: [Int] = []
    }

    private mutating func writePart(_ index: Int) {
        let part = parts[index]
        xml.raw("  <part id=\"P")
        xml.integer(index + 1)
        xml.raw("\">\n")
        var state = PartState(cursors: Array(repeating: 0, count: max(1, part.voices.count)),
                              velocities: Array(repeating: -1, count: max(1, part.voices.count)))
        state.directions = Array(repeating: 0, count: part.directions.count)
        state.attachments = Array(repeating: 0, count: part.attachments.count)
        if let first = keySignatures[1] { keyAlters = [UInt8]("cdefgab".utf8).map { first.accidental(forByte: $0) } }
        for (number, measure) in measures.enumerated() {
            xml.raw("    <measure number=\"")
            xml.integer(number + 1)
            xml.raw("\">\n")
            let newKey = number > 0 ? keySignatures[number + 1] : nil
            if let newKey { keyAlters = [UInt8]("cdefgab".utf8).map { newKey.accidental(forByte: $0) } }
            writeAttributes(part: part, measure: measure, first: number == 0, key: number == 0 ? keySignatures[1] : newKey)
            if number == 0 { writeFeelWords(part: index) }   // Stave 3 feel (ScoreWriter+Feel)
            writeFormStart(bar: number + 1, firstPart: index == 0, staves: part.staves) // Stave 3 form: its signs
            for step in 0..<7 { for octave in 0..<10 { state.alters[step * 10 + octave] = keyAlters[step] } }
            var written = false
            for voice in 0..<max(1, part.voices.count) {
                let leaves = voice < part.voices.count ? part.voices[voice] : []
                let cursor = state.cursors[voice]
                let busy = cursor < leaves.count && leaves[cursor].start < measure.end
                guard voice == 0 || (voice == 1 && part.staves == 2 && part.voiceStaves.isEmpty) || part.opensStaff(voice) || busy || directionsDue(part: part, voice: voice, before: measure.end, last: number == measures.count - 1, state: state) else { continue }
                if written {
                    xml.element("      <backup><duration>", measure.end - measure.start, "</duration></backup>\n")
                }
                writeVoice(part: index, voice: voice, measure: measure, state: &state)
                if number == measures.count - 1 {
                    // What stands at the song's very end (a pedal lifted, a hairpin ended).
                    writeDirections(part: index, voice: voice, before: measure.end + 1, at: measure.end, state: &state)
                    writeClosingPedal(part: index, voice: voice, state: &state)
                }
                written = true
            }
            writeFormEnd(bar: number + 1, firstPart: index == 0, staves: part.staves) // Stave 3 form: its signs
            xml.raw("    </measure>\n")
        }
        xml.raw("  </part>\n")
    }

    /// `key`: the key signature that starts at this measure (always given for the first).
    private mutating func writeAttributes(part: PartNotation, measure: MeasureSpan, first: Bool, key: Key?) {
        guard first || measure.meterChanges || key != nil else { return }
        xml.raw("      <attributes>")
        if first { xml.element("<divisions>", divisions, "</divisions>") }
        if let key {
            xml.raw(part.clef == .percussion ? "<key print-object=\"no\">" : "<key>")
            xml.element("<fifths>", key.fifths, "</fifths>")
            xml.raw(key.mode == .minor ? "<mode>minor</mode></key>" : "<mode>major</mode></key>")
        }
        if first || measure.meterChanges {
            xml.element("<time><beats>", measure.meter.numerator, "</beats>")
            xml.element("<beat-type>", measure.meter.denominator, "</beat-type></time>")
        }
        if first, part.staves == 2, part.clefs.isEmpty {
            xml.raw("<staves>2</staves><clef number=\"1\"><sign>G</sign><line>2</line></clef><clef number=\"2\"><sign>F</sign><line>4</line></clef>")
        } else if first, !part.clefs.isEmpty {
            // A part of several tracks (`staff PART N`): each staff's clef by its notes' range.
            xml.element("<staves>", part.staves, "</staves>")
            for (staff, clef) in part.clefs.enumerated() {
                xml.element("<clef number=\"", staff + 1, "\">")
                xml.raw(clef == .bass ? "<sign>F</sign><line>4</line></clef>" : "<sign>G</sign><line>2</line></clef>")
            }
            if part.writtenOctaveUp {
                xml.raw("<transpose><diatonic>0</diatonic><chromatic>0</chromatic><octave-change>-1</octave-change></transpose>")
            }
        } else if first {
            switch part.clef {
            case .treble: xml.raw("<clef><sign>G</sign><line>2</line></clef>")
            case .bass: xml.raw("<clef><sign>F</sign><line>4</line></clef>")
            case .percussion: xml.raw("<clef><sign>percussion</sign></clef>")
            }
            if part.writtenOctaveUp {
                xml.raw("<transpose><diatonic>0</diatonic><chromatic>0</chromatic><octave-change>-1</octave-change></transpose>")
            }
        }
        xml.raw("</attributes>\n")
    }

    /// One voice of one measure: its leaves, clipped to the bar, and rests in the gaps.
    private mutating func writeVoice(part index: Int, voice: Int, measure: MeasureSpan, state: inout PartState) {
        let part = parts[index]
        let leaves = voice < part.voices.count ? part.voices[voice] : []
        let carriesTempo = index == 0 && voice == 0
        var cursor = state.cursors[voice]
        var position = measure.start
        // A whole-bar rest (`measure="yes"`), except on a grand staff: there music21 would stretch
        // the other staff's first whole-note rest to the bar as well (it takes the measure's
        // first rest for the whole-bar one), so the bar's rests are written as note values.
        if cursor >= leaves.count || leaves[cursor].start >= measure.end, part.staves == 1,
           !carriesTempo || !tempoChanges(inside: measure, from: state.tempo) {
            if carriesTempo { writeTempos(upTo: measure.start, state: &state) }
            writeDirections(part: index, voice: voice, before: measure.end, at: measure.start, state: &state)
            xml.element("      <note><rest measure=\"yes\"/><duration>", measure.end - measure.start, "</duration>")
            xml.element("<voice>", voice + 1, "</voice>")
            writeStaff(part.staff(ofVoice: voice))
            xml.raw("</note>\n")
            return
        }
        while cursor < leaves.count, leaves[cursor].start < measure.end {
            let leaf = leaves[cursor]
            if leaf.start > position {
                writeSpan(nil, part: index, voice: voice, from: position, to: leaf.start, measure: measure, tempo: carriesTempo, state: &state)
            }
            let end = min(leaf.end, measure.end)
            writeSpan(leaf, part: index, voice: voice, from: max(leaf.start, measure.start), to: end, measure: measure, tempo: carriesTempo, state: &state)
            position = end
            if leaf.end > measure.end { break }
            cursor += 1
        }
        state.cursors[voice] = cursor
        if position < measure.end {
            writeSpan(nil, part: index, voice: voice, from: position, to: measure.end, measure: measure, tempo: carriesTempo, state: &state)
        }
    }

    /// A leaf's (or a rest's) span within one bar, split where the notation needs it: at the
    /// middle of a 4/4 bar (unless a note starts and ends on beats; a whole-bar rest stays
    /// whole) and, in the voice that carries the tempo marks, at every tempo change.
    private mutating func writeSpan(_ leaf: Leaf?, part: Int, voice: Int, from start: Int, to end: Int,
                                    measure: MeasureSpan, tempo carriesTempo: Bool, state: inout PartState) {
        var cuts: [Int] = []
        if measure.meter.numerator == 4, measure.meter.denominator == 4, leaf.map({ $0.frame < 0 }) ?? true {
            let middle = measure.start + (measure.end - measure.start) / 2
            if start < middle, middle < end {
                let onBeats = (start - measure.start) % divisions == 0 && (end - measure.start) % divisions == 0
                let wholeBar = start == measure.start && end == measure.end
                if leaf == nil ? !wholeBar : !onBeats { cuts.append(middle) }
            }
        }
        if carriesTempo {
            for tempo in tempos[state.tempo...] {
                if tempo.time >= end { break }
                if tempo.time > start { cuts.append(tempo.time) }
            }
            cuts.sort()
        }
        var from = start
        for index in 0...cuts.count {
            let cut = index < cuts.count ? cuts[index] : end
            guard cut > from else { continue }
            if carriesTempo { writeTempos(upTo: from, state: &state) }
            writePieces(leaf, part: part, voice: voice, from: from, to: cut, state: &state)
            from = cut
        }
    }

    /// True when a tempo change falls strictly inside the bar (tempos before `index` are written).
    private func tempoChanges(inside measure: MeasureSpan, from index: Int) -> Bool {
        var index = index
        while index < tempos.count, tempos[index].time <= measure.start { index += 1 }
        return index < tempos.count && tempos[index].time < measure.end
    }

    /// Tempo marks due at or before `time`.
    private mutating func writeTempos(upTo time: Int, state: inout PartState) {
        while state.tempo < tempos.count, tempos[state.tempo].time <= time {
            let (_, bpm, ramp) = tempos[state.tempo]
            switch ramp {
            case nil:
                xml.raw("      <direction placement=\"above\"><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>")
                xml.decimal(numerator: bpm.numerator, denominator: bpm.denominator)
                xml.raw("</per-minute></metronome></direction-type><voice>1</voice><sound tempo=\"")
            case .ritardando?, .accelerando?:
                xml.raw("      <direction placement=\"above\"><direction-type><words>")
                xml.raw(ramp == .ritardando ? "rit." : "accel.")
                xml.raw("</words></direction-type><voice>1</voice><sound tempo=\"")
            case .step?:
                xml.raw("      <sound tempo=\"")
            }
            xml.decimal(numerator: bpm.numerator, denominator: bpm.denominator)
            switch ramp {
            case .step?: xml.raw("\"/>\n")
            default: xml.raw("\"/></direction>\n")
            }
            state.tempo += 1
        }
    }
}
