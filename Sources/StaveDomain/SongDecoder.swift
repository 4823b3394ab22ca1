import StaveComposition
import StaveSyntax
import StaveJSON

/// Reads a save file strictly: JSON syntax, the `format` and `version` header (migrating
/// older versions), every field's presence and type, then `SongValidator`'s rules, so that
/// an accepted document converts to a Composition the front end could have produced.
///
/// Every problem is reported with its JSON path; nothing is half-loaded.
public struct SongDecoder {
    var problems: [SaveProblem] = []
    /// Phrases decoded while the file was parsed (`PhrasesAsRead`), by track and phrase.
    var phrasesAsRead: [PhrasesAsRead.Place: PhrasesAsRead.Taken] = [:]

    init() {}

    /// Decodes and checks a save file. Throws `SaveError` with every problem found.
    ///
    /// The bytes are let go once the phrases read apart from the tree (`PhrasesAsRead`) are
    /// decoded (pass them with `consume` to free them before the rest of the document is built).
    public static func decode(_ bytes: consuming [UInt8], migrations: [Migration] = Migration.chain) throws(SaveError) -> SongDocument {
        try decode(bytes, migrations: migrations, phrasesApart: true)
    }

    /// `decode`, with the phrases parsed apart (`PhrasesAsRead`) or in the one tree (tests
    /// compare the two).
    static func decode(_ bytes: consuming [UInt8], migrations: [Migration], phrasesApart: Bool) throws(SaveError) -> SongDocument {
        let parsed: JSONValue
        var phrasesAsRead = PhrasesAsRead(enabled: phrasesApart)
        do {
            parsed = try JSONParser.parse(bytes, handing: &phrasesAsRead)
        } catch {
            throw SaveError([error.problem])
        }
        var decoder = SongDecoder()
        decoder.phrasesAsRead = phrasesAsRead.decode(bytes)
        _ = consume bytes
        let value = try Migration.upgrade(consume parsed, using: migrations)
        // The decoder takes the JSON tree apart as it goes, so each phrase's JSON is let go once
        // the phrase is decoded: the tree and the document are never both whole in memory.
        guard var document = decoder.document(consume value), decoder.problems.isEmpty else {
            throw SaveError(decoder.problems)
        }
        document.copyLyricsFromSources()
        let problems = SongValidator.validate(document)
        guard problems.isEmpty else { throw SaveError(problems) }
        return document
    }

    /// Decodes a save file straight to a Composition song.
    public static func decodeSong(_ bytes: [UInt8]) throws(SaveError) -> Song {
        try decode(bytes).composition
    }

    // MARK: - Document and song

    /// The document under the (already checked) `format` and `version` members.
    mutating func document(_ root: consuming JSONValue) -> SongDocument? {
        guard var fields = object(root, at: .root, what: "a save file") else { return nil }
        _ = fields.take("format")
        _ = fields.take("version")
        let songValue = required(&fields, "song", expected: "the song (an object)")
        finish(fields, what: "a save file", known: ["format", "version", "song"])
        guard let songValue else { return nil }
        return song(songValue, at: JSONPath.root.key("song"))
    }

    static let songFields = ["title", "composer", "ppq", "resolution", "key", "tempos", "tempoRamps", "keyChanges", "transpose", "meters", "markers", "styles", "tracks", "form"] + feelFields

