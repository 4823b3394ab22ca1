import StaveComposition
import StaveJSON

/// Writes the accompaniment fields of version 6: the song's `styles` (one line per pattern)
/// and a track's `symbols` (only `false`) and `comp`.
extension SongEncoder {
    static func writeStyles(_ styles: [StyleDefinition], _ writer: inout JSONWriter) {
        writer.key("styles", first: false)
        let patterns = styles.flatMap { style in style.parts.map { (style.id, $0) } }
        writeLines(patterns, &writer) { entry, writer in
            writer.inlineKey("style", first: true)
            writer.string(entry.0)
            writer.inlineKey("part", first: false)
            writer.string(entry.1.name)
            writer.inlineKey("numerator", first: false)
            writer.integer(entry.1.numerator)
            writer.inlineKey("denominator", first: false)
            writer.integer(entry.1.denominator)
            writer.inlineKey("pattern", first: false)
            writer.string(entry.1.text)
        }
    }

    static func writeAccompaniment(_ track: SongDocument.Track, _ writer: inout JSONWriter) {
        if !track.symbols, track.kind == .melody {
            writer.key("symbols", first: false)
            writer.bool(false)
        }
        if let comp = track.comp {
            writer.key("comp", first: false)
            writer.raw(UInt8(ascii: "{"))
            writer.inlineKey("source", first: true)
            writer.string(comp.source)
            writer.inlineKey("style", first: false)
            writer.string(comp.style)
            writer.inlineKey("part", first: false)
            writer.string(comp.part)
            writer.raw(UInt8(ascii: "}"))
        }
    }
}
