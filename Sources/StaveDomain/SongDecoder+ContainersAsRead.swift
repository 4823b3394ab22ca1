import StaveComposition
import StaveSyntax
import StaveJSON

/// A phrase's containers decoded straight from the file's bytes, without a JSON tree.
///
/// Containers are almost all of a save file, and nearly all of them are small and plain:
/// `{"width":2,"notes":[60,{"pitch":63,"spelling":"eb"}]}`. This reader decodes exactly those
/// to what `container(_:at:kind:state:)` makes of them, and gives up at the first container
/// with anything else in it — an unknown member, a value out of range, a string with an
/// escape, a rule broken: from there on the parser builds the tree as usual and the decoder
/// reads it, reporting whatever is wrong with its usual path and message. So the reader never
/// reports a problem; it only decides the cases where there is none, with the decoder's own
/// rules (`SongDecoder.pitches`, `velocities`, `spelling(_:names:)`, `ExpressionRule.marks`).
/// `PhrasesApartTests` holds it to that on valid and mutated songs.
struct ContainersAsRead: JSONElementTaker {
    let kind: TrackKind
    /// The running state after the containers read.
    private(set) var state: RunningState
    /// The containers read, from the first; the rest are left to the tree.
    private(set) var read: [SongDocument.NoteContainer] = []
    private var gaveUp = false

    init(kind: TrackKind, velocity: Int) {
        self.kind = kind
        self.state = RunningState(velocity: velocity)
    }

    /// `….phrases[p].containers`, parsed from the phrase down (see `PhrasesAsRead.decode`).
    static var arrayDepth: Int { 6 }

    func takesElements(ofArrayAt path: [JSONParser.Step]) -> Bool {
        path.count == 6 && path[5] == .key("containers")
    }

    mutating func takes(elementAt path: [JSONParser.Step], openObjects: JSONOpenObjects, in bytes: [UInt8], at start: Int) -> JSONElementTaking {
        // Only an Original phrase has containers; its `type` comes first in files Stave writes.
        guard !gaveUp, case .index(let index)? = path.last, index == read.count,
              openObjects.count == 1, openObjects[0].first(where: { $0.key == "type" })?.value == .string("original")
        else { return .no }
        var reader = ContainerBytes(bytes: bytes, index: start, kind: kind, state: state)
        guard let container = reader.container() else {
            gaveUp = true
            return .no
        }
        state = reader.state
        read.append(container)
        return .read(end: reader.index)
    }

    func checked() {}
}

/// The byte-level reading behind `ContainersAsRead`: nil whenever the input is not the plain
/// case (the caller then lets the tree decoder read it).
struct ContainerBytes {
    let bytes: [UInt8]
    var index: Int
    let kind: TrackKind
    var state: RunningState
    /// Set when the input turned out not to be plain JSON of the expected shape.
    private var failed = false

    init(bytes: [UInt8], index: Int, kind: TrackKind, state: RunningState) {
        self.bytes = bytes
        self.index = index
        self.kind = kind
        self.state = state
    }

    /// The member names, as bytes.
    private enum Keys {
        static let position = Array("position".utf8), width = Array("width".utf8), blocks = Array("blocks".utf8)
        static let notes = Array("notes".utf8), beats = Array("beats".utf8)
        static let pitch = Array("pitch".utf8), drum = Array("drum".utf8), velocity = Array("velocity".utf8)
        static let tie = Array("tie".utf8), spelling = Array("spelling".utf8), ownVelocity = Array("ownVelocity".utf8)
        static let marks = SongDecoder.markFields.map { (key: Array($0.0.utf8), mark: $0.1) }
        static let trueWord = Array("true".utf8), falseWord = Array("false".utf8)
    }

    private static let quote = UInt8(ascii: "\""), colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    /// `{"position":…, "width":…, "notes"|"beats"|"blocks":…}`.
    mutating func container() -> SongDocument.NoteContainer? {
        var position: Int?, width: Int?, blocks: [SongDocument.NoteBlock]?
        let notesKey = kind == .drums ? Keys.beats : Keys.notes
        guard begin(ContainerBytes.openBrace) else { return nil }
        var first = true
        while !end(ContainerBytes.closeBrace, first: first) {
            first = false
            guard let key = key() else { return nil }
            if key.elementsEqual(Keys.position), position == nil {
                guard let value = integer(), value >= 0, value <= JSONValue.maximumInteger else { return nil }
                position = value
            } else if key.elementsEqual(Keys.width), width == nil {
                guard let value = integer(), value >= 1, value <= JSONValue.maximumInteger else { return nil }
                width = value
            } else if key.elementsEqual(notesKey), blocks == nil {
                guard let notes = notes() else { return nil }
                blocks = [.notes(notes)]
            } else if key.elementsEqual(Keys.blocks), blocks == nil {
                guard let nested = self.blocks() else { return nil }
                blocks = nested
            } else {
                return nil
            }
            if failed { return nil }
        }
        if failed { return nil }
        guard let blocks, let width = width ?? state.width else { return nil }
        let start = position ?? state.end
        state.end = start + width
        state.width = width
        return SongDocument.NoteContainer(position: start, width: width, blocks: blocks)
    }