    mutating func song(_ value: consuming JSONValue, at path: JSONPath) -> SongDocument? {
        guard var fields = object(value, at: path, what: "the song") else { return nil }
        let title = required(&fields, "title", expected: "a string").flatMap { staveString($0, at: path.key("title")) }
        let composer = fields.take("composer").flatMap { staveString($0, at: path.key("composer")) }
        let ppq = integer(&fields, "ppq", in: 24...32767, expected: "an integer 24–32767")
        let resolution = integer(&fields, "resolution", in: 1...JSONValue.maximumInteger, expected: "a positive integer (time units per whole note)")
        let key = required(&fields, "key", expected: "the key (an object with tonic and mode)").flatMap { self.key($0, at: path.key("key")) }
        let tempos = required(&fields, "tempos", expected: "an array of tempo changes").flatMap { self.tempos($0, at: path.key("tempos")) }
        let meters = required(&fields, "meters", expected: "an array of meter changes").flatMap { self.meters($0, at: path.key("meters")) }
        var tempoRamps: [TempoRamp]? = []
        if let value = fields.take("tempoRamps") { tempoRamps = self.tempoRamps(value, at: path.key("tempoRamps")) }
        var form: Form? = Form()
        if let value = fields.take("form") { form = self.form(value, at: path.key("form")) }
        let keys = self.keys(&fields, at: path) // Stave 3 keys
        var markers: [SongMarker]? = []
        if let value = fields.take("markers") { markers = songMarkers(value, at: path.key("markers")) }
        let feel = self.feel(&fields, at: path)
        var styles: [StyleDefinition]? = []
        if let value = fields.take("styles") { styles = self.styles(value, at: path.key("styles")) }
        var tracks: [SongDocument.Track]?
        if let value = required(&fields, "tracks", expected: "an array of tracks"),
           var elements = array(value, at: path.key("tracks"), expected: "an array of tracks") {
            var decoded: [SongDocument.Track?] = []
            for index in elements.indices {
                decoded.append(track(SongDecoder.takeElement(index, of: &elements), at: path.key("tracks").index(index), index: index))
            }
            if decoded.allSatisfy({ $0 != nil }) { tracks = decoded.compactMap { $0 } }
        }
        finish(fields, what: "the song", known: SongDecoder.songFields)
        guard let title, let ppq, let resolution, let key, let tempos, let tempoRamps, let keys, let meters, let markers, let styles, let tracks, let form, feel.ok else { return nil }
        if fields.has("composer"), composer == nil { return nil }
        var document = SongDocument(title: title, composer: composer, ppq: ppq, resolution: resolution, key: key,
                                    tempos: tempos, meters: meters, markers: markers, tracks: tracks)
        document.tempoRamps = tempoRamps
        document.swing = feel.swing
        document.humanize = feel.humanize
        document.form = form
        (document.keyChanges, document.transpose) = keys
        document.styles = styles
        return document
    }

    /// `tempoRamps` (version 6): `{"bar": A, "through": B, "bpm": "60"}` each.
    mutating func tempoRamps(_ value: JSONValue, at path: JSONPath) -> [TempoRamp]? {
        guard let elements = array(value, at: path, expected: "an array of tempo ramps") else { return nil }
        let decoded = elements.enumerated().map { index, element -> TempoRamp? in
            guard var fields = object(element, at: path.index(index), what: "a tempo ramp") else { return nil }
            let bar = integer(&fields, "bar", in: 1...Lowering.maximumBars, expected: "a bar number 1–\(Lowering.maximumBars)")
            let through = integer(&fields, "through", in: 1...Lowering.maximumBars, expected: "a bar number 1–\(Lowering.maximumBars)")
            let bpm = required(&fields, "bpm", expected: "a tempo as a decimal string").flatMap { self.bpm($0, at: path.index(index).key("bpm")) }
            finish(fields, what: "a tempo ramp", known: ["bar", "through", "bpm"])
            guard let bar, let through, let bpm else { return nil }
            return TempoRamp(bar: bar, through: through, bpm: bpm)
        }
        return decoded.allSatisfy { $0 != nil } ? decoded.compactMap { $0 } : nil
    }

    mutating func key(_ value: JSONValue, at path: JSONPath) -> Key? {
        guard var fields = object(value, at: path, what: "the key") else { return nil }
        let tonicExpected = "a tonic: a pitch letter a–g with an optional accidental (#, b or n), such as \"f#\""
        var tonic: PitchSpelling?
        if let tonicValue = required(&fields, "tonic", expected: tonicExpected),
           let text = string(tonicValue, at: path.key("tonic"), expected: tonicExpected) {
            tonic = SongDecoder.spelling(text)
            if tonic == nil { problem(.invalidKey, path.key("tonic"), "expected \(tonicExpected), found \(tonicValue.summary)") }
        }
        var mode: KeyMode?
        if let modeValue = required(&fields, "mode", expected: "\"major\" or \"minor\"") {
            if case .string(let text) = modeValue { mode = KeyMode(rawValue: text) }
            if mode == nil { problem(.invalidKey, path.key("mode"), "expected \"major\" or \"minor\", found \(modeValue.summary)") }
        }
        finish(fields, what: "the key", known: ["tonic", "mode"])
        guard let tonic, let mode else { return nil }
        guard let key = Key(tonic: tonic, mode: mode) else {
            problem(.invalidKey, path, "'\(Pitch.spellingText(tonic)) \(mode.rawValue)' is not a key with at most 7 sharps or flats")
            return nil
        }
        return key
    }

