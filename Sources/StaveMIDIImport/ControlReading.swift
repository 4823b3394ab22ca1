import StaveComposition

/// A controller or pitch-bend message of a channel at its tick, as a Stave body command.
struct TimedControl: Equatable {
    var tick: Int
    var event: ControlMark.Event
}

/// Reads controller and pitch-bend messages back into the commands Stave writes them from
/// (LANGUAGE.md "Controllers and bend"): CC64 127 and 0 are `pedal down` and `pedal up`, any
/// other controller value is `cc N V`, and a 14-bit bend value is `bend C` for the cents C
/// that compile to it (`ControlMark.bendValue`, the one definition of that mapping).
enum ControlReading {
    /// The command of a control change.
    static func controller(_ number: Int, _ value: Int) -> ControlMark.Event {
        if number == 64, value == 127 { return .pedal(down: true) }
        if number == 64, value == 0 { return .pedal(down: false) }
        return .controller(number: number, value: value)
    }

    /// The cents that compile to a 14-bit bend value, and whether they do so exactly (a bend
    /// Stave did not write may fall between two cents; it takes the nearest).
    static func bendCents(_ value: Int) -> (cents: Int, exact: Bool) {
        // value − 8192 ≈ C·8192/200, so C ≈ (value − 8192)·200/8192; the exact C is within 1 of it.
        let offset = value - 8192
        let guess = offset >= 0 ? (offset * 200 + 4096) / 8192 : -((-offset * 200 + 4096) / 8192)
        var best = max(-200, min(200, guess))
        for cents in [guess, guess - 1, guess + 1] where (-200...200).contains(cents) {
            if ControlMark.bendValue(cents: cents) == value { return (cents, true) }
            if abs(ControlMark.bendValue(cents: cents) - value) < abs(ControlMark.bendValue(cents: best) - value) { best = cents }
        }
        return (best, false)
    }
}
