import XCTest
import StaveSyntax
import StaveComposition
@testable import StaveMIDIImport

/// Imported pitches spelled by the key and the line (issue 31: an F♯ came back as `gb`): the
/// key's notes as the key signature has them, a minor key's raised sixth and seventh always
/// raised, other white keys natural, other black keys sharp when the line rises and flat when it
/// falls, the key's side when it does neither. Expected texts written by hand.
final class LineSpellerTests: XCTestCase {
    /// Compiles `source`, imports its MIDI file, and checks the printed import and that it
    /// compiles back to the same notes.
    func assertImport(_ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let original = try ImportRoundTrip.midi(source)
        let (text, compiles) = try ImportRoundTrip.importText(original)
        XCTAssertTrue(compiles, text, file: file, line: line)
        XCTAssertEqual(text, expected, file: file, line: line)
        XCTAssertEqual(try ImportRoundTrip.notes(ImportRoundTrip.midi(text)), try ImportRoundTrip.notes(original), file: file, line: line)
    }

    /// G major: F♯ is the key's `f`; the chromatic C♯ rises to D (`c#`), the B♭ and E♭ fall
    /// (`bb`, `eb`, where the key's side would say `a#`, `d#`), and F♮ is a white key (`fn`).
    func testAGMajorMelody() throws {
        try assertImport("""
        title "G major melody"
        key g major
        track melody { phrase { d4 g8 a b4 a8 g | f#4 e8 f# g2 | c#4 d e8 eb d c | b4 bb a fn8 e | d1 | } }
        """, """
        title "G major melody"
        key g major

        track melody {
          phrase {
            d g8 a b4 a8 g | f4 e8 f g2 | c#4 d e8 eb d c | b4 bb a fn8 e |
            d1 |
          }
        }

        """)
    }

    /// A chromatic scale up and down in C major: sharps on the way up, flats on the way down.
    func testAChromaticLineUpAndDown() throws {
        try assertImport("""
        title "Chromatic"
        track t { phrase { c8 c# d d# e f f# g | g# a a# b > c < b bb a | ab g gb f e eb d db | c1 | } }
        """, """
        title "Chromatic"

        track t {
          phrase {
            c8 c# d d# e f f# g | g# a a# b > c < b bb a | ab g gb f e eb d db |
            c1 |
          }
        }

        """)
    }

    /// F major, the issue's key: an F♯ between two Gs is `f#` (it was `gb`), one falling to F is
    /// `gb`; A♯ is the key's B♭ whichever way the line goes; B♮ is `bn`.
    func testChromaticNotesInAFlatKey() throws {
        try assertImport("""
        title "Chromatic in F"
        key f major
        track t { phrase { f8 f# g g# a a# bn c | c bn bb a ab g gb f | g f# g f e f gb f | } }
        """, """
        title "Chromatic in F"
        key f major

        track t {
          phrase {
            f8 f# g g# a b bn c | c bn b a ab g gb f | g f# g f e f gb f |
          }
        }

        """)
    }

    /// A minor: the raised seventh `g#` and sixth `f#` stay sharps on the way down; D♯ rises
    /// (`d#`), E♭ falls (`eb`).
    func testMinorKeysKeepTheirRaisedDegrees() throws {
        try assertImport("""
        title "A minor"
        key a minor
        track t { phrase { a4 g# f# e | d# e f g# | a g# g f | eb d c b | a1 | } }
        """, """
        title "A minor"
        key a minor

        track t {
          phrase {
            a g# f# e | d# e f g# | a g# g f | eb d c b | a1 |
          }
        }

        """)
    }

    /// Spellings one pitch at a time: key notes whatever the direction, black keys by it.
    func testSpellingsByKeyAndDirection() {
        func key(_ letter: Character, _ accidental: Int?, _ mode: KeyMode = .major) -> Key {
            Key(tonic: PitchSpelling(letter: letter, accidental: accidental), mode: mode)!
        }
        func text(_ spelling: PitchSpelling) -> String {
            let accidental = spelling.accidental ?? 0
            return String(Character(Unicode.Scalar(spelling.letterByte))) + String(repeating: accidental > 0 ? "#" : "b", count: abs(accidental))
        }
        let table: [(Int, Key, Int, String)] = [
            (66, key("f", nil), 1, "f#"), (66, key("f", nil), -1, "gb"), (66, key("f", nil), 0, "gb"),
            (66, .cMajor, 0, "f#"), (66, key("g", nil), -1, "f#"),          // G major: F♯ is the key's
            (70, key("f", nil), 1, "bb"),                                   // F major: B♭ is the key's
            (71, key("f", nil), -1, "b"),                                   // a white key: natural
            (60, key("c", 1), 0, "b#"), (59, key("g", -1), 0, "cb"),        // key notes across the octave
            (68, key("a", nil, .minor), -1, "g#"),                          // raised seventh
            (66, key("a", nil, .minor), -1, "f#"),                          // raised sixth
            (79, key("g", 1, .minor), -1, "f##"),                           // G♯ minor's leading tone
            (61, key("d", nil, .minor), -1, "c#"),                          // D minor's leading tone
            (63, key("d", nil, .minor), 1, "d#"), (63, key("d", nil, .minor), 0, "eb"),
        ]
        for (pitch, key, direction, expected) in table {
            XCTAssertEqual(text(LineSpeller(key: key).spelling(pitch, direction: direction)), expected,
                           "MIDI \(pitch), direction \(direction), key \(key.tonic.letter) \(key.mode)")
        }
    }

    /// The direction after each note: toward the nearest pitch at the next onset; a repeated
    /// pitch passes the direction after it back; equally near above and below, or no next
    /// onset, is neither.
    func testDirectionsFollowTheNearestNoteOfTheNextOnset() {
        func notes(_ items: [(Int, Int)]) -> [VoiceNote] {
            items.map { VoiceNote(start: $0.0, end: $0.0 + 10, pitch: $0.1, velocity: 100) }
        }
        // 61 → 62 up; 62 → 61 down; 61 → 61 → 60: down twice; 60 last: none.
        XCTAssertEqual(LineSpeller.directions(notes([(0, 61), (10, 62), (20, 61), (30, 61), (40, 60)])), [1, -1, -1, -1, 0])
        // A chord [60 66] then [64 67]: 60 → 64 up, 66 → 67 up (nearer than 64); then [64 67] → 65:
        // 64 up, 67 down.
        XCTAssertEqual(LineSpeller.directions(notes([(0, 60), (0, 66), (10, 64), (10, 67), (20, 65)])), [1, 1, 1, -1, 0])
        // 66 between 64 and 68 at the next onset: equally near, neither.
        XCTAssertEqual(LineSpeller.directions(notes([(0, 66), (10, 64), (10, 68)])), [0, 0, 0])
    }
}
