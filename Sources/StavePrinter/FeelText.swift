import StaveComposition

/// `swing …` and `humanize …` as `stave print` writes them (LANGUAGE.md "Feel (v3)"), the same
/// words for the header and for a track's settings.
enum FeelText {
    /// The statements for a song's or a track's feel, as written: `swing 8 60`, `swing none`,
    /// `humanize 10 5 seed 7`, `humanize none`.
    static func statements(swing: SwingSetting?, humanize: HumanizeSetting?) -> [String] {
        var lines: [String] = []
        switch swing {
        case .straight?: lines.append("swing none")
        case .swing(let value)?: lines.append("swing \(value.text)")
        case nil: break
        }
        switch humanize {
        case .exact?: lines.append("humanize none")
        case .humanize(let value)?: lines.append("humanize \(value.text)")
        case nil: break
        }
        return lines
    }
}
