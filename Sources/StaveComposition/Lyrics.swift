/// Lyrics as LANGUAGE.md "Songwriting (v2)" reads them: syllables separated by spaces and by
/// `-` inside a word; `_` holds the previous syllable over the next note; `*` leaves a note
/// without a syllable; and LANGUAGE.md "Lyrics, easier": a line break is a space, `|` is a bar
/// check. This is the one place that splits a verse into syllables.
public enum Lyrics {
    /// What one lyric note gets.
    public enum Syllable: Equatable, Sendable {
        /// A syllable to sing: its FF 05 text, with a trailing `-` when the word goes on (`Twin-`).
        case sung(String)
        /// `_`: the previous syllable is held over this note (no event).
        case held
        /// `*`: this note has no syllable (no event).
        case skipped
    }

    /// The syllables of one verse, in order, one per lyric note.
    public static func syllables(of verse: String) -> [Syllable] {
        var result: [Syllable] = []
        let bytes = Array(verse.utf8)
        forEachSyllable(of: verse) { syllable, text in
            switch syllable {
            case .held: result.append(.held)
            case .skipped: result.append(.skipped)
            case .sung: result.append(.sung(String(decoding: bytes[text], as: UTF8.self)))
            }
        }
        return result
    }

    /// How many lyric notes a verse takes (sung, held and skipped syllables alike), without
    /// making a string per syllable.
    public static func syllableCount(of verse: String) -> Int {
        var count = 0
        forEachSyllable(of: verse) { _, _ in count += 1 }
        return count
    }

    /// The splitter itself: calls `body` with each syllable in order and where its FF 05 text
    /// stands among the verse's UTF-8 bytes (`Array(verse.utf8)`; empty for `_` and `*`; the
    /// `.sung` payload is left empty), so a backend can take the bytes without making a string
    /// per syllable. Bar checks (`|`) take no note and are left out (see `forEachPart`).
    @inlinable
    public static func forEachSyllable(of verse: String, _ body: (Syllable, Range<Int>) -> Void) {
        forEachPart(of: verse) { syllable, text in
            if let syllable { body(syllable, text) }
        }
    }

    /// The byte offset (among the verse's UTF-8 bytes) of each bar check `|` and the index of
    /// the syllable that follows it (the syllable count when none does).
    public static func barChecks(of verse: String) -> [(offset: Int, syllable: Int)] {
        var checks: [(offset: Int, syllable: Int)] = []
        var syllables = 0
        forEachPart(of: verse) { syllable, text in
            if syllable == nil { checks.append((text.lowerBound, syllables)) } else { syllables += 1 }
        }
        return checks
    }

    /// Syllables and bar checks in order: `body(syllable, text)` for each syllable (as in
    /// `forEachSyllable`) and `body(nil, offset..<offset + 1)` for each `|`.
    ///
    /// Works on the UTF-8 bytes: the separators (space, tab, line feed, carriage return, `|`
    /// and `-`) are ASCII, never part of a longer character. A line break is a space. `|`
    /// separates words as a space does, but a word written right before it keeps its
    /// trailing `-` (`a-|bove` sings `a-` in one bar and `bove` in the next); elsewhere a
    /// word's trailing dashes are dropped.
    @inlinable
    public static func forEachPart(of verse: String, _ body: (Syllable?, Range<Int>) -> Void) {
        var verse = verse
        verse.withUTF8 { bytes in
            let count = bytes.count
            let bar = UInt8(ascii: "|")
            @inline(__always) func separates(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == bar }
            let dash = UInt8(ascii: "-")
            var index = 0
            while index < count {
                if separates(bytes[index]) {
                    if bytes[index] == bar { body(nil, index..<index + 1) }
                    index += 1
                    continue
                }
                var end = index
                while end < count, !separates(bytes[end]) { end += 1 }
                // The word's last part ends where its trailing dashes begin.
                var lastEnd = end
                while lastEnd > index, bytes[lastEnd - 1] == dash { lastEnd -= 1 }
                // Before `|` the word goes on: its last part keeps one dash.
                let goesOn = end < count && bytes[end] == bar && lastEnd < end
                var partStart = index
                while partStart < lastEnd {
                    if bytes[partStart] == dash { partStart += 1; continue }
                    var partEnd = partStart
                    while partEnd < lastEnd, bytes[partEnd] != dash { partEnd += 1 }
                    if partEnd - partStart == 1, bytes[partStart] == UInt8(ascii: "_") {
                        body(.held, partStart..<partStart)
                    } else if partEnd - partStart == 1, bytes[partStart] == UInt8(ascii: "*") {
                        body(.skipped, partStart..<partStart)
                    } else {
                        // A part before the last keeps the dash that follows it.
                        let textEnd = partEnd < lastEnd || goesOn ? partEnd + 1 : partEnd
                        body(.sung(""), partStart..<textEnd)
                    }
                    partStart = partEnd
                }
                index = end
            }
        }
    }
}