    /// A non-empty array of blocks, each `{"notes": […]}` or `{"blocks": […]}`.
    private mutating func blocks() -> [SongDocument.NoteBlock]? {
        let notesKey = kind == .drums ? Keys.beats : Keys.notes
        guard begin(ContainerBytes.openBracket) else { return nil }
        var blocks: [SongDocument.NoteBlock] = []
        while !end(ContainerBytes.closeBracket, first: blocks.isEmpty) {
            guard begin(ContainerBytes.openBrace), let key = key() else { return nil }
            if key.elementsEqual(notesKey), let notes = notes() {
                blocks.append(.notes(notes))
            } else if key.elementsEqual(Keys.blocks), let nested = self.blocks() {
                blocks.append(.blocks(nested))
            } else {
                return nil
            }
            skipSpace()
            guard at(ContainerBytes.closeBrace) else { return nil }
            index += 1
        }
        return failed || blocks.isEmpty ? nil : blocks
    }

    /// An array of notes (beats): bare pitches, or objects of pitch, velocity, tie, marks and
    /// spelling.
    private mutating func notes() -> [SongDocument.Note]? {
        guard begin(ContainerBytes.openBracket) else { return nil }
        var notes: [SongDocument.Note] = []
        let pitches = SongDecoder.pitches(kind)
        while !end(ContainerBytes.closeBracket, first: notes.isEmpty) {
            skipSpace()
            if at(ContainerBytes.openBrace) {
                guard let note = noteObject(pitches) else { return nil }
                notes.append(note)
            } else {
                guard let pitch = integer(), pitches.contains(pitch) else { return nil }
                notes.append(SongDocument.Note(pitch: pitch, velocity: state.velocity))
            }
        }
        return failed ? nil : notes
    }

    private mutating func noteObject(_ pitches: ClosedRange<Int>) -> SongDocument.Note? {
        guard begin(ContainerBytes.openBrace) else { return nil }
        let pitchKey = kind == .drums ? Keys.drum : Keys.pitch
        var pitch: Int?, velocity: Int?, tie: Bool?, spelling: PitchSpelling?, ownVelocity: Bool?
        var marks: NoteMarks = [], seenMarks: NoteMarks = []
        var first = true
        while !end(ContainerBytes.closeBrace, first: first) {
            first = false
            guard let key = key() else { return nil }
            if key.elementsEqual(pitchKey), pitch == nil {
                guard let value = integer(), pitches.contains(value) else { return nil }
                pitch = value
            } else if key.elementsEqual(Keys.velocity), velocity == nil {
                guard let value = integer(), SongDecoder.velocities.contains(value) else { return nil }
                velocity = value
            } else if key.elementsEqual(Keys.tie), tie == nil {
                guard let value = bool() else { return nil }
                tie = value
            } else if key.elementsEqual(Keys.ownVelocity), ownVelocity == nil {
                guard let value = bool() else { return nil }
                ownVelocity = value
            } else if kind == .melody, key.elementsEqual(Keys.spelling), spelling == nil {
                guard let text = plainString(), let value = SongDocument.Note.spelling(fromText: text) else { return nil }
                spelling = value
            } else if let mark = Keys.marks.first(where: { key.elementsEqual($0.key) })?.mark, !seenMarks.contains(mark) {
                guard let value = bool() else { return nil }
                seenMarks.insert(mark)
                if value { marks.insert(mark) }
            } else {
                return nil
            }
        }
        guard !failed, let pitch, ExpressionRule.marks(marks) == nil else { return nil }
        if let spelling, !SongDecoder.spelling(spelling, names: pitch) { return nil }
        let noteVelocity = velocity ?? state.velocity
        if ownVelocity != true { state.velocity = noteVelocity }
        return SongDocument.Note(pitch: pitch, velocity: noteVelocity, tie: tie ?? false, spelling: spelling, marks: marks, ownVelocity: ownVelocity ?? false)
    }

    // MARK: - Bytes

    private func at(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    /// Steps over an opening bracket or brace.
    private mutating func begin(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at(byte) else { return false }
        index += 1
        return true
    }

    /// True (stepping over it) at the closing bracket or brace; otherwise steps over the comma
    /// between items (none before the first). Sets `failed` on anything else.
    private mutating func end(_ closing: UInt8, first: Bool) -> Bool {
        skipSpace()
        if at(closing) {
            index += 1
            return true
        }
        if first { return false }
        guard at(ContainerBytes.comma) else {
            failed = true
            return true
        }
        index += 1
        return false
    }

    /// A key without escapes, and the colon after it.
    private mutating func key() -> ArraySlice<UInt8>? {
        guard let text = plainBytes() else { return nil }
        skipSpace()
        guard at(ContainerBytes.colon) else { return nil }
        index += 1
        skipSpace()
        return text
    }

    /// A string of printable ASCII without escapes.
    private mutating func plainBytes() -> ArraySlice<UInt8>? {
        skipSpace()
        guard at(ContainerBytes.quote) else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != ContainerBytes.quote {
            guard bytes[end] >= 0x20, bytes[end] < 0x7F, bytes[end] != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        index = end + 1
        return bytes[start..<end]
    }

    private mutating func plainString() -> String? {
        plainBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// An integer literal as `JSONValue.integer` reads it: an optional minus and at most 16
    /// digits, no fraction or exponent, within ±`JSONValue.maximumInteger`.
    private mutating func integer() -> Int? {
        skipSpace()
        var negative = false
        if at(UInt8(ascii: "-")) {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 17 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits <= 16, !(digits > 1 && bytes[start] == 0x30), value <= JSONValue.maximumInteger else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
        return negative ? -value : value
    }

    private mutating func bool() -> Bool? {
        skipSpace()
        if bytes[index...].starts(with: Keys.trueWord) {
            index += 4
            return true
        }
        if bytes[index...].starts(with: Keys.falseWord) {
            index += 5
            return false
        }
        return nil
    }
}
