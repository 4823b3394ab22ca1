/// An output format: turns a checked song into bytes. MIDI, the save format and the piano roll
/// all conform; the `stave` executable picks one.
public protocol Backend {
    /// The format's name on the command line (`midi`, `song`, `roll`).
    var formatName: String { get }
    /// Renders a song that checked without errors.
    func render(_ song: Song) throws -> [UInt8]
}

/// A backend could not represent the song.
public struct BackendError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for the user.
    public var message: String

    /// Creates a `BackendError` from its parts.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