    /// `c`, `f#`, `bb`, `en`: a letter with at most one accidental (keys need no more).
    static func spelling(_ text: String) -> PitchSpelling? {
        let accidentals: [String: Int?] = ["": nil, "#": 1, "b": -1, "n": 0]
        guard let letter = text.first, "abcdefg".contains(letter), let accidental = accidentals[String(text.dropFirst())] else { return nil }
        return PitchSpelling(letter: letter, accidental: accidental)
    }

    mutating func tempos(_ value: JSONValue, at path: JSONPath) -> [TempoChange]? {
        guard let elements = array(value, at: path, expected: "an array of tempo changes") else { return nil }
        let decoded = elements.enumerated().map { index, element -> TempoChange? in
            guard var fields = object(element, at: path.index(index), what: "a tempo change") else { return nil }
            let bar = integer(&fields, "bar", in: 1...Lowering.maximumBars, expected: "a bar number 1–\(Lowering.maximumBars)")
            let bpm = required(&fields, "bpm", expected: "a tempo as a decimal string").flatMap { self.bpm($0, at: path.index(index).key("bpm")) }
            var afterTracks: Int? = 0
            if let value = fields.take("afterTracks") {
                afterTracks = integer(value, at: path.index(index).key("afterTracks"), in: 0...Int(Int32.max), expected: "a track count")
            }
            finish(fields, what: "a tempo change", known: ["bar", "bpm", "afterTracks"])
            guard let bar, let bpm, let afterTracks else { return nil }
            return TempoChange(bar: bar, bpm: bpm, afterTracks: afterTracks)
        }
        return decoded.allSatisfy { $0 != nil } ? decoded.compactMap { $0 } : nil
    }

    mutating func meters(_ value: JSONValue, at path: JSONPath) -> [MeterChange]? {
        guard let elements = array(value, at: path, expected: "an array of meter changes") else { return nil }
        let decoded = elements.enumerated().map { index, element -> MeterChange? in
            guard var fields = object(element, at: path.index(index), what: "a meter change") else { return nil }
            let bar = integer(&fields, "bar", in: 1...Lowering.maximumBars, expected: "a bar number 1–\(Lowering.maximumBars)")
            let numerator = integer(&fields, "numerator", in: 1...64, expected: "a numerator 1–64")
            var denominator: Int?
            if let value = required(&fields, "denominator", expected: "1, 2, 4, 8, 16, 32 or 64") {
                denominator = value.integer.flatMap { [1, 2, 4, 8, 16, 32, 64].contains($0) ? $0 : nil }
                if denominator == nil { problem(.invalidMeter, path.index(index).key("denominator"), "expected 1, 2, 4, 8, 16, 32 or 64, found \(value.summary)") }
            }
            finish(fields, what: "a meter change", known: ["bar", "numerator", "denominator"])
            guard let bar, let numerator, let denominator else { return nil }
            return MeterChange(bar: bar, numerator: numerator, denominator: denominator)
        }
        return decoded.allSatisfy { $0 != nil } ? decoded.compactMap { $0 } : nil
    }

    // MARK: - Tracks

    static let melodyFields = ["id", "name", "type", "program", "channel", "channelExplicit", "volume", "pan", "velocity", "octave", "transpose", "legato", "part", "staff", "symbols", "comp", "phrases"] + feelFields

    /// A track's `type`, when it is one.
    static func trackKind(_ value: JSONValue) -> TrackKind? {
        guard case .string(let text) = value else { return nil }
        return TrackKind(rawValue: text)
    }

    /// The velocities a track or note may have.
    static let velocities = 0...127

    /// A track's `velocity`, when it is one.
    static func trackVelocity(_ value: JSONValue) -> Int? {
        value.integer.flatMap { velocities.contains($0) ? $0 : nil }
    }

