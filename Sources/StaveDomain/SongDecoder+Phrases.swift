import StaveComposition
import StaveSyntax

/// Phrases, containers, blocks and notes.
extension SongDecoder {
    /// The lowest pitch Stave can write: `cbb` in octave 0.
    public static let lowestWritablePitch = 10

    mutating func phrase(_ value: JSONValue, at path: JSONPath, kind: TrackKind) -> SongDocument.Phrase? {
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
            var containers: [SongDocument.NoteContainer]?
            if let value = required(&fields, "containers", expected: "an array of containers"),
               let elements = array(value, at: path.key("containers"), expected: "an array of containers") {
                let decoded = elements.enumerated().map { container($1, at: path.key("containers").index($0), kind: kind) }
                if decoded.allSatisfy({ $0 != nil }) { containers = decoded.compactMap { $0 } }
            }
            finish(fields, what: "an original phrase", known: ["type", "id", "start", "length", "tempos", "containers"])
            if let length, let tempos, let containers { content = .original(length: length, containers: containers, tempos: tempos) }
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

    mutating func container(_ value: JSONValue, at path: JSONPath, kind: TrackKind) -> SongDocument.NoteContainer? {
        guard var fields = object(value, at: path, what: "a container") else { return nil }
        let position = integer(&fields, "position", in: 0...JSONValue.maximumInteger, expected: "a position (a non-negative integer of resolution units)")
        let width = integer(&fields, "width", in: 1...JSONValue.maximumInteger, expected: "a positive duration")
        let blocks = required(&fields, "blocks", expected: "an array of blocks").flatMap { self.blocks($0, at: path.key("blocks"), kind: kind) }
        finish(fields, what: "a container", known: ["position", "width", "blocks"])
        guard let position, let width, let blocks else { return nil }
        return SongDocument.NoteContainer(position: position, width: width, blocks: blocks)
    }

    /// A non-empty array of blocks.
    mutating func blocks(_ value: JSONValue, at path: JSONPath, kind: TrackKind) -> [SongDocument.NoteBlock]? {
        guard let elements = array(value, at: path, expected: "an array of blocks") else { return nil }
        guard !elements.isEmpty else {
            problem(.saveInvalidValue, path, "expected at least one block, found an empty array")
            return nil
        }
        let decoded = elements.enumerated().map { block($1, at: path.index($0), kind: kind) }
        return decoded.allSatisfy { $0 != nil } ? decoded.compactMap { $0 } : nil
    }

    mutating func block(_ value: JSONValue, at path: JSONPath, kind: TrackKind) -> SongDocument.NoteBlock? {
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
            guard let elements = array(notesValue, at: path.key(notesKey), expected: "an array of \(kind == .drums ? "beats" : "notes")") else { return nil }
            let decoded = elements.enumerated().map { note($1, at: path.key(notesKey).index($0), kind: kind) }
            return decoded.allSatisfy { $0 != nil } ? .notes(decoded.compactMap { $0 }) : nil
        case (nil, let blocksValue?):
            return blocks(blocksValue, at: path.key("blocks"), kind: kind).map { .blocks($0) }
        case (.some, .some):
            problem(.saveInvalidValue, path, "a block holds either \(expected), not both")
            return nil
        case (nil, nil):
            if !fields.has(otherKey) { problem(.saveMissingField, path, "expected a block with \(expected)") }
            return nil
        }
    }

    mutating func note(_ value: JSONValue, at path: JSONPath, kind: TrackKind) -> SongDocument.Note? {
        guard var fields = object(value, at: path, what: kind == .drums ? "a beat" : "a note") else { return nil }
        let pitch = kind == .drums
            ? integer(&fields, "drum", in: 35...81, expected: "a General MIDI drum key 35–81")
            : integer(&fields, "pitch", in: SongDecoder.lowestWritablePitch...127,
                      expected: "a MIDI pitch \(SongDecoder.lowestWritablePitch)–127 (Stave writes cbb0 to g9)")
        let velocity = integer(&fields, "velocity", in: 0...127, expected: "a velocity 0–127")
        var tie: Bool? = false
        if let value = fields.take("tie") { tie = bool(value, at: path.key("tie")) }
        finish(fields, what: kind == .drums ? "a beat" : "a note", known: [kind == .drums ? "drum" : "pitch", "velocity", "tie"])
        guard let pitch, let velocity, let tie else { return nil }
        return SongDocument.Note(pitch: pitch, velocity: velocity, tie: tie)
    }
}
