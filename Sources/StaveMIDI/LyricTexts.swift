import StaveComposition

/// One verse's syllables as the FF 05 events will carry them: all their UTF-8 bytes in one
/// buffer and where each syllable's bytes begin, built once per verse from
/// `Lyrics.forEachSyllable` — no string per syllable. `_` and `*` hold an empty range: they take
/// a lyric note and send nothing.
struct LyricTexts {
    /// The sung syllables' bytes, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where syllable i's bytes begin (`count + 1` entries: the last is the end).
    private(set) var bounds: [Int] = [0]

    /// No syllables (a copy that sings nothing).
    init() {}

    /// The syllables of `verse`.
    init(verse: String) {
        bytes.reserveCapacity(verse.utf8.count)
        Lyrics.forEachSyllable(of: verse) { _, text in
            bytes.append(contentsOf: text)
            bounds.append(bytes.count)
        }
    }

    /// The number of syllables (lyric notes taken).
    var count: Int { bounds.count - 1 }

    /// True when syllable `index` is sung (sends an event).
    @inline(__always)
    func isSung(_ index: Int) -> Bool { bounds[index + 1] > bounds[index] }
}
