import StaveComposition
import StaveSyntax

/// Reads a MusicXML document into a `Score`, measure by measure as `XMLReader` hands them over
/// (a long score is never held whole): partwise scores part by part, timewise measure by measure. Durations are exact (`<divisions>` per quarter);
/// a value that makes no sense (a negative duration, a note before any `<divisions>`, a number
/// beyond the limits) is an error at its line and column.
struct ScoreReader {
    /// `<divisions>` is at most this (finer time than any score needs).
    static let maximumDivisions = 1_000_000
    /// A duration, backup or forward spans at most this many whole notes.
    static let maximumSpan = 1024
    /// A score has at most this many measures (as Stave's songs at most a million bars).
    static let maximumMeasures = 1_000_000

    private(set) var score = Score()
    /// The part of the document read so far: the header, the open elements and the measure
    /// being read (`XMLReader` drops each measure once it is read).
    private var tree = XMLTree()
    /// Kinds of things left out, each reported once with a count.
    private var dropped: [String: Int] = [:]
    private var droppedOrder: [String] = []
    private var begun = false
    private var partIndex: [String: Int] = [:]
    private var unpitchedKeys: [[String: Int]] = []
    private var states: [PartState] = []
    /// Measures read so far, per part (partwise), or in all (timewise).
    private var measuresRead: [Int] = []
    private var timewiseMeasures = 0
    private var filled: [Rational] = []
    private var meterSet: [Bool] = []

    private func fail(_ element: Int, _ message: String) -> MusicXMLReadError {
        let (line, column) = tree.place(element)
        return MusicXMLReadError(line: line, column: column, message: message)
    }

    private mutating func drop(_ kind: String) {
        if dropped[kind] == nil { droppedOrder.append(kind) }
        dropped[kind, default: 0] += 1
    }

    /// The score of a document's bytes, read measure by measure as the XML arrives.
    static func read(_ bytes: [UInt8]) throws(MusicXMLReadError) -> Score {
        var reader = ScoreReader()
        let tree = try XMLReader.read(bytes, flushing: "measure") { (tree: XMLTree, measure: Int, parent: Int) throws(MusicXMLReadError) in
            reader.tree = tree
            defer { reader.tree = XMLTree() }
            try reader.readMeasureElement(measure, parent: parent)
        }
        reader.tree = tree
        try reader.finish()
        for kind in reader.droppedOrder {
            reader.score.remarks.append("\(reader.dropped[kind] ?? 0) × \(kind) left out")
        }
        return reader.score
    }

    /// The score of a document read whole (the tests' way in).
    static func read(_ tree: XMLTree) throws(MusicXMLReadError) -> Score {
        var reader = ScoreReader()
        reader.tree = tree
        let root = tree.root
        if tree.elements[root].name == "score-partwise" {
            for part in tree.children(root) where tree.elements[part].name == "part" {
                for measure in tree.children(part) where tree.elements[measure].name == "measure" { try reader.readMeasureElement(measure, parent: part) }
            }
        } else {
            for measure in tree.children(root) where tree.elements[measure].name == "measure" { try reader.readMeasureElement(measure, parent: root) }
        }
        try reader.finish()
        for kind in reader.droppedOrder {
            reader.score.remarks.append("\(reader.dropped[kind] ?? 0) × \(kind) left out")
        }
        return reader.score
    }

