import StaveSyntax

/// `swing …` and `humanize …` (LANGUAGE.md "Feel (v3)") from the header and from track
/// settings: ranges checked (`FeelRule`), values kept as written.
extension Lowering {
    /// The setting a `swing` statement writes, or nil after reporting an out-of-range value.
    mutating func lowerSwing(_ syntax: SwingSyntax?) -> SwingSetting? {
        guard let syntax else { return .straight }
        if let problem = FeelRule.swingProblem(unit: syntax.unit.value, percent: nil) {
            error(.swingValue, problem, syntax.unit.range)
            return nil
        }
        if let percent = syntax.percent, let problem = FeelRule.swingProblem(unit: syntax.unit.value, percent: percent.value) {
            error(.swingValue, problem, percent.range)
            return nil
        }
        return .swing(Swing(unit: syntax.unit.value, percent: syntax.percent?.value))
    }

    /// The setting a `humanize` statement writes, or nil after reporting an out-of-range value.
    mutating func lowerHumanize(_ syntax: HumanizeSyntax?) -> HumanizeSetting? {
        guard let syntax else { return .exact }
        if let problem = FeelRule.humanizeProblem(milliseconds: syntax.milliseconds.value, velocity: nil) {
            error(.humanizeValue, problem, syntax.milliseconds.range)
            return nil
        }
        if let velocity = syntax.velocity, let problem = FeelRule.humanizeProblem(milliseconds: syntax.milliseconds.value, velocity: velocity.value) {
            error(.humanizeValue, problem, velocity.range)
            return nil
        }
        if let seed = syntax.seed, seed.value < 0 {
            error(.humanizeValue, "humanize seed \(seed.value) is out of range: expected a number from 0", seed.range)
            return nil
        }
        return .humanize(Humanize(milliseconds: syntax.milliseconds.value, velocity: syntax.velocity?.value ?? 0,
                                  seed: syntax.seed.map { UInt64($0.value) }))
    }

    /// A header or track feel statement applied to `swing` / `humanize`.
    mutating func lowerFeel(_ feel: FeelSyntax, swing: inout SwingSetting?, humanize: inout HumanizeSetting?) {
        switch feel {
        case .swing(let syntax): if let value = lowerSwing(syntax) { swing = value }
        case .humanize(let syntax): if let value = lowerHumanize(syntax) { humanize = value }
        }
    }
}
