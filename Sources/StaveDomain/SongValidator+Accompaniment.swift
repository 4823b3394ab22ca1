import StaveComposition
import StaveSyntax

/// The accompaniment checks of a save file (LANGUAGE.md "Accompaniment (v3)"), with the IDs
/// the front end gives: the song's own styles read as Stave text by the front end, and each
/// comp's source, style, part, kind, phrases and meters.
extension SongValidator {
    mutating func checkAccompaniment() {
        let stylesPath = SongValidator.songPath.key("styles")
        var seen: Set<String> = []
        var index = 0
        for style in document.styles {
            defer { index += style.parts.count }
            let path = stylesPath.index(index)
            if StyleBuiltIns.names.contains(style.id) {
                problem(.styleBuiltInName, path.key("style"), "'\(style.id)' is a built-in style: a song's own style takes another name")
                continue
            }
            if !seen.insert(style.id).inserted {
                problem(.styleDuplicate, path.key("style"), "style '\(style.id)' is defined twice (its patterns must stand together)")
                continue
            }
            // The style alone is a song the front end reads: its diagnostics are the style's.
            let (_, diagnostics) = Lowering.compile(Source(path: "style", text: style.stave), defaultTitle: "style")
            if let first = diagnostics.first(where: { $0.severity == .error }) {
                let line = style.stave.prefix(first.range.start).filter { $0 == "\n" }.count
                problem(first.id, stylesPath.index(index + max(0, line - 1)).key("pattern"), first.message)
            }
        }
        guard problems.isEmpty, document.tracks.contains(where: { $0.comp != nil }) else { return }
        let song = document.composition
        for (trackIndex, track) in document.tracks.enumerated() {
            guard let statement = track.comp else { continue }
            let path = trackPath(trackIndex).key("comp")
            if !track.phrases.isEmpty {
                problem(.compWithPhrases, trackPath(trackIndex).key("phrases"), "track '\(track.id)' plays a comp and has phrases")
                continue
            }
            guard let source = song.track(statement.source) else {
                problem(.compUnknownTrack, path.key("source"), "comp of track '\(statement.source)', which does not exist")
                continue
            }
            if Accompaniment.harmony(of: source, in: song).chords.isEmpty {
                problem(.compSourceWithoutSymbols, path.key("source"), "track '\(source.id)' has no chord symbols for a comp to play")
                continue
            }
            let own = document.styles.first { $0.id == statement.style }
            let parts: [(name: String, numerator: Int, denominator: Int, kind: TrackKind?)]
            if let own {
                parts = own.parsed().parts.map { ($0.name.text, $0.numerator.value, $0.denominator.value, $0.kind) }
            } else if let builtIn = StyleBuiltIns.syntax.first(where: { $0.id.text == statement.style }) {
                parts = builtIn.parts.map { ($0.name.text, $0.numerator.value, $0.denominator.value, $0.kind) }
            } else {
                problem(.compUnknownStyle, path.key("style"), "no style '\(statement.style)'")
                continue
            }
            let named = parts.filter { $0.name == statement.part }
            guard !named.isEmpty else {
                problem(.compUnknownPart, path.key("part"), "style '\(statement.style)' has no part '\(statement.part)'")
                continue
            }
            if let kind = named.lazy.compactMap(\.kind).first, kind != track.kind {
                problem(.compKindMismatch, path.key("part"), "part '\(statement.style).\(statement.part)' cannot be played by a \(track.kind == .drums ? "drum" : "melody") track")
                continue
            }
            // Every bar the comp plays has a pattern for its meter.
            let harmony = Accompaniment.harmony(of: source, in: song)
            guard let first = harmony.chords.first?.onset else { continue }
            let meterMap = MeterMap(meters: song.meters)
            var bar = meterMap.locate(first).bar
            while meterMap.start(ofBar: bar) < harmony.end {
                let meter = meterMap.locate(meterMap.start(ofBar: bar)).meter
                if !named.contains(where: { $0.numerator == meter.numerator && $0.denominator == meter.denominator }) {
                    problem(.compMeterWithoutPattern, path.key("part"), "bar \(bar) is in \(meter.numerator)/\(meter.denominator), and part '\(statement.style).\(statement.part)' has no pattern for it")
                    break
                }
                guard let next = song.meters.first(where: { $0.bar > bar }) else { break }
                bar = next.bar
            }
        }
    }
}