    /// The header: the root element, title, composer and the part list (all before the first measure).
    private mutating func begin() throws(MusicXMLReadError) {
        guard !begun else { return }
        begun = true
        let root = tree.root
        guard !tree.elements.isEmpty else { throw MusicXMLReadError("the file holds no XML element; expected a MusicXML score") }
        let rootName = tree.elements[root].name
        guard rootName == "score-partwise" || rootName == "score-timewise" else {
            throw fail(root, "the root element is <\(rootName)>; expected <score-partwise> or <score-timewise> (a MusicXML score)")
        }
        if let work = tree.child(root, "work"), let title = tree.text(work, "work-title"), !title.isEmpty {
            score.title = title
        } else if let title = tree.text(root, "movement-title"), !title.isEmpty {
            score.title = title
        }
        if let identification = tree.child(root, "identification") {
            for creator in tree.children(identification) where tree.elements[creator].name == "creator" {
                if tree.attribute(creator, "type") == "composer" {
                    score.composer = XMLTree.trimmed(tree.elements[creator].text)
                    break
                }
            }
        }
        // The parts the part list declares, in order.
        if let list = tree.child(root, "part-list") {
            for scorePart in tree.children(list) where tree.elements[scorePart].name == "score-part" {
                guard let id = tree.attribute(scorePart, "id") else { throw fail(scorePart, "<score-part> has no id; expected id=\"P1\"") }
                var part = Score.Part(id: id)
                part.name = tree.text(scorePart, "part-name").flatMap { $0.isEmpty ? nil : $0 }
                var instrumentName: String?
                var keys: [String: Int] = [:]
                var volumeSet = false, panSet = false
                for child in tree.children(scorePart) {
                    switch tree.elements[child].name {
                    case "score-instrument":
                        if instrumentName == nil { instrumentName = tree.text(child, "instrument-name") }
                    case "midi-instrument":
                        if part.program == nil, let text = tree.text(child, "midi-program"), let program = Int(text), (1...128).contains(program) {
                            part.program = program - 1
                        }
                        if part.channel == nil, let text = tree.text(child, "midi-channel"), let channel = Int(text), (1...16).contains(channel) {
                            part.channel = channel
                            if channel == 10 { part.isDrums = true }
                        }
                        if !volumeSet, let text = tree.text(child, "volume"), let percent = ScoreReader.decimal(text), percent >= .zero, percent <= Rational(100) {
                            part.volume = (percent * 127 / 100 + Rational(1, 2)).floor
                            volumeSet = true
                        }
                        if !panSet, let text = tree.text(child, "pan"), let degrees = ScoreReader.decimal(text), degrees >= Rational(-180), degrees <= Rational(180) {
                            // −90 (left) … 90 (right), as the export writes (pan − 64)·90/63.
                            let clamped = max(Rational(-90), min(Rational(90), degrees))
                            part.pan = max(0, min(127, 64 + (clamped * 63 / 90 + Rational(1, 2)).floor))
                            panSet = true
                        }
                        if let id = tree.attribute(child, "id"), let text = tree.text(child, "midi-unpitched"), let key = Int(text), (1...128).contains(key) {
                            keys[id] = key - 1
                        }
                    default: break
                    }
                }
                if part.program == nil, let name = instrumentName ?? part.name { part.program = InstrumentNames.program(forName: name) }
                if partIndex[id] == nil {
                    partIndex[id] = score.parts.count
                    score.parts.append(part)
                    unpitchedKeys.append(keys)
                    states.append(PartState())
                    measuresRead.append(0)
                }
            }
        }
    }

    /// The slot of a part by its id (a part the part list does not declare is added).
    private mutating func partSlot(_ id: String?) -> Int {
        if let id, let index = partIndex[id] { return index }
        let newID = id ?? "P\(score.parts.count + 1)"
        partIndex[newID] = score.parts.count
        score.parts.append(Score.Part(id: newID))
        unpitchedKeys.append([:])
        states.append(PartState())
        measuresRead.append(0)
        return score.parts.count - 1
    }

    /// The score's measure `index`, made when it is the first part to reach it.
    private mutating func ensureMeasure(_ index: Int, at element: Int) throws(MusicXMLReadError) {
        guard index >= score.measures.count else { return }
        guard index < ScoreReader.maximumMeasures else {
            throw fail(element, "more than \(ScoreReader.maximumMeasures) measures; Stave's songs last at most \(ScoreReader.maximumMeasures) bars")
        }
        score.measures.append(Score.Measure(number: String(index + 1)))
        filled.append(.zero)
        meterSet.append(false)
    }

