import StaveComposition

/// Draws a song as an ASCII piano roll. (Placeholder until the renderer lands.)
public struct PianoRollRenderer: Backend {
    public var formatName: String { "roll" }
    public init() {}
    public func render(_ song: Song) throws -> [UInt8] {
        throw BackendError("the 'roll' format is not available in this build")
    }
}
