import StaveComposition
import StaveSyntax
import StaveSupport

/// Writes a `SongDocument` as save-format JSON (see FORMAT.md).
///
/// The output is deterministic: fixed key order, two-space indentation, one container per
/// line, optional fields left out when they hold their default, a newline at the end. The
/// same document always gives the same bytes.
public enum SongEncoder {
    /// The JSON bytes of a document.
    public static func encode(_ document: SongDocument) -> [UInt8] {
        var writer = JSONWriter()
        writer.open("{")
        writer.key("format", first: true)
        writer.write(JSONText.quoted(SongDocument.formatName))
        writer.key("version", first: false)
        writer.write("\(SongDocument.currentVersion)")
        writer.key("song", first: false)
        writeSong(document, &writer)
        writer.close("}")
        writer.write("\n")
        return Array(writer.text.utf8)
    }

    /// The JSON bytes of a Composition song.
    public static func encode(_ song: Song) throws -> [UInt8] {
        encode(try SongDocument(song))
    }

    static func writeSong(_ song: SongDocument, _ writer: inout JSONWriter) {
        writer.open("{")
        writer.key("title", first: true)
        writer.write(JSONText.quoted(song.title))
        if let composer = song.composer {
            writer.key("composer", first: false)
            writer.write(JSONText.quoted(composer))
        }
        writer.key("ppq", first: false)
        writer.write("\(song.ppq)")
        writer.key("resolution", first: false)
        writer.write("\(song.resolution)")
        writer.key("key", first: false)
        writer.write(JSONWriter.inlineObject([("tonic", JSONText.quoted(Pitch.spellingText(song.key.tonic))),
                                              ("mode", JSONText.quoted(song.key.mode.rawValue))]))
        writer.key("tempos", first: false)
        writeLines(song.tempos.map { tempo in
            var members = [("bar", "\(tempo.bar)"), ("bpm", bpmText(tempo.bpm))]
            if tempo.afterTracks != 0 { members.append(("afterTracks", "\(tempo.afterTracks)")) }
            return JSONWriter.inlineObject(members)
        }, &writer)
        writer.key("meters", first: false)
        writeLines(song.meters.map { JSONWriter.inlineObject([("bar", "\($0.bar)"), ("numerator", "\($0.numerator)"), ("denominator", "\($0.denominator)")]) }, &writer)
        writer.key("tracks", first: false)
        if song.tracks.isEmpty {
            writer.write("[]")
        } else {
            writer.open("[")
            for (index, track) in song.tracks.enumerated() {
                if index > 0 { writer.write(",") }
                writer.newline()
                writeTrack(track, &writer)
            }
            writer.close("]")
        }
        writer.close("}")
    }

    static func writeTrack(_ track: SongDocument.Track, _ writer: inout JSONWriter) {
        writer.open("{")
        writer.key("id", first: true)
        writer.write(JSONText.quoted(track.id))
        if let name = track.name {
            writer.key("name", first: false)
            writer.write(JSONText.quoted(name))
        }
        writer.key("type", first: false)
        writer.write(JSONText.quoted(track.kind.rawValue))
        var settings: [(String, String)] = [("program", "\(track.program)"), ("channel", "\(track.channel)"),
                                            ("channelExplicit", track.channelIsExplicit ? "true" : "false"),
                                            ("volume", "\(track.volume)"), ("pan", "\(track.pan)"), ("velocity", "\(track.velocity)")]
        if track.kind == .melody { settings += [("octave", "\(track.octave)"), ("transpose", "\(track.transpose)")] }
        for (name, value) in settings {
            writer.key(name, first: false)
            writer.write(value)
        }
        writer.key("phrases", first: false)
        if track.phrases.isEmpty {
            writer.write("[]")
        } else {
            writer.open("[")
            for (index, phrase) in track.phrases.enumerated() {
                if index > 0 { writer.write(",") }
                writer.newline()
                writePhrase(phrase, kind: track.kind, &writer)
            }
            writer.close("]")
        }
        writer.close("}")
    }

    static func writePhrase(_ phrase: SongDocument.Phrase, kind: TrackKind, _ writer: inout JSONWriter) {
        writer.open("{")
        writer.key("type", first: true)
        switch phrase.content {
        case .original: writer.write("\"original\"")
        case .repeat: writer.write("\"repeat\"")
        case .sync: writer.write("\"sync\"")
        }
        if let id = phrase.id {
            writer.key("id", first: false)
            writer.write(JSONText.quoted(id))
        }
        writer.key("start", first: false)
        writer.write("\(phrase.start)")
        switch phrase.content {
        case .original(let length, let containers, let tempos):
            writer.key("length", first: false)
            writer.write("\(length)")
            if !tempos.isEmpty {
                writer.key("tempos", first: false)
                writeLines(tempos.map { JSONWriter.inlineObject([("offset", "\($0.offset)"), ("bpm", bpmText($0.bpm))]) }, &writer)
            }
            writer.key("containers", first: false)
            writeLines(containers.map { container in
                JSONWriter.inlineObject([("position", "\(container.position)"), ("width", "\(container.width)"),
                                         ("blocks", JSONWriter.inlineArray(container.blocks.map { blockText($0, kind: kind) }))])
            }, &writer)
        case .repeat(let source, let count):
            writer.key("source", first: false)
            writer.write(JSONText.quoted(source))
            writer.key("count", first: false)
            writer.write("\(count)")
        case .sync(let track, let source, let transpose):
            writer.key("track", first: false)
            writer.write(JSONText.quoted(track))
            writer.key("phrase", first: false)
            writer.write(JSONText.quoted(source))
            writer.key("transpose", first: false)
            writer.write("\(transpose)")
        }
        writer.close("}")
    }

    /// A block on one line: `{"notes": [...]}` (`{"beats": [...]}` on drum tracks) or `{"blocks": [...]}`.
    static func blockText(_ block: SongDocument.NoteBlock, kind: TrackKind) -> String {
        switch block {
        case .notes(let notes):
            let noteKey = kind == .drums ? "drum" : "pitch"
            let items = notes.map { note -> String in
                var members = [(noteKey, "\(note.pitch)"), ("velocity", "\(note.velocity)")]
                if note.tie { members.append(("tie", "true")) }
                if let spelling = note.spelling { members.append(("spelling", JSONText.quoted(SongDocument.Note.spellingText(spelling)))) }
                return JSONWriter.inlineObject(members)
            }
            return JSONWriter.inlineObject([(kind == .drums ? "beats" : "notes", JSONWriter.inlineArray(items))])
        case .blocks(let blocks):
            return JSONWriter.inlineObject([("blocks", JSONWriter.inlineArray(blocks.map { blockText($0, kind: kind) }))])
        }
    }

    /// An array with one element a line, or `[]`.
    static func writeLines(_ elements: [String], _ writer: inout JSONWriter) {
        guard !elements.isEmpty else {
            writer.write("[]")
            return
        }
        writer.open("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { writer.write(",") }
            writer.newline()
            writer.write(element)
        }
        writer.close("]")
    }

    /// A tempo as an exact decimal string: `"92.5"`.
    static func bpmText(_ bpm: Rational) -> String {
        JSONText.quoted(bpm.decimalText)
    }
}
