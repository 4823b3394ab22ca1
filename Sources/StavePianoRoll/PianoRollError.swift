/// Why a piano roll cannot be drawn with the options asked for. The song itself is fine; the
/// request is not (the `stave roll` command reports these as usage errors, exit status 2).
public enum PianoRollError: Error, Equatable, CustomStringConvertible {
    /// `--track` named a track the song does not have.
    case unknownTrack(id: String, available: [String])
    /// `--bars` starts after the song's last bar (`lastBar` is 0 for a song without music).
    case barsOutOfRange(requested: ClosedRange<Int>, lastBar: Int)
    /// The drawing would be unreasonably large; `characters` is the estimate.
    case tooLarge(characters: Int)
    /// The song's meters or note times cannot be laid out (a damaged song, not a checked one).
    case invalidSong(String)

    /// A readable form, for messages and debugging.
    public var description: String {
        switch self {
        case .unknownTrack(let id, let available):
            let list = available.isEmpty ? "the song has no tracks" : "the song's tracks are " + available.joined(separator: ", ")
            return "unknown track '\(id)': \(list)"
        case .barsOutOfRange(let requested, let lastBar):
            let asked = requested.lowerBound == requested.upperBound ? "bar \(requested.lowerBound)" : "bars \(requested.lowerBound)-\(requested.upperBound)"
            let has = lastBar == 0 ? "the song has no bars" : lastBar == 1 ? "the song has 1 bar" : "the song has \(lastBar) bars"
            return "cannot show \(asked): \(has)"
        case .tooLarge(let characters):
            return "the piano roll would be about \(characters / 1_000_000) million characters; show fewer bars with --bars or a coarser --step"
        case .invalidSong(let reason):
            return "cannot draw the song: \(reason)"
        }
    }
}
