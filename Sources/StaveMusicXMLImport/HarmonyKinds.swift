import StaveMusicXML
import StaveSyntax

/// A `<degree>` of a `<harmony>`: a chord step added, altered or subtracted.
struct HarmonyDegree: Equatable {
    var value: Int
    var alter: Int
    var type: String
}

/// The chord-symbol quality a MusicXML `<kind>` with its degrees stands for: the export's own
/// table (`MusicXMLHarmony`) read backwards, plus the kinds other programs write for the same
/// chords.
enum HarmonyKinds {
    /// Each quality's kind and degrees, in the export's table.
    private static let table: [(kind: String, degrees: [HarmonyDegree], quality: ChordSymbol.Quality)] =
        ChordSymbol.Quality.allCases.map { quality in
            let (kind, degrees) = MusicXMLHarmony.kind(of: quality)
            return (kind, degrees.map { HarmonyDegree(value: $0.value, alter: $0.alter, type: $0.type) }, quality)
        }

    /// Other spellings of kinds (MusicXML allows both; programs differ).
    private static let aliases: [String: String] = [
        "major-minor": "major-minor", "dominant-seventh": "dominant", "7": "dominant", "maj7": "major-seventh", "min": "minor",
        "m": "minor", "dim": "diminished", "aug": "augmented", "min7": "minor-seventh", "dim7": "diminished-seventh",
        "suspended-fourth": "suspended-fourth", "sus47": "suspended-fourth",
    ]

    /// The quality, or nil when Stave has none for the kind and degrees.
    static func quality(kind: String, degrees: [HarmonyDegree]) -> ChordSymbol.Quality? {
        let kind = aliases[kind] ?? kind
        if let exact = table.first(where: { $0.kind == kind && $0.degrees == degrees }) { return exact.quality }
        // Degrees in another order.
        let sorted = degrees.sorted { ($0.value, $0.alter, $0.type) < ($1.value, $1.alter, $1.type) }
        return table.first { entry in
            entry.kind == kind && entry.degrees.sorted { ($0.value, $0.alter, $0.type) < ($1.value, $1.alter, $1.type) } == sorted
        }?.quality
    }
}
