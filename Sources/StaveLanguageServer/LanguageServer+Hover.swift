import StaveComposition
import StaveJSON
import StaveSyntax

extension LanguageServer {
    /// Hover: what the thing under the cursor is in the music.
    mutating func hover(_ uri: String, _ position: LSPPosition) -> JSONValue {
        guard let document = documents[uri], let analysis = analysis(uri) else { return .null }
        let offset = document.offset(of: position)
        guard let token = analysis.token(at: offset) else { return .null }
        guard let text = HoverText.describe(token: token, in: analysis) else { return .null }
        return .fields(["contents": .fields(["kind": .string("markdown"), "value": .string(text)]),
                        "range": Self.json(analysis.tree.tokens[token].range, in: document)])
    }
}

/// The hover texts, from the lossless tree (where the cursor is) and the checked song (what
/// it means there).
enum HoverText {
    static func describe(token: Int, in analysis: Analysis) -> String? {
        let tree = analysis.tree
        let song = analysis.song
        let range = tree.tokens[token].range
        if let name = analysis.names.occurrence(at: range.start), name.range == range {
            return describe(name.target, song)
        }
        let path = analysis.path(toToken: token)
        guard let innermost = path.last else { return nil }
        let kind = tree.nodes[innermost].kind
        let word = tree.tokens[token].kind == .word ? tree.text(ofToken: token) : nil
        // A setting's value: an instrument or a kit by name.
        if kind == .setting, let word, tree.nodes[innermost].tokens.lowerBound + 1 == token {
            let setting = tree.text(ofToken: tree.nodes[innermost].tokens.lowerBound)
            if setting == "instrument", let program = GeneralMIDI.program(named: word) {
                return "**\(word)**: General MIDI program \(program) (`\(GeneralMIDI.instrumentNames[program])`)"
            }
            if setting == "kit", let program = GeneralMIDI.kits[word] {
                return "**\(word)**: General MIDI drum kit, program \(program)"
            }
            return nil
        }
        // Something in a phrase body: find the phrase, the top-level item and the song's note.
        guard let phraseIndex = path.firstIndex(where: { tree.nodes[$0].kind == .phrase }), phraseIndex + 1 < path.count,
              let trackNode = path.first(where: { tree.nodes[$0].kind == .track }),
              let trackID = analysis.names.tracks.first(where: { $0.node == trackNode })?.id,
              let track = song.track(trackID) else { return nil }
        let phraseNode = path[phraseIndex], itemNode = path[phraseIndex + 1]
        guard let phrase = track.phrases.first(where: { $0.source.range?.start == tree.nodes[phraseNode].range.start }),
              case .original(let body) = phrase.content else { return nil }
        let meters = MeterMap(meters: song.meters)
        // Stave 2 marks: the k-th hairpin (control, marker) node of the body, inside chords and
        // tuplets too, is the k-th of the body's expression, which keeps them in source order —
        // when every one of them was lowered (none failed), so that the two lists match.
        if [.hairpin, .control, .marker].contains(kind) {
            let phraseRange = tree.nodes[phraseNode].range
            let written = tree.nodes.indices.filter {
                tree.nodes[$0].kind == kind && tree.nodes[$0].range.start >= phraseRange.start && tree.nodes[$0].range.end <= phraseRange.end
            }
            let lowered = kind == .hairpin ? body.expression.hairpins.count : kind == .control ? body.expression.controls.count : body.expression.markers.count
            guard written.count == lowered, let nth = written.firstIndex(of: innermost) else { return nil }
            return describeMark(kind, nth, body.expression, phrase, meters)
        }
        let itemStart = tree.nodes[itemNode].range.start
        let rootNote = body.notes.first { $0.source.range?.start == itemStart }
        // Inside a tuplet: the division under the cursor, where it starts and how long it lasts.
        let inTuplet = rootNote.flatMap { note in
            tree.nodes[itemNode].kind == .tuplet && phraseIndex + 2 < path.count
                ? division(path[(phraseIndex + 1)...], note.divisions, start: note.position, width: note.width, tree) : nil
        }
        if tree.nodes[innermost].kind == .member || kind == .note, track.kind == .drums, let word {
            let drumName = String(word.prefix { $0 != "~" && !$0.isNumber })
            if let key = DrumNames.key(named: drumName) {
                var text = "**\(drumName)**: General MIDI drum key \(key)"
                if let inTuplet {
                    text += "\n\n" + placement(inTuplet.start, inTuplet.width, phrase, meters) + ", in a tuplet of \(inTuplet.count)"
                } else if let note = rootNote {
                    text += "\n\n" + placement(note, phrase, meters)
                    if let swung = swungLine(note.position, phrase, track, song, meters) { text += "\n\n" + swung }
                }
                return text
            }
        }
        guard let note = rootNote else {
            if tree.nodes[itemNode].kind == .rest { return "rest" }
            return nil
        }
        if let inTuplet, case .chord(let sounds) = inTuplet.item {
            var lines: [String]
            if sounds.count == 1 {
                lines = [pitchLine(sounds[0], track, song)]
            } else if sounds.isEmpty {
                lines = ["rest"]
            } else {
                lines = ["chord: " + sounds.map { pitchName($0, track, song) }.joined(separator: " ")] + sounds.map { "- " + pitchLine($0, track, song) }
            }
            lines.append(placement(inTuplet.start, inTuplet.width, phrase, meters) + ", in a tuplet of \(inTuplet.count)")
            return lines.joined(separator: "\n\n")
        }
        var lines: [String] = []
        let sounds = note.divisions
        if let symbol = body.expression.chordSymbols.first(where: { $0.offset == note.position }) {
            lines.append("**\(symbol.symbol)** — chord symbol: " + symbol.pitches.map { pitchName(ChordNote(pitch: $0, velocity: 0), track, song) }.joined(separator: " "))
            // Accompaniment (v3): the comps that play the track's chord symbols.
            let comps = song.tracks.compactMap { other in other.comp.flatMap { $0.source == track.id ? "\(other.id) (\($0.style).\($0.part))" : nil } }
            if !comps.isEmpty { lines.append("played by " + comps.joined(separator: ", ")) }
        }
        if let graces = body.expression.graces.first(where: { $0.offset == note.position }) {
            lines.append("after \(graces.items.count) grace note\(graces.items.count == 1 ? "" : "s"): "
                         + graces.items.map { $0.map { pitchName($0, track, song) }.joined(separator: "+") }.joined(separator: " "))
        }
        if let single = note.singleNote {
            lines.append(pitchLine(single, track, song))
        } else if let chord = note.singleChord {
            lines.append("chord: " + chord.map { pitchName($0, track, song) }.joined(separator: " "))
            lines.append(contentsOf: chord.map { "- " + pitchLine($0, track, song) })
        } else {
            lines.append("tuplet: \(sounds.count) in \(lengthName(note.width)): " + sounds.map { describe($0, track, song) }.joined(separator: " "))
        }
        lines.append(placement(note, phrase, meters))
        if let swung = swungLine(note.position, phrase, track, song, meters) { lines.append(swung) }   // Stave 3 feel
        // Stave 3 form: each time the note sounds in the performance.
        if let soundings = LanguageServer.soundings(at: phrase.start + note.position, in: song) { lines.append(soundings) }
        return lines.joined(separator: "\n\n")
    }

