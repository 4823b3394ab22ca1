/// Where a General MIDI soundfont is looked for, in order, and what to say when there is none.
/// Pure: the caller passes the environment and checks which candidate exists.
public enum SoundfontSearch {
    /// The environment variable that names a soundfont when `--soundfont` is not given.
    public static let environmentVariable = "STAVE_SOUNDFONT"

    /// The usual places of a GM soundfont: Debian and Ubuntu (`fluid-soundfont-gm`,
    /// `musescore-general-soundfont`), Fedora, Arch, openSUSE, then Homebrew on macOS (Apple
    /// silicon and Intel) and MacPorts.
    public static let systemPlaces = [
        "/usr/share/sounds/sf2/FluidR3_GM.sf2",
        "/usr/share/sounds/sf2/default-GM.sf2",
        "/usr/share/soundfonts/default.sf2",
        "/usr/share/soundfonts/FluidR3_GM.sf2",
        "/usr/share/sounds/sf2/TimGM6mb.sf2",
        "/usr/share/sounds/sf2/MuseScore_General.sf2",
        "/opt/homebrew/share/soundfonts/default.sf2",
        "/opt/homebrew/share/fluid-synth/sf2/VintageDreamsWaves-v2.sf2",
        "/usr/local/share/soundfonts/default.sf2",
        "/usr/local/share/fluid-synth/sf2/VintageDreamsWaves-v2.sf2",
        "/opt/local/share/sounds/sf2/FluidR3_GM.sf2",
    ]

    /// Where to look: the option's file alone when given, else the environment variable's file
    /// alone when set (a file named on purpose is not silently replaced by another), else the
    /// user's own `~/.local/share/soundfonts/default.sf2` and the system places.
    public static func candidates(option: String?, environment: String?, home: String?) -> [String] {
        if let option { return [option] }
        if let environment, !environment.isEmpty { return [environment] }
        return (home.map { ["\($0)/.local/share/soundfonts/default.sf2"] } ?? []) + systemPlaces
    }

    /// The error when no candidate exists: which file was missing, or where Stave looked and
    /// what to install.
    public static func missingMessage(option: String?, environment: String?, looked places: [String]) -> String {
        if let option { return "the soundfont '\(option)' (--soundfont) does not exist or cannot be read" }
        if let environment, !environment.isEmpty {
            return "the soundfont '\(environment)' (\(environmentVariable)) does not exist or cannot be read"
        }
        return """
        no General MIDI soundfont found; install one (Debian/Ubuntu: apt-get install fluid-soundfont-gm; \
        Fedora: dnf install fluid-soundfont-gm; Arch: pacman -S soundfont-fluid; macOS: brew install fluid-synth \
        and put a .sf2 file at /opt/homebrew/share/soundfonts/default.sf2), or name one with --soundfont FILE \
        or \(environmentVariable)=FILE. Looked in: \(places.joined(separator: ", "))
        """
    }

    /// The error when the `fluidsynth` program is not on the search path.
    public static let missingSynthesizerMessage = """
    fluidsynth is not installed (no 'fluidsynth' on PATH); install it (Debian/Ubuntu: apt-get install fluidsynth \
    fluid-soundfont-gm; Fedora: dnf install fluidsynth fluid-soundfont-gm; Arch: pacman -S fluidsynth soundfont-fluid; \
    macOS: brew install fluid-synth)
    """
}
