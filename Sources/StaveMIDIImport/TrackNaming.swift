import StaveComposition
import StaveSyntax

/// Track IDs and channel settings for imported tracks.
enum TrackNaming {
    /// An ID from the track's name when it is one (`lead`), a cleaned form of it (`Lead Guitar`
    /// → `lead_guitar`), or the instrument's short name (`piano`, `drums`).
    static func baseID(name: String?, program: Int, drums: Bool) -> String {
        if let name {
            var id = ""
            var gap = false
            for scalar in name.lowercased().unicodeScalars {
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    if gap, !id.isEmpty { id += "_" }
                    id.unicodeScalars.append(scalar)
                    gap = false
                } else {
                    gap = true
                }
            }
            if let first = id.unicodeScalars.first, ("0"..."9").contains(first) { id = "_" + id }
            if Parser.reservedWords.contains(id) { id += "_track" }
            if !id.isEmpty, id.count <= 40 { return id }
        }
        if drums { return "drums" }
        // Instrument names are kebab-case (`honky-tonk`, `synth-strings-1`): not identifiers as they are.
        let alias = GeneralMIDI.instrumentAliases.filter { $0.value == program }.map(\.key).min()
        return identifier(alias ?? (program < GeneralMIDI.instrumentNames.count ? GeneralMIDI.instrumentNames[program] : "track"))
    }

    /// `word` as an identifier (`[A-Za-z_][A-Za-z0-9_]*`, not a reserved word): every other
    /// character becomes `_`, a leading digit gets a `_` before it, a reserved word `_track` after it.
    static func identifier(_ word: String) -> String {
        var id = String(String.UnicodeScalarView(word.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? scalar : "_"
        }))
        if id.isEmpty || id.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true { id = "_" + id }
        if Parser.reservedWords.contains(id) { id += "_track" }
        return id
    }

    /// `id`, or `id_2`, `id_3`, … when it is taken; the result is added to `used`.
    static func unique(_ id: String, among used: inout Set<String>) -> String {
        var candidate = id
        var number = 2
        while used.contains(candidate) || Parser.reservedWords.contains(candidate) {
            candidate = "\(id)_\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// Leaves out `channel` settings that the compiler's own assignment (LANGUAGE.md rule 5)
    /// would make anyway: all of them when it gives every track its channel, otherwise those
    /// of the tracks it reaches once the others are explicit.
    static func dropImpliedChannels(_ tracks: inout [Track]) {
        for attempt in 0..<2 {
            var candidate = tracks
            for index in candidate.indices {
                candidate[index].channelIsExplicit = attempt == 1 && assigned(tracks.map { _ in false }, tracks)[index] != tracks[index].channel
            }
            let explicit = candidate.map(\.channelIsExplicit)
            if assigned(explicit, candidate) == candidate.map(\.channel) {
                tracks = candidate
                return
            }
        }
    }

    /// The channels rule 5 gives: explicit ones first, then the lowest free in order (never 10) for melody tracks; 10 for drums.
    static func assigned(_ explicit: [Bool], _ tracks: [Track]) -> [Int] {
        var taken = Set<Int>()
        for (index, track) in tracks.enumerated() where explicit[index] { taken.insert(track.channel) }
        var next = 1
        return tracks.enumerated().map { index, track in
            if explicit[index] { return track.channel }
            if track.kind == .drums { return 10 }
            while next == 10 || taken.contains(next) { next += 1 }
            defer { next += 1 }
            return next
        }
    }
}