    /// A tuplet's division: `C5`, `[C5 E5]`, `r`, or a nested tuplet in braces.
    static func describe(_ division: TupletNote, _ track: Track, _ song: Song) -> String {
        switch division {
        case .chord(let notes) where notes.isEmpty: return "r"
        case .chord(let notes) where notes.count == 1: return pitchName(notes[0], track, song)
        case .chord(let notes): return "[" + notes.map { pitchName($0, track, song) }.joined(separator: " ") + "]"
        case .tuplet(let inner): return "{" + inner.map { describe($0, track, song) }.joined(separator: " ") + "}"
        }
    }

    /// `**F#4** — MIDI 66, velocity 90`.
    static func pitchLine(_ note: ChordNote, _ track: Track, _ song: Song) -> String {
        if track.kind == .drums {
            return "**\(DrumNames.name(forKey: note.pitch) ?? "drum")** — drum key \(note.pitch), velocity \(note.velocity)"
        }
        let sounding = note.pitch + track.transpose
        var line = "**\(pitchName(note, track, song))** — MIDI \(sounding), velocity \(note.velocity)"
        if track.transpose != 0 { line += " (written MIDI \(note.pitch), track transpose \(track.transpose > 0 ? "+" : "")\(track.transpose))" }
        return line + marksText(note.marks)
    }

