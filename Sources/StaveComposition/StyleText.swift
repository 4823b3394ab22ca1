import StaveSyntax

extension StyleDefinition {
    /// The style as Stave text, one part a line: what `stave print` writes and what the save
    /// format's patterns are read back through.
    public var stave: String {
        var lines = ["style \(id) {"]
        for part in parts { lines.append("  part \(part.name) \(part.numerator)/\(part.denominator) { \(part.text) }") }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Its parts read by the front end, with the problems found (a save file's patterns are
    /// text, checked as a song's are).
    public func parsed() -> (parts: [StylePartSyntax], diagnostics: [Diagnostic]) {
        let (syntax, diagnostics) = Parser.parse(Source(path: "style \(id)", text: stave))
        return (syntax.styles.first?.parts ?? [], diagnostics)
    }
}

extension Accompaniment {
    /// The comp `comp SOURCE STYLE.PART` of `track`, with the part's patterns lowered for it:
    /// STYLE is one of `styles` (the song's own) or a built-in one. A missing style or part gives
    /// no patterns (the front end and the save validator report it).
    public static func comp(source: String, style: String, part: String, for track: Track, styles: [StyleDefinition]) -> Comp {
        let parts = styles.first { $0.id == style }.map { $0.parsed().parts } ?? StyleBuiltIns.syntax.first { $0.id.text == style }?.parts ?? []
        var comp = Comp(source: source, style: style, part: part)
        comp.patterns = Lowering.compPatterns(parts.filter { $0.name.text == part }, for: track)
        return comp
    }
}
