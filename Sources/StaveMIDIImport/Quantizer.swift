/// How note and event times are placed when they are not kept exactly.
enum Quantizer {
    /// Every time on multiples of 1/N of a whole note (`--grid N`, or a file that is not
    /// performed but has times Stave cannot write).
    case division(Int, TickTime)
    /// A performance: the grid is chosen beat by beat.
    case beats(BeatGrid)

    /// A tick of an event (a controller, a lyric, a tempo change) on the grid.
    func snap(_ tick: Int) -> Int {
        switch self {
        case .division(let division, let clock): return clock.tick(clock.nearest(tick, grid: division), over: division)
        case .beats(let grid): return grid.snap(tick)
        }
    }

    /// Notes on the grid.
    func quantize(_ notes: [VoiceNote]) -> [VoiceNote] {
        switch self {
        case .division(let division, let clock): return MIDIImporter.snap(notes, to: division, clock: clock)
        case .beats(let grid): return grid.quantize(notes)
        }
    }
}