    /// One `<measure>`: of the part that holds it (partwise), or holding a `<part>` each (timewise).
    private mutating func readMeasureElement(_ measure: Int, parent: Int) throws(MusicXMLReadError) {
        try begin()
        if tree.elements[parent].name == "part" {
            let slot = partSlot(tree.attribute(parent, "id"))
            let index = measuresRead[slot]
            measuresRead[slot] += 1
            try readPartMeasure(measure, content: measure, index: index, slot: slot)
        } else {
            let index = timewiseMeasures
            timewiseMeasures += 1
            for part in tree.children(measure) where tree.elements[part].name == "part" {
                let slot = partSlot(tree.attribute(part, "id"))
                try readPartMeasure(measure, content: part, index: index, slot: slot)
            }
        }
    }

    private mutating func readPartMeasure(_ measure: Int, content: Int, index: Int, slot: Int) throws(MusicXMLReadError) {
        try ensureMeasure(index, at: measure)
        if let number = tree.attribute(measure, "number"), slot == 0 || score.measures[index].number == String(index + 1) {
            score.measures[index].number = number
        }
        var state = states[slot]
        var set = meterSet[index]
        let reached = try readMeasure(content, index: index, part: slot, state: &state, unpitched: unpitchedKeys[slot], meterSet: &set)
        states[slot] = state
        meterSet[index] = set
        filled[index] = max(filled[index], reached)
    }

    /// After the last measure: meters and keys carry on; a measure lasts what its parts fill
    /// (its meter's bar if none fills it).
    private mutating func finish() throws(MusicXMLReadError) {
        try begin()
        guard !score.measures.isEmpty else { throw MusicXMLReadError("the score has no measures") }
        var meter = (numerator: 4, denominator: 4)
        for index in score.measures.indices {
            if meterSet[index] { meter = score.measures[index].meter } else { score.measures[index].meter = meter }
            score.measures[index].length = filled[index] > .zero ? filled[index] : Rational(meter.numerator, meter.denominator)
        }
    }

    /// What carries from one measure of a part to the next.
    private struct PartState {
        var divisions: Int?
        var transposeSet = false
    }

    /// Reads one measure of a part; returns how far its voices reach.
    private mutating func readMeasure(_ content: Int, index: Int, part slot: Int, state: inout PartState, unpitched: [String: Int],
                                      meterSet: inout Bool) throws(MusicXMLReadError) -> Rational {
        var cursor = Rational.zero
        var reached = Rational.zero
        var lastStart = Rational.zero
        var lastVoice = "1"
        for child in tree.children(content) {
            switch tree.elements[child].name {
            case "attributes":
                try readAttributes(child, index: index, part: slot, state: &state, meterSet: &meterSet)
            case "note":
                let duration = try noteDuration(child, state: state)
                let isChord = tree.child(child, "chord") != nil
                let isGrace = tree.child(child, "grace") != nil
                let voice = tree.text(child, "voice").flatMap { $0.isEmpty ? nil : $0 } ?? "1"
                let start = isChord ? lastStart : cursor
                if !isChord && !isGrace {
                    lastStart = cursor
                    cursor = cursor + duration
                    reached = max(reached, cursor)
                }
                if isGrace && !isChord { lastStart = cursor }
                lastVoice = voice
                if tree.child(child, "cue") != nil || tree.child(child, "rest") != nil { continue }
                if let note = try readNote(child, index: index, offset: start, length: isGrace ? .zero : duration, chord: isChord,
                                           grace: isGrace, part: slot, unpitched: unpitched) {
                    if score.parts[slot].voices[voice] == nil { score.parts[slot].voiceOrder.append(voice) }
                    score.parts[slot].voices[voice, default: []].append(note)
                }
            case "backup", "forward":
                let duration = try spanDuration(child, state: state)
                if tree.elements[child].name == "backup" {
                    cursor = cursor - duration
                    if cursor < .zero {
                        drop("backups past the start of their measure (moved to it)")
                        cursor = .zero
                    }
                } else {
                    cursor = cursor + duration
                    reached = max(reached, cursor)
                }
            case "direction":
                try readDirection(child, index: index, at: cursor, part: slot, state: state)
            case "sound":
                readSound(child, index: index, at: cursor, voice: nil, part: slot)
            case "harmony":
                try readHarmony(child, index: index, at: cursor, voice: lastVoice, part: slot, state: state)
            case "barline":
                readBarline(child, index: index)
            default:
                break
            }
        }
        return reached
    }

