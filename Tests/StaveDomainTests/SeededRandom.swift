/// SplitMix64: a tiny, fast, seeded random number generator, so that every run of the
/// property test sees the same songs and a failure names a seed that reproduces it.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An integer in a range.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with a probability of `percent`/100.
    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    /// A random element of a non-empty array.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(0...(choices.count - 1))]
    }
}
