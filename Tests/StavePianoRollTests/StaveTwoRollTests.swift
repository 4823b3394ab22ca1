import XCTest
import StaveSyntax
import StaveComposition
import StavePianoRoll

/// Stave 2 in the roll (ROLL.md "Stave 2 marks"): grace notes with their own glyph, staccato
/// as shorter cells (the sounding length), accents as a glyph named in the legend, chord
/// symbols above the ruler and lyrics under the rows where they fit. Every expected character
/// worked out by hand.
final class StaveTwoRollTests: XCTestCase {
    private func r(_ numerator: Int, _ denominator: Int) -> Rational { Rational(numerator, denominator) }

    /// One bar: `(d)c4 e4' g4^ [C]4` with lyrics "la la la la": the grace d at 0–1/32, c
    /// from 1/32 to 1/4, e staccato 1/4–3/8, g accented 1/2–3/4, the C chord at 3/4. Onsets and
    /// ends need 1/32 columns: c at cell 1, e 8–11, g 16–23, the chord 24–31.
    private func song(verse: String = "la la la la") -> Song {
        let c = ChordSymbol(root: ChordSymbol.Note(letterByte: UInt8(ascii: "C"), accidental: 0), quality: .major)
        let notes = [
            RootNote(position: .zero, width: r(1, 4), note: ChordNote(pitch: 60, velocity: 100)),
            RootNote(position: r(1, 4), width: r(1, 4), note: ChordNote(pitch: 64, velocity: 100, marks: .staccato)),
            RootNote(position: r(1, 2), width: r(1, 4), note: ChordNote(pitch: 67, velocity: 100, marks: .accent)),
            RootNote(position: r(3, 4), width: r(1, 4), chord: [60, 64, 67].map { ChordNote(pitch: $0, velocity: 100) }),
        ]
        let expression = PhraseExpression(graces: [GraceGroup(offset: .zero, items: [[ChordNote(pitch: 62, velocity: 100)]])],
                                          chordSymbols: [ChordSymbolMark(offset: r(3, 4), symbol: c, rootPitch: 60)], verses: [verse])
        let body = PhraseBody(length: r(1, 1), notes: notes, expression: expression)
        return Song(title: "V2", tracks: [Track(id: "m", kind: .melody, channel: 1, phrases: [Phrase(id: "p", start: .zero, content: .original(body))])])
    }

    func testGracesStaccatoAccentsChordSymbolsAndLyrics() throws {
        let text = try PianoRollRenderer().roll(song())
        XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            "V2",
            "key C major, meter 4/4, bar 1 of 1, 1 column = 1/32 note, 8 columns per quarter note",
            "legend: # onset, = sustain, > accented onset, + grace note",
            "velocity: #= medium (v57-103, mp-f), @% loud (v104-127, ff-fff)",
            "",
            "track m: acoustic-grand-piano, channel 1",
            "chords                          C",
            "       |1       '       '       '       |",
            "G4     |................>%%%%%%%#=======|",
            "F#4    |................................|",
            "F4     |................................|",
            "E4     |........#===............#=======|",
            "D#4    |................................|",
            "D4     |+...............................|",
            "C#4    |................................|",
            "C4     |.#======................#=======|",
            "lyrics   la     la      la      la",
            "",
        ])
    }

    /// A syllable that would run into the next goes on a second lyrics line: "everything" on c
    /// (column 2) ends in column 11, so "a" (column 9) goes under it and "b" (17) and "c" (25)
    /// follow on the first line; "sing-" (5 characters, 7 columns before e) fits on one line.
    func testWordsThatDoNotFitGoOnAnotherLine() throws {
        let text = try PianoRollRenderer().roll(song(verse: "everything a b c"))
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("lyrics") },
                       ["lyrics   everything     b       c", "lyrics          a"])
        let fits = try PianoRollRenderer().roll(song(verse: "sing-ing a b"))
        XCTAssertEqual(fits.split(separator: "\n").filter { $0.hasPrefix("lyrics") }, ["lyrics   sing-  ing     a       b"])
    }

    /// Without v2 marks the roll has no legend, no chord or lyrics line: v1 rolls are unchanged
    /// (the golden tests check every example character for character).
    func testNoLegendWithoutMarks() throws {
        var plain = song(verse: "")
        plain.tracks[0].phrases = [Phrase(id: "p", start: .zero, content: .original(PhraseBody(length: r(1, 4), notes: [RootNote(position: .zero, width: r(1, 4), note: ChordNote(pitch: 60, velocity: 100))])))]
        let text = try PianoRollRenderer().roll(plain)
        XCTAssertFalse(text.contains("legend"))
        XCTAssertFalse(text.contains("lyrics"))
    }
}