    /// `, staccato (sounds half its length), accent (+20)` for a note's marks.
    static func marksText(_ marks: NoteMarks) -> String {
        var names: [String] = []
        if marks.contains(.staccato) { names.append("staccato (sounds half its length)") }
        if marks.contains(.tenuto) { names.append("tenuto (sounds its full length)") }
        if marks.contains(.accent) { names.append("accent (+20)") }
        return names.isEmpty ? "" : ", " + names.joined(separator: ", ")
    }

    /// A hairpin, controller or marker of a body: what it does and where.
    static func describeMark(_ kind: SyntaxNodeKind, _ nth: Int, _ expression: PhraseExpression, _ phrase: Phrase, _ meters: MeterMap) -> String? {
        func at(_ offset: Rational) -> String {
            let located = meters.locate(phrase.start + offset)
            return "bar \(located.bar), beat \(mixed(located.offset * Rational(located.meter.denominator) + Rational(1)))"
        }
        switch kind {
        case .hairpin:
            guard nth < expression.hairpins.count else { return nil }
            let hairpin = expression.hairpins[nth]
            return "**\(hairpin.isCrescendo ? "crescendo" : "diminuendo")** from velocity \(hairpin.from) to \(hairpin.to)\n\n\(at(hairpin.start)) to \(at(hairpin.end))"
        case .control:
            guard nth < expression.controls.count else { return nil }
            let control = expression.controls[nth]
            let what: String
            switch control.event {
            case .pedal(let down): what = "**sustain pedal \(down ? "down" : "up")** — CC64 \(down ? 127 : 0)"
            case .controller(let number, let value): what = "**controller \(number)** set to \(value)"
            case .bend(let cents): what = "**pitch bend** \(cents) cents — 14-bit value \(ControlMark.bendValue(cents: cents))"
            }
            return what + "\n\n" + at(control.offset)
        case .marker:
            guard nth < expression.markers.count else { return nil }
            return "**marker** \"\(expression.markers[nth].text)\" — an SMF marker on the conductor track\n\n" + at(expression.markers[nth].offset)
        default:
            return nil
        }
    }

    /// The sounding pitch's name: the written spelling when there is no transpose, else Stave's
    /// default spelling in the song's key. `C4` is MIDI 60.
    static func pitchName(_ note: ChordNote, _ track: Track, _ song: Song) -> String {
        if track.kind == .drums { return DrumNames.name(forKey: note.pitch) ?? "drum \(note.pitch)" }
        let sounding = note.pitch + track.transpose
        return PitchSpeller(key: song.key).spell(sounding, written: track.transpose == 0 ? note.spelling : nil).title
    }

    /// `bar 3, beat 2 — a quarter note`.
    static func placement(_ note: RootNote, _ phrase: Phrase, _ meters: MeterMap) -> String {
        placement(note.position, note.width, phrase, meters)
    }

    /// `bar 3, beat 2 — a quarter note` for a length starting at `position` in the phrase.
    static func placement(_ position: Rational, _ width: Rational, _ phrase: Phrase, _ meters: MeterMap) -> String {
        let located = meters.locate(phrase.start + position)
        let beats = located.offset * Rational(located.meter.denominator) + Rational(1)
        return "bar \(located.bar), beat \(mixed(beats)) — \(lengthName(width))"
    }

    /// The division of a tuplet that holds the last node of `path` (which starts at the tuplet's
    /// node): the item, its start in the phrase, its length, and how many divisions share the
    /// innermost tuplet. Nil when the tree and the song's divisions do not match (an error).
    static func division(_ path: ArraySlice<Int>, _ divisions: [TupletNote], start: Rational, width: Rational, _ tree: SourceTree)
        -> (item: TupletNote, start: Rational, width: Rational, count: Int)? {
        guard let tuplet = path.first, let child = path.dropFirst().first else { return nil }
        let items = tree.childNodes(of: tuplet).filter { [.note, .rest, .chord, .tuplet].contains(tree.nodes[$0].kind) }
        guard items.count == divisions.count, let index = items.firstIndex(of: child) else { return nil }
        let part = width / Rational(divisions.count)
        let partStart = start + part * Rational(index)
        if case .tuplet(let inner) = divisions[index], tree.nodes[child].kind == .tuplet, path.count > 2 {
            return division(path.dropFirst(), inner, start: partStart, width: part, tree)
        }
        return (divisions[index], partStart, part, divisions.count)
    }