    private mutating func readAttributes(_ element: Int, index: Int, part slot: Int, state: inout PartState, meterSet: inout Bool) throws(MusicXMLReadError) {
        for child in tree.children(element) {
            switch tree.elements[child].name {
            case "divisions":
                let text = XMLTree.trimmed(tree.elements[child].text)
                guard let divisions = Int(text) else {
                    if let value = Double(text), value > 0, value.rounded() == value, value <= Double(ScoreReader.maximumDivisions) {
                        state.divisions = Int(value)
                        continue
                    }
                    throw fail(child, "<divisions> is '\(text)'; expected a whole number 1–\(ScoreReader.maximumDivisions)")
                }
                guard (1...ScoreReader.maximumDivisions).contains(divisions) else {
                    throw fail(child, "<divisions> is \(divisions); expected 1–\(ScoreReader.maximumDivisions)")
                }
                state.divisions = divisions
            case "key":
                if let text = tree.text(child, "fifths"), let fifths = Int(text), (-7...7).contains(fifths) {
                    let minor = tree.text(child, "mode") == "minor"
                    if score.measures[index].key == nil { score.measures[index].key = (fifths, minor) }
                } else if tree.child(child, "fifths") != nil {
                    drop("key signatures Stave cannot write (beyond 7 sharps or flats)")
                } else {
                    drop("non-traditional key signatures")
                }
            case "time":
                if tree.attribute(child, "print-object") == "no" && tree.child(child, "beats") == nil { continue }
                if let meter = meter(of: child) {
                    if !meterSet {
                        score.measures[index].meter = meter
                        meterSet = true
                    }
                } else if tree.child(child, "senza-misura") == nil {
                    drop("time signatures Stave cannot write (kept as the bars' lengths)")
                }
            case "clef":
                if tree.text(child, "sign") == "percussion" { score.parts[slot].isDrums = true }
            case "transpose":
                let chromatic = Int(tree.text(child, "chromatic") ?? "0") ?? 0
                let octaves = Int(tree.text(child, "octave-change") ?? "0") ?? 0
                let semitones = chromatic + 12 * octaves
                if !state.transposeSet {
                    state.transposeSet = true
                    if (-48...48).contains(semitones) {
                        score.parts[slot].transpose = semitones
                    } else {
                        drop("transpositions beyond 48 semitones")
                    }
                } else if semitones != score.parts[slot].transpose {
                    drop("changes of transposition inside a part")
                }
            default:
                break
            }
        }
    }

    /// A time signature Stave can write: beats (a sum like `3+2` is added) over 1, 2, 4 … 64.
    private func meter(of time: Int) -> (numerator: Int, denominator: Int)? {
        guard let beats = tree.text(time, "beats"), let beatType = tree.text(time, "beat-type"), let denominator = Int(beatType),
              [1, 2, 4, 8, 16, 32, 64].contains(denominator) else { return nil }
        var numerator = 0
        for piece in beats.split(separator: "+") {
            guard let value = Int(piece.trimmingSpaces), value > 0, value <= 64 else { return nil }
            numerator += value
        }
        guard (1...64).contains(numerator), tree.children(time).filter({ tree.elements[$0].name == "beats" }).count == 1 else { return nil }
        return (numerator, denominator)
    }

    /// The duration of a `<note>` in whole notes (zero for a grace note).
    private func noteDuration(_ note: Int, state: PartState) throws(MusicXMLReadError) -> Rational {
        if tree.child(note, "grace") != nil { return .zero }
        guard let element = tree.child(note, "duration") else {
            throw fail(note, "a <note> without <duration>; expected its length in divisions")
        }
        return try divisionsValue(element, state: state)
    }

    private func spanDuration(_ element: Int, state: PartState) throws(MusicXMLReadError) -> Rational {
        guard let duration = tree.child(element, "duration") else {
            throw fail(element, "<\(tree.elements[element].name)> without <duration>; expected its length in divisions")
        }
        return try divisionsValue(duration, state: state)
    }

