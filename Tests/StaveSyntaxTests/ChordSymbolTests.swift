@testable import StaveSyntax
import XCTest

/// The chord-symbol table, the spellings of lead sheets and the reading of a quality's meaning
/// (LANGUAGE.md "Songwriting (v2)" and "More chord symbols"), against values written by hand.
final class ChordSymbolTests: XCTestCase {
    /// Every quality's intervals, copied by hand from LANGUAGE.md.
    func testEveryQualityHasTheIntervalsOfLanguageMD() {
        let table: [(String, [Int])] = [
            ("", [0, 4, 7]), ("m", [0, 3, 7]), ("dim", [0, 3, 6]), ("aug", [0, 4, 8]), ("sus2", [0, 2, 7]),
            ("sus4", [0, 5, 7]), ("5", [0, 7]), ("6", [0, 4, 7, 9]), ("m6", [0, 3, 7, 9]), ("7", [0, 4, 7, 10]),
            ("maj7", [0, 4, 7, 11]), ("m7", [0, 3, 7, 10]), ("mmaj7", [0, 3, 7, 11]), ("dim7", [0, 3, 6, 9]),
            ("m7b5", [0, 3, 6, 10]), ("9", [0, 4, 7, 10, 14]), ("maj9", [0, 4, 7, 11, 14]), ("m9", [0, 3, 7, 10, 14]),
            ("add9", [0, 4, 7, 14]), ("madd9", [0, 3, 7, 14]), ("11", [0, 4, 7, 10, 14, 17]), ("13", [0, 4, 7, 10, 14, 21]),
            ("7sus4", [0, 5, 7, 10]),
            // "More chord symbols" (v3).
            ("7b9", [0, 4, 7, 10, 13]), ("7#9", [0, 4, 7, 10, 15]), ("7#11", [0, 4, 7, 10, 18]), ("7b13", [0, 4, 7, 10, 20]),
            ("7b5", [0, 4, 6, 10]), ("7#5", [0, 4, 8, 10]), ("alt", [0, 4, 10, 13, 15, 20]), ("m11", [0, 3, 7, 10, 14, 17]),
            ("69", [0, 4, 7, 9, 14]), ("m69", [0, 3, 7, 9, 14]), ("maj7#11", [0, 4, 7, 11, 18]),
            ("13sus4", [0, 5, 7, 10, 14, 21]), ("9sus4", [0, 5, 7, 10, 14]), ("m13", [0, 3, 7, 10, 14, 21]),
            ("maj13", [0, 4, 7, 11, 14, 21]),
        ]
        XCTAssertEqual(ChordSymbol.Quality.allCases.map(\.rawValue), table.map(\.0))
        for (name, intervals) in table {
            XCTAssertEqual(ChordSymbol.Quality(rawValue: name)?.intervals, intervals, name)
        }
    }

    /// The new qualities' pitches from A3 (57), added up by hand; and over a bass.
    func testTheNewQualitiesSoundTheirPitches() throws {
        let expected: [(String, [Int])] = [
            ("A7b9", [57, 61, 64, 67, 70]), ("A7#9", [57, 61, 64, 67, 72]), ("A7#11", [57, 61, 64, 67, 75]),
            ("A7b13", [57, 61, 64, 67, 77]), ("A7b5", [57, 61, 63, 67]), ("A7#5", [57, 61, 65, 67]),
            ("Aalt", [57, 61, 67, 70, 72, 77]), ("Am11", [57, 60, 64, 67, 71, 74]), ("A69", [57, 61, 64, 66, 71]),
            ("Am69", [57, 60, 64, 66, 71]), ("Amaj7#11", [57, 61, 64, 68, 75]), ("A13sus4", [57, 62, 64, 67, 71, 78]),
            ("A9sus4", [57, 62, 64, 67, 71]), ("Am13", [57, 60, 64, 67, 71, 78]), ("Amaj13", [57, 61, 64, 68, 71, 78]),
            // The bass: the highest G below A3, and the `/` of `6/9` that is no bass.
            ("A7b9/G", [55, 57, 61, 64, 67, 70]), ("A6/9/C#", [49, 57, 61, 64, 66, 71]),
        ]
        for (text, pitches) in expected {
            let symbol = try ChordSymbol.parse(text).get()
            XCTAssertEqual(symbol.pitches(root: 57), pitches, text)
        }
    }

