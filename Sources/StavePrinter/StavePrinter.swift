import StaveComposition

/// Prints a Composition as canonical Stave text. (Placeholder until the printer lands.)
public struct StavePrinter {
    public init() {}
}
