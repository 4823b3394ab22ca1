import StaveComposition
import StaveSyntax
import StaveJSON

/// Phrases, containers, blocks and notes.
extension SongDecoder {
    /// The lowest pitch Stave can write: `cbb` in octave 0.
    public static let lowestWritablePitch = 10

    static let originalFields = ["type", "id", "start", "length", "tempos", "hairpins", "graces", "controls", "markers", "chordSymbols", "lyrics", "lyricsFrom", "containers"]

    /// A phrase of a track of `kind` whose `velocity` setting starts each phrase. Its first
    /// containers may have been read from the file's bytes already (`ContainersAsRead`): then
    /// they come as `containersRead`, with the running state after the last of them.
    mutating func phrase(_ value: JSONValue, at path: JSONPath, kind: TrackKind, velocity: Int,
                         containersRead: (containers: [SongDocument.NoteContainer], after: RunningState)? = nil) -> SongDocument.Phrase? {
        guard var fields = object(value, at: path, what: "a phrase") else { return nil }
        guard let typeValue = required(&fields, "type", expected: "\"original\", \"repeat\" or \"sync\"") else { return nil }
        guard case .string(let type) = typeValue, ["original", "repeat", "sync"].contains(type) else {
            problem(.saveInvalidValue, path.key("type"), "expected \"original\", \"repeat\" or \"sync\", found \(typeValue.summary)")
            return nil
        }
        let id = fields.take("id").flatMap { identifier($0, at: path.key("id"), what: "a phrase ID") }
        let idFailed = fields.has("id") && id == nil
        let start = integer(&fields, "start", in: 0...JSONValue.maximumInteger, expected: "a start time (a non-negative integer of resolution units)")
        var content: SongDocument.Phrase.Content?
        switch type {
        case "original":
            let length = integer(&fields, "length", in: 0...JSONValue.maximumInteger, expected: "a length (a non-negative integer of resolution units)")
            var tempos: [SongDocument.TempoMark]? = []
            if let value = fields.take("tempos") { tempos = tempoMarks(value, at: path.key("tempos")) }
            let expression = self.expression(&fields, at: path, kind: kind, velocity: velocity)
            var containers: [SongDocument.NoteContainer]?
            if let value = required(&fields, "containers", expected: "an array of containers"),
               let elements = array(value, at: path.key("containers"), expected: "an array of containers") {
                var state = RunningState(velocity: velocity)
                var decoded: [SongDocument.NoteContainer] = []
                if let read = containersRead, read.containers.count <= elements.count {
                    decoded = read.containers
                    state = read.after
                }
                decoded.reserveCapacity(elements.count)
                let containersPath = path.key("containers")
                for (index, element) in elements.enumerated().dropFirst(decoded.count) {
                    if let container = container(element, at: containersPath.index(index), kind: kind, state: &state) {
                        decoded.append(container)
                    }
                }
                if decoded.count == elements.count { containers = decoded }
            }
            finish(fields, what: "an original phrase", known: SongDecoder.originalFields)
            if let length, let tempos, let containers, let expression {
                content = .original(length: length, containers: containers, tempos: tempos, expression: expression)
            }
        case "repeat":
            let source = required(&fields, "source", expected: "the ID of the phrase to repeat").flatMap { identifier($0, at: path.key("source"), what: "a phrase ID") }
            let count = integer(&fields, "count", in: 1...Lowering.maximumRepeat, expected: "a repeat count 1–\(Lowering.maximumRepeat)")
            finish(fields, what: "a repeat phrase", known: ["type", "id", "start", "source", "count"])
            if let source, let count { content = .repeat(source: source, count: count) }
        default:
            let track = required(&fields, "track", expected: "the ID of the source track").flatMap { identifier($0, at: path.key("track"), what: "a track ID") }
            let source = required(&fields, "phrase", expected: "the ID of the phrase to sync").flatMap { identifier($0, at: path.key("phrase"), what: "a phrase ID") }
            var transpose = integer(&fields, "transpose", in: -127...127, expected: "a transpose -127–127")
            if kind == .drums, let shift = transpose, shift != 0 {
                problem(.settingNotAllowed, path.key("transpose"), "a sync on a drum track cannot transpose, found \(shift)")
                transpose = nil
            }
            finish(fields, what: "a sync phrase", known: ["type", "id", "start", "track", "phrase", "transpose"])
            if let track, let source, let transpose { content = .sync(track: track, phrase: source, transpose: transpose) }
        }
        guard let start, let content, !idFailed else { return nil }
        return SongDocument.Phrase(id: id, start: start, content: content)
    }

