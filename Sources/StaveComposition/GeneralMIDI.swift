import StaveSyntax

/// General MIDI name tables: instruments (programs 0–127), kits and drum keys 35–81.
///
/// Names are kebab-case: lowercase, words joined by `-`, punctuation dropped, digits kept.
public enum GeneralMIDI {
    /// The 128 GM program names in kebab-case, indexed by program number (the canonical spelling).
    public static let instrumentNames: [String] = [
        "acoustic-grand-piano", "bright-acoustic-piano", "electric-grand-piano", "honky-tonk-piano",
        "electric-piano-1", "electric-piano-2", "harpsichord", "clavi",
        "celesta", "glockenspiel", "music-box", "vibraphone",
        "marimba", "xylophone", "tubular-bells", "dulcimer",
        "drawbar-organ", "percussive-organ", "rock-organ", "church-organ",
        "reed-organ", "accordion", "harmonica", "tango-accordion",
        "acoustic-guitar-nylon", "acoustic-guitar-steel", "electric-guitar-jazz", "electric-guitar-clean",
        "electric-guitar-muted", "overdriven-guitar", "distortion-guitar", "guitar-harmonics",
        "acoustic-bass", "electric-bass-finger", "electric-bass-pick", "fretless-bass",
        "slap-bass-1", "slap-bass-2", "synth-bass-1", "synth-bass-2",
        "violin", "viola", "cello", "contrabass",
        "tremolo-strings", "pizzicato-strings", "orchestral-harp", "timpani",
        "string-ensemble-1", "string-ensemble-2", "synthstrings-1", "synthstrings-2",
        "choir-aahs", "voice-oohs", "synth-voice", "orchestra-hit",
        "trumpet", "trombone", "tuba", "muted-trumpet",
        "french-horn", "brass-section", "synthbrass-1", "synthbrass-2",
        "soprano-sax", "alto-sax", "tenor-sax", "baritone-sax",
        "oboe", "english-horn", "bassoon", "clarinet",
        "piccolo", "flute", "recorder", "pan-flute",
        "blown-bottle", "shakuhachi", "whistle", "ocarina",
        "lead-1-square", "lead-2-sawtooth", "lead-3-calliope", "lead-4-chiff",
        "lead-5-charang", "lead-6-voice", "lead-7-fifths", "lead-8-bass-lead",
        "pad-1-new-age", "pad-2-warm", "pad-3-polysynth", "pad-4-choir",
        "pad-5-bowed", "pad-6-metallic", "pad-7-halo", "pad-8-sweep",
        "fx-1-rain", "fx-2-soundtrack", "fx-3-crystal", "fx-4-atmosphere",
        "fx-5-brightness", "fx-6-goblins", "fx-7-echoes", "fx-8-sci-fi",
        "sitar", "banjo", "shamisen", "koto",
        "kalimba", "bag-pipe", "fiddle", "shanai",
        "tinkle-bell", "agogo", "steel-drums", "woodblock",
        "taiko-drum", "melodic-tom", "synth-drum", "reverse-cymbal",
        "guitar-fret-noise", "breath-noise", "seashore", "bird-tweet",
        "telephone-ring", "helicopter", "applause", "gunshot",
    ]

    /// Short aliases and common alternative spellings of program names.
    public static let instrumentAliases: [String: Int] = [
        "clavinet": 7,
        "synth-strings-1": 50,
        "synth-strings-2": 51,
        "synth-brass-1": 62,
        "synth-brass-2": 63,
        "bagpipe": 109,
        "wood-block": 115,
        "honky-tonk": 3,
        "shehnai": 111,
        "piano": 0,
        "organ": 16,
        "guitar": 24,
        "bass": 32,
        "violin": 40,
        "strings": 48,
        "choir": 52,
        "trumpet": 56,
        "sax": 65,
        "flute": 73,
    ]

    /// The program of an instrument name or alias, nil when unknown.
    public static func program(named name: String) -> Int? {
        if let alias = instrumentAliases[name] { return alias }
        return programsByName[name]
    }

    static let programsByName: [String: Int] = Dictionary(uniqueKeysWithValues: instrumentNames.enumerated().map { ($1, $0) })

    /// Drum kit names (`kit` setting) and their programs.
    public static let kits: [String: Int] = [
        "standard": 0, "room": 8, "power": 16, "electronic": 24, "tr-808": 25, "jazz": 32, "brush": 40, "orchestra": 48,
    ]

    /// The canonical kit name of a program, if it has one.
    public static func kitName(_ program: Int) -> String? {
        kits.first { $0.value == program }?.key
    }

    /// The name used when printing a drum key: the short alias when there is one (the drum
    /// names are defined with the language, in `DrumNames`).
    public static func drumName(forKey key: Int) -> String? { DrumNames.name(forKey: key) }
}