    /// Track `index` of the song.
    mutating func track(_ value: consuming JSONValue, at path: JSONPath, index trackIndex: Int) -> SongDocument.Track? {
        guard var fields = object(value, at: path, what: "a track") else { return nil }
        let id = required(&fields, "id", expected: "a track ID").flatMap { identifier($0, at: path.key("id"), what: "a track ID") }
        let name = fields.take("name").flatMap { staveString($0, at: path.key("name")) }
        var kind: TrackKind?
        if let value = required(&fields, "type", expected: "\"melody\" or \"drums\"") {
            kind = SongDecoder.trackKind(value)
            if kind == nil { problem(.saveInvalidValue, path.key("type"), "expected \"melody\" or \"drums\", found \(value.summary)") }
        }
        let program = integer(&fields, "program", in: 0...127, expected: "a General MIDI program 0–127")
        let channel = integer(&fields, "channel", in: 1...16, expected: "a MIDI channel 1–16")
        let explicit = required(&fields, "channelExplicit", expected: "true or false").flatMap { bool($0, at: path.key("channelExplicit")) }
        let volume = integer(&fields, "volume", in: 0...127, expected: "a volume 0–127")
        let pan = integer(&fields, "pan", in: 0...127, expected: "a pan 0–127")
        let velocity = integer(&fields, "velocity", in: SongDecoder.velocities, expected: "a velocity 0–127")
        var octave: Int? = 4, transpose: Int? = 0
        if kind == .drums {
            for setting in ["octave", "transpose"] where fields.has(setting) {
                _ = fields.take(setting)
                problem(.settingNotAllowed, path.key(setting), "a drum track has no \(setting) setting")
            }
        } else {
            octave = integer(&fields, "octave", in: 0...9, expected: "an octave 0–9")
            transpose = integer(&fields, "transpose", in: -48...48, expected: "a transpose -48–48")
        }
        var legato: Int? = 100
        if let value = fields.take("legato") {
            legato = integer(value, at: path.key("legato"), in: SongDecoder.anyInteger, expected: "a legato percentage 1–100")
            if let written = legato, let rule = ExpressionRule.legato(written) {
                problem(rule, at: path.key("legato"))
                legato = nil
            }
        }
        let staff = staffPlacement(&fields, at: path, kind: kind, track: id ?? "")
        let feel = self.feel(&fields, at: path)
        let (symbols, comp) = accompaniment(&fields, kind: kind, at: path)
        var phrases: [SongDocument.Phrase]?
        if let value = required(&fields, "phrases", expected: "an array of phrases"),
           var elements = array(value, at: path.key("phrases"), expected: "an array of phrases"), let kind {
            var decoded: [SongDocument.Phrase?] = []
            decoded.reserveCapacity(elements.count)
            for index in elements.indices {
                if let taken = phrasesAsRead.removeValue(forKey: PhrasesAsRead.Place(track: trackIndex, phrase: index)) {
                    problems += taken.problems
                    decoded.append(taken.phrase)
                    continue
                }
                let element = SongDecoder.takeElement(index, of: &elements)
                decoded.append(phrase(element, at: path.key("phrases").index(index), kind: kind, velocity: velocity ?? 0))
            }
            if decoded.allSatisfy({ $0 != nil }) { phrases = decoded.compactMap { $0 } }
        }
        finish(fields, what: kind == .drums ? "a drum track" : "a track",
               known: kind == .drums ? SongDecoder.melodyFields.filter { $0 != "octave" && $0 != "transpose" && $0 != "symbols" } : SongDecoder.melodyFields)
        guard let id, let kind, let program, let channel, let explicit, let volume, let pan, let velocity,
              let octave, let transpose, let legato, let phrases, let staff, feel.ok else { return nil }
        if fields.has("name"), name == nil { return nil }
        guard let symbols, let comp else { return nil }
        var track = SongDocument.Track(id: id, name: name, kind: kind, program: program, channel: channel, channelIsExplicit: explicit,
                                       volume: volume, pan: pan, velocity: velocity, octave: octave, transpose: transpose, legato: legato,
                                       phrases: phrases)
        track.staff = staff
        track.swing = feel.swing
        track.humanize = feel.humanize
        track.symbols = symbols
        track.comp = comp
        return track
    }
}
