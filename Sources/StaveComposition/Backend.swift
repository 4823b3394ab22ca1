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
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