    /// A number of divisions (an element's text) in whole notes: 0 or more, within the limits.
    private func divisionsValue(_ element: Int, state: PartState) throws(MusicXMLReadError) -> Rational {
        guard let divisions = state.divisions else {
            throw fail(element, "a duration before any <divisions>; expected <attributes><divisions>N</divisions> first")
        }
        let text = XMLTree.trimmed(tree.elements[element].text)
        guard let value = ScoreReader.decimal(text) else {
            throw fail(element, "<\(tree.elements[element].name)> is '\(text)'; expected a number of divisions")
        }
        guard value >= .zero else {
            throw fail(element, "<\(tree.elements[element].name)> is \(text); expected a duration of 0 or more")
        }
        let whole = value / Rational(4 * divisions)
        guard whole <= Rational(ScoreReader.maximumSpan) else {
            throw fail(element, "<\(tree.elements[element].name)> is \(text) divisions, more than \(ScoreReader.maximumSpan) whole notes")
        }
        return whole
    }

    /// A decimal number (`12`, `-3`, `1.5`) as an exact fraction; nil when it is not one or has
    /// more than 12 digits.
    static func decimal(_ text: String) -> Rational? {
        var bytes = Array(text.utf8)
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes.removeFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes.removeFirst()
        }
        var numerator = 0, denominator = 1, digits = 0, afterPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                if afterPoint { return nil }
                afterPoint = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            digits += 1
            if digits > 12 { return nil }
            numerator = numerator * 10 + Int(byte - UInt8(ascii: "0"))
            if afterPoint { denominator *= 10 }
        }
        guard digits > 0 else { return nil }
        return Rational(negative ? -numerator : numerator, denominator)
    }

    private mutating func readNote(_ element: Int, index: Int, offset: Rational, length: Rational, chord: Bool, grace: Bool,
                                   part slot: Int, unpitched: [String: Int]) throws(MusicXMLReadError) -> Score.Note? {
        var note = Score.Note(measure: index, offset: offset, length: length, pitch: 60)
        note.chord = chord
        note.grace = grace
        if let pitch = tree.child(element, "pitch") {
            guard let step = tree.text(pitch, "step"), let letter = step.lowercased().utf8.first, step.utf8.count == 1,
                  (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(letter) else {
                throw fail(pitch, "<pitch> has no <step> A–G")
            }
            guard let octaveText = tree.text(pitch, "octave"), let octave = Int(octaveText), (-1...9).contains(octave) else {
                throw fail(pitch, "<pitch> has no <octave> 0–9")
            }
            var alter = 0
            if let alterText = tree.text(pitch, "alter") {
                guard let value = ScoreReader.decimal(alterText), abs(value.floor) <= 9 else { throw fail(pitch, "<alter> is '\(alterText)'; expected a number of semitones") }
                if !value.isInteger { drop("microtonal alterations (rounded to the nearest semitone)") }
                alter = (value + Rational(1, 2)).floor
            }
            note.pitch = 12 * (octave + 1) + [9, 11, 0, 2, 4, 5, 7][Int(letter - UInt8(ascii: "a"))] + alter
            if (-2...2).contains(alter) {
                note.spelling = PitchSpelling(letterByte: letter, accidental: alter)
            } else {
                drop("alterations beyond a double sharp or flat (spelled as Stave chooses)")
            }
            if score.parts[slot].isDrums {
                if let instrument = tree.child(element, "instrument").flatMap({ tree.attribute($0, "id") }), let key = unpitched[instrument] {
                    note.pitch = key
                }
                note.spelling = nil
            }
        } else if let display = tree.child(element, "unpitched") {
            score.parts[slot].isDrums = true
            if let instrument = tree.child(element, "instrument").flatMap({ tree.attribute($0, "id") }), let key = unpitched[instrument] {
                note.pitch = key
            } else if unpitched.count == 1, let key = unpitched.values.first {
                note.pitch = key
            } else if let step = tree.text(display, "display-step")?.lowercased().utf8.first, let octave = tree.text(display, "display-octave").flatMap({ Int($0) }),
                      (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(step) {
                // No MIDI key given: the drum the displayed position stands for on a five-line staff.
                note.pitch = DrumPositions.key(step: step, octave: octave)
            }
        } else {
            return nil
        }
        guard (0...127).contains(note.pitch) else {
            drop("notes outside MIDI 0–127")
            return nil
        }
        for child in tree.children(element) {
            switch tree.elements[child].name {
            case "tie":
                if tree.attribute(child, "type") == "start" { note.tieStart = true }
                if tree.attribute(child, "type") == "stop" { note.tieStop = true }
            case "notations":
                for notation in tree.children(child) {
                    switch tree.elements[notation].name {
                    case "tied":
                        if tree.attribute(notation, "type") == "start" { note.tieStart = true }
                        if tree.attribute(notation, "type") == "stop" { note.tieStop = true }
                    case "articulations":
                        for mark in tree.children(notation) {
                            switch tree.elements[mark].name {
                            case "staccato": note.marks.insert(.staccato)
                            case "tenuto": note.marks.insert(.tenuto)
                            case "accent": note.marks.insert(.accent)
                            case let other: drop("articulations <\(other)>")
                            }
                        }
                    case "ornaments", "technical":
                        for mark in tree.children(notation) where tree.elements[mark].name != "accidental-mark" {
                            drop("\(tree.elements[notation].name == "ornaments" ? "ornaments" : "technical marks") <\(tree.elements[mark].name)>")
                        }
                    case "fermata": drop("fermatas")
                    case "arpeggiate": drop("arpeggios")
                    case "glissando", "slide": drop("glissandos and slides")
                    default: break
                    }
                }
            case "lyric":
                let verse = tree.attribute(child, "number").flatMap { Int($0) } ?? 1
                var text = ""
                for part in tree.children(child) where tree.elements[part].name == "text" { text += tree.elements[part].text }
                text = XMLTree.trimmed(text)
                guard !text.isEmpty else { continue }
                let syllabic = tree.text(child, "syllabic") ?? "single"
                note.lyrics.append((verse, text, syllabic == "begin" || syllabic == "middle"))
            default:
                break
            }
        }
        if note.marks.contains(.staccato), note.marks.contains(.tenuto) {
            note.marks.remove(.tenuto)
            drop("tenuto marks on staccato notes (Stave has one or the other; staccato kept)")
        }
        return note
    }

    private mutating func readDirection(_ element: Int, index: Int, at cursor: Rational, part slot: Int, state: PartState) throws(MusicXMLReadError) {
        var time = cursor
        if let offset = tree.child(element, "offset"), let divisions = state.divisions,
           let value = ScoreReader.decimal(XMLTree.trimmed(tree.elements[offset].text)) {
            time = max(.zero, cursor + value / Rational(4 * divisions))
        }
        let voice = tree.text(element, "voice")
        let sound = tree.child(element, "sound")
        let hasTempo = sound.flatMap { tree.attribute($0, "tempo") } != nil
        // The words of a jump ("D.S. al Coda", "Fine", "To Coda") are the jump's, not a marker.
        let isJump = sound.map { sound in ["dacapo", "dalsegno", "fine", "tocoda"].contains { tree.attribute(sound, $0) != nil } } ?? false
        func add(_ kind: Score.Direction.Kind) {
            score.parts[slot].directions.append(Score.Direction(measure: index, offset: time, voice: voice, kind: kind))
        }
        var dynamicsSeen = false
        for type in tree.children(element) where tree.elements[type].name == "direction-type" {
            for mark in tree.children(type) {
                switch tree.elements[mark].name {
                case "dynamics":
                    if let name = tree.children(mark).first(where: { _ in true }).map({ tree.elements[$0].name }), let velocity = ScoreReader.dynamicsVelocity[name] {
                        if sound.flatMap({ tree.attribute($0, "dynamics") }) == nil { add(.velocity(velocity)) }
                        dynamicsSeen = true
                    } else {
                        drop("dynamics Stave has no velocity for (such as sfz or fp)")
                    }
                case "wedge":
                    switch tree.attribute(mark, "type") {
                    case "crescendo": add(.wedge(crescendo: true))
                    case "diminuendo": add(.wedge(crescendo: false))
                    case "stop": add(.wedge(crescendo: nil))
                    default: break
                    }
                case "pedal":
                    switch tree.attribute(mark, "type") {
                    case "start": add(.pedal(down: true))
                    case "stop": add(.pedal(down: false))
                    case "change":
                        add(.pedal(down: false))
                        add(.pedal(down: true))
                    default: break
                    }
                case "rehearsal":
                    let text = XMLTree.trimmed(tree.elements[mark].text)
                    if !text.isEmpty { add(.marker(text)) }
                case "words":
                    let text = XMLTree.trimmed(tree.elements[mark].text)
                    if !text.isEmpty, !hasTempo, !isJump { add(.marker(text)) }
                case "metronome":
                    if !hasTempo, let bpm = metronome(mark) { add(.tempo(bpm)) }
                case "segno": score.measures[index].jumps.append(.segno)
                case "coda": score.measures[index].jumps.append(.coda)
                default:
                    break
                }
            }
        }
        _ = dynamicsSeen
        if let sound { readSound(sound, index: index, at: time, voice: voice, part: slot) }
    }

    /// Quarter notes per minute of a metronome mark (`<beat-unit>` with dots, `<per-minute>`).
    private func metronome(_ mark: Int) -> Rational? {
        guard let unit = tree.text(mark, "beat-unit"), let perMinute = tree.text(mark, "per-minute").flatMap(ScoreReader.decimal),
              let value = ScoreReader.noteTypes[unit] else { return nil }
        var length = value
        var dot = value / 2
        for child in tree.children(mark) where tree.elements[child].name == "beat-unit-dot" {
            length = length + dot
            dot = dot / 2
        }
        let bpm = perMinute * length * 4
        return bpm > .zero && bpm <= Rational(1000) ? bpm : nil
    }

    private mutating func readSound(_ sound: Int, index: Int, at time: Rational, voice: String?, part slot: Int) {
        func add(_ kind: Score.Direction.Kind) {
            score.parts[slot].directions.append(Score.Direction(measure: index, offset: time, voice: voice, kind: kind))
        }
        if let text = tree.attribute(sound, "tempo"), let bpm = ScoreReader.decimal(text) {
            if bpm >= Rational(1), bpm <= Rational(1000) { add(.tempo(bpm)) } else { drop("tempos outside 1–1000") }
        }
        if let text = tree.attribute(sound, "dynamics"), let percent = ScoreReader.decimal(text), percent >= .zero {
            // Percent of forte, which is velocity 90 (as Stave's MusicXML export writes it).
            add(.velocity(min(127, (percent * 90 / 100 + Rational(1, 2)).floor)))
        }
        if let pedal = tree.attribute(sound, "damper-pedal") {
            if pedal == "yes" { add(.pedal(down: true)) } else if pedal == "no" { add(.pedal(down: false)) }
        }
        if tree.attribute(sound, "dacapo") == "yes" { score.measures[index].jumps.append(.daCapo) }
        if tree.attribute(sound, "dalsegno") != nil { score.measures[index].jumps.append(.dalSegno) }
        if tree.attribute(sound, "fine") != nil { score.measures[index].jumps.append(.fine) }
        if tree.attribute(sound, "tocoda") != nil { score.measures[index].jumps.append(.toCoda) }
        if tree.attribute(sound, "segno") != nil, !score.measures[index].jumps.contains(.segno) { score.measures[index].jumps.append(.segno) }
        if tree.attribute(sound, "coda") != nil, !score.measures[index].jumps.contains(.coda) { score.measures[index].jumps.append(.coda) }
    }

    private mutating func readHarmony(_ element: Int, index: Int, at cursor: Rational, voice: String, part slot: Int, state: PartState) throws(MusicXMLReadError) {
        var time = cursor
        if let offset = tree.child(element, "offset"), let divisions = state.divisions,
           let value = ScoreReader.decimal(XMLTree.trimmed(tree.elements[offset].text)) {
            time = max(.zero, cursor + value / Rational(4 * divisions))
        }
        guard let kindElement = tree.child(element, "kind") else { return }
        let kind = XMLTree.trimmed(tree.elements[kindElement].text)
        if kind == "none" { return }
        guard let root = tree.child(element, "root"), let step = tree.text(root, "root-step").flatMap({ $0.lowercased().utf8.first }),
              (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(step) else {
            drop("chord symbols without a root (such as functions)")
            return
        }
        let alter = tree.text(root, "root-alter").flatMap { ScoreReader.decimal($0) }.map { $0.floor } ?? 0
        var bass: ChordSymbol.Note?
        if let bassElement = tree.child(element, "bass"), let bassStep = tree.text(bassElement, "bass-step").flatMap({ $0.lowercased().utf8.first }),
           (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(bassStep) {
            let bassAlter = tree.text(bassElement, "bass-alter").flatMap { ScoreReader.decimal($0) }.map { $0.floor } ?? 0
            guard (-1...1).contains(bassAlter) else {
                drop("chord symbols with a double sharp or flat")
                return
            }
            bass = ChordSymbol.Note(letterByte: bassStep - 32, accidental: bassAlter)
        }
        var degrees: [HarmonyDegree] = []
        for degree in tree.children(element) where tree.elements[degree].name == "degree" {
            guard let value = tree.text(degree, "degree-value").flatMap({ Int($0) }) else { continue }
            let alterValue = tree.text(degree, "degree-alter").flatMap { ScoreReader.decimal($0) }.map { $0.floor } ?? 0
            degrees.append(HarmonyDegree(value: value, alter: alterValue, type: tree.text(degree, "degree-type") ?? "add"))
        }
        guard (-1...1).contains(alter), let quality = HarmonyKinds.quality(kind: kind, degrees: degrees) else {
            drop("chord symbols of kinds Stave has no quality for (\(kind))")
            return
        }
        let symbol = ChordSymbol(root: ChordSymbol.Note(letterByte: step - 32, accidental: alter), quality: quality, bass: bass)
        score.parts[slot].directions.append(Score.Direction(measure: index, offset: time, voice: voice, kind: .harmony(symbol)))
    }

    private mutating func readBarline(_ element: Int, index: Int) {
        if tree.attribute(element, "location") == "middle", tree.child(element, "repeat") != nil || tree.child(element, "ending") != nil {
            score.measures[index].midBarSign = true
        }
        if let repeatElement = tree.child(element, "repeat") {
            if tree.attribute(repeatElement, "direction") == "forward" {
                score.measures[index].repeatForward = true
            } else if tree.attribute(repeatElement, "direction") == "backward" {
                let times = tree.attribute(repeatElement, "times").flatMap { Int($0) } ?? 2
                score.measures[index].repeatBackward = max(2, min(times, 100))
            }
        }
        if let ending = tree.child(element, "ending"), tree.attribute(ending, "type") == "start",
           let numbers = tree.attribute(ending, "number") {
            var list: [Int] = []
            for piece in numbers.split(whereSeparator: { $0 == "," || $0 == " " }) {
                let range = piece.split(separator: "-")
                if range.count == 2, let low = Int(range[0]), let high = Int(range[1]), low <= high, high - low < 100 {
                    list += Array(low...high)
                } else if let number = Int(piece) {
                    list.append(number)
                }
            }
            score.measures[index].endings = list
            score.measures[index].endingStarts = true
        }
        if let ending = tree.child(element, "ending"), ["stop", "discontinue"].contains(tree.attribute(ending, "type") ?? "") {
            score.measures[index].endingStops = true
        }
    }

    /// The velocities of the dynamics marks: LANGUAGE.md's table (`!ppp` … `!fff`).
    static let dynamicsVelocity: [String: Int] = ["ppp": 16, "pp": 33, "p": 49, "mp": 64, "mf": 80, "f": 96, "ff": 112, "fff": 127]

    /// Note types in whole notes.
    static let noteTypes: [String: Rational] = [
        "breve": Rational(2), "whole": Rational(1), "half": Rational(1, 2), "quarter": Rational(1, 4), "eighth": Rational(1, 8),
        "16th": Rational(1, 16), "32nd": Rational(1, 32), "64th": Rational(1, 64), "128th": Rational(1, 128),
    ]
}

extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
