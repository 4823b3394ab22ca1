/// Lyrics as LANGUAGE.md "Songwriting (v2)" reads them: syllables separated by spaces and by
/// `-` inside a word; `_` holds the previous syllable over the next note; `*` leaves a note
/// without a syllable. This is the one place that splits a verse into syllables.
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
        for word in verse.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            let parts = word.split(separator: "-", omittingEmptySubsequences: true)
            for (index, part) in parts.enumerated() {
                switch part {
                case "_": result.append(.held)
                case "*": result.append(.skipped)
                default: result.append(.sung(index + 1 < parts.count ? part + "-" : String(part)))
                }
            }
        }
        return result
    }
}
