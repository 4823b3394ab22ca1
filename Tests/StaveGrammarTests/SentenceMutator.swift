import StaveTestSupport
/// Ways to break a generated sentence that the grammar forbids. Each one, applied to a
/// sentence of the grammar, must give a text the recognizer rejects and the parser reports.
enum Mutation: String, CaseIterable {
    /// `c4` → `c 4`: a duration must follow its note directly.
    case spaceInsideTimedWord
    /// `[c e]2` → `[c e] 2`, `c4.` → `c4 .`, `c2~8` → `c2~ 8`: a token marked `~adjacent~` gets a space.
    case spaceBeforeAdjacentToken
    /// `c~ d` → `c~d` (`SpaceRequired`).
    case wordRightAfterTie
    /// `c4` → `c3`: not one of the durations.
    case invalidDuration
    /// `c4` → `c4....`.
    case fourDots
    /// `f#` → `f###`.
    case tripleAccidental
    /// `[c e]` → `[c8 e]`, `{c d}` → `{c8 d}`.
    case durationInsideChordOrTuplet
    /// A `}` removed.
    case dropClosingBrace
    /// A `]` removed.
    case dropClosingBracket
    /// A track or phrase ID replaced by a reserved word.
    case reservedWordAsID
    /// A track or phrase ID with a hyphen: `verse-x`.
    case hyphenInID
    /// A keyword misspelled: `track` → `trackx`.
    case misspelledKeyword
    /// `[]` inserted before a body item.
    case emptyChord
    /// `{}` inserted before a body item.
    case emptyTuplet
    /// `{r}~` inserted before a body item: a whole tuplet cannot be tied.
    case tiedTuplet
    /// `r~` inserted before a body item: a rest cannot be tied.
    case tiedRest
    /// A lone `4` inserted before a body item.
    case loneNumber
    /// `>`, `<` or `o4` inserted before a drum body item.
    case octaveInDrums
    /// `|` inserted after a tuplet's `{`.
    case barLineInTuplet
    /// `tempo 90` inserted after a chord's `[`.
    case tempoInChord
}

/// Applies `Mutation`s to generated sentences, at a random suitable place.
struct SentenceMutator {
    /// The reserved words, read from the grammar's `ReservedWord` rule.
    let reservedWords: [String]

    init(grammar: EBNFGrammar) {
        reservedWords = (grammar["ReservedWord"]?.expression.alternatives ?? []).compactMap { alternative in
            if case .literal(let word) = alternative { return word }
            return nil
        }
    }

    private static let timedRules: Set<String> = ["TimedPitch", "TimedDrum", "TimedRest"]
    private static let tupletParents: Set<String> = ["Tuplet", "TupletSound", "DrumTuplet", "DrumTupletSound",
                                                     "PatternTuplet", "PatternTupletSound", "DrumPatternTuplet", "DrumPatternTupletSound"]
    private static let chordParents: Set<String> = ["Chord", "DrumChord", "TupletSound", "DrumTupletSound",
                                                    "PatternChord", "PatternTupletSound", "DrumPatternChord", "DrumPatternTupletSound"]
    private static let keywordParents: Set<String> = ["Header", "Track", "Setting", "MelodyPhrase", "DrumPhrase", "Repeat", "Sync", "At", "Transpose", "HeaderMarker", "Lyrics"]

