import StaveComposition
import StaveJSON

/// The save-format backend: a checked song as versioned JSON (`stave compile X.stave -o X.json`).
public struct SongDocumentBackend: Backend {
    /// `song`.
    public var formatName: String { "song" }

    /// Compact JSON (the default) or indented JSON for people to read.
    public var layout: JSONWriter.Layout

    /// The backend, writing `layout`.
    public init(layout: JSONWriter.Layout = .compact) {
        self.layout = layout
    }

    /// The save file of a song; throws `BackendError` if a time cannot be stored exactly.
    public func render(_ song: Song) throws -> [UInt8] {
        try SongEncoder.encode(song, layout: layout)
    }
}