    mutating func tempoMarks(_ value: JSONValue, at path: JSONPath) -> [SongDocument.TempoMark]? {
        guard let elements = array(value, at: path, expected: "an array of tempo marks") else { return nil }
        let decoded = elements.enumerated().map { index, element -> SongDocument.TempoMark? in
            guard var fields = object(element, at: path.index(index), what: "a tempo mark") else { return nil }
            let offset = integer(&fields, "offset", in: 0...JSONValue.maximumInteger, expected: "an offset (a non-negative integer of resolution units)")
            let bpm = required(&fields, "bpm", expected: "a tempo as a decimal string").flatMap { self.bpm($0, at: path.index(index).key("bpm")) }
            finish(fields, what: "a tempo mark", known: ["offset", "bpm"])
            guard let offset, let bpm else { return nil }
            return SongDocument.TempoMark(offset: offset, bpm: bpm)
        }
        return decoded.allSatisfy { $0 != nil } ? decoded.compactMap { $0 } : nil
    }

    /// A container; what it leaves out comes from the running state, which it then updates.
    mutating func container(_ value: JSONValue, at path: JSONPath, kind: TrackKind, state: inout RunningState) -> SongDocument.NoteContainer? {
        guard var fields = object(value, at: path, what: "a container") else { return nil }
        var position: Int? = state.end
        if let value = fields.take("position") {
            position = integer(value, at: path.key("position"), in: 0...JSONValue.maximumInteger, expected: "a position (a non-negative integer of resolution units)")
        }
        var width = state.width
        if let value = fields.take("width") {
            width = integer(value, at: path.key("width"), in: 1...JSONValue.maximumInteger, expected: "a positive duration")
        } else if state.width == nil {
            problem(.saveMissingField, path.key("width"), "missing; expected a positive duration (the first container of a phrase has no width to take over)")
        }
        let notesKey = kind == .drums ? "beats" : "notes"
        let otherKey = kind == .drums ? "notes" : "beats"
        let hasOtherKey = fields.take(otherKey) != nil
        if hasOtherKey {
            problem(.saveUnknownField, path.key(otherKey), "a container of a \(kind == .drums ? "drum" : "melody") track holds \"\(notesKey)\", not \"\(otherKey)\"")
        }
        let notesValue = fields.take(notesKey)
        let blocksValue = fields.take("blocks")
        var blocks: [SongDocument.NoteBlock]?
        switch (notesValue, blocksValue) {
        case (let notesValue?, nil):
            blocks = self.notes(notesValue, at: path.key(notesKey), kind: kind, state: &state).map { [.notes($0)] }
        case (nil, let blocksValue?):
            blocks = self.blocks(blocksValue, at: path.key("blocks"), kind: kind, state: &state)
        case (.some, .some):
            problem(.saveInvalidValue, path, "a container holds either \"\(notesKey)\" or \"blocks\", not both")
        case (nil, nil):
            if !hasOtherKey { problem(.saveMissingField, path.key("blocks"), "missing; expected an array of blocks") }
        }
        finish(fields, what: "a container", known: ["position", "width", notesKey, "blocks"])
        if let position, let width {
            state.end = position + width
            state.width = width
        }
        guard let position, let width, let blocks else { return nil }
        return SongDocument.NoteContainer(position: position, width: width, blocks: blocks)
    }

