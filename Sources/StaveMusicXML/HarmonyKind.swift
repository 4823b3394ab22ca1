import StaveSyntax

/// How a chord symbol's quality is written in MusicXML `<harmony>`: its `<kind>` value and the
/// `<degree>`s added, altered or subtracted — the one table the export writes and the import
/// (`StaveMusicXMLImport`) reads back.
public enum MusicXMLHarmony {
    /// The `<kind>` and degrees (value, alter, type `add`/`alter`/`subtract`) of a quality.
    public static func kind(of quality: ChordSymbol.Quality) -> (kind: String, degrees: [(value: Int, alter: Int, type: String)]) {
        let (kind, degrees) = ScoreWriter.harmonyKind(quality)
        return ("\(kind)", degrees.map { ($0.value, $0.alter, "\($0.type.name)") })
    }
}
