/// "Did you mean …?" for a misspelled word: the closest of the words that are valid where it
/// stands. Every hint of that kind in the compiler comes from here, so they all judge
/// closeness alike.
public enum Suggestion {
    /// The candidate closest to `word`, when one is close enough to be a likely misspelling:
    /// at most one edit for words up to three characters, two up to eleven, a quarter of the
    /// length beyond, and never a distance as long as the word (no guess for `<`). An edit is
    /// inserting, deleting or replacing a character, or swapping two neighbours
    /// (`instrumnet` → `instrument` is one edit). Letter case is ignored. On a tie the earlier
    /// candidate wins, so callers list candidates in a meaningful order.
    public static func closest<Candidates: Sequence>(to word: String, among candidates: Candidates) -> String? where Candidates.Element == String {
        let typed = Array(word.lowercased().utf8)
        let candidates = Array(candidates)
        // A word valid where it stands needs no suggestion (`pp` is not a misspelt `p`).
        guard !typed.isEmpty, typed.count <= 64, !candidates.contains(word) else { return nil }
        let limit = typed.count <= 3 ? 1 : typed.count <= 11 ? 2 : typed.count / 4
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let known = Array(candidate.utf8)
            guard candidate != word, abs(known.count - typed.count) <= limit else { continue }
            let distance = editDistance(typed, known)
            if distance <= limit, distance < typed.count || distance == 0, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.word
    }

    /// `"; did you mean 'instrument'?"` when a candidate is close (see `closest`), else `""`;
    /// `prefix` goes before the suggested word (`"!"` for dynamics).
    public static func hint<Candidates: Sequence>(for word: String, among candidates: Candidates, prefix: String = "") -> String where Candidates.Element == String {
        guard let guess = closest(to: word, among: candidates) else { return "" }
        return "; did you mean '\(prefix)\(guess)'?"
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours each cost one.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = previous
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], before[j - 2] + 1)
                }
            }
            before = previous
            previous = row
        }
        return previous[b.count]
    }
}
