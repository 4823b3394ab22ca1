import StaveComposition

/// The save-format backend: a song as versioned JSON. (Placeholder until the Domain module lands.)
public struct SongDocumentBackend: Backend {
    public var formatName: String { "song" }
    public init() {}
    public func render(_ song: Song) throws -> [UInt8] {
        throw BackendError("the 'song' format is not available in this build")
    }
}
