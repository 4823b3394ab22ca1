import StaveSyntax

/// The feel of a song or a track (LANGUAGE.md "Feel (v3)"), as written: `swing …` and
/// `humanize …`. A track's own setting replaces the header's; `none` keeps a track straight or
/// exact. What they do to the sound is worked out by `Swing` and `Humanize`, after the form is
/// unfolded (rule 17).
public enum SwingSetting: Equatable, Sendable {
    /// `swing none`.
    case straight
    /// `swing 8|16 [P]`.
    case swing(Swing)
}

/// `swing U [P]`: swung eighths (`unit` 8) or sixteenths (16); the first note of a pair takes
/// `percent` of the pair (50–75), or exactly 2/3 when nil.
public struct Swing: Equatable, Sendable {
    /// 8 or 16.
    public var unit: Int
    /// 50…75, or nil for exactly 2:1.
    public var percent: Int?

    /// Creates a `Swing` from its parts.
    public init(unit: Int, percent: Int? = nil) {
        self.unit = unit
        self.percent = percent
    }

    /// The swung value u in whole notes (1/8 or 1/16).
    public var value: Rational { Rational(1, unit) }

    /// Where the second note of a swung pair starts, as a share of the pair (2/3 or P/100).
    public var ratio: Rational { percent.map { Rational($0, 100) } ?? Rational(2, 3) }

    /// As written after `swing`: `8`, `16 60`.
    public var text: String { percent.map { "\(unit) \($0)" } ?? "\(unit)" }

    /// The legend of `stave roll` and the like: `swing 8 (2:1)`, `swing 16 (60%)`.
    public var legend: String { "swing \(unit) (\(percent.map { "\($0)%" } ?? "2:1"))" }

    /// The words direction MusicXML writes where the feel starts: "Swing", "Swing 16ths",
    /// "Swing 60%", "Swing 16ths 60%".
    public var words: String {
        var text = unit == 16 ? "Swing 16ths" : "Swing"
        if let percent { text += " \(percent)%" }
        return text
    }
}

/// `humanize none` or `humanize T [V] [seed S]`.
public enum HumanizeSetting: Equatable, Sendable {
    /// `humanize none`.
    case exact
    /// `humanize T [V] [seed S]`.
    case humanize(Humanize)
}

/// `humanize T [V] [seed S]`: each group of notes moves by −T…T milliseconds and each note's
/// velocity by −V…V, drawn from SplitMix64 seeded S ⊕ FNV-1a-64(track ID) (`Humanize.swift`).
public struct Humanize: Equatable, Sendable {
    /// T, 0…50 milliseconds.
    public var milliseconds: Int
    /// V, 0…30 (0 when not written).
    public var velocity: Int
    /// S as written; nil means the default, 1.
    public var seed: UInt64?

    /// Creates a `Humanize` from its parts.
    public init(milliseconds: Int, velocity: Int = 0, seed: UInt64? = nil) {
        self.milliseconds = milliseconds
        self.velocity = velocity
        self.seed = seed
    }

    /// The seed in use (1 when none is written).
    public var effectiveSeed: UInt64 { seed ?? 1 }

    /// As written after `humanize`: `10`, `10 5`, `10 5 seed 7`.
    public var text: String {
        var text = "\(milliseconds)"
        if velocity != 0 || seed != nil { text += " \(velocity)" }
        if let seed { text += " seed \(seed)" }
        return text
    }
}

/// The valid ranges of the feel words, in one place for the parser's checks, the save format
/// and the command line.
public enum FeelRule {
    /// The swung values.
    public static let units: Set<Int> = [8, 16]
    /// P in percent.
    public static let percents = 50...75
    /// T in milliseconds.
    public static let milliseconds = 0...50
    /// V.
    public static let velocities = 0...30

    /// The problem with a swing value, or nil when it is valid.
    public static func swingProblem(unit: Int, percent: Int?) -> String? {
        if !units.contains(unit) { return "swing \(unit) is not a swung value: expected 8 (eighths) or 16 (sixteenths)" }
        if let percent, !percents.contains(percent) { return "swing percent \(percent) is out of range: expected 50–75 (the first note's share of a pair)" }
        return nil
    }

    /// The problem with humanize values, or nil when they are valid.
    public static func humanizeProblem(milliseconds: Int, velocity: Int?) -> String? {
        if !self.milliseconds.contains(milliseconds) { return "humanize \(milliseconds) is out of range: expected 0–50 milliseconds" }
        if let velocity, !velocities.contains(velocity) { return "humanize velocity \(velocity) is out of range: expected 0–30" }
        return nil
    }
}

extension Song {
    /// The swing a track plays with: its own setting, else the header's; nil when straight.
    public func swing(of track: Track) -> Swing? {
        switch track.swing ?? swing {
        case .swing(let swing)?: return swing
        default: return nil
        }
    }

    /// The humanize a track plays with: its own setting, else the header's; nil when exact.
    public func humanize(of track: Track) -> Humanize? {
        switch track.humanize ?? humanize {
        case .humanize(let humanize)?: return humanize
        default: return nil
        }
    }

    /// True when some track plays with swing or humanize (the MIDI writer's felt path).
    public func hasFeel(_ track: Track) -> Bool { swing(of: track) != nil || humanize(of: track) != nil }
}
