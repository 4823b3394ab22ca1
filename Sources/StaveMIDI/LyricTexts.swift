import StaveComposition

/// One verse's syllables as the FF 05 events will carry them: the verse's UTF-8 bytes and
/// where each syllable's text stands among them, found once per verse by
/// `Lyrics.forEachSyllable` — no string and no copy per syllable. `_` and `*` hold an empty
/// range: they take a lyric note and send nothing.
struct LyricTexts {
    /// The verse's UTF-8 bytes.
    private(set) var bytes: [UInt8] = []
    /// Where syllable i's text stands in `bytes`.
    private(set) var ranges: [Range<Int>] = []

    /// No syllables (a copy that sings nothing).
    init() {}

    /// The syllables of `verse`.
    init(verse: String) {
        bytes = Array(verse.utf8)
        ranges.reserveCapacity(bytes.count / 2)
        Lyrics.forEachSyllable(of: verse) { _, text in ranges.append(text) }
    }

    /// The number of syllables (lyric notes taken).
    var count: Int { ranges.count }

    /// True when syllable `index` is sung (sends an event).
    @inline(__always)
    func isSung(_ index: Int) -> Bool { !ranges[index].isEmpty }
}
