import StaveComposition
import StaveSyntax
import StaveJSON

// Stave 3 keys in the save format (version 6): `keyChanges` and `transpose`, both optional
// and left out when empty (FORMAT.md "Key changes and transposition").

extension SongEncoder {
    /// `"keyChanges": [{"bar": 9, "key": {"tonic": "d", "mode": "major"}}]` and `"transpose": N`.
    static func writeKeys(_ song: SongDocument, _ writer: inout JSONWriter) {
        if !song.keyChanges.isEmpty {
            writer.key("keyChanges", first: false)
            writeLines(song.keyChanges, &writer) { change, writer in
                writer.inlineKey("bar", first: true)
                writer.integer(change.bar)
                writer.inlineKey("key", first: false)
                writer.raw(UInt8(ascii: "{"))
                writer.inlineKey("tonic", first: true)
                writer.string(Pitch.spellingText(change.key.tonic))
                writer.inlineKey("mode", first: false)
                writer.string(change.key.mode.rawValue)
                writer.raw(UInt8(ascii: "}"))
            }
        }
        if song.transpose != 0 {
            writer.key("transpose", first: false)
            writer.integer(song.transpose)
        }
    }
}

extension SongDecoder {
    /// The song's optional `keyChanges` and `transpose`; nil when either is malformed (reported).
    mutating func keys(_ fields: inout ObjectFields, at path: JSONPath) -> (changes: [KeyChange], transpose: Int)? {
        var changes: [KeyChange]? = []
        if let value = fields.take("keyChanges") { changes = keyChanges(value, at: path.key("keyChanges")) }
        var transpose: Int? = 0
        if let value = fields.take("transpose") {
            let range = Lowering.songTransposeRange
            transpose = integer(value, at: path.key("transpose"), in: range, expected: "an integer \(range.lowerBound)–\(range.upperBound) (semitones)")
        }
        guard let changes, let transpose else { return nil }
        return (changes, transpose)
    }

    /// `keyChanges`: `{"bar": B, "key": {"tonic": …, "mode": …}}` each.
    mutating func keyChanges(_ value: JSONValue, at path: JSONPath) -> [KeyChange]? {
        guard let elements = array(value, at: path, expected: "an array of key changes") else { return nil }
        let decoded = elements.enumerated().map { index, element -> KeyChange? in
            guard var fields = object(element, at: path.index(index), what: "a key change") else { return nil }
            let bar = integer(&fields, "bar", in: 1...Lowering.maximumBars, expected: "a bar number 1–\(Lowering.maximumBars)")
            let key = required(&fields, "key", expected: "the key (an object with tonic and mode)").flatMap { self.key($0, at: path.index(index).key("key")) }
            finish(fields, what: "a key change", known: ["bar", "key"])
            guard let bar, let key else { return nil }
            return KeyChange(bar: bar, key: key)
        }
        return decoded.allSatisfy { $0 != nil } ? decoded.compactMap { $0 } : nil
    }
}

extension SongValidator {
    /// Key changes are in bar order, one a bar.
    mutating func checkKeyChanges() {
        let path = SongValidator.songPath.key("keyChanges")
        var previous: KeyChange?
        for (index, change) in document.keyChanges.enumerated() {
            if let previous, change.bar == previous.bar {
                problem(.keyChangeConflict, path.index(index).key("bar"), "two key changes at bar \(change.bar)")
            } else if let previous, change.bar < previous.bar {
                problem(.saveBarOrder, path.index(index).key("bar"), "expected a bar after bar \(previous.bar) (key changes are listed in bar order), found \(change.bar)")
            }
            previous = change
        }
    }
}