    /// The sentence's tokens with the mutation applied, or nil when the sentence has no place for it.
    func apply(_ mutation: Mutation, to sentence: GeneratedSentence, random: inout SeededRandom) -> [GeneratedToken]? {
        var tokens = sentence.tokens
        func site(_ test: (Int, GeneratedToken) -> Bool) -> Int? {
            let sites = tokens.indices.filter { test($0, tokens[$0]) }
            return sites.isEmpty ? nil : random.pick(sites)
        }
        func token(_ text: String, adjacent: Bool = false) -> GeneratedToken {
            GeneratedToken(text: text, rule: nil, adjacent: adjacent, parent: "mutation")
        }
        func itemStart(_ rules: Set<String> = ["MelodyItem", "DrumItem"]) -> Int? {
            let starts = sentence.itemStarts.filter { rules.contains($0.rule) }
            return starts.isEmpty ? nil : random.pick(starts).index
        }
        switch mutation {
        case .spaceInsideTimedWord:
            guard let i = site({ _, t in t.rule.map(SentenceMutator.timedRules.contains) ?? false }) else { return nil }
            let (name, digits) = split(tokens[i].text)
            tokens[i].text = name
            tokens.insert(token(digits), at: i + 1)
        case .spaceBeforeAdjacentToken:
            guard let i = site({ _, t in t.adjacent }) else { return nil }
            tokens[i].adjacent = false
        case .wordRightAfterTie:
            // Not after a chord inside a tuplet: the parser accepts `{[c e]~d}` (a known deviation).
            guard let i = site({ i, t in
                t.text == "~" && i + 1 < tokens.count && !tokens[i + 1].adjacent && tokens[i + 1].text.first?.isLetter == true
                    && !(SentenceMutator.tupletParents.contains(t.parent) && tokens[i - 1].text == "]")
            }) else { return nil }
            tokens[i + 1].adjacent = true
        case .invalidDuration:
            guard let i = site({ _, t in t.rule == "Duration" || (t.rule.map(SentenceMutator.timedRules.contains) ?? false) }) else { return nil }
            tokens[i].text = split(tokens[i].text).name + random.pick(["0", "3", "5", "6", "12", "128"])
        case .fourDots:
            guard let i = site({ _, t in t.rule.map(SentenceMutator.timedRules.contains) ?? false }) else { return nil }
            tokens.insert(contentsOf: Array(repeating: token(".", adjacent: true), count: 4), at: i + 1)
        case .tripleAccidental:
            guard let i = site({ _, t in t.rule == "Pitch" || t.rule == "TimedPitch" }) else { return nil }
            let text = tokens[i].text
            tokens[i].text = String(text.prefix(1)) + random.pick(["###", "bbb"]) + split(text).digits
        case .durationInsideChordOrTuplet:
            guard let i = site({ _, t in (t.parent == "ChordMember" || t.parent == "DrumMember") && t.rule != nil }) else { return nil }
            tokens[i].text += random.pick(["1", "4", "16"])
        case .dropClosingBrace:
            guard let i = site({ _, t in t.text == "}" && t.rule == nil }) else { return nil }
            tokens.remove(at: i)
        case .dropClosingBracket:
            guard let i = site({ _, t in t.text == "]" && t.rule == nil }) else { return nil }
            tokens.remove(at: i)
        case .reservedWordAsID:
            guard let i = site({ _, t in t.rule == "Identifier" }) else { return nil }
            tokens[i].text = random.pick(reservedWords)
        case .hyphenInID:
            guard let i = site({ _, t in t.rule == "Identifier" }) else { return nil }
            tokens[i].text += "-x"
        case .misspelledKeyword:
            guard let i = site({ _, t in
                t.rule == nil && SentenceMutator.keywordParents.contains(t.parent) && t.text.first?.isLetter == true
            }) else { return nil }
            tokens[i].text += "x"
        case .emptyChord:
            guard let i = itemStart() else { return nil }
            tokens.insert(contentsOf: [token("["), token("]")], at: i)
        case .emptyTuplet:
            guard let i = itemStart() else { return nil }
            tokens.insert(contentsOf: [token("{"), token("}")], at: i)
        case .tiedTuplet:
            guard let i = itemStart() else { return nil }
            tokens.insert(contentsOf: [token("{"), token("r"), token("}"), token("~")], at: i)
        case .tiedRest:
            guard let i = itemStart() else { return nil }
            tokens.insert(contentsOf: [token("r"), token("~")], at: i)
        case .loneNumber:
            guard let i = itemStart() else { return nil }
            tokens.insert(token(random.pick(["4", "16", "-2"])), at: i)
        case .octaveInDrums:
            guard let i = itemStart(["DrumItem"]) else { return nil }
            tokens.insert(token(random.pick([">", "<", "o4"])), at: i)
        case .barLineInTuplet:
            guard let i = site({ _, t in t.text == "{" && SentenceMutator.tupletParents.contains(t.parent) }) else { return nil }
            tokens.insert(token("|"), at: i + 1)
        case .tempoInChord:
            guard let i = site({ _, t in t.text == "[" && SentenceMutator.chordParents.contains(t.parent) }) else { return nil }
            tokens.insert(contentsOf: [token("tempo"), token("90")], at: i + 1)
        }
        return tokens
    }

    /// `c#16` → (`c#`, `16`): a word's name and its trailing digits.
    private func split(_ text: String) -> (name: String, digits: String) {
        let name = String(text.reversed().drop(while: \.isNumber).reversed())
        return (name, String(text.dropFirst(name.count)))
    }
}
