/// SplitMix64: a tiny, fast, seeded random number generator for the property, fuzz and grammar
/// tests, so that every run sees the same inputs and a failure names a seed that reproduces it.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An integer in a range.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with a probability of `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    /// True with probability `probability` (0…1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// A random element of a non-empty collection.
    public mutating func pick<C: Collection>(_ items: C) -> C.Element {
        let offset = Int.random(in: 0..<items.count, using: &self)
        return items[items.index(items.startIndex, offsetBy: offset)]
    }
}