    /// Each spelling of LANGUAGE.md names the same symbol as its canonical name, which is what
    /// the symbol writes.
    func testLeadSheetSpellingsAreTheCanonicalQualities() throws {
        let spellings: [(String, String)] = [
            ("C-7", "Cm7"), ("C-", "Cm"), ("C-6", "Cm6"), ("C-9", "Cm9"), ("C-11", "Cm11"), ("C-13", "Cm13"),
            ("C-maj7", "Cmmaj7"), ("C-7b5", "Cm7b5"), ("C-add9", "Cmadd9"), ("C-69", "Cm69"),
            ("C+", "Caug"), ("C+7", "C7#5"),
            ("C°7", "Cdim7"), ("C°", "Cdim"), ("Co", "Cdim"), ("Co7", "Cdim7"),
            ("Cø", "Cm7b5"), ("Cø7", "Cm7b5"),
            ("CΔ", "Cmaj7"), ("CΔ7", "Cmaj7"), ("CΔ9", "Cmaj9"), ("CΔ13", "Cmaj13"), ("CΔ7#11", "Cmaj7#11"),
            ("C-Δ7", "Cmmaj7"), ("C-Δ", "Cmmaj7"), ("CmΔ7", "Cmmaj7"), ("CmΔ", "Cmmaj7"),
            ("C6/9", "C69"), ("C-6/9", "Cm69"), ("Cm6/9", "Cm69"),
            // With roots that take accidentals and a bass.
            ("Bb-7/Db", "Bbm7/Db"), ("F#ø7/A", "F#m7b5/A"), ("Eb6/9/G", "Eb69/G"), ("Ab+/C", "Abaug/C"), ("C#°7/E", "C#dim7/E"),
        ]
        for (written, canonical) in spellings {
            let symbol = try ChordSymbol.parse(written).get()
            XCTAssertEqual(symbol.description, canonical, written)
            XCTAssertEqual(symbol, try ChordSymbol.parse(canonical).get(), written)
        }
    }

    /// `leadSheetSpellings` lists exactly what `Quality(spelling:)` reads besides the canonical
    /// names: every string of a sign and a rest, signs and rests such as lead sheets combine, is
    /// read when and only when it is a canonical name or in the list, as the quality the list says.
    func testTheSpellingListIsWhatTheReaderReads() {
        let listed = Dictionary(uniqueKeysWithValues: ChordSymbol.Quality.leadSheetSpellings.map { ($0.key, $0.value) })
        XCTAssertEqual(listed.count, 30)
        let signs = ["", "-", "+", "°", "o", "ø", "Δ", "m", "M", "-m", "mm", "-Δ", "mΔ", "m+", "-+", "-°", "-ø", "m°", "Δ-"]
        let rests = ChordSymbol.Quality.allCases.map(\.rawValue) + ["", "7", "9", "13", "6/9", "6/", "/9", "Δ", "Δ7", "aj7", "+", "°", "ø", "o"]
        var read = 0
        for sign in signs {
            for rest in rests {
                let written = sign + rest
                let quality = ChordSymbol.Quality(spelling: Substring(written))
                XCTAssertEqual(quality, ChordSymbol.Quality(rawValue: written) ?? listed[written], "'\(written)'")
                if quality != nil { read += 1 }
            }
        }
        for (written, quality) in listed {
            XCTAssertEqual(ChordSymbol.Quality(spelling: Substring(written)), quality, written)
        }
        XCTAssertGreaterThan(read, 60)
    }

    /// No two qualities share their pitch classes, so a meaning names one quality at most.
    func testNoTwoQualitiesHaveTheSamePitchClasses() {
        var seen: [Set<Int>: ChordSymbol.Quality] = [:]
        for quality in ChordSymbol.Quality.allCases {
            let classes = Set(quality.intervals.map { $0 % 12 })
            XCTAssertNil(seen[classes], "\(quality) and \(String(describing: seen[classes]))")
            seen[classes] = quality
        }
        XCTAssertEqual(seen.count, 38)
    }

