import StaveComposition
import StaveSyntax
import StaveJSON

/// The v2 members of an Original phrase (version 5): each list only when it is not empty, one
/// element a line, in a fixed order — `hairpins`, `graces`, `controls`, `markers`,
/// `chordSymbols`, `lyrics` — between `tempos` and `containers`.
extension SongEncoder {
    static func writeExpression(_ expression: SongDocument.Expression, of track: SongDocument.Track, _ writer: inout JSONWriter) {
        if !expression.hairpins.isEmpty {
            writer.key("hairpins", first: false)
            writeLines(expression.hairpins, &writer) { pin, writer in
                writer.inlineKey("start", first: true)
                writer.integer(pin.start)
                writer.inlineKey("end", first: false)
                writer.integer(pin.end)
                writer.inlineKey("from", first: false)
                writer.integer(pin.from)
                writer.inlineKey("to", first: false)
                writer.integer(pin.to)
                writeAfterGraces(pin.startAfterGraces, key: "startAfterGraces", &writer)
                writeAfterGraces(pin.endAfterGraces, key: "endAfterGraces", &writer)
            }
        }
        if !expression.graces.isEmpty {
            writer.key("graces", first: false)
            // Grace notes have a running velocity of their own, through the phrase's groups.
            var state = RunningState(velocity: track.velocity)
            writeLines(expression.graces, &writer) { group, writer in
                writer.inlineKey("offset", first: true)
                writer.integer(group.offset)
                writer.inlineKey("items", first: false)
                writer.raw(UInt8(ascii: "["))
                for (index, item) in group.items.enumerated() {
                    if index > 0 { writer.separator() }
                    writeNotes(item, kind: track.kind, state: &state, &writer)
                }
                writer.raw(UInt8(ascii: "]"))
            }
        }
        if !expression.controls.isEmpty {
            writer.key("controls", first: false)
            writeLines(expression.controls, &writer) { control, writer in
                writer.inlineKey("offset", first: true)
                writer.integer(control.offset)
                switch control.event {
                case .pedal(let down):
                    writer.inlineKey("pedal", first: false)
                    down ? writer.raw("\"down\"") : writer.raw("\"up\"")
                case .controller(let number, let value):
                    writer.inlineKey("cc", first: false)
                    writer.integer(number)
                    writer.inlineKey("value", first: false)
                    writer.integer(value)
                case .bend(let cents):
                    writer.inlineKey("bend", first: false)
                    writer.integer(cents)
                }
                writeAfterGraces(control.afterGraces, key: "afterGraces", &writer)
            }
        }
        if !expression.markers.isEmpty {
            writer.key("markers", first: false)
            writeLines(expression.markers, &writer) { marker, writer in
                writer.inlineKey("offset", first: true)
                writer.integer(marker.offset)
                writer.inlineKey("text", first: false)
                writer.string(marker.text)
                writeAfterGraces(marker.afterGraces, key: "afterGraces", &writer)
            }
        }
        if !expression.chordSymbols.isEmpty {
            writer.key("chordSymbols", first: false)
            writeLines(expression.chordSymbols, &writer) { chord, writer in
                writer.inlineKey("offset", first: true)
                writer.integer(chord.offset)
                writer.inlineKey("symbol", first: false)
                writer.string(chord.symbol.description)
                writer.inlineKey("root", first: false)
                writer.integer(chord.root)
            }
        }
        if let source = expression.lyricsSource {
            writer.key("lyricsFrom", first: false)
            writer.raw(UInt8(ascii: "{"))
            if let track = source.track {
                writer.inlineKey("track", first: true)
                writer.string(track)
            }
            writer.inlineKey("phrase", first: source.track == nil)
            writer.string(source.phrase)
            writer.raw(UInt8(ascii: "}"))
        } else if !expression.verses.isEmpty {
            writer.key("lyrics", first: false)
            writer.open(UInt8(ascii: "["))
            for (index, verse) in expression.verses.enumerated() {
                if index > 0 { writer.raw(UInt8(ascii: ",")) }
                writer.newline()
                writer.string(verse)
            }
            writer.close(UInt8(ascii: "]"))
        }
    }

    /// `"staccato": true`, `"tenuto": true`, `"accent": true` for the marks a note has.
    static func writeMarks(_ marks: NoteMarks, _ writer: inout JSONWriter) {
        if marks.contains(.staccato) {
            writer.inlineKey("staccato", first: false)
            writer.raw("true")
        }
        if marks.contains(.tenuto) {
            writer.inlineKey("tenuto", first: false)
            writer.raw("true")
        }
        if marks.contains(.accent) {
            writer.inlineKey("accent", first: false)
            writer.raw("true")
        }
    }

    /// How many grace items come before a command (LANGUAGE.md "Time of a command"); written
    /// only when some do, so songs without such commands keep their bytes.
    static func writeAfterGraces(_ count: Int, key: StaticString, _ writer: inout JSONWriter) {
        guard count > 0 else { return }
        writer.inlineKey(key, first: false)
        writer.integer(count)
    }
}
