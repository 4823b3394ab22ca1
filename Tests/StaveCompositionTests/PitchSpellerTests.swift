import StaveComposition
import StaveSyntax
import XCTest

/// The one pitch speller (`PitchSpeller`) over every key and pitch class, and its formatters.
final class PitchSpellerTests: XCTestCase {
    /// All 30 keys: 15 signatures, major and minor.
    static let keys = ["c major", "g major", "d major", "a major", "e major", "b major", "f# major", "c# major",
                       "f major", "bb major", "eb major", "ab major", "db major", "gb major", "cb major",
                       "a minor", "e minor", "b minor", "f# minor", "c# minor", "g# minor", "d# minor", "a# minor",
                       "d minor", "g minor", "c minor", "f minor", "bb minor", "eb minor", "ab minor"]

    /// Pitch classes 0 (C) … 11 (B) as the speller names them, worked out by hand from the rule
    /// in `PitchSpeller`'s doc comment: the key's notes, a minor key's raised sixth and seventh,
    /// then a natural, then a sharp (C, A minor, sharp keys) or a flat (flat keys).
    static let handWritten: [String: String] = [
        "c major": "c c# d d# e f f# g g# a a# b",
        "a minor": "c c# d d# e f f# g g# a a# b",        // f# g# raised
        "d major": "c c# d d# e f f# g g# a a# b",
        "d minor": "c c# d eb e f gb g ab a bb b",        // b c# raised
        "bb major": "c db d eb e f gb g ab a bb b",
        "f# major": "c c# d d# e e# f# g g# a a# b",
        "gb major": "c db d eb e f gb g ab a bb cb",
        "cb major": "c db d eb fb f gb g ab a bb cb",
        "c# major": "b# c# d d# e e# f# g g# a a# b",
        "g# minor": "c c# d d# e e# f# f## g# a a# b",    // e# f## raised
        "eb minor": "c db d eb e f gb g ab a bb cb",      // c d raised
        "ab minor": "c db d eb fb f gb g ab a bb cb",     // f g raised
        "a# minor": "b# c# d d# e e# f# f## g# g## a# b", // f## g## raised
    ]

    func key(_ text: String) -> Key {
        let parts = text.split(separator: " ")
        let tonic = Array(parts[0])
        let accidental: Int? = tonic.count == 1 ? nil : (tonic[1] == "#" ? 1 : -1)
        return Key(tonic: PitchSpelling(letter: tonic[0], accidental: accidental), mode: parts[1] == "minor" ? .minor : .major)!
    }

    /// `c#`, `e`, `f##`: the message name without its octave.
    func letters(_ spelled: SpelledPitch) -> String {
        SpelledPitch.letters(of: spelled.spelling)
    }

    func testHandWrittenKeys() {
        for (name, expected) in Self.handWritten {
            let speller = PitchSpeller(key: key(name))
            let names = (0..<12).map { letters(speller.spell(60 + $0)) }.joined(separator: " ")
            XCTAssertEqual(names, expected, name)
        }
        XCTAssertEqual(Self.handWritten.count, 13)
    }

    func testEveryKeyAndPitchClass() {
        var checked = 0
        for name in Self.keys {
            let key = key(name)
            let speller = PitchSpeller(key: key)
            var seen = Set<PitchSpelling>()
            for pitchClass in 0..<12 {
                let midi = 60 + pitchClass
                let spelled = speller.spell(midi)
                // It names the pitch, and the printer's text compiles back to it in the key.
                XCTAssertEqual(Pitch.octave(of: midi, spelledAs: spelled.spelling), spelled.octave, "\(name) \(midi)")
                let text = spelled.text(in: key)
                let written = PitchSpelling(letter: text.first!, accidental: Self.accidental(text.dropFirst()))
                XCTAssertEqual(Pitch.midi(written, octave: spelled.octave, key: key), midi, "\(name) \(text)")
                seen.insert(spelled.spelling)
                // Nothing written (`spell(_:written:)` with nil) is the same as the key's spelling.
                XCTAssertEqual(speller.spell(midi, written: nil), spelled)
                // Sharps only in C, A minor and the sharp keys, flats only in the flat keys, but
                // for the key's own notes.
                let signature = key.accidental(forByte: spelled.spelling.letterByte)
                let accidental = spelled.spelling.accidental ?? 0
                if accidental != signature, accidental != signature + 1 || key.mode == .major {
                    XCTAssertTrue(accidental == 0 || (accidental > 0) == (key.fifths >= 0), "\(name) \(text)")
                }
                checked += 1
            }
            XCTAssertEqual(seen.count, 12, name)
            // The seven notes of the key signature are written without an accidental.
            for letter in "cdefgab".utf8 {
                let midi = Pitch.midi(PitchSpelling(letterByte: letter, accidental: nil), octave: 4, key: key)
                XCTAssertEqual(speller.spell(midi).text(in: key), String(UnicodeScalar(letter)), "\(name) \(midi)")
            }
        }
        XCTAssertEqual(checked, 30 * 12)
    }