    /// What an unknown quality means, as chord charts write qualities; nil where the text means
    /// no quality of the table or is no sure reading (a guess could change the chord).
    func testTheMeaningOfQualitiesWrittenOtherwise() {
        let table: [(String, String?)] = [
            // Synonyms for minor and major.
            ("min", "m"), ("mi", "m"), ("minor", "m"), ("min7", "m7"), ("mi7", "m7"), ("minor7", "m7"), ("Min9", "m9"),
            ("M", ""), ("ma", ""), ("maj", ""), ("major", ""), ("M7", "maj7"), ("ma7", "maj7"), ("Maj7", "maj7"),
            ("major7", "maj7"), ("M9", "maj9"), ("M13", "maj13"), ("M6", "6"), ("Madd9", "add9"), ("dom7", "7"), ("dom9", "9"),
            // Minor with a major seventh.
            ("mM7", "mmaj7"), ("m(maj7)", "mmaj7"), ("minmaj7", "mmaj7"), ("-M7", "mmaj7"), ("min(maj7)", "mmaj7"),
            // Parentheses dropped.
            ("7(b9)", "7b9"), ("7(#9)", "7#9"), ("7(#11)", "7#11"), ("7(b13)", "7b13"), ("7(b5)", "7b5"), ("7(#5)", "7#5"),
            ("m7(b5)", "m7b5"), ("maj7(#11)", "maj7#11"), ("M7(#11)", "maj7#11"), ("6(9)", "69"), ("m6(9)", "m69"),
            ("(add9)", "add9"), ("m(add9)", "madd9"), ("7(alt)", "alt"),
            // Suspensions.
            ("sus", "sus4"), ("7sus", "7sus4"), ("9sus", "9sus4"), ("13sus", "13sus4"), ("sus7", "7sus4"), ("Sus4", "sus4"),
            // Alterations written with + and -, and other names of augmented and half-diminished.
            ("7+5", "7#5"), ("7-5", "7b5"), ("7+9", "7#9"), ("7-9", "7b9"), ("7+11", "7#11"), ("7-13", "7b13"),
            ("aug7", "7#5"), ("7aug", "7#5"), ("+5", "aug"), ("(#5)", "aug"), ("augmented", "aug"), ("diminished", "dim"), ("dominant7", "7"),
            ("m7-5", "m7b5"), ("min7b5", "m7b5"), ("-7-5", "m7b5"), ("mb5", "dim"), ("dim7", "dim7"), ("°9", nil),
            // Sixth-nine, eleventh, thirteenth, altered.
            ("6add9", "69"), ("6/9", "69"), ("min11", "m11"), ("mi13", "m13"), ("7alt", "alt"), ("alt7", "alt"),
            ("Δ#11", "maj7#11"), ("add2", "add9"),
            // No chord of the table, or no sure reading: no guess.
            ("mj7", nil), ("7+", nil), ("2", nil), ("4", nil), ("xyz", nil), ("-7b9", nil), ("9#11", nil), ("maj7#5", nil),
            ("7b9#11", nil), ("7(b9,#11)", nil), ("m5", nil), ("-5", nil), ("(9)", nil), ("Mm7", nil), ("mm7", nil),
            ("msus4", nil), ("add", nil), ("7b", nil), ("7#", nil), ("b9", nil), ("alt9", nil), ("maj11", nil), ("123", nil),
            ("ø9", nil), ("", ""), ("7777777777777777777777777", nil),
        ]
        for (written, meant) in table {
            XCTAssertEqual(ChordSymbol.Quality.sameMeaning(as: Substring(written))?.rawValue, meant, "'\(written)'")
        }
        // Every quality and every spelling means itself.
        for quality in ChordSymbol.Quality.allCases {
            XCTAssertEqual(ChordSymbol.Quality.sameMeaning(as: Substring(quality.rawValue)), quality, quality.rawValue)
        }
        for (written, quality) in ChordSymbol.Quality.leadSheetSpellings where !written.contains("/") {
            XCTAssertEqual(ChordSymbol.Quality.sameMeaning(as: Substring(written)), quality, written)
        }
    }
}
