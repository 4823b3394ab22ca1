import StaveComposition

/// Converts between MIDI ticks and exact time in whole notes, rounding as the compiler does
/// (LANGUAGE.md rule 9: to the nearest tick, halves upward), so that a time found for a tick
/// compiles back to that very tick.
struct TickTime {
    /// Ticks per whole note: 4 × ppq.
    let ticksPerWhole: Int

    /// The tick a time compiles to.
    @inline(__always)
    func tick(_ time: Rational) -> Int {
        let (scaled, overflow) = time.numerator.multipliedReportingOverflow(by: ticksPerWhole)
        if overflow || time.denominator == 0 { return (time * ticksPerWhole).roundedHalfUp }
        return Rational(scaled, time.denominator).roundedHalfUp
    }

    /// The tick of `k / grid` whole notes, in integer arithmetic.
    @inline(__always)
    func tick(_ k: Int, over grid: Int) -> Int {
        let twice = 2 * k * ticksPerWhole + grid
        let divisor = 2 * grid
        return twice >= 0 ? twice / divisor : -((-twice + divisor - 1) / divisor)
    }

    /// The exact time of a tick.
    func time(_ tick: Int) -> Rational { Rational(tick, ticksPerWhole) }

    /// The multiple of `1/grid` nearest a tick.
    @inline(__always)
    func nearest(_ tick: Int, grid: Int) -> Int {
        (2 * tick * grid + ticksPerWhole) / (2 * ticksPerWhole)
    }
}
