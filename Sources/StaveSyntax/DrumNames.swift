/// The drum names of the language (LANGUAGE.md, drum tracks): General MIDI percussion keys
/// 35–81 with their names and aliases. The parser reads drum names into keys; the later stages
/// print them back with `name(forKey:)`.
public enum DrumNames {
    /// Names by key, the full name first, a short alias last when there is one.
    public static let table: [(key: Int, names: [String])] = [
        (35, ["acoustic-bass-drum"]),
        (36, ["bass-drum", "kick"]),
        (37, ["side-stick", "rim"]),
        (38, ["acoustic-snare", "snare"]),
        (39, ["hand-clap", "clap"]),
        (40, ["electric-snare"]),
        (41, ["low-floor-tom"]),
        (42, ["closed-hi-hat", "hat"]),
        (43, ["high-floor-tom"]),
        (44, ["pedal-hi-hat", "pedal-hat"]),
        (45, ["low-tom", "tom-low"]),
        (46, ["open-hi-hat", "open-hat"]),
        (47, ["low-mid-tom", "tom-mid"]),
        (48, ["hi-mid-tom"]),
        (49, ["crash-cymbal", "crash"]),
        (50, ["high-tom", "tom-high"]),
        (51, ["ride-cymbal", "ride"]),
        (52, ["chinese-cymbal", "china"]),
        (53, ["ride-bell"]),
        (54, ["tambourine"]),
        (55, ["splash-cymbal", "splash"]),
        (56, ["cowbell"]),
        (57, ["second-crash"]),
        (58, ["vibraslap"]),
        (59, ["second-ride"]),
        (60, ["hi-bongo"]),
        (61, ["low-bongo"]),
        (62, ["mute-hi-conga"]),
        (63, ["open-hi-conga"]),
        (64, ["low-conga"]),
        (65, ["high-timbale"]),
        (66, ["low-timbale"]),
        (67, ["high-agogo"]),
        (68, ["low-agogo"]),
        (69, ["cabasa"]),
        (70, ["maracas"]),
        (71, ["short-whistle"]),
        (72, ["long-whistle"]),
        (73, ["short-guiro"]),
        (74, ["long-guiro"]),
        (75, ["claves"]),
        (76, ["hi-wood-block"]),
        (77, ["low-wood-block"]),
        (78, ["mute-cuica"]),
        (79, ["open-cuica"]),
        (80, ["mute-triangle"]),
        (81, ["open-triangle"]),
    ]

    static let keysByName: [String: Int] = {
        var keys: [String: Int] = [:]
        for entry in table { for name in entry.names { keys[name] = entry.key } }
        return keys
    }()

    /// The key of a drum name or alias, nil when unknown.
    public static func key(named name: String) -> Int? { keysByName[name] }

    /// Every drum name and alias, by key (for suggestions).
    public static let allNames: [String] = table.flatMap(\.names)

    /// The name used when printing a drum key: the short alias when there is one.
    public static func name(forKey key: Int) -> String? {
        guard key >= 35, key <= 81 else { return nil }
        return table[key - 35].names.last
    }
}
