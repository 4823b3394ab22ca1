import StaveComposition
import StaveSyntax
import StaveJSON

/// The accompaniment fields of version 6 (LANGUAGE.md "Accompaniment (v3)"): a track's
/// `symbols` and `comp`, the song's `styles` — as written; the validator checks what they name.
extension SongDecoder {
    /// A track's `"symbols": false` and `"comp": {"source", "style", "part"}`; the outer nil
    /// when one of them is malformed (reported).
    mutating func accompaniment(_ fields: inout ObjectFields, kind: TrackKind?, at path: JSONPath) -> (symbols: Bool?, comp: SongDocument.CompStatement??) {
        var symbols: Bool? = true
        if kind != .drums, let value = fields.take("symbols") { symbols = bool(value, at: path.key("symbols")) }
        var comp: SongDocument.CompStatement?? = .some(nil)
        if let value = fields.take("comp") {
            let compPath = path.key("comp")
            if var compFields = object(value, at: compPath, what: "a comp") {
                let source = required(&compFields, "source", expected: "a track ID").flatMap { identifier($0, at: compPath.key("source"), what: "a track ID") }
                let style = required(&compFields, "style", expected: "a style ID").flatMap { string($0, at: compPath.key("style"), expected: "a style ID") }
                let part = required(&compFields, "part", expected: "a part name").flatMap { string($0, at: compPath.key("part"), expected: "a part name") }
                finish(compFields, what: "a comp", known: ["source", "style", "part"])
                if let source, let style, let part { comp = .some(SongDocument.CompStatement(source: source, style: style, part: part)) } else { comp = nil }
            } else {
                comp = nil
            }
        }
        return (symbols, comp)
    }

    /// `styles`: `{"style": ID, "part": NAME, "numerator": N, "denominator": D, "pattern": TEXT}`
    /// each, one line per pattern, grouped back into styles in order.
    mutating func styles(_ value: JSONValue, at path: JSONPath) -> [StyleDefinition]? {
        guard let elements = array(value, at: path, expected: "an array of style patterns") else { return nil }
        var styles: [StyleDefinition] = []
        var failed = false
        for (index, element) in elements.enumerated() {
            let elementPath = path.index(index)
            guard var fields = object(element, at: elementPath, what: "a style pattern") else { failed = true; continue }
            let style = required(&fields, "style", expected: "a style ID").flatMap { identifier($0, at: elementPath.key("style"), what: "a style ID") }
            let part = required(&fields, "part", expected: "a part name").flatMap { string($0, at: elementPath.key("part"), expected: "a part name") }
            let numerator = integer(&fields, "numerator", in: 1...64, expected: "a meter numerator 1–64")
            let denominator = integer(&fields, "denominator", in: 1...64, expected: "a meter denominator 1–64")
            let pattern = required(&fields, "pattern", expected: "a pattern as Stave text").flatMap { staveString($0, at: elementPath.key("pattern")) }
            finish(fields, what: "a style pattern", known: ["style", "part", "numerator", "denominator", "pattern"])
            guard let style, let part, let numerator, let denominator, let pattern else { failed = true; continue }
            let written = StylePart(name: part, numerator: numerator, denominator: denominator, text: pattern)
            if let last = styles.indices.last, styles[last].id == style { styles[last].parts.append(written) } else { styles.append(StyleDefinition(id: style, parts: [written])) }
        }
        return failed ? nil : styles
    }
}