    static func accidental(_ marks: Substring) -> Int? {
        if marks.isEmpty { return nil }
        if marks == "n" { return 0 }
        return marks.first == "#" ? marks.count : -marks.count
    }

    func testOctavesBelongToTheLetter() {
        XCTAssertEqual(PitchSpeller(key: key("c# major")).spell(60).name, "b#3")
        XCTAssertEqual(PitchSpeller(key: key("gb major")).spell(71).name, "cb5")
        XCTAssertEqual(PitchSpeller(key: key("g# minor")).spell(67).name, "f##4")
        // MIDI 10 and 11 are the lowest Stave can write; below, the scientific octave −1.
        XCTAssertEqual(PitchSpeller(key: key("c major")).spell(11).name, "cb0")
        XCTAssertEqual(PitchSpeller(key: key("c major")).spell(10).name, "cbb0")
        XCTAssertEqual(PitchSpeller(key: key("d minor")).spell(0).octave, -1)
    }

    func testAWrittenSpellingWinsWhenItNamesThePitch() {
        let speller = PitchSpeller(key: key("d minor"))
        let written = PitchSpelling(letter: "d", accidental: -1)
        XCTAssertEqual(speller.spell(61, written: written), SpelledPitch(spelling: written, octave: 4))
        // A written spelling of another pitch class is ignored.
        XCTAssertEqual(speller.spell(62, written: written).name, "d4")
        // One that would put the pitch outside octaves 0…9 too.
        XCTAssertEqual(speller.spell(11, written: PitchSpelling(letter: "b", accidental: 0)).name, "cb0")
    }

    /// One name, written the way each output needs it.
    func testFormatters() {
        let dMinor = key("d minor")
        let cSharp = PitchSpeller(key: dMinor).spell(61)
        XCTAssertEqual(cSharp.text(in: dMinor), "c#")
        XCTAssertEqual(cSharp.name, "c#4")
        XCTAssertEqual(cSharp.title, "C#4")
        XCTAssertEqual(cSharp.step, UInt8(ascii: "C"))
        XCTAssertEqual(cSharp.alter, 1)
        let bNatural = PitchSpeller(key: dMinor).spell(71)
        XCTAssertEqual([bNatural.text(in: dMinor), bNatural.name, bNatural.title], ["bn", "b4", "B4"])
        XCTAssertEqual(bNatural.alter, 0)
        let gNatural = PitchSpeller(key: key("gb major")).spell(55)
        XCTAssertEqual([gNatural.text(in: key("gb major")), gNatural.name, gNatural.title], ["gn", "g3", "G3"])
        let fDoubleSharp = PitchSpeller(key: key("g# minor")).spell(43)
        XCTAssertEqual([fDoubleSharp.text(in: key("g# minor")), fDoubleSharp.name, fDoubleSharp.title], ["f##", "f##2", "F##2"])
        XCTAssertEqual(SpelledPitch.title(of: key("bb minor").tonic), "Bb")
        XCTAssertEqual(SpelledPitch.letters(of: PitchSpelling(letter: "e", accidental: 0)), "e")
        XCTAssertEqual(SpelledPitch.letters(of: PitchSpelling(letter: "c", accidental: -2)), "cbb")
    }

    func testATieMessageSpellsAPitchAsThePrinterDoes() {
        // MIDI 61 in D minor is the raised seventh, c#; it was "db4" in this message.
        let (_, diagnostics) = Lowering.compile(Source(path: "t.stave", text: "key d minor\ntrack a { phrase { c#4~ d } }"), defaultTitle: "t")
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), ["tied c#4 (MIDI 61) does not sound in the next note or chord"])
        XCTAssertEqual(SongRule.pitchName(61, kind: .melody, key: key("d minor")), "c#4 (MIDI 61)")
    }
}