    /// `2`, `2 1/2`.
    static func mixed(_ value: Rational) -> String {
        guard value.denominator > 0 else { return "?" }
        let whole = value.numerator / value.denominator
        let rest = value.numerator % value.denominator
        return rest == 0 ? "\(whole)" : "\(whole) \(rest)/\(value.denominator)"
    }

    /// `a quarter note (1/4)`, `an eighth (1/8)`, `a dotted eighth (3/16)`, `5/16 of a whole note`.
    static func lengthName(_ width: Rational) -> String {
        let names = [1: "whole note", 2: "half note", 4: "quarter note", 8: "eighth", 16: "sixteenth", 32: "thirty-second", 64: "sixty-fourth"]
        for (value, name) in names.sorted(by: { $0.key < $1.key }) {
            if width == Rational(1, value) { return "\(name.hasPrefix("e") ? "an" : "a") \(name) (1/\(value))" }
            if width == Rational(3, 2 * value) { return "a dotted \(name) (3/\(2 * value))" }
            if width == Rational(7, 4 * value) { return "a double-dotted \(name) (7/\(4 * value))" }
        }
        return width.denominator > 0 ? "\(width.numerator)/\(width.denominator) of a whole note" : "a length too fine to tell"
    }

    /// A track or a phrase by name.
    static func describe(_ target: NameIndex.Occurrence.Target, _ song: Song) -> String? {
        let meters = MeterMap(meters: song.meters)
        switch target {
        case .track(let id):
            guard let track = song.track(id) else { return "track **\(id)** (not in the song: it has errors)" }
            let instrument: String
            if track.kind == .drums {
                instrument = "drum kit \(GeneralMIDI.kitName(track.program) ?? "program \(track.program)")"
            } else {
                instrument = "\(track.program < GeneralMIDI.instrumentNames.count ? GeneralMIDI.instrumentNames[track.program] : "program") (GM program \(track.program))"
            }
            return "\(track.kind == .drums ? "drums" : "track") **\(id)**\(track.name.map { " \"\($0)\"" } ?? "") — \(instrument), channel \(track.channel), \(track.phrases.count) phrase\(track.phrases.count == 1 ? "" : "s")"
        case .phrase(let trackID, let id):
            guard let track = song.track(trackID), let phrase = track.phrases.first(where: { $0.id == id }),
                  case .original(let body) = phrase.content else { return "phrase **\(id)** (not in the song: it has errors)" }
            let start = meters.locate(phrase.start)
            let end = meters.locate(phrase.start + body.length)
            let bars = end.offset == .zero ? end.bar - start.bar : end.bar - start.bar + 1
            var text = "phrase **\(trackID).\(id)** — \(bars) bar\(bars == 1 ? "" : "s"), placed at bar \(start.bar)"
            if start.offset != .zero { text += " beat \(mixed(start.offset * Rational(start.meter.denominator) + Rational(1)))" }
            text += ", \(body.notes.count) note\(body.notes.count == 1 ? "" : "s")"
            var copies: [String] = []
            for other in song.tracks {
                for copy in other.phrases {
                    switch copy.content {
                    case .repeat(let source, let count) where other.id == trackID && source == id:
                        copies.append("repeated x\(count) at bar \(meters.locate(copy.start).bar)")
                    case .sync(let sourceTrack, let source, let transpose) where sourceTrack == trackID && source == id:
                        copies.append("synced in \(other.id) at bar \(meters.locate(copy.start).bar)" + (transpose == 0 ? "" : " transposed \(transpose)"))
                    default: break
                    }
                }
            }
            if !copies.isEmpty { text += "\n\n" + copies.joined(separator: "; ") }
            return text
        }
    }
}

extension String {
    func replacingFirst(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
