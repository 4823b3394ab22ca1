/// Reading an unknown quality for what it means, so that a "did you mean" names the same chord
/// (LANGUAGE.md "More chord symbols": `C-7` is never "did you mean C7").
extension ChordSymbol.Quality {
    /// The quality whose tones are the pitch classes `written` means, read the way lead sheets
    /// and chord charts write qualities: `min`/`mi`/`minor`/`m`/`-` for a minor third,
    /// `maj`/`ma`/`major`/`M`/`Δ` for a major seventh, `dim`/`o`/`°`, `ø`, `aug`/`+`, `sus`
    /// (`sus4`), `sus2`, `add9`, `alt`, `dom`, the numbers 5, 6, 69, 7, 9, 11, 13, the
    /// alterations `b5 #5 b9 #9 #11 b13` (also `-5`, `+9`…), parentheses (`7(b9)`, `m(maj7)`) and
    /// `6/9`.
    /// `Cmin7` means `Cm7`, `C7sus` `C7sus4`, `CmM7` `Cmmaj7`, `C7+5` `C7#5`. Nil when the text
    /// reads as no chord of the table, or as none for sure (`7+`, `2`): then no guess is better
    /// than a guess that changes the chord.
    public static func sameMeaning(as written: Substring) -> ChordSymbol.Quality? {
        guard written.unicodeScalars.count <= 24, let words = meaningWords(written), let tones = tones(of: words) else { return nil }
        let classes = Set(tones.map { $0 % 12 })
        return allCases.first { Set($0.intervals.map { $0 % 12 }) == classes }
    }

    /// A word of a written quality.
    private enum MeaningWord: Equatable {
        case minor, major, delta, diminished, halfDiminished, augmented, sus, add, altered, dominant
        case plus, minus, sharp, flat, separator
        case number(Int)
    }

    /// The words of lead-sheet chord quality names, matched without regard to case.
    private static let meaningVocabulary: [(String, MeaningWord)] = [
        ("augmented", .augmented), ("diminished", .diminished), ("dominant", .dominant),
        ("major", .major), ("minor", .minor), ("maj", .major), ("min", .minor), ("dim", .diminished),
        ("aug", .augmented), ("sus", .sus), ("add", .add), ("alt", .altered), ("dom", .dominant),
        ("ma", .major), ("mi", .minor),
    ]

    /// `written` split into words, or nil when something in it is no word of a quality.
    private static func meaningWords(_ written: Substring) -> [MeaningWord]? {
        let characters = Array(written)
        var words: [MeaningWord] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let digit = character.wholeNumberValue, character.isASCII {
                var value = digit
                index += 1
                while index < characters.count, let next = characters[index].wholeNumberValue, characters[index].isASCII {
                    value = value * 10 + next
                    index += 1
                    if value > 99 { return nil }
                }
                words.append(.number(value))
                continue
            }
            let rest = String(characters[index...]).lowercased()
            // `madd9`, `maug`, `malt`: `m` and a word, not `ma`.
            let vocabulary = meaningVocabulary.first { word, _ in
                rest.hasPrefix(word) && !(word == "ma" && (rest.hasPrefix("madd") || rest.hasPrefix("maug") || rest.hasPrefix("malt")))
            }
            if let (word, meaning) = vocabulary {
                words.append(meaning)
                index += word.count
                continue
            }
            switch character {
            case "m": words.append(.minor)
            case "M": words.append(.major)
            case "Δ": words.append(.delta)
            case "o", "°": words.append(.diminished)
            case "ø": words.append(.halfDiminished)
            case "+": words.append(.plus)
            case "-": words.append(.minus)
            case "#": words.append(.sharp)
            case "b": words.append(.flat)
            case "(", ")", ",", " ", "/": words.append(.separator)
            default: return nil
            }
            index += 1
        }
        return words
    }

    /// Semitones above the root of the chord `words` spell, or nil when they spell none for sure.
    private static func tones(of words: [MeaningWord]) -> [Int]? {
        var third: Int? = 4
        var fifth = 7
        var majorSeventh = false, delta = false, diminished = false, halfDiminished = false, altered = false
        var main: Int?
        var added: Set<Int> = []
        var afterSeparator = false
        var index = 0
        /// The number after the current word, consumed.
        func nextNumber() -> Int? {
            guard index + 1 < words.count, case .number(let value) = words[index + 1] else { return nil }
            index += 1
            return value
        }
        while index < words.count {
            let first = index == 0
            switch words[index] {
            case .minor where first, .minus where first:
                third = 3
            case .diminished where first:
                (diminished, third, fifth) = (true, 3, 6)
            case .halfDiminished where first:
                (halfDiminished, third, fifth) = (true, 3, 6)
            case .plus where first, .augmented:
                fifth = 8
                if index + 1 < words.count, words[index + 1] == .number(5) { index += 1 }
            case .major where main == nil:
                majorSeventh = true
            case .delta where main == nil:
                (majorSeventh, delta) = (true, true)
            case .dominant where first:
                break
            case .altered:
                altered = true
            case .sus where third == 4:
                switch nextNumber() {
                case 2: third = 2
                case 4, nil: third = 5
                default:
                    third = 5
                    index -= 1
                }
            case .add:
                guard let degree = nextNumber(), let tone = naturalTone(degree) else { return nil }
                added.insert(tone)
            case .plus, .minus, .sharp, .flat:
                let raise = words[index] == .plus || words[index] == .sharp ? 1 : -1
                guard let degree = nextNumber() else { return nil }
                switch (degree, raise) {
                case (5, _): fifth = 7 + raise
                case (9, _): added.subtract([14]); added.insert(14 + raise)
                case (11, 1): added.subtract([17]); added.insert(18)
                case (13, -1): added.subtract([21]); added.insert(20)
                default: return nil
                }
            case .separator:
                afterSeparator = true
            case .number(let value) where main == nil:
                // `m(maj7)`; but `(9)` alone may mean `9` or `add9`.
                guard !afterSeparator || value == 7 else { return nil }
                main = value
                switch value {
                case 5:
                    guard words.count == 1 else { return nil }
                    third = nil
                case 6: added.insert(9)
                case 69: added.formUnion([9, 14])
                case 7: break
                case 9: added.insert(14)
                case 11: added.formUnion([14, 17])
                case 13: added.formUnion([14, 21])
                default: return nil
                }
            case .number(let value) where main == 6 || afterSeparator:
                guard let tone = naturalTone(value) else { return nil }
                added.insert(tone)
            default:
                return nil
            }
            index += 1
        }
        if altered {
            guard main == nil || main == 7, third == 4, fifth == 7, added.isEmpty, !majorSeventh, !diminished, !halfDiminished else { return nil }
            return ChordSymbol.Quality.altered.intervals
        }
        var tones = [0, fifth] + (third.map { [$0] } ?? []) + added
        let hasSeventh = halfDiminished || delta || [7, 9, 11, 13].contains(main ?? 0)
        if hasSeventh, main != 6, main != 69 {
            tones.append(halfDiminished ? 10 : diminished ? 9 : majorSeventh ? 11 : 10)
        }
        return tones.sorted()
    }

    /// The semitones of a degree added as written (`add9`, `(11)`), or nil for no such degree.
    private static func naturalTone(_ degree: Int) -> Int? {
        [2: 2, 4: 5, 6: 9, 9: 14, 11: 17, 13: 21][degree]
    }
}