    /// A non-empty array of blocks.
    mutating func blocks(_ value: JSONValue, at path: JSONPath, kind: TrackKind, state: inout RunningState) -> [SongDocument.NoteBlock]? {
        guard let elements = array(value, at: path, expected: "an array of blocks") else { return nil }
        guard !elements.isEmpty else {
            problem(.saveInvalidValue, path, "expected at least one block, found an empty array")
            return nil
        }
        var decoded: [SongDocument.NoteBlock] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let block = block(element, at: path.index(index), kind: kind, state: &state) { decoded.append(block) }
        }
        return decoded.count == elements.count ? decoded : nil
    }

    mutating func block(_ value: JSONValue, at path: JSONPath, kind: TrackKind, state: inout RunningState) -> SongDocument.NoteBlock? {
        let notesKey = kind == .drums ? "beats" : "notes"
        let otherKey = kind == .drums ? "notes" : "beats"
        let expected = "\"\(notesKey)\" or \"blocks\""
        guard var fields = object(value, at: path, what: "a block") else { return nil }
        if fields.has(otherKey) {
            _ = fields.take(otherKey)
            problem(.saveUnknownField, path.key(otherKey), "a block of a \(kind == .drums ? "drum" : "melody") track holds \"\(notesKey)\", not \"\(otherKey)\"")
        }
        let notesValue = fields.take(notesKey)
        let blocksValue = fields.take("blocks")
        finish(fields, what: "a block", known: [notesKey, "blocks"])
        switch (notesValue, blocksValue) {
        case (let notesValue?, nil):
            return notes(notesValue, at: path.key(notesKey), kind: kind, state: &state).map { .notes($0) }
        case (nil, let blocksValue?):
            return blocks(blocksValue, at: path.key("blocks"), kind: kind, state: &state).map { .blocks($0) }
        case (.some, .some):
            problem(.saveInvalidValue, path, "a block holds either \(expected), not both")
            return nil
        case (nil, nil):
            if !fields.has(otherKey) { problem(.saveMissingField, path, "expected a block with \(expected)") }
            return nil
        }
    }

    /// The notes (beats) of one block: sounding together, none for a rest.
    mutating func notes(_ value: JSONValue, at path: JSONPath, kind: TrackKind, state: inout RunningState) -> [SongDocument.Note]? {
        guard let elements = array(value, at: path, expected: "an array of \(kind == .drums ? "beats" : "notes")") else { return nil }
        var decoded: [SongDocument.Note] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let note = note(element, in: path, index: index, kind: kind, state: &state) { decoded.append(note) }
        }
        return decoded.count == elements.count ? decoded : nil
    }

    /// Note `index` of the array at `notesPath`: the bare pitch (drum key), or an object whose
    /// `velocity` defaults to the previous note's. (Its path is made only when needed: bare
    /// pitches are most of a large song.)
    mutating func note(_ value: JSONValue, in notesPath: JSONPath, index: Int, kind: TrackKind, state: inout RunningState,
                       isGrace: Bool = false) -> SongDocument.Note? {
        let pitchRange = SongDecoder.pitches(kind)
        func pitchExpected() -> String {
            kind == .drums ? "a General MIDI drum key 35–81" : "a MIDI pitch \(SongDecoder.lowestWritablePitch)–127 (Stave writes cbb0 to g9)"
        }
        if case .number = value {
            if let pitch = value.integer, pitchRange.contains(pitch) { return SongDocument.Note(pitch: pitch, velocity: state.velocity) }
            mismatch(value, at: notesPath.index(index), expected: pitchExpected())
            return nil
        }
        let path = notesPath.index(index)
        let what = kind == .drums ? "a beat" : "a note"
        guard case .object(let members) = value else {
            problem(.saveWrongType, path, "expected \(what) (a number or an object), found \(value.summary)")
            return nil
        }
        var fields = ObjectFields(members, at: path)
        let pitch = integer(&fields, kind == .drums ? "drum" : "pitch", in: pitchRange, expected: pitchExpected())
        var velocity: Int? = state.velocity
        if let value = fields.take("velocity") { velocity = integer(value, at: path.key("velocity"), in: SongDecoder.velocities, expected: "a velocity 0–127") }
        var tie: Bool? = false
        var marks: NoteMarks? = []
        if !isGrace {
            if let value = fields.take("tie") { tie = bool(value, at: path.key("tie")) }
            // Most notes have no marks: look for them only when members are left to read.
            for (key, mark) in SongDecoder.markFields where !fields.allRead {
                guard let value = fields.take(key) else { continue }
                if let flag = bool(value, at: path.key(key)) {
                    if flag { marks?.insert(mark) }
                } else {
                    marks = nil
                }
            }
            if let written = marks, let rule = ExpressionRule.marks(written) {
                problem(rule, at: path.key("tenuto"))
                marks = nil
            }
        }
        var spelling: PitchSpelling?
        var spellingFailed = false
        if kind == .melody, !fields.allRead, let value = fields.take("spelling") {
            spelling = self.spelling(value, pitch: pitch, at: path.key("spelling"))
            spellingFailed = spelling == nil
        }
        var ownVelocity: Bool? = false
        if !isGrace, !fields.allRead, let value = fields.take("ownVelocity") { ownVelocity = bool(value, at: path.key("ownVelocity")) }
        finish(fields, what: isGrace ? "a grace " + what.dropFirst(2) : what, known: SongDecoder.noteFields(kind: kind, isGrace: isGrace))
        // A note's own `@N` leaves the running velocity alone (version 6).
        if let velocity, ownVelocity != true { state.velocity = velocity }
        guard let pitch, let velocity, let tie, let marks, let ownVelocity, !spellingFailed else { return nil }
        return SongDocument.Note(pitch: pitch, velocity: velocity, tie: tie, spelling: spelling, marks: marks, ownVelocity: ownVelocity)
    }

    /// The members that name a note's marks (version 5).
    static let markFields: [(String, NoteMarks)] = [("staccato", .staccato), ("tenuto", .tenuto), ("accent", .accent)]

    /// The fields a note (a beat; a grace note, which has no tie or marks) may have.
    static func noteFields(kind: TrackKind, isGrace: Bool) -> [String] {
        let key = kind == .drums ? "drum" : "pitch"
        let spelling = kind == .drums ? [] : ["spelling"]
        return isGrace ? [key, "velocity"] + spelling : [key, "velocity", "tie"] + spelling + markFields.map(\.0) + ["ownVelocity"]
    }

    /// Whether a spelling names `pitch` in an octave Stave writes (0–9).
    static func spelling(_ spelling: PitchSpelling, names pitch: Int) -> Bool {
        Pitch.octave(of: pitch, spelledAs: spelling).map { (0...9).contains($0) } ?? false
    }

    /// The pitches a note of a `kind` track may have.
    static func pitches(_ kind: TrackKind) -> ClosedRange<Int> {
        kind == .drums ? 35...81 : SongDecoder.lowestWritablePitch...127
    }

    /// A note's written spelling (`"f#"`): a letter and up to two sharps or flats that name the
    /// note's pitch in an octave Stave can write (0–9).
    mutating func spelling(_ value: JSONValue, pitch: Int?, at path: JSONPath) -> PitchSpelling? {
        let expected = "a spelling: a letter a–g and up to two '#' or 'b', such as \"f#\""
        guard let text = string(value, at: path, expected: expected) else { return nil }
        guard let spelling = SongDocument.Note.spelling(fromText: text) else {
            problem(.saveInvalidValue, path, "expected \(expected), found \(value.summary)")
            return nil
        }
        if let pitch, !SongDecoder.spelling(spelling, names: pitch) {
            problem(.saveInvalidValue, path, "spelling \(value.summary) does not name pitch \(pitch) in an octave Stave writes (0–9)")
            return nil
        }
        return spelling
    }
}
