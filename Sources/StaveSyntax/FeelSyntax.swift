/// `swing …` and `humanize …` as written (LANGUAGE.md "Feel (v3)"): a header statement or a
/// track setting. Values are checked for range by the Composition stage (`Lowering+Feel`).
public enum FeelSyntax: Equatable, Sendable {
    /// `swing 8|16 [P]`, or `swing none` (nil).
    case swing(SwingSyntax?)
    /// `humanize T [V] [seed S]`, or `humanize none` (nil).
    case humanize(HumanizeSyntax?)

    /// The statement's word: `swing` or `humanize`.
    public var word: String {
        switch self {
        case .swing: return "swing"
        case .humanize: return "humanize"
        }
    }
}

/// `swing U [P]`: the swung value's denominator (8 or 16 when valid) and the first note's share
/// of a pair in percent (50–75 when valid; nil: exactly 2:1).
public struct SwingSyntax: Equatable, Sendable {
    /// The swung value's denominator as written.
    public var unit: NumberSyntax
    /// The percent as written, when written.
    public var percent: NumberSyntax?

    /// Creates a `SwingSyntax` from its parts.
    public init(unit: NumberSyntax, percent: NumberSyntax?) {
        self.unit = unit
        self.percent = percent
    }
}

/// `humanize T [V] [seed S]`: the timing spread in milliseconds, the velocity spread, the seed.
public struct HumanizeSyntax: Equatable, Sendable {
    /// T, milliseconds (0–50 when valid).
    public var milliseconds: NumberSyntax
    /// V (0–30 when valid), when written.
    public var velocity: NumberSyntax?
    /// S, when written.
    public var seed: NumberSyntax?

    /// Creates a `HumanizeSyntax` from its parts.
    public init(milliseconds: NumberSyntax, velocity: NumberSyntax?, seed: NumberSyntax?) {
        self.milliseconds = milliseconds
        self.velocity = velocity
        self.seed = seed
    }
}
