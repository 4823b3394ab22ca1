import StaveComposition
import StaveSyntax
import StaveJSON

/// The v2 members of an Original phrase (version 5) and of the song: hairpins, graces,
/// controls, markers, chord symbols, lyrics; header markers. This reads their form (fields,
/// types, ranges); `SongValidator+Expression` checks where they stand.
extension SongDecoder {
    /// A phrase's v2 lists (each optional), or nil when one is malformed (reported).
    mutating func expression(_ fields: inout ObjectFields, at path: JSONPath, kind: TrackKind, velocity: Int) -> SongDocument.Expression? {
        var expression = SongDocument.Expression()
        var failed = false
        func list<Element>(_ key: String, what: String, _ decode: (inout SongDecoder, JSONValue, JSONPath) -> Element?) -> [Element] {
            guard let value = fields.take(key) else { return [] }
            let listPath = path.key(key)
            guard let elements = array(value, at: listPath, expected: "an array of \(what)") else {
                failed = true
                return []
            }
            var decoded: [Element] = []
            decoded.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let item = decode(&self, element, listPath.index(index)) { decoded.append(item) } else { failed = true }
            }
            return decoded
        }
        expression.hairpins = list("hairpins", what: "hairpins") { $0.hairpin($1, at: $2) }
        var graceState = RunningState(velocity: velocity)
        expression.graces = list("graces", what: "grace groups") { $0.grace($1, at: $2, kind: kind, state: &graceState) }
        expression.controls = list("controls", what: "controls") { $0.control($1, at: $2) }
        expression.markers = list("markers", what: "markers") { decoder, value, path in
            guard var fields = decoder.object(value, at: path, what: "a marker") else { return nil }
            let offset = decoder.offset(&fields)
            let text = decoder.required(&fields, "text", expected: "a string").flatMap { decoder.staveString($0, at: path.key("text")) }
            let after = decoder.afterGraces(&fields, "afterGraces")
            decoder.finish(fields, what: "a marker", known: ["offset", "text", "afterGraces"])
            guard let offset, let text, let after else { return nil }
            return SongDocument.Marker(offset: offset, text: text, afterGraces: after)
        }
        expression.chordSymbols = list("chordSymbols", what: "chord symbols") { $0.chordSymbol($1, at: $2) }
        // A lyrics string may run over several lines (version 6): any string is a verse.
        expression.verses = list("lyrics", what: "verses (strings)") { $0.string($1, at: $2, expected: "a verse (a string)") }
        if let value = fields.take("lyricsFrom") {
            let sourcePath = path.key("lyricsFrom")
            if !expression.verses.isEmpty {
                problem(.saveInvalidValue, sourcePath, "a phrase has either its own `lyrics` or `lyricsFrom`, not both")
                failed = true
            } else if var source = object(value, at: sourcePath, what: "a lyrics source ({\"track\", \"phrase\"})") {
                let track = source.take("track").flatMap { identifier($0, at: sourcePath.key("track"), what: "a track ID") }
                let trackFailed = source.has("track") && track == nil
                let phrase = required(&source, "phrase", expected: "the ID of the phrase whose lyrics are sung")
                    .flatMap { identifier($0, at: sourcePath.key("phrase"), what: "a phrase ID") }
                finish(source, what: "a lyrics source", known: ["track", "phrase"])
                if let phrase, !trackFailed { expression.lyricsSource = LyricsSource(track: track, phrase: phrase) } else { failed = true }
            } else {
                failed = true
            }
        }
        return failed ? nil : expression
    }

    /// Every integer the save format holds: values whose range is a rule of the language are
    /// read whole and handed to that rule.
    static let anyInteger = -JSONValue.maximumInteger...JSONValue.maximumInteger

    /// An optional count of grace items before a command (0 when absent); nil when malformed
    /// (reported). Where it may stand is `SongValidator`'s check.
    mutating func afterGraces(_ fields: inout ObjectFields, _ key: String) -> Int? {
        guard fields.has(key) else { return 0 }
        return integer(&fields, key, in: 0...Parser.maximumGraceItems, expected: "a count of grace items (0–\(Parser.maximumGraceItems))")
    }

    /// A required `offset`: a non-negative integer of resolution units.
    mutating func offset(_ fields: inout ObjectFields) -> Int? {
        integer(&fields, "offset", in: 0...JSONValue.maximumInteger, expected: "an offset (a non-negative integer of resolution units)")
    }

    mutating func hairpin(_ value: JSONValue, at path: JSONPath) -> SongDocument.Hairpin? {
        guard var fields = object(value, at: path, what: "a hairpin") else { return nil }
        let time = "a non-negative integer of resolution units"
        let start = integer(&fields, "start", in: 0...JSONValue.maximumInteger, expected: "a start (\(time))")
        let end = integer(&fields, "end", in: 0...JSONValue.maximumInteger, expected: "an end (\(time))")
        let from = integer(&fields, "from", in: SongDecoder.velocities, expected: "a velocity 0–127")
        let to = integer(&fields, "to", in: SongDecoder.velocities, expected: "a velocity 0–127")
        let startAfter = afterGraces(&fields, "startAfterGraces"), endAfter = afterGraces(&fields, "endAfterGraces")
        finish(fields, what: "a hairpin", known: ["start", "end", "from", "to", "startAfterGraces", "endAfterGraces"])
        guard let start, let end, let from, let to, let startAfter, let endAfter else { return nil }
        return SongDocument.Hairpin(start: start, end: end, from: from, to: to, startAfterGraces: startAfter, endAfterGraces: endAfter)
    }

    /// `{"offset": 8, "items": [[62], [64, 67]]}`: each item an array of notes (beats).
    mutating func grace(_ value: JSONValue, at path: JSONPath, kind: TrackKind, state: inout RunningState) -> SongDocument.Grace? {
        guard var fields = object(value, at: path, what: "a grace group") else { return nil }
        let offset = self.offset(&fields)
        var items: [[SongDocument.Note]]?
        let expected = "an array of grace items, each an array of \(kind == .drums ? "beats" : "notes")"
        if let value = required(&fields, "items", expected: expected), let elements = array(value, at: path.key("items"), expected: expected) {
            if elements.isEmpty { problem(.saveInvalidValue, path.key("items"), "expected at least one grace item, found an empty array") }
            var decoded: [[SongDocument.Note]] = []
            for (index, element) in elements.enumerated() {
                let itemPath = path.key("items").index(index)
                guard let notes = array(element, at: itemPath, expected: "a grace item (an array of \(kind == .drums ? "beats" : "notes"))") else { continue }
                if notes.isEmpty { problem(.saveInvalidValue, itemPath, "expected at least one note in a grace item, found an empty array") }
                var chord: [SongDocument.Note] = []
                for (noteIndex, note) in notes.enumerated() {
                    if let decodedNote = self.note(note, in: itemPath, index: noteIndex, kind: kind, state: &state, isGrace: true) { chord.append(decodedNote) }
                }
                if chord.count == notes.count, !notes.isEmpty { decoded.append(chord) }
            }
            if decoded.count == elements.count, !elements.isEmpty { items = decoded }
        }
        finish(fields, what: "a grace group", known: ["offset", "items"])
        guard let offset, let items else { return nil }
        return SongDocument.Grace(offset: offset, items: items)
    }

    /// `{"offset": 0, "pedal": "down"}`, `{"offset": 4, "cc": 11, "value": 90}` or `{"offset": 8, "bend": -50}`.
    mutating func control(_ value: JSONValue, at path: JSONPath) -> SongDocument.Control? {
        guard var fields = object(value, at: path, what: "a control") else { return nil }
        let offset = self.offset(&fields)
        let kinds = ["pedal", "cc", "bend"].filter { fields.has($0) }
        var event: ControlMark.Event?
        switch kinds {
        case ["pedal"]:
            let pedal = fields.take("pedal") ?? .null
            switch pedal {
            case .string("down"): event = .pedal(down: true)
            case .string("up"): event = .pedal(down: false)
            default: problem(.invalidPedal, path.key("pedal"), "expected \"down\" or \"up\", found \(pedal.summary)")
            }
        case ["cc"]:
            // Any integer here: the ranges are the language's rule (`ExpressionRule.control`), below.
            let number = integer(&fields, "cc", in: SongDecoder.anyInteger, expected: "a controller number 0–127")
            let value = integer(&fields, "value", in: SongDecoder.anyInteger, expected: "a controller value 0–127")
            if let number, let value { event = .controller(number: number, value: value) }
        case ["bend"]:
            let cents = integer(&fields, "bend", in: SongDecoder.anyInteger, expected: "a bend in cents −200…200")
            if let cents { event = .bend(cents: cents) }
        default:
            for key in kinds { _ = fields.take(key) }
            problem(kinds.isEmpty ? .saveMissingField : .saveInvalidValue, path,
                    "expected a control with exactly one of \"pedal\", \"cc\" or \"bend\", found \(kinds.isEmpty ? "none" : kinds.joined(separator: " and "))")
        }
        if let written = event, let rule = ExpressionRule.control(written) {
            problem(rule, at: path.key(kinds.first ?? "cc"))
            event = nil
        }
        let after = afterGraces(&fields, "afterGraces")
        finish(fields, what: "a control", known: (kinds == ["cc"] ? ["offset", "cc", "value"] : ["offset", kinds.first ?? "pedal"]) + ["afterGraces"])
        guard let offset, let event, let after else { return nil }
        return SongDocument.Control(offset: offset, event: event, afterGraces: after)
    }

    /// `{"offset": 0, "symbol": "Am7", "root": 57}`: a symbol of the table by its canonical name
    /// (`Cm7`, never a lead sheet's `C-7`) and its root's MIDI key.
    mutating func chordSymbol(_ value: JSONValue, at path: JSONPath) -> SongDocument.ChordSymbolMark? {
        guard var fields = object(value, at: path, what: "a chord symbol") else { return nil }
        let offset = self.offset(&fields)
        var symbol: ChordSymbol?
        let expected = "a chord symbol such as \"Am7\" or \"Bb7/D\""
        if let value = required(&fields, "symbol", expected: expected), let text = string(value, at: path.key("symbol"), expected: expected) {
            switch ChordSymbol.parse(text) {
            case .success(let parsed) where parsed.description == text: symbol = parsed
            case .success(let parsed):
                // A lead sheet's spelling (`C-7`) is for songs: a save file holds one text per symbol.
                problem(.invalidChordSymbol, path.key("symbol"), "a save file writes a chord symbol by its canonical name: \(value.summary) is \"\(parsed)\"")
            case .failure(.unknownQuality(let quality)):
                problem(.unknownChordQuality, path.key("symbol"), "unknown chord quality '\(quality)' in \(value.summary); expected \(expected)")
            case .failure:
                problem(.invalidChordSymbol, path.key("symbol"), "expected \(expected) (ROOT QUALITY [/BASS]), found \(value.summary)")
            }
        }
        let root = integer(&fields, "root", in: 0...127, expected: "the root's MIDI key 0–127")
        finish(fields, what: "a chord symbol", known: ["offset", "symbol", "root"])
        guard let offset, let symbol, let root else { return nil }
        return SongDocument.ChordSymbolMark(offset: offset, symbol: symbol, root: root)
    }

    /// The song's header markers: `[{"bar": 17, "text": "Chorus"}]`.
    mutating func songMarkers(_ value: JSONValue, at path: JSONPath) -> [SongMarker]? {
        guard let elements = array(value, at: path, expected: "an array of markers") else { return nil }
        var decoded: [SongMarker] = []
        for (index, element) in elements.enumerated() {
            let markerPath = path.index(index)
            guard var fields = object(element, at: markerPath, what: "a marker") else { continue }
            let bar = integer(&fields, "bar", in: 1...Lowering.maximumBars, expected: "a bar number 1–\(Lowering.maximumBars)")
            let text = required(&fields, "text", expected: "a string").flatMap { staveString($0, at: markerPath.key("text")) }
            finish(fields, what: "a marker", known: ["bar", "text"])
            if let bar, let text { decoded.append(SongMarker(bar: bar, text: text)) }
        }
        return decoded.count == elements.count ? decoded : nil
    }
}
