import StaveComposition

/// Names the first place where two songs differ, for readable test failures.
enum SongDifference {
    static func describe(_ expected: Song, _ actual: Song) -> String {
        if expected.title != actual.title || expected.composer != actual.composer { return "title or composer" }
        if expected.ppq != actual.ppq || expected.key != actual.key { return "ppq or key" }
        if expected.tempos != actual.tempos { return "tempos \(expected.tempos) vs \(actual.tempos)" }
        if expected.meters != actual.meters { return "meters \(expected.meters) vs \(actual.meters)" }
        if expected.tracks.count != actual.tracks.count { return "track count" }
        for (index, (a, b)) in zip(expected.tracks, actual.tracks).enumerated() where a != b {
            var settingsA = a, settingsB = b
            settingsA.phrases = []
            settingsB.phrases = []
            if settingsA != settingsB { return "tracks[\(index)] settings: \(settingsA) vs \(settingsB)" }
            if a.phrases.count != b.phrases.count { return "tracks[\(index)] phrase count \(a.phrases.count) vs \(b.phrases.count)" }
            for (phraseIndex, (p, q)) in zip(a.phrases, b.phrases).enumerated() where p != q {
                return "tracks[\(index)].phrases[\(phraseIndex)]:\n  expected \(p)\n  actual   \(q)"
            }
        }
        return "unknown"
    }
}
