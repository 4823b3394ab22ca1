import StaveComposition
import StaveSyntax
import StaveJSON

/// Writes a `SongDocument` as save-format JSON (see FORMAT.md).
///
/// The output is deterministic: fixed key order, no optional field that holds its default,
/// and none of the values a phrase's running state gives (a container's `position` where the
/// previous one ends, a `width` equal to the previous container's, a note's `velocity` equal
/// to the previous note's); a container of one block writes its notes directly, and a note
/// with nothing but its pitch is the bare pitch. `compact` (the default) writes one line;
/// `pretty` indents with one container, tempo or meter a line. The same document always gives
/// the same bytes in each layout, and both layouts decode to the same document.
public enum SongEncoder {
    /// The JSON bytes of a document, ending with a newline.
    public static func encode(_ document: SongDocument, layout: JSONWriter.Layout = .compact) -> [UInt8] {
        var writer = JSONWriter(layout: layout)
        writer.open(UInt8(ascii: "{"))
        writer.key("format", first: true)
        writer.string(SongDocument.formatName)
        writer.key("version", first: false)
        writer.integer(SongDocument.currentVersion)
        writer.key("song", first: false)
        writeSong(document, &writer)
        writer.close(UInt8(ascii: "}"))
        writer.raw(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// The JSON bytes of a Composition song.
    public static func encode(_ song: Song, layout: JSONWriter.Layout = .compact) throws -> [UInt8] {
        encode(try SongDocument(song), layout: layout)
    }

    static func writeSong(_ song: SongDocument, _ writer: inout JSONWriter) {
        writer.open(UInt8(ascii: "{"))
        writer.key("title", first: true)
        writer.string(song.title)
        if let composer = song.composer {
            writer.key("composer", first: false)
            writer.string(composer)
        }
        writer.key("ppq", first: false)
        writer.integer(song.ppq)
        writer.key("resolution", first: false)
        writer.integer(song.resolution)
        writer.key("key", first: false)
        writer.raw(UInt8(ascii: "{"))
        writer.inlineKey("tonic", first: true)
        writer.string(Pitch.spellingText(song.key.tonic))
        writer.inlineKey("mode", first: false)
        writer.string(song.key.mode.rawValue)
        writer.raw(UInt8(ascii: "}"))
        writer.key("tempos", first: false)
        writeLines(song.tempos, &writer) { tempo, writer in
            writer.inlineKey("bar", first: true)
            writer.integer(tempo.bar)
            writer.inlineKey("bpm", first: false)
            writer.string(tempo.bpm.decimalText)
            if tempo.afterTracks != 0 {
                writer.inlineKey("afterTracks", first: false)
                writer.integer(tempo.afterTracks)
            }
        }
        if !song.tempoRamps.isEmpty {
            writer.key("tempoRamps", first: false)
            writeLines(song.tempoRamps, &writer) { ramp, writer in
                writer.inlineKey("bar", first: true)
                writer.integer(ramp.bar)
                writer.inlineKey("through", first: false)
                writer.integer(ramp.through)
                writer.inlineKey("bpm", first: false)
                writer.string(ramp.bpm.decimalText)
            }
        }
        writeKeys(song, &writer) // Stave 3 keys: `keyChanges`, `transpose`
        writer.key("meters", first: false)
        writeLines(song.meters, &writer) { meter, writer in
            writer.inlineKey("bar", first: true)
            writer.integer(meter.bar)
            writer.inlineKey("numerator", first: false)
            writer.integer(meter.numerator)
            writer.inlineKey("denominator", first: false)
            writer.integer(meter.denominator)
        }
        if !song.markers.isEmpty {
            writer.key("markers", first: false)
            writeLines(song.markers, &writer) { marker, writer in
                writer.inlineKey("bar", first: true)
                writer.integer(marker.bar)
                writer.inlineKey("text", first: false)
                writer.string(marker.text)
            }
        }
        // Stave 3 feel (SongDocument+Feel).
        writeFeel(swing: song.swing, humanize: song.humanize, &writer)
        if !song.form.isEmpty {
            writer.key("form", first: false)
            writeForm(song.form, &writer)
        }
        if !song.styles.isEmpty { writeStyles(song.styles, &writer) }
        writer.key("tracks", first: false)
        if song.tracks.isEmpty {
            writer.raw("[]")
        } else {
            writer.open(UInt8(ascii: "["))
            for (index, track) in song.tracks.enumerated() {
                if index > 0 { writer.raw(UInt8(ascii: ",")) }
                writer.newline()
                writeTrack(track, &writer)
            }
            writer.close(UInt8(ascii: "]"))
        }
        writer.close(UInt8(ascii: "}"))
    }

    static func writeTrack(_ track: SongDocument.Track, _ writer: inout JSONWriter) {
        writer.open(UInt8(ascii: "{"))
        writer.key("id", first: true)
        writer.string(track.id)
        if let name = track.name {
            writer.key("name", first: false)
            writer.string(name)
        }
        writer.key("type", first: false)
        writer.string(track.kind.rawValue)
        writer.key("program", first: false)
        writer.integer(track.program)
        writer.key("channel", first: false)
        writer.integer(track.channel)
        writer.key("channelExplicit", first: false)
        writer.bool(track.channelIsExplicit)
        writer.key("volume", first: false)
        writer.integer(track.volume)
        writer.key("pan", first: false)
        writer.integer(track.pan)
        writer.key("velocity", first: false)
        writer.integer(track.velocity)
        if track.kind == .melody {
            writer.key("octave", first: false)
            writer.integer(track.octave)
            writer.key("transpose", first: false)
            writer.integer(track.transpose)
        }
        if track.legato != 100 {
            writer.key("legato", first: false)
            writer.integer(track.legato)
        }
        if let staff = track.staff {
            // Stave 3 (`staff PART N`): both fields or neither.
            writer.key("part", first: false)
            writer.string(staff.part)
            writer.key("staff", first: false)
            writer.integer(staff.number)
        }
        // Stave 3 feel (SongDocument+Feel).
        writeFeel(swing: track.swing, humanize: track.humanize, &writer)
        writeAccompaniment(track, &writer)
        writer.key("phrases", first: false)
        if track.phrases.isEmpty {
            writer.raw("[]")
        } else {
            writer.open(UInt8(ascii: "["))
            for (index, phrase) in track.phrases.enumerated() {
                if index > 0 { writer.raw(UInt8(ascii: ",")) }
                writer.newline()
                writePhrase(phrase, of: track, &writer)
            }
            writer.close(UInt8(ascii: "]"))
        }
        writer.close(UInt8(ascii: "}"))
    }

    static func writePhrase(_ phrase: SongDocument.Phrase, of track: SongDocument.Track, _ writer: inout JSONWriter) {
        writer.open(UInt8(ascii: "{"))
        writer.key("type", first: true)
        switch phrase.content {
        case .original: writer.raw("\"original\"")
        case .repeat: writer.raw("\"repeat\"")
        case .sync: writer.raw("\"sync\"")
        }
        if let id = phrase.id {
            writer.key("id", first: false)
            writer.string(id)
        }
        writer.key("start", first: false)
        writer.integer(phrase.start)
        switch phrase.content {
        case .original(let length, let containers, let tempos, let expression):
            writer.key("length", first: false)
            writer.integer(length)
            if !tempos.isEmpty {
                writer.key("tempos", first: false)
                writeLines(tempos, &writer) { mark, writer in
                    writer.inlineKey("offset", first: true)
                    writer.integer(mark.offset)
                    writer.inlineKey("bpm", first: false)
                    writer.string(mark.bpm.decimalText)
                }
            }
            if !expression.isEmpty { writeExpression(expression, of: track, &writer) }
            writer.key("containers", first: false)
            var state = RunningState(velocity: track.velocity)
            writeLines(containers, &writer) { container, writer in
                writeContainer(container, kind: track.kind, state: &state, &writer)
            }
        case .repeat(let source, let count):
            writer.key("source", first: false)
            writer.string(source)
            writer.key("count", first: false)
            writer.integer(count)
        case .sync(let sourceTrack, let source, let transpose):
            writer.key("track", first: false)
            writer.string(sourceTrack)
            writer.key("phrase", first: false)
            writer.string(source)
            writer.key("transpose", first: false)
            writer.integer(transpose)
        }
        writer.close(UInt8(ascii: "}"))
    }

    /// The members of a container on one line, leaving out what the running state gives:
    /// `{"width": 4, "notes": [60, 64]}`.
    static func writeContainer(_ container: SongDocument.NoteContainer, kind: TrackKind, state: inout RunningState,
                               _ writer: inout JSONWriter) {
        var first = true
        if container.position != state.end {
            writer.inlineKey("position", first: first)
            writer.integer(container.position)
            first = false
        }
        if container.width != state.width {
            writer.inlineKey("width", first: first)
            writer.integer(container.width)
            first = false
        }
        state.end = container.position + container.width
        state.width = container.width
        if container.blocks.count == 1, case .notes(let notes) = container.blocks[0] {
            kind == .drums ? writer.inlineKey("beats", first: first) : writer.inlineKey("notes", first: first)
            writeNotes(notes, kind: kind, state: &state, &writer)
        } else {
            writer.inlineKey("blocks", first: first)
            writeBlocks(container.blocks, kind: kind, state: &state, &writer)
        }
    }

    /// `[{"notes": [...]}, {"blocks": [...]}]` (`beats` on drum tracks).
    static func writeBlocks(_ blocks: [SongDocument.NoteBlock], kind: TrackKind, state: inout RunningState, _ writer: inout JSONWriter) {
        writer.raw(UInt8(ascii: "["))
        for (index, block) in blocks.enumerated() {
            if index > 0 { writer.separator() }
            writer.raw(UInt8(ascii: "{"))
            switch block {
            case .notes(let notes):
                kind == .drums ? writer.inlineKey("beats", first: true) : writer.inlineKey("notes", first: true)
                writeNotes(notes, kind: kind, state: &state, &writer)
            case .blocks(let inner):
                writer.inlineKey("blocks", first: true)
                writeBlocks(inner, kind: kind, state: &state, &writer)
            }
            writer.raw(UInt8(ascii: "}"))
        }
        writer.raw(UInt8(ascii: "]"))
    }

    /// The notes of a block: each the bare pitch when nothing else needs saying, else
    /// `{"pitch": 70, "velocity": 90, "tie": true, "spelling": "bb"}` (`drum` on drum tracks).
    static func writeNotes(_ notes: [SongDocument.Note], kind: TrackKind, state: inout RunningState, _ writer: inout JSONWriter) {
        writer.raw(UInt8(ascii: "["))
        for (index, note) in notes.enumerated() {
            if index > 0 { writer.separator() }
            // A note's own `@N` is always written and leaves the running velocity alone.
            let sameVelocity = !note.ownVelocity && note.velocity == state.velocity
            if !note.ownVelocity { state.velocity = note.velocity }
            if sameVelocity, !note.tie, note.spelling == nil, note.marks.isEmpty {
                writer.integer(note.pitch)
                continue
            }
            writer.raw(UInt8(ascii: "{"))
            kind == .drums ? writer.inlineKey("drum", first: true) : writer.inlineKey("pitch", first: true)
            writer.integer(note.pitch)
            if !sameVelocity {
                writer.inlineKey("velocity", first: false)
                writer.integer(note.velocity)
            }
            if note.tie {
                writer.inlineKey("tie", first: false)
                writer.raw("true")
            }
            if let spelling = note.spelling {
                writer.inlineKey("spelling", first: false)
                writer.string(SongDocument.Note.spellingText(spelling))
            }
            if !note.marks.isEmpty { writeMarks(note.marks, &writer) }
            if note.ownVelocity {
                writer.inlineKey("ownVelocity", first: false)
                writer.raw("true")
            }
            writer.raw(UInt8(ascii: "}"))
        }
        writer.raw(UInt8(ascii: "]"))
    }

    /// An array with one element a line (each a one-line object), or `[]`.
    static func writeLines<Element>(_ elements: [Element], _ writer: inout JSONWriter,
                                    member: (Element, inout JSONWriter) -> Void) {
        guard !elements.isEmpty else {
            writer.raw("[]")
            return
        }
        writer.open(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { writer.raw(UInt8(ascii: ",")) }
            writer.newline()
            writer.raw(UInt8(ascii: "{"))
            member(element, &writer)
            writer.raw(UInt8(ascii: "}"))
        }
        writer.close(UInt8(ascii: "]"))
    }
}

/// What a phrase's containers and notes have said so far, which the save format lets a
/// container or note leave out (version 4): where the previous container ends, its width, and
/// the previous note's velocity (the track's `velocity` before the first note).
struct RunningState {
    /// Where the previous container ends (0 before the first).
    var end = 0
    /// The previous container's width; nil before the first, whose width is always written.
    var width: Int?
    /// The previous note's velocity in the phrase.
    var velocity: Int

    init(velocity: Int) {
        self.velocity = velocity
    }
}
