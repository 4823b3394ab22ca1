import StaveComposition

/// How every command reports an error it caught: one message, and the exit status it means —
/// 1 when the input (or a synthesizer part the song needs) is at fault, 2 for I/O and usage.
enum CommandFailure {
    /// What went wrong, for the user.
    static func message(_ error: any Error) -> String {
        switch error {
        case let failure as SystemIO.Failure: return failure.message
        case let failure as BackendError: return failure.message
        case let missing as Synthesizer.SoundProblem: return missing.message
        case let engraving as Engraver.Problem: return engraving.message
        default: return "\(error)"
        }
    }

    /// The exit status an error means.
    static func status(_ error: any Error) -> Int32 {
        switch error {
        case is BackendError, is Synthesizer.SoundProblem, is Engraver.Problem: return 1
        default: return 2
        }
    }

    /// Prints `stave: error: MESSAGE` on standard error; returns the exit status.
    static func report(_ error: any Error) -> Int32 {
        SystemIO.printError("stave: error: \(message(error))\n")
        return status(error)
    }
}
